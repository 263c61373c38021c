"""Deal challenges: an organiser sets a club the same deals against the same bots; members play each
once; the results table compares them, and after the deadline each deal's page shows where their
decisions parted. Who may see what is a matrix of roles × views, in both languages."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from attempts.models import DealPlayed
from challenges.models import Challenge, ChallengeDeal, Entry
from games.models import Table
from games.table.codes import deal_code, read_deal_code
from games.table.match import Match
from games.ui import game_ui, site_games
from tests.clubs import _quick_passwords, add_member, client_for, make_club, person  # noqa: F401
from tests.compiled import ensure_compiled
from tests.tables import HX, advance

pytestmark = pytest.mark.django_db
CARD = re.compile(r'data-card="([^"]+)"')


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def toy_code(game, dealer=1):
    """A toy deal code whose first deal the member (seat 0) decides first (he is elder)."""
    seed = next(f"c{i}" for i in range(100) if game.new(f"c{i}").dealer == dealer)
    return deal_code(game, seed, 2, {})


@pytest.fixture
def world(toy):
    organiser, mika, nora = person("olga"), person("mika"), person("nora")
    club = make_club(organiser, "Tuesday club")
    add_member(club, mika)
    add_member(club, nora)
    other_organiser = person("oscar")
    other_club = make_club(other_organiser, "Other club")
    game = game_ui(toy).game
    challenge = make_challenge(club, organiser, toy, [toy_code(game)])
    other = make_challenge(other_club, other_organiser, toy, [toy_code(game)])
    return {"club": club, "challenge": challenge, "other": other, "game": game, "slug": toy,
            "users": {"anonymous": None, "outsider": person("ursula"), "other": other_organiser,
                      "member": mika, "organiser": organiser}, "mika": mika, "nora": nora}


def make_challenge(club, organiser, slug, codes, level="beginner", deadline=None):
    challenge = Challenge.objects.create(club=club, title="Week 1", game=slug, level=level, players=2, options={},
                                         deadline=deadline or timezone.now() + timedelta(days=3),
                                         created_by=organiser)
    for n, code in enumerate(codes, start=1):
        ChallengeDeal.objects.create(challenge=challenge, position=n, code=code)
    return challenge


def close(challenge):
    Challenge.objects.filter(pk=challenge.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    challenge.refresh_from_db()


# --- who may see what ---------------------------------------------------------------------------
ROLES = ("anonymous", "outsider", "other", "member", "organiser")
L = "login"
MATRIX = [
    ("list", "/{lang}/clubs/{code}/challenges/", "GET", None, (L, 404, 404, 200, 200)),
    ("new form", "/{lang}/clubs/{code}/challenges/new/", "GET", None, (L, 404, 404, 404, 200)),
    ("new", "/{lang}/clubs/{code}/challenges/new/", "POST", "new", (L, 404, 404, 404, 302)),
    ("challenge", "/{lang}/clubs/{code}/challenges/{pk}/", "GET", None, (L, 404, 404, 200, 200)),
    ("deal page", "/{lang}/clubs/{code}/challenges/{pk}/deals/1/", "GET", None, (L, 404, 404, 200, 200)),
    ("start", "/{lang}/clubs/{code}/challenges/{pk}/deals/1/start/", "POST", {}, (L, 404, 404, 302, 404)),
    ("start by GET", "/{lang}/clubs/{code}/challenges/{pk}/deals/1/start/", "GET", None, (L, 404, 404, 405, 405)),
    ("club page", "/{lang}/clubs/{code}/", "GET", None, (L, 404, 404, 200, 200)),
]


def new_form(world, **extra):
    deadline = timezone.localtime() + timedelta(days=2)
    data = {"title": "Week 2", "game": world["slug"], "level": "beginner", "count": "2", "players": "",
            "codes": "", "deadline": deadline.strftime("%Y-%m-%dT%H:%M"), "once": "k-new"}
    data.update(extra)
    return data


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name,url,method,data,expected", MATRIX, ids=[m[0] for m in MATRIX])
@pytest.mark.parametrize("role", ROLES)
def test_who_may_open_each_challenge_view(world, lang, name, url, method, data, expected, role):
    club, challenge = world["club"], world["challenge"]
    filled = url.format(lang=lang, code=club.code, pk=challenge.pk)
    client = client_for(world["users"][role])
    want = expected[ROLES.index(role)]
    if method == "GET":
        response = client.get(filled)
    else:
        response = client.post(filled, new_form(world) if data == "new" else data)
    if want == L:
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == want, (name, role)
    if role not in ("member", "organiser"):  # refused: nothing was written
        assert Challenge.objects.count() == 2 and not Entry.objects.exists()
    if name == "challenge" and want == 200:
        html = response.content.decode()
        # Before the deadline a member sees neither the deal's code (it holds every card) nor others.
        assert (challenge.deals.get().code in html) == (role == "organiser")


def test_the_matrix_names_every_challenge_view():
    from challenges import urls

    in_table = {url for _, url, *_ in MATRIX}
    for pattern in urls.urlpatterns:
        route = "/{lang}/" + str(pattern.pattern).replace("<str:code>", "{code}").replace("<int:pk>", "{pk}")
        route = route.replace("<int:position>", "1")
        assert route in in_table, f"{pattern.name} is missing from the permission matrix"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_club_page_leads_members_and_organisers_to_the_challenges(world, lang):
    club = world["club"]
    for role in ("member", "organiser"):
        html = client_for(world["users"][role]).get(f"/{lang}/clubs/{club.code}/").content.decode()
        assert reverse("challenges", args=[club.code]).replace("/en/", f"/{lang}/") in html
        assert "Week 1" in html
        assert (reverse("challenge-new", args=[club.code]).replace("/en/", f"/{lang}/") in html) == (role == "organiser")
    ja = client_for(world["mika"]).get(f"/ja/clubs/{club.code}/").content.decode()
    assert "ディール・チャレンジ" in ja


# --- setting a challenge --------------------------------------------------------------------------
def test_an_organiser_sets_random_deals_once_even_if_the_form_is_posted_twice(world):
    client = client_for(world["users"]["organiser"])
    url = f"/en/clubs/{world['club'].code}/challenges/new/"
    first = client.post(url, new_form(world))
    second = client.post(url, new_form(world))
    assert first.status_code == second.status_code == 302 and first["Location"] == second["Location"]
    made = Challenge.objects.get(title="Week 2")
    codes = [d.code for d in made.deals.all()]
    assert len(codes) == 2 and len(set(codes)) == 2
    for code in codes:
        read_deal_code(world["game"], code)
    assert made.club == world["club"] and made.level == "beginner"


def test_an_organiser_chooses_the_deals_by_code(world):
    client = client_for(world["users"]["organiser"])
    game = world["game"]
    one, two = toy_code(game, 0), toy_code(game, 1)
    response = client.post(f"/en/clubs/{world['club'].code}/challenges/new/",
                           new_form(world, count="", codes=f"TOY{one[3:]}\n\n  {two}  \n", once="k2"))
    assert response.status_code == 302
    made = Challenge.objects.get(once="k2")
    assert [d.code for d in made.deals.all()] == [one, two]


@pytest.mark.parametrize("lang,words", [("en", "A deal code for this game starts with"),
                                        ("ja", "このゲームのディールコードは")])
def test_a_bad_code_is_refused_with_its_reason_and_nothing_typed_is_lost(world, lang, words):
    client = client_for(world["users"]["organiser"])
    good = toy_code(world["game"])
    response = client.post(f"/{lang}/clubs/{world['club'].code}/challenges/new/",
                           new_form(world, count="", codes=f"{good}\nnot-a-code", title="Keep me", once="k3"))
    html = response.content.decode()
    assert response.status_code == 400
    assert words in html and "not-a-code" in html and good in html and 'value="Keep me"' in html
    assert not Challenge.objects.filter(once="k3").exists()


@pytest.mark.parametrize("extra,field", [({"count": "", "codes": ""}, "count"),
                                         ({"count": "2", "codes": "x"}, "count"),
                                         ({"deadline": "2000-01-01T10:00"}, "deadline"),
                                         ({"players": "3"}, "players")])
def test_a_challenge_needs_deals_and_a_deadline_to_come(world, extra, field):
    client = client_for(world["users"]["organiser"])
    response = client.post(f"/en/clubs/{world['club'].code}/challenges/new/", new_form(world, once="k4", **extra))
    assert response.status_code == 400
    assert f'id="id_{field}_error"' in response.content.decode()
    assert not Challenge.objects.filter(once="k4").exists()


# --- playing ------------------------------------------------------------------------------------
def start(client, world, position=1, challenge=None):
    challenge = challenge or world["challenge"]
    response = client.post(reverse("challenge-start", args=[challenge.club.code, challenge.pk, position]))
    assert response.status_code == 302, response.status_code
    return response["Location"]


def play_deal(client, url, pick):
    """Play the first deal of a table through its pages, pick(legal actions, n) choosing the
    member's nth decision, until that deal is scored."""
    n = 0
    for _ in range(200):
        table = Table.objects.get(token=url.rstrip("/").rsplit("/", 1)[1])
        match = Match(table, game_ui(table.game))
        if DealPlayed.objects.filter(table=table.token, deal=1).exists():
            return match
        if match.reader_awaited() and table.shown == match.length:
            legal = match.game.legal_actions(match.view(), match.human)
            response = client.post(url + "act/", match.form_for(pick(legal, n)), **HX)
            assert response.status_code == 200
            n += 1
        else:
            assert advance(client, url, match).status_code == 200
    raise AssertionError("the deal did not end")


