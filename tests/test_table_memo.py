"""The memo a practice table's requests share (games/table/memo.py: the latest positions, the story's
lines, the snapshot list) and the memos of card names and card markup never serve an answer that
does not hold: every page a warm memo makes is byte for byte the page an empty memo makes, after an
undo, at two tables of the same deal, and in two languages."""

import re
from types import SimpleNamespace

import pytest
from django.utils import translation

from games.cardnames import card_in_sentence, card_name
from games.models import TableSnapshot
from games.table import memo
from games.templatetags.cards import card_html
from tests.compiled import ensure_compiled
from tests.tables import HX, match_of, table_of
from tests.test_table import create, highlighted
from tests.toy import GAME

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
LOG = re.compile(r'<section class="table-log".*?<ol>(.*?)</ol>', re.S)
LINE = re.compile(r"<li[^>]*>(.*?)</li>", re.S)


@pytest.fixture(autouse=True)
def _toy_and_catalogue(toy):
    ensure_compiled()


def fragment(client, url):
    return CSRF.sub("csrf", client.get(url, **HX).content.decode())


def log_of(html):
    return LINE.findall(LOG.search(html).group(1))


def page_as_made_now(client, url):
    """The table's fragment made with the memo as the requests so far left it, checked against the
    same fragment made with an empty memo; and the snapshot list the memo gives, against the
    database's."""
    match = match_of(url)
    assert match.snapshots() == list(TableSnapshot.objects.filter(table_id=match.table.pk)
                                     .values_list("index", "deal", "starts_deal"))
    warm = fragment(client, url)
    memo.forget()
    assert warm == fragment(client, url)
    return warm


def staked_and_led(client, url, lead_index):
    """Stake 1, then lead the reader's `lead_index`-th legal card: the card led."""
    client.post(url + "act/", {"version": 0, "action": "stake=1"}, **HX)
    page_as_made_now(client, url)
    leads = [b["value"] for b in highlighted(client.get(url).content.decode())]
    lead = leads[lead_index]
    client.post(url + "act/", {"version": 1, "action": lead}, **HX)
    return GAME.parse_action(lead).card


def another_worker():
    """What this process's memo holds now, to serve a later request with, as a worker of the site
    that served the requests so far and none of the next ones would."""
    return dict(memo._entries)


def served_by(worker):
    memo.forget()
    memo._entries.update(worker)


@pytest.mark.parametrize("where", ["same", "other"], ids=["this worker", "a worker that missed the undo"])
def test_after_an_undo_the_story_is_the_shorter_one_and_then_tells_the_new_choice(client, where):
    url = create(client)
    first = staked_and_led(client, url, 0)
    before = log_of(page_as_made_now(client, url))
    assert card_in_sentence(first) in before[-1]
    worker = another_worker()
    response = client.post(url + "undo/", {"version": table_of(url).version}, **HX)
    assert response.status_code == 200
    if where == "other":
        served_by(worker)
    after_undo = log_of(page_as_made_now(client, url))
    assert len(after_undo) == len(before) - 1 and all(card_in_sentence(first) not in line for line in after_undo)
    leads = [b["value"] for b in highlighted(client.get(url).content.decode())]
    other = next(v for v in leads if GAME.parse_action(v).card != first)
    client.post(url + "act/", {"version": table_of(url).version, "action": other}, **HX)
    if where == "other":
        served_by(worker)
    told = log_of(page_as_made_now(client, url))
    assert card_in_sentence(GAME.parse_action(other).card) in told[-1]
    assert all(card_in_sentence(first) not in line for line in told)


def test_two_tables_of_the_same_deal_never_share_their_story(client):
    one, two = create(client), create(client)
    assert one != two
    led_one = staked_and_led(client, one, 0)
    led_two = staked_and_led(client, two, -1)
    assert led_one != led_two
    told_one, told_two = log_of(fragment(client, one)), log_of(fragment(client, two))
    assert card_in_sentence(led_one) in told_one[-1] and card_in_sentence(led_two) in told_two[-1]
    assert page_as_made_now(client, one) != page_as_made_now(client, two)


