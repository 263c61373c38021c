"""The practice table (games/table/) through its HTTP views, as a browser would use it, on the toy
game (tests/toy/): a match of several deals, a stake, tricks and a follow rule the engine refuses by.

Moves are chosen from the page's own highlighted buttons, so what is tested is what a reader sees:
the legal choices are offered, every decision can be taken to the end of a match, refusals are
explained, stale and foreign requests change nothing, and no card the reader may not see ever
reaches the page.
"""

import random
import re
from html import unescape

import pytest
from django.core import signing
from django.test import Client

from games.engine import registry
from games.engine.play import bot_levels
from games.models import Table
from games.table import review as reviews
from games.table.codes import deal_code, read_deal_code
from games.ui import site_games
from tests.compiled import ensure_compiled
from tests.tables import HX, match_of, setup_form, table_of
from tests.toy import GAME

pytestmark = pytest.mark.django_db
SLUG = GAME.slug
LONG = {"target": 3}  # a match of several deals
BUTTON = re.compile(r"<button\b([^>]*)>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


@pytest.fixture(autouse=True)
def _toy_and_catalogue(toy):
    ensure_compiled()


# --- reading pages ------------------------------------------------------------------------------
def attrs(tag):
    return dict(ATTR.findall(tag))


def version_of(html):
    return int(re.search(r'name="version" value="(\d+)"', html).group(1))


def highlighted(html):
    """The legal choices the page offers: submit buttons marked is-legal that make an action."""
    return [a for a in map(attrs, BUTTON.findall(html))
            if a.get("name") == "action" and "is-legal" in a.get("class", "").split()]


def offered_but_not_legal(html):
    return [a for a in map(attrs, BUTTON.findall(html))
            if a.get("name") == "action" and "is-legal" not in a.get("class", "").split()]


def data_cards(html):
    return re.findall(r'data-card="([^"]*)"', html)


def first_seed(dealer):
    """A seed whose first deal is dealt by `dealer` (1: the reader is elder and decides first)."""
    return next(f"t{i}" for i in range(100) if GAME.new(f"t{i}").dealer == dealer)


def create(client, level="club", code=None, lang="en", **options):
    """A new table; by default one where the reader decides first (code="" for a random deal)."""
    if code is None:
        code = code_for(first_seed(1), **options)
    response = client.post(f"/{lang}/{SLUG}/play/", setup_form(SLUG, None, level, code, **options))
    assert response.status_code == 302, response.content.decode()[:2000]
    url = response["Location"]
    assert re.fullmatch(rf"/{lang}/{SLUG}/play/[\w-]+/", url)
    return url


def code_for(seed, **options):
    return deal_code(GAME, seed, 2, {"target": 1, **options})


def assert_no_hidden_cards(html, url):
    """Every data-card on the page is "?" or a card the reader's view shows."""
    zones = GAME.zones(match_of(url).view())
    visible = {c for cards in zones.values() for c in cards if c is not None}
    shown = set(data_cards(html)) - {"?"}
    assert shown <= visible, f"cards hidden from the reader are on the page: {shown - visible}"


NEXT_FRAME = re.compile(r'<div class="bot-frames"[^>]*>.*?<a class="btn" href="([^"]+)"', re.S)


class Player:
    """Plays through the page the way a reader does: a highlighted button; with htmx it watches
    the bots' moves one at a time, as the page shows them."""

    def __init__(self, client, url, htmx, seed=0):
        self.client, self.url, self.htmx = client, url, htmx
        self.rng = random.Random(seed)
        self.html = client.get(url).content.decode()
        self.requests = 0  # the requests that write (a move, or the bots' run)
        self.acts = 0  # the reader's own decisions

    def post(self, path, data):
        response = self.client.post(self.url + path, data, **(HX if self.htmx else {}))
        self.requests += 1
        if self.htmx:
            assert response.status_code == 200
            body = response.content.decode()
            assert "<html" not in body and 'id="table"' in body  # a fragment, not a page
        elif response.status_code in (302, 303):
            response = self.client.get(response["Location"])
        return response

    def step(self):
        """One decision or bot step; False once the page offers nothing more."""
        html = self.html
        frame = NEXT_FRAME.search(html)
        if frame:  # the bots' moves, one at a time
            response = self.client.get(unescape(frame.group(1)), **HX)
            assert response.status_code == 200
            self.html = response.content.decode()
            return True
        if 'class="bot-step"' in html:
            response = self.post("step/", {"version": version_of(html)})
        else:
            legal = highlighted(html)
            if not legal:
                return False
            choice = self.rng.choice(legal)
            response = self.post("act/", {"version": version_of(html), "action": choice["value"]})
            self.acts += 1
        assert response.status_code == 200, response.content.decode()[:3000]
        self.html = response.content.decode()
        assert 'role="alert"' not in self.html, self.html  # nothing chosen from the page is refused
        return True

    def to_the_end_of_a_deal(self):
        while 'class="deal-summary"' not in self.html:
            assert self.step()


def a_page_where_the_bot_moves(client):
    """A new table where the reader deals, so the bot decides first and the page waits for it."""
    url = create(client, code=code_for(first_seed(0)))
    html = client.get(url).content.decode()
    assert 'class="bot-step"' in html
    return url, html


# --- set-up -------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_setup_form_offers_levels_and_each_option_with_the_recommended_default(client, lang):
    html = client.get(f"/{lang}/{SLUG}/play/").content.decode()
    for level in ("beginner", "club", "expert"):
        assert f'value="{level}"' in html
    assert re.search(r'name="level" value="club"[^>]*checked', html)
    for name, values in GAME.option_choices().items():
        default = values.index(getattr(GAME.options(), name))
        assert re.search(rf'name="opt_{name}" value="{default}"[^>]*checked', html), name
    assert 'name="code"' in html
    if lang == "ja":  # the game's own labels and the platform's words, in the page language
        assert "おすすめ" in html and "目標点" in html and "ボットの強さ" in html and "上級：ありうる配り" in html
    else:
        assert "(recommended)" in html and "Target score" in html and "Expert: reckons every deal" in html


@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
def test_create_a_table_at_each_level(client, level):
    url = create(client, level, code="")
    table = table_of(url)
    assert table.level == level and table.game == SLUG and table.version == 0 and table.actions == []
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-version="0"' in html
    assert 'class="deal-code"' not in html  # the code would give every card away: not before the end
    assert_no_hidden_cards(html, url)
    # The reader, if elder, sets the stake; else the page waits for the bot.
    assert [b["value"] for b in highlighted(html)] == ["stake=1", "stake=2"] or 'class="bot-step"' in html


def test_options_chosen_in_the_form_are_the_tables_options(client):
    url = create(client, **LONG)
    assert table_of(url).options["target"] == 3 and match_of(url).state.options.target == 3


# --- a whole match ------------------------------------------------------------------------------
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_play_a_whole_match_against_the_club_bot(client, htmx):
    url = create(client, "club", code="", **LONG)
    player = Player(client, url, htmx, seed=7)
    for _ in range(500):
        assert_no_hidden_cards(player.html, url)
        if not player.step():
            break
    html = player.html
    table = table_of(url)
    assert table.finished and 'class="match-result' in html
    assert f'<code class="deal-code">{deal_code(GAME, table.seed, 2, table.options)}</code>' in html
    outcome = GAME.outcome(match_of(url).state)
    assert outcome.finished and max(outcome.scores) >= 3 and len(outcome.deals) >= 2
    # One write per request that wrote (a move with the bots' replies, or the bots' run), and the
    # reader's own decisions each once.
    assert table.version == player.requests
    assert sum(1 for seat, _a in table.actions if seat == 0) == player.acts
    assert table.scores == list(outcome.scores)
    # After the match nothing more is offered, and a bot step changes nothing.
    assert not highlighted(html)
    assert client.post(url + "step/", {"version": table.version}).status_code in (200, 302)
    assert table_of(url).version == table.version


@pytest.mark.parametrize("htmx", [True, False], ids=["fragment", "page"])
def test_the_tables_numbers_are_posted_back_as_numbers_whatever_the_locale_formats(client, settings, htmx):
    """The version a form posts back, and the one the page's script reads, are written as they are
    even where the locale would group a number's digits."""
    settings.USE_THOUSAND_SEPARATOR = True
    url = create(client, "club", code="", **LONG)
    Table.objects.filter(pk=table_of(url).pk).update(version=12345)
    html = client.get(url, **(HX if htmx else {})).content.decode()
    assert 'name="version" value="12345"' in html and 'data-version="12345"' in html
    assert "12,345" not in html


def test_the_table_waits_for_the_reader_at_the_end_of_a_deal(client):
    url = create(client, "club", **LONG)
    player = Player(client, url, htmx=True, seed=3)
    player.to_the_end_of_a_deal()
    html = player.html
    table = table_of(url)
    m = match_of(url)
    assert m.state.phase == "end"  # one deal cannot reach 3 points
    assert 'class="bot-step"' not in html
    assert [b["value"] for b in highlighted(html)] == ["next"]
    client.post(url + "step/", {"version": table.version}, **HX)
    assert table_of(url).version == table.version  # the bot does not deal on the reader's behalf
    score = m.state.history[-1].scores[0]
    assert f"#{score.rule}" in html and "Two tricks win" in html
    assert "Deal 1 is scored" in html and "Replay this deal" in html


# --- refusals -----------------------------------------------------------------------------------
def a_table_offering_an_illegal_card(client):
    """A table where the reader must follow suit and is offered the other suit too."""
    for i in range(40):
        url = create(client, "club", code=code_for(f"f{i}"))
        player = Player(client, url, htmx=True, seed=i)
        while not offered_but_not_legal(player.html):
            if not player.step():
                break
        else:
            return url, player.html
    pytest.fail("no illegal choice was ever offered")


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_an_illegal_click_is_explained_and_changes_nothing(client, htmx):
    url, html = a_table_offering_an_illegal_card(client)
    bad = offered_but_not_legal(html)[0]
    before = table_of(url)
    response = client.post(url + "act/", {"version": before.version, "action": bad["value"]}, **(HX if htmx else {}))
    if not htmx:  # redirect after post: the address is the table's, a reload posts nothing
        assert response.status_code == 302 and response["Location"].startswith(url + "?refused=")
        response = client.get(response["Location"])
    assert response.status_code == 200
    html = response.content.decode()
    verdict = GAME.check(match_of(url).state, 0, GAME.parse_action(bad["value"]))
    assert not verdict and verdict.rule == "toy.play.follow"
    assert "Not allowed" in html and f'href="/en/{SLUG}/rules/?anchor={verdict.rule}#{verdict.rule}"' in html
    assert "Why not?" in html
    from games.ui import explain

    assert explain(SLUG, verdict)["text"] in unescape(html)
    assert "You must follow suit: you hold a card of the suit led" in unescape(html)
    after = table_of(url)
    assert (after.version, after.actions) == (before.version, before.actions)
    assert highlighted(html)  # the choices are offered again


def test_a_rule_explanation_in_japanese(client):
    url = create(client, "club", lang="ja")
    response = client.post(url + "act/", {"version": 0, "action": "play:AS"}, follow=True)
    assert response.redirect_chain[0][1] == 302 and response.status_code == 200
    html = response.content.decode()
    assert f"/ja/{SLUG}/rules/?anchor=toy.stake.choice#toy.stake.choice" in html and "その手は出せません" in html
    assert "先手が賭け点を1点か2点に決めます" in html and "Not allowed" not in html


def test_a_refusal_address_shows_the_refusal_only_while_it_is_true(client):
    """?refused= is signed by the server and re-checked by the engine: forged, or once the table
    has moved on, the table shows no refusal."""
    url = create(client, "club")
    location = client.post(url + "act/", {"version": 0, "action": "play:AS"})["Location"]
    assert "Not allowed" in client.get(location).content.decode()
    forged = url + "?refused=" + signing.dumps([0, 0, "play:AS"], salt="someone-else")
    page = client.get(forged)
    assert page.status_code == 200 and "Not allowed" not in page.content.decode()
    client.post(url + "act/", {"version": 0, "action": "stake=1"})
    assert "Not allowed" not in client.get(location).content.decode()  # the table has moved on


def test_text_that_is_not_an_action_is_refused_cleanly(client):
    url = create(client)
    response = client.post(url + "act/", {"version": 0, "action": "<script>"})
    assert response.status_code == 400 and "<script>" not in response.content.decode()
    assert table_of(url).actions == []


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_stale_version_or_a_double_submit_is_refused(client, htmx):
    url = create(client)
    form = {"version": 0, "action": "stake=2"}
    extra = HX if htmx else {}
    first = client.post(url + "act/", form, **extra)
    assert first.status_code in (200, 302)
    second = client.post(url + "act/", form, **extra)  # the same form again: a double click
    assert second.status_code == (200 if htmx else 409)
    body = second.content.decode()
    assert "moved on" in body and "Nothing was applied twice" in body
    table = table_of(url)
    assert table.version == 1 and table.actions == [[0, "stake=2"]]  # applied once


def test_two_writers_of_the_same_version_cannot_both_win(client):
    url = create(client)
    a, b = table_of(url), table_of(url)
    assert a.write([[0, "stake=1"]], {}) is True
    assert b.write([[0, "stake=2"]], {}) is False
    fresh = table_of(url)
    assert fresh.actions == [[0, "stake=1"]] and fresh.version == 1


# --- privacy ------------------------------------------------------------------------------------
def test_another_browser_gets_404_everywhere(client):
    url = create(client)
    Player(client, url, htmx=True, seed=1).to_the_end_of_a_deal()
    version = table_of(url).version
    stranger = Client()
    stranger.get(f"/en/{SLUG}/play/")  # a browser with a session of its own
    for path in ("", "?hint=1", "replay/?deal=1&step=0"):
        assert stranger.get(url + path).status_code == 404
        assert stranger.get(url + path, **HX).status_code == 404
    for path, data in (("act/", {"action": "next"}), ("step/", {}), ("undo/", {})):
        assert stranger.post(url + path, {"version": version, **data}).status_code == 404
        assert stranger.post(url + path, {"version": version, **data}, **HX).status_code == 404
    assert Client().get(url).status_code == 404  # and one with no session at all
    assert table_of(url).version == version
    # The owner, asking under another game's URL, does not find it either.
    other = next(g.slug for g in registry.all_games() if g.slug != SLUG)
    assert client.get(url.replace(f"/{SLUG}/", f"/{other}/")).status_code == 404


# --- hints --------------------------------------------------------------------------------------
def test_the_hint_is_the_hint_levels_reckoning_in_words(client):
    """The hint is what the review would find best (the hint level's values, with the review's rng
    for the view), says whose it is and over how many deals."""
    url = create(client)
    client.post(url + "act/", {"version": 0, "action": "stake=1"})  # the reader leads next
    html = client.get(url + "?hint=1", **HX).content.decode()
    view = GAME.view(match_of(url).state, 0)
    evaluation = bot_levels(GAME)["expert"](GAME).values(view, 0, reviews.view_rng(GAME, 0, view))
    expected = evaluation.best()
    assert f'data-hint="{expected}"' in html and "The expert would" in html
    assert f"By its reckoning over {evaluation.worlds} deals you could not rule out" in html
    hinted = [a for a in map(attrs, BUTTON.findall(html)) if "is-hint" in a.get("class", "")]
    assert [a["value"] for a in hinted] == [str(expected)]
    assert table_of(url).version == 1  # asking costs nothing and changes nothing


def test_a_table_played_for_a_result_offers_no_hint_and_no_undo(client):
    """Without aids (a challenge's deal): no Hint link, ?hint=1 shows none, Undo is neither offered
    nor done, and the table says why once."""
    url = create(client)
    client.post(url + "act/", {"version": 0, "action": "stake=1"})  # the reader leads next
    hint_link = re.compile(r'hx-get="[^"]*\?hint=1"')
    assert hint_link.search(client.get(url).content.decode())
    Table.objects.filter(token=table_of(url).token).update(aids=False)
    page = unescape(client.get(url + "?hint=1").content.decode())
    assert not hint_link.search(page) and "table-hint" not in page and "No hint and no undo at this table" in page
    lead = highlighted(page)[0]["value"]
    client.post(url + "act/", {"version": 1, "action": lead}, **HX)
    before = table_of(url)
    assert not UNDO_FORM.search(client.get(url).content.decode())
    refused = client.post(url + "undo/", {"version": before.version})
    assert refused.status_code == 409 and "No hint and no undo" in unescape(refused.content.decode())
    after = table_of(url)
    assert (after.version, after.actions) == (before.version, before.actions)


# --- undo ---------------------------------------------------------------------------------------
def test_undo_takes_back_a_decision_whose_answer_was_not_shown_yet(client):
    url = create(client)
    client.post(url + "act/", {"version": 0, "action": "stake=1"}, **HX)
    lead = highlighted(client.get(url).content.decode())[0]["value"]
    # The bot follows at once, but its card is not on the reader's screen yet (htmx shows it next).
    client.post(url + "act/", {"version": 1, "action": lead}, **HX)
    table = table_of(url)
    assert table.actions[:2] == [[0, "stake=1"], [0, lead]] and len(table.actions) == 3 and table.shown == 2
    response = client.post(url + "undo/", {"version": table.version}, **HX)
    assert response.status_code == 200
    table = table_of(url)
    assert table.actions == [[0, "stake=1"]] and table.version == 3
    hand = GAME.view(match_of(url).state, 0).hands[0]
    assert {b["value"] for b in highlighted(response.content.decode())} == {f"play:{c}" for c in hand}


def a_card_seen_since(client):
    """A table where the reader led and then saw the bot's card: (url, the bot's card)."""
    url = create(client)
    client.post(url + "act/", {"version": 0, "action": "stake=1"})
    lead = highlighted(client.get(url).content.decode())[0]["value"]
    client.post(url + "act/", {"version": 1, "action": lead})  # the bot's card follows
    client.get(url)  # and is now in sight (with the bot's lead, if it took the trick)
    table = table_of(url)
    assert table.actions[2][0] == 1 and table.shown == len(table.actions)
    return url, GAME.parse_action(table.actions[2][1]).card


def test_undo_is_refused_once_new_cards_were_seen(client):
    url, bot_card = a_card_seen_since(client)
    before = table_of(url)
    response = client.post(url + "undo/", {"version": before.version})
    assert response.status_code == 409
    html = response.content.decode()
    from games.cardnames import card_name

    name = str(card_name(bot_card))
    assert "cannot take that decision back" in html and f"seen the {name[0].lower()}{name[1:]}" in html
    after = table_of(url)
    assert (after.version, after.actions) == (before.version, before.actions)


UNDO_FORM = re.compile(r'<form method="post" action="[^"]*/undo/"')


def test_undo_is_not_offered_where_it_would_be_refused_and_says_once_why_not(client):
    """Where the undo view would refuse (a card seen since), there is no button, and in its place,
    once, the reason, in words that read as a sentence ("the king of hearts"; "knowing it" for one
    card), in both languages."""
    url, bot_card = a_card_seen_since(client)
    from django.utils import translation

    from games.cardnames import card_name

    for lang in ("en", "ja"):
        page = unescape(client.get(url.replace("/en/", f"/{lang}/")).content.decode())
        assert not UNDO_FORM.findall(page)
        with translation.override(lang):
            name = str(card_name(bot_card))
        if lang == "en":
            name = name[0].lower() + name[1:]
            assert page.count("Undo is not offered") == 1
            assert f"you have seen the {name}, and choosing again knowing it would not" in page
        else:
            assert page.count("取り消しはできません") == 1 and f"{name}を見ているので" in page
        refused = unescape(client.post(url + "undo/", {"version": table_of(url).version}).content.decode())
        assert "cannot take that decision back" in refused or "取り消せません" in refused


def test_cards_seen_read_as_a_sentence_in_both_languages():
    from django.utils import translation

    from games.ui import cards_in_sentence

    with translation.override("en"):
        assert cards_in_sentence(["7H"]) == "the seven of hearts"
        assert cards_in_sentence(["7H", "7H", "QC"]) == "the seven of hearts and the queen of clubs"
        assert cards_in_sentence(["7H", "QC", "2S"]) == "the seven of hearts, the queen of clubs and the two of spades"
        assert cards_in_sentence(["7H", "QC", "2S", "AD"]) == "the seven of hearts, the queen of clubs and 2 other cards"
    with translation.override("ja"):
        assert cards_in_sentence(["7H", "QC"]) == "ハートの7とクラブのクイーン"
        assert cards_in_sentence(["7H", "QC", "2S", "AD"]) == "ハートの7、クラブのクイーンほか2枚"


# --- deal codes ---------------------------------------------------------------------------------
def test_the_deal_code_replays_the_same_deals(client):
    url = create(client, code="", **LONG)
    player = Player(client, url, htmx=True, seed=5)
    player.to_the_end_of_a_deal()
    player.step()  # "next"
    table = table_of(url)
    code = deal_code(GAME, table.seed, 2, table.options)
    assert code == f"{SLUG}-{table.seed}-10"  # one digit per option: target 3, no Stop!
    other = Client()
    url2 = create(other, code=code)  # the form's own option choices are left at their defaults
    table2 = table_of(url2)
    assert (table2.seed, table2.options) == (table.seed, table.options) and table2.owner != table.owner
    assert GAME.to_text(match_of(url2).state) == GAME.to_text(match_of(url).state_at(0))
    # The second deal too: the same cards, whatever was played in the first.
    m = match_of(url)
    second = m.state_at([a for _seat, a in table.actions].index("next") + 1)
    state = match_of(url2).state
    while state.deal == 1:
        state = GAME.apply(state, min(GAME.turn(state)), GAME.legal_actions(state, min(GAME.turn(state)))[-1])
    assert second.deal == 2 and state.hands == second.hands and state.dealer == second.dealer


def test_deal_codes_round_trip():
    options = {"target": 3, "stop": True}
    code = deal_code(GAME, "abc123", 2, options)
    assert code == f"{SLUG}-abc123-11" and read_deal_code(GAME, code) == ("abc123", 2, options)
    assert read_deal_code(GAME, "  " + code.upper().replace("ABC123", "abc123") + " ")[2] == options


@pytest.mark.parametrize("code, fragment", [
    ("nosuchgame-abc-0", "starts with"),
    (f"{SLUG}-abc-000", "options"),
    (f"{SLUG}-abc-z0", "options"),
    (f"{SLUG}-ab%c-00", "deal number"),
    (SLUG, "right number"),
])
def test_a_bad_deal_code_comes_back_with_the_form_filled(client, code, fragment):
    response = client.post(f"/en/{SLUG}/play/", setup_form(SLUG, None, "expert", code, target=3))
    assert response.status_code == 400
    html = response.content.decode()
    assert fragment in html and 'aria-invalid="true"' in html
    assert f'value="{code}"' in html.replace("&amp;", "&").replace("&#x27;", "'")
    assert re.search(r'name="level" value="expert"[^>]*checked', html)
    assert re.search(r'name="opt_target" value="1"[^>]*checked', html)
    assert not Table.objects.exists()


def test_a_bad_deal_code_is_explained_in_japanese(client):
    response = client.post(f"/ja/{SLUG}/play/", setup_form(SLUG, code=f"{SLUG}-abc-z0"))
    assert response.status_code == 400
    html = response.content.decode()
    assert "ディールコードのオプションが正しくありません" in html
    assert "not valid" not in html


# --- replay -------------------------------------------------------------------------------------
def test_the_replay_shows_every_hand_step_by_step(client):
    url = create(client, **LONG)
    player = Player(client, url, htmx=True, seed=2)
    assert client.get(url + "replay/?deal=1").status_code == 404  # not before the deal is over
    player.to_the_end_of_a_deal()
    m = match_of(url)
    first, last = m.deal_span(1)
    response = client.get(url + "replay/?deal=1&step=0")
    assert response.status_code == 200
    html = response.content.decode()
    start = m.state_at(first)
    for card in start.hands[0] + start.hands[1]:
        assert f'data-card="{card}"' in html
    assert 'data-replay-key="next"' in html and 'data-replay-key="prev"' not in html
    steps = last - first
    html = client.get(url + f"replay/?deal=1&step={steps}").content.decode()
    assert 'data-replay-key="prev"' in html and 'data-replay-key="next"' not in html
    assert f"Step {steps} of {steps}" in html
    assert client.get(url + "replay/?deal=2").status_code == 404
    assert client.get(url + "replay/?deal=x").status_code == 404
    # The next deal, once it is being played, cannot be replayed (its hands would show).
    player.step()  # "next"
    assert match_of(url).state.deal == 2
    assert client.get(url + "replay/?deal=2&step=0").status_code == 404


def test_pages_load_the_table_script_and_styles_and_nothing_inline(client):
    html = client.get(create(client)).content.decode()
    assert "/static/css/table.css" in html and "/static/js/table.js" in html
    assert "<script>" not in html and " style=" not in html and "onclick" not in html


def test_the_table_speaks_japanese(client):
    url = create(client, lang="ja")
    html = client.get(url).content.decode()
    assert "あなたの番です" in html and "第1ディール" in html and "ディールコード" in html
    assert "3枚ずつ配られました。あなたが賭け点を決めて" in html  # the game's own opening line
    client.post(url + "act/", {"version": 0, "action": "stake=2"})
    html = client.get(url).content.decode()
    assert "あなたが賭け点を2にしました。" in html  # the reader's own moves in the second person
    html = client.get(url + "?hint=1").content.decode()
    assert "上級のボットなら" in html and "通りの配りで見積もると" in html


def test_the_forms_carry_their_csrf_token():
    browser = Client(enforce_csrf_checks=True)
    html = browser.get(f"/en/{SLUG}/play/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = browser.post(f"/en/{SLUG}/play/", {**setup_form(SLUG, **LONG), "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    url = response["Location"]
    for _ in range(6):  # every form on the page posts with the token it carries
        html = browser.get(url).content.decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        data = {"csrfmiddlewaretoken": token, "version": version_of(html)}
        if 'class="bot-step"' in html:
            response = browser.post(url + "step/", data, **HX)
        else:
            data["action"] = highlighted(html)[0]["value"]
            response = browser.post(url + "act/", data, **HX)
        assert response.status_code == 200
    assert table_of(url).version == 6
    assert browser.post(url + "step/", {"version": 6}).status_code == 403  # no token, no write


def test_an_unknown_game_has_no_table(client):
    assert client.get("/en/nosuchgame/play/").status_code == 404
    assert client.post("/en/nosuchgame/play/", setup_form(SLUG)).status_code == 404


# --- bot speed ----------------------------------------------------------------------------------
BOT_STEP = re.compile(r'<form class="bot-step"[^>]*>')


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_bots_play_at_the_speed_this_browser_chose(client, lang):
    url, html = a_page_where_the_bot_moves(client)
    form = attrs(BOT_STEP.search(html).group(0))
    assert form["hx-trigger"] == "load delay:700ms, submit"  # by itself, at the normal pace
    # One move at a time: the bot waits for the reader to press the button, which names it.
    response = client.post("/prefs/bot-speed/", {"speed": "step", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    html = client.get(url.replace("/en/", f"/{lang}/")).content.decode()
    form = attrs(BOT_STEP.search(html).group(0))
    assert form["hx-trigger"] == "submit" and form["data-speed"] == "step"
    assert ("Show the next move" in html) if lang == "en" else ("次の手を見る" in html)
    assert re.search(r'<option value="step" selected>', html)
    client.post("/prefs/bot-speed/", {"speed": "fast", "next": url})
    form = attrs(BOT_STEP.search(client.get(url).content.decode()).group(0))
    assert form["hx-trigger"] == "load delay:200ms, submit"
    # Anything else is the normal pace, and the way back never leaves the site.
    response = client.post("/prefs/bot-speed/", {"speed": "warp", "next": "https://elsewhere.example/"})
    assert response["Location"] == "/"
    form = attrs(BOT_STEP.search(client.get(url).content.decode()).group(0))
    assert form["hx-trigger"] == "load delay:700ms, submit"


@pytest.mark.parametrize("slug", [g.slug for g in site_games()])
def test_the_setup_page_counts_the_bots_as_the_game_seats_them(client, slug):
    game = registry.get(slug)
    page = client.get(f"/en/{slug}/play/").content.decode()
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S).group(1)
    if max(game.player_counts) > 2:
        assert "practice against bots" in heading and "one in every other seat" in page
    else:
        assert "practice against a bot" in heading and "one in every other seat" not in page


# --- interruptions ------------------------------------------------------------------------------
def a_stake_on_screen(client, level):
    """A stop-mode table where the bot (elder) has staked and the page shows that move alone: the
    reader, dealer, may call Stop! there, before the bot's lead is shown."""
    url = create(client, level, code=code_for(first_seed(0), stop=True))
    html = client.post(url + "step/", {"version": 0}, **HX).content.decode()
    table = table_of(url)
    assert table.shown == 1 and table.actions[0][1] == ("stake=2" if level == "expert" else "stake=1")
    assert len(table.actions) == 2 and table.actions[1][0] == 1  # the lead follows, not yet shown
    assert GAME.parse_action(table.actions[1][1]).card not in data_cards(html)
    return url, html


def test_the_reader_interrupts_at_the_move_on_the_screen(client):
    url, html = a_stake_on_screen(client, "expert")  # the expert stakes 2 in the first deal: a fault
    stop = [a for a in map(attrs, BUTTON.findall(html)) if a.get("value") == "stop"]
    assert len(stop) == 1 and "is-legal" in stop[0]["class"].split() and "Stop!" in html
    response = client.post(url + "act/", {"version": 1, "at": 1, "action": "stop"}, **HX)
    assert response.status_code == 200
    table = table_of(url)
    # The call is made where the reader was looking; the bot's lead, never shown, is played again
    # after it, and the stake is back at 1.
    assert table.actions[:2] == [[1, "stake=2"], [0, "stop"]] and table.actions[2][0] == 1
    assert match_of(url).state.stake == 1
    assert "You called Stop!: the stake of 2 broke the limit, and goes back to 1." in unescape(client.get(url).content.decode())


def test_a_wrong_call_is_made_to_no_effect_and_a_late_one_is_refused(client):
    url, html = a_stake_on_screen(client, "club")  # the club player stakes 1: no fault
    assert 'value="stop"' in html  # offered all the same: the offer tells the reader nothing
    client.post(url + "act/", {"version": 1, "at": 1, "action": "stop"}, **HX)
    table = table_of(url)
    assert table.actions[:2] == [[1, "stake=1"], [0, "stop"]] and match_of(url).state.stake == 1
    assert "You called Stop!, to no effect: the stake kept the limit." in unescape(client.get(url).content.decode())
    # Once the lead is on the screen the moment has passed: the call is refused by its rule.
    client.get(url)
    table = table_of(url)
    response = client.post(url + "act/", {"version": table.version, "action": "stop"}, **HX)
    html = unescape(response.content.decode())
    assert "Not allowed" in html and '#toy.stop.call"' in html and "Calling Stop!" in html
    assert table_of(url).actions == table.actions