def first(legal, n):
    return legal[0]


def bots(match):
    return [a for a in match.table.actions if a[0] != match.human]


def test_starting_twice_opens_one_table_with_the_deals_bots(world):
    client = client_for(world["mika"])
    url = start(client, world)
    assert start(client, world) == url
    entry = Entry.objects.get()
    table = Table.objects.get(token=entry.table)
    deal = world["challenge"].deals.get()
    assert table.bots_key == deal.bots_key and table.level == "beginner" and table.owner == f"u.{world['mika'].pk}"
    assert table.aids is False  # played for a result: no hint, no undo
    assert read_deal_code(world["game"], deal.code)[0] == table.seed


def test_two_members_making_the_same_moves_get_the_same_bot_replies(world):
    one = play_deal(client_for(world["mika"]), start(client_for(world["mika"]), world), first)
    two = play_deal(client_for(world["nora"]), start(client_for(world["nora"]), world), first)
    assert one.table.token != two.table.token
    assert bots(one) and one.table.actions == two.table.actions


def test_different_choices_part_the_members_in_the_results_and_on_the_deal_page(world):
    mika_client, nora_client = client_for(world["mika"]), client_for(world["nora"])
    one = play_deal(mika_client, start(mika_client, world), first)
    # Nora plays as Mika did but for her second decision (the first card she leads).
    two = play_deal(nora_client, start(nora_client, world), lambda legal, n: legal[-1] if n == 1 else legal[0])
    a, b = one.table.actions, two.table.actions
    split = next(i for i in range(min(len(a), len(b))) if a[i] != b[i])
    assert a[:split] == b[:split] and a[split][0] == 0
    page = f"/en/clubs/{world['club'].code}/challenges/{world['challenge'].pk}/"
    deal_url = page + "deals/1/"

    # Before the deadline a member sees his own row only, and the deal page says when it opens.
    html = mika_client.get(page).content.decode()
    assert "mika" in html and "nora" not in html
    closed = mika_client.get(deal_url).content.decode()
    assert "opens after the deadline" in closed and "data-card" not in closed
    # The organiser sees every row at any time.
    assert "nora" in client_for(world["users"]["organiser"]).get(page).content.decode()

    close(world["challenge"])
    html = mika_client.get(page).content.decode()
    assert "mika" in html and "nora" in html and "Rank" in html
    response = mika_client.get(deal_url)
    html = response.content.decode()
    assert response.status_code == 200
    assert f"Move {split + 1}: the choices part" in html
    ui = game_ui(world["slug"])
    view = one.game.view(one.state_at(split), 0)
    for match in (one, two):
        words = ui.describe(view, 0, one.game.parse_action(match.table.actions[split][1]))
        assert words[0].upper() + words[1:] in html
    branches = html.split('class="ch-branch"')[1:]
    assert len(branches) == 2
    assert sum("mika" in b for b in branches) == 1 and sum("nora" in b for b in branches) == 1
    # Only the deciding seat's view of the position at the split reaches the board.
    shown = set(CARD.findall(html.split('class="ch-split"')[1].split('class="ch-branches"')[0])) - {"?"}
    visible = {c for cards in one.game.zones(view).values() for c in cards if c is not None}
    assert shown <= visible