def test_a_table_read_in_two_languages_tells_each_its_own(client):
    url = create(client)
    staked_and_led(client, url, 0)
    english = fragment(client, url)
    japanese = page_as_made_now(client, url.replace("/en/", "/ja/", 1))
    assert "played" in log_of(english)[-1] and "出しました" in log_of(japanese)[-1]
    assert english == page_as_made_now(client, url)


def table(actions, version, token="t1"):
    return SimpleNamespace(token=token, seed="s", players=2, options={"target": 1}, human_seat=0,
                           version=version, actions=actions)


def test_the_memo_gives_only_what_holds_for_the_actions_and_version_now():
    memo.forget()
    played = table([[0, "a"], [1, "b"], [0, "c"]], version=3)
    lines = {("opening", "en", 0): ["Deal 1."], ("action", "en", 0): ["A."], ("action", "en", 1): ["B."],
             ("action", "en", 2): ["C."], ("opening", "en", 2): ["Deal 2."]}
    memo.keep(played, {0: "s0", 1: "s1", 2: "s2", 3: "s3"}, lines, snaps=[(0, 1, True)])
    assert memo.take(played) == ({0: "s0", 1: "s1", 2: "s2", 3: "s3"}, lines, [(0, 1, True)])
    # Another writer took back "b" and played "x": what tells "b" or follows it is not given, nor the
    # snapshot list of another version.
    rewritten = table([[0, "a"], [1, "x"]], version=5)
    states, told, snaps = memo.take(rewritten)
    assert states == {0: "s0", 1: "s1"} and snaps is None
    assert told == {("opening", "en", 0): ["Deal 1."], ("action", "en", 0): ["A."]}
    # The same actions at another version: the positions and lines hold, the snapshot list is read again.
    assert memo.take(table(played.actions, version=4))[2] is None
    # Another table of the same deal and the same actions: nothing.
    assert memo.take(table(played.actions, version=3, token="t2")) == ({}, {}, None)
    memo.forget()
    assert memo.take(played) == ({}, {}, None)


def test_card_names_and_markup_follow_the_language():
    with translation.override("en"):
        english = (card_name("QH"), card_html("QH", pack="french"))
    with translation.override("ja"):
        japanese = (card_name("QH"), card_html("QH", pack="french"))
    assert english[0] == "Queen of hearts" and japanese[0] != english[0]
    assert japanese[0] in japanese[1] and english[0] in english[1]
    with translation.override("en"):
        assert (card_name("QH"), card_html("QH", pack="french")) == english


def test_a_hint_asked_again_at_the_same_position_is_the_same_and_reckoned_once(client, monkeypatch):
    """The hint level's reckoning is kept per position: a second ask (a reload) says the same without
    working it out again; after a move the hint is reckoned afresh."""
    from games.engine.play import bot_levels

    expert = bot_levels(GAME)["expert"]
    calls = []
    real = expert.values_within

    def counted(self, *args, **kwargs):
        calls.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(expert, "values_within", counted)
    url = create(client)
    client.post(url + "act/", {"version": 0, "action": "stake=1"})  # the reader leads next
    first = fragment(client, url + "?hint=1")
    again = fragment(client, url + "?hint=1")
    assert 'data-hint="' in first and first == again
    assert len(calls) == 1
    # Another position of the table (a move, an undo: a new version) is reckoned afresh.
    from games.table import views

    table = table_of(url)
    reckoned = []
    for version in (table.version, table.version, table.version + 1):
        fake = SimpleNamespace(table=SimpleNamespace(**{**vars(table), "version": version}))
        fake.table.actions, fake.table.human_seat = table.actions, table.human_seat
        views._reckoned(fake, lambda: reckoned.append(version) or ("x", None))
    assert reckoned == [table.version + 1]  # the first two are the position already reckoned