def test_the_same_moves_make_one_branch(world):
    for user in (world["mika"], world["nora"]):
        client = client_for(user)
        play_deal(client, start(client, world), first)
    close(world["challenge"])
    html = client_for(world["mika"]).get(
        f"/en/clubs/{world['club'].code}/challenges/{world['challenge'].pk}/deals/1/").content.decode()
    assert "Everyone who played this deal made the same moves." in html and "ch-split" not in html


def test_after_the_deadline_no_deal_is_begun_and_a_late_finish_does_not_count(world):
    client = client_for(world["mika"])
    url = start(client, world)
    close(world["challenge"])
    nora = client_for(world["nora"])
    response = nora.post(reverse("challenge-start", args=[world["club"].code, world["challenge"].pk, 1]))
    assert response.status_code == 302 and response["Location"] == reverse(
        "challenge", args=[world["club"].code, world["challenge"].pk])
    assert not Entry.objects.filter(user=world["nora"]).exists()
    assert start(client, world) == url  # his own table still opens
    play_deal(client, url, first)
    html = client.get(reverse("challenge", args=[world["club"].code, world["challenge"].pk])).content.decode()
    assert "after the deadline" in html


def test_forged_starts_are_refused(world):
    client = client_for(world["mika"])
    other = world["other"]
    # Another club's challenge under this club's code, and under its own.
    assert client.post(reverse("challenge-start", args=[world["club"].code, other.pk, 1])).status_code == 404
    assert client.post(reverse("challenge-start", args=[other.club.code, other.pk, 1])).status_code == 404
    # A deal that is not in the challenge.
    assert client.post(reverse("challenge-start", args=[world["club"].code, world["challenge"].pk, 2])).status_code == 404
    assert client.get(f"/en/clubs/{world['club'].code}/challenges/{other.pk}/").status_code == 404
    assert not Entry.objects.exists()


def test_a_forged_once_key_of_another_club_makes_nothing(world):
    Challenge.objects.filter(pk=world["other"].pk).update(once="theirs")
    response = client_for(world["users"]["organiser"]).post(
        f"/en/clubs/{world['club'].code}/challenges/new/", new_form(world, once="theirs"))
    assert response.status_code == 404 or response["Location"] != reverse(
        "challenge", args=[world["other"].club.code, world["other"].pk])
    assert Challenge.objects.filter(club=world["club"]).count() == 1


@pytest.mark.parametrize("slug", [g.slug for g in site_games()])
def test_every_game_can_be_set_and_its_deal_begun(slug):
    """Each game's default deal as a random challenge deal: the form takes it, a member's table of
    it has the deal's bots key, and the results and deal pages draw."""
    organiser, member = person("olga"), person("mika")
    club = make_club(organiser)
    add_member(club, member)
    game = game_ui(slug).game
    deadline = (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    response = client_for(organiser).post(f"/en/clubs/{club.code}/challenges/new/", {
        "title": slug, "game": slug, "level": "club", "count": "1", "players": "", "codes": "",
        "deadline": deadline, "once": slug})
    assert response.status_code == 302, response.content.decode()[:3000]
    challenge = Challenge.objects.get(once=slug)
    assert challenge.players == min(game.player_counts)
    member_client = client_for(member)
    url = start(member_client, {"challenge": challenge})
    assert member_client.get(url).status_code == 200
    assert Table.objects.get(token=Entry.objects.get().table).bots_key == challenge.deals.get().bots_key
    for lang in ("en", "ja"):
        assert client_for(organiser).get(f"/{lang}/clubs/{club.code}/challenges/{challenge.pk}/").status_code == 200
        assert client_for(organiser).get(
            f"/{lang}/clubs/{club.code}/challenges/{challenge.pk}/deals/1/").status_code == 200
