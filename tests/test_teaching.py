"""The teaching table: an organiser opens a deal for the room, steps through it, plays moves for any
seat and chooses whose cards are shown. Only the club's organisers may open it (a matrix of roles ×
views); a view that hides cards never puts them on the page."""

import re
from html import unescape

import pytest
from django.urls import reverse

from games.engine import registry
from games.table.codes import deal_code
from games.ui import site_games
from teaching import positions
from tutorials import lessons, puzzles
from teaching.models import TeachingTable
from tests.clubs import _quick_passwords, add_member, client_for, make_club, person  # noqa: F401

pytestmark = pytest.mark.django_db
CARD = re.compile(r'data-card="([^"]+)"')
PUZZLE = next(p for g in site_games() for p in puzzles.puzzles(g.slug) if not p.open)
GAMES = [(g.slug, n) for g in site_games() for n in sorted({min(g.player_counts), max(g.player_counts)})]


@pytest.fixture
def world():
    organiser, member = person("olga"), person("mika")
    club = make_club(organiser, "Tuesday club")
    add_member(club, member)
    other_organiser = person("oscar")
    make_club(other_organiser, "Other club")
    game = site_games()[0]
    table = TeachingTable.objects.create(club=club, created_by=organiser, game=game.slug,
                                         players=min(game.player_counts), code="",
                                         start=game.to_text(game.new("w", min(game.player_counts))))
    from teaching.models import Question

    state = positions.states(table)[0]
    question = Question.objects.create(table=table, step=0, seat=min(game.turn(state)), code="QQQQQQ")
    return {"club": club, "table": table, "game": game, "question": question,
            "users": {"anonymous": None, "outsider": person("ursula"), "other": other_organiser,
                      "member": member, "organiser": organiser}}


ROLES = ("anonymous", "outsider", "other", "member", "organiser")
L = "login"
MATRIX = [
    ("open form", "/{lang}/clubs/{code}/teach/", "GET", None, (L, 404, 404, 404, 200)),
    ("open", "/{lang}/clubs/{code}/teach/", "POST", {"table": "{table}", "code": ""}, (L, 404, 404, 404, 302)),
    ("table", "/{lang}/clubs/{code}/teach/{token}/", "GET", None, (L, 404, 404, 404, 200)),
    ("move", "/{lang}/clubs/{code}/teach/{token}/act/", "POST", {"version": "0", "step": "0", "action": "x"},
     (L, 404, 404, 404, 422)),  # "x" is no move of the game: refused by its rule
    ("view", "/{lang}/clubs/{code}/teach/{token}/view/", "POST", {"mode": "public", "step": "0"},
     (L, 404, 404, 404, 302)),
    ("notes", "/{lang}/clubs/{code}/teach/{token}/notes/", "POST", {"notes": "Look", "version": "0", "step": "0"},
     (L, 404, 404, 404, 302)),
    ("table by GET only", "/{lang}/clubs/{code}/teach/{token}/act/", "GET", None, (L, 404, 404, 404, 405)),
    ("ask", "/{lang}/clubs/{code}/teach/{token}/ask/", "POST", {"step": "0"}, (L, 404, 404, 404, 302)),
    ("count", "/{lang}/clubs/{code}/teach/{token}/ask/{question}/count/", "GET", None, (L, 404, 404, 404, 200)),
    ("reveal", "/{lang}/clubs/{code}/teach/{token}/ask/{question}/reveal/", "POST", {}, (L, 404, 404, 404, 302)),
    ("enter a code", "/{lang}/room/", "GET", None, (L, 200, 200, 200, 200)),
    ("answer page", "/{lang}/room/{room}/", "GET", None, (L, 404, 404, 200, 200)),
    ("answer", "/{lang}/room/{room}/", "POST", {"action": "x"}, (L, 404, 404, 302, 302)),
    ("from a puzzle", "/{lang}/teach/from/", "POST", {"club": "{code}", "game": "{puzzle_game}", "kind": "puzzle",
                                                      "ref": "{puzzle}"}, (L, 404, 404, 404, 302)),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name,url,method,data,expected", MATRIX, ids=[m[0] for m in MATRIX])
@pytest.mark.parametrize("role", ROLES)
def test_only_the_clubs_organisers_open_the_teaching_table(world, lang, name, url, method, data, expected, role):
    table, club = world["table"], world["club"]

    def fill(text):
        return text.format(lang=lang, code=club.code, token=table.token,
                           table=f"{world['game'].slug}:{min(world['game'].player_counts)}",
                           puzzle_game=PUZZLE.game, puzzle=PUZZLE.id, question=world["question"].pk,
                           room=world["question"].code)

    client = client_for(world["users"][role])
    want = expected[ROLES.index(role)]
    if method == "GET":
        response = client.get(fill(url))
    else:
        response = client.post(fill(url), {k: fill(v) for k, v in data.items()})
    if want == L:
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == want, (name, role)
    if role not in ("organiser", "member"):  # refused: nothing was written
        fresh = TeachingTable.objects.get(pk=table.pk)
        assert (fresh.version, fresh.notes, fresh.mode) == (0, "", TeachingTable.OPEN)
        assert TeachingTable.objects.count() == 1 and table.questions.count() == 1
        assert not world["question"].answers.exists() and world["question"].revealed is None


def test_the_matrix_names_every_teaching_view():
    from teaching import urls

    in_table = {url for _, url, *_ in MATRIX}
    for pattern in urls.urlpatterns:
        if "puzzle" in pattern.name:
            continue  # a club's own puzzles: their matrix is in tests/test_club_puzzles.py
        route = "/{lang}/" + str(pattern.pattern).replace("<str:code>", "{code}").replace("<str:token>", "{token}")
        route = route.replace("<int:pk>", "{question}")
        if route.startswith("/{lang}/room/{code}"):
            route = route.replace("{code}", "{room}")
        assert route in in_table, f"{pattern.name} is missing from the permission matrix"


def organiser_client(world):
    return client_for(world["users"]["organiser"])


def open_table(client, club, slug, players, code=""):
    response = client.post(f"/en/clubs/{club.code}/teach/", {"table": f"{slug}:{players}", "code": code})
    assert response.status_code == 302, response.content.decode()[:500]
    return response["Location"].split("?")[0]


def play(client, url, n):
    """n moves, each the first legal action for the seat to move, through the act view."""
    for _ in range(n):
        table = TeachingTable.objects.get(token=url.rstrip("/").rsplit("/", 1)[1])
        game = registry.get(table.game)
        state = positions.states(table)[-1]
        movers = sorted(game.turn(state))
        if not movers:
            return
        action = game.legal_actions(state, movers[0])[0]
        response = client.post(url + "act/", {"version": table.version, "step": len(table.actions),
                                              "action": str(action)})
        assert response.status_code == 302, unescape(response.content.decode())[:800]


def shown_cards(html):
    return {c for c in CARD.findall(html) if c != "?"}


@pytest.mark.parametrize("slug,players", GAMES)
def test_each_mode_shows_only_the_cards_it_allows(world, slug, players):
    """All hands open shows every hand; one seat's view shows no card that seat cannot see; what
    every player sees shows no card of any hand. For every game, fewest and most players."""
    client = organiser_client(world)
    game = registry.get(slug)
    url = open_table(client, world["club"], slug, players, deal_code(game, "teach", players, {}) or "")
    play(client, url, 3)
    table = TeachingTable.objects.get(token=url.rstrip("/").rsplit("/", 1)[1])
    state = positions.states(table)[-1]
    every = {c for cards in game.zones(state).values() for c in cards}
    for mode, seat in (("open", 0), ("seat", players - 1), ("public", 0)):
        client.post(url + "view/", {"mode": mode, "seat": seat, "step": len(table.actions)})
        html = client.get(url).content.decode()
        cards = shown_cards(html)
        if mode == "open":
            expected = every
        else:
            seen = game.public_view(state) if mode == "public" else game.view(state, seat)
            expected = {c for cards in game.zones(seen).values() for c in cards if c is not None}
            assert cards <= expected, f"{mode}: cards the room may not see are on the page: {cards - expected}"
        assert cards <= every
        if mode == "open":  # every hand open: each card its holder sees is drawn
            held = {c for z, s in game.held_zones(state).items() for c in game.zones(game.view(state, s))[z]
                    if c is not None}
            assert held <= cards, "with all hands open, a card in a hand is not drawn"


def test_stepping_back_and_playing_another_move_replaces_the_later_ones(world):
    client = organiser_client(world)
    game = world["game"]
    players = min(game.player_counts)
    url = open_table(client, world["club"], game.slug, players)
    play(client, url, 4)
    table = TeachingTable.objects.get(token=url.rstrip("/").rsplit("/", 1)[1])
    assert len(table.actions) == 4
    page = client.get(url + "?step=1").content.decode()
    assert "Move 1 of 4" in page and 'data-replay-key="prev"' in page and 'data-replay-key="next"' in page
    assert "replaces the 3 moves after it" in page
    state = positions.states(table)[1]
    seat = min(game.turn(state))
    other = game.legal_actions(state, seat)[-1]
    response = client.post(url + "act/", {"version": table.version, "step": 1, "action": str(other)})
    assert response.status_code == 302 and response["Location"].endswith("?step=2")
    fresh = TeachingTable.objects.get(pk=table.pk)
    assert fresh.actions == table.actions[:1] + [[seat, str(other)]] and fresh.version == table.version + 1


def test_the_version_is_posted_back_as_a_number_whatever_the_locale_formats(world, settings):
    """The version the teaching table's forms post back is written as it is even where the locale
    would group a number's digits."""
    settings.USE_THOUSAND_SEPARATOR = True
    client = organiser_client(world)
    game = world["game"]
    url = open_table(client, world["club"], game.slug, min(game.player_counts))
    TeachingTable.objects.filter(token=url.rstrip("/").rsplit("/", 1)[1]).update(version=12345)
    html = client.get(url).content.decode()
    assert 'name="version" value="12345"' in html and "12,345" not in html


def test_an_illegal_move_is_refused_by_its_rule_and_a_stale_page_changes_nothing(world):
    client = organiser_client(world)
    game = world["game"]
    url = open_table(client, world["club"], game.slug, min(game.player_counts))
    table = TeachingTable.objects.get(token=url.rstrip("/").rsplit("/", 1)[1])
    state = positions.states(table)[0]
    seat = min(game.turn(state))
    illegal = next(a for a in game.candidate_actions(state, seat) if not game.check(state, seat, a)) \
        if any(not game.check(state, seat, a) for a in game.candidate_actions(state, seat)) else None
    if illegal is not None:
        response = client.post(url + "act/", {"version": 0, "step": 0, "action": str(illegal)})
        assert response.status_code == 422
        verdict = game.check(state, seat, illegal)
        html = unescape(response.content.decode())
        assert "Not allowed:" in html and str(game_rule_title(game.slug, verdict.rule)) in html
    # A page drawn before another window's move: its version is old, nothing is applied.
    legal = game.legal_actions(state, seat)[0]
    assert client.post(url + "act/", {"version": 0, "step": 0, "action": str(legal)}).status_code == 302
    response = client.post(url + "act/", {"version": 0, "step": 0, "action": str(legal)})
    assert response.status_code == 409 and "nothing was applied" in response.content.decode()
    assert len(TeachingTable.objects.get(pk=table.pk).actions) == 1


def game_rule_title(slug, rule):
    from games.ui import game_ui

    return game_ui(slug).rules[rule].title


def test_notes_are_kept_and_shown_as_text_and_a_bad_code_is_explained(world):
    client = organiser_client(world)
    game = world["game"]
    url = open_table(client, world["club"], game.slug, min(game.player_counts))
    client.post(url + "notes/", {"notes": "<b>Watch</b> the trumps", "version": 0, "step": 0})
    html = client.get(url).content.decode()
    assert "&lt;b&gt;Watch&lt;/b&gt; the trumps" in html and "<b>Watch</b>" not in html
    response = client.post(f"/en/clubs/{world['club'].code}/teach/",
                           {"table": f"{game.slug}:{min(game.player_counts)}", "code": "nosuch-abc-0"})
    assert response.status_code == 400 and "starts with" in unescape(response.content.decode())
    assert TeachingTable.objects.filter(club=world["club"]).count() == 2


def test_the_teaching_table_speaks_japanese_and_the_club_page_leads_to_it(world):
    client = organiser_client(world)
    game = world["game"]
    club = world["club"]
    assert f"/en/clubs/{club.code}/teach/" in client.get(f"/en/clubs/{club.code}/").content.decode()
    member_page = client_for(world["users"]["member"]).get(f"/en/clubs/{club.code}/").content.decode()
    assert "/teach/" not in member_page
    url = open_table(client, club, game.slug, min(game.player_counts)).replace("/en/", "/ja/")
    html = client.get(url).content.decode()
    assert "ティーチングテーブル" in html and "手札をすべて公開" in html and "配ったところ" in html


def test_a_puzzle_opens_on_the_teaching_table_from_the_learners_seat(world):
    """The puzzle page offers its organisers (only) to show it on the teaching table; it opens in the
    puzzle's seat's view, so the room sees what the solver sees and no more."""
    club = world["club"]
    page = organiser_client(world).get(f"/en/{PUZZLE.game}/puzzles/{PUZZLE.id}/").content.decode()
    assert "Show on the teaching table" in page and f'value="{club.code}"' in page
    member_page = client_for(world["users"]["member"]).get(f"/en/{PUZZLE.game}/puzzles/{PUZZLE.id}/").content.decode()
    assert "Show on the teaching table" not in member_page
    client = organiser_client(world)
    response = client.post("/en/teach/from/", {"club": club.code, "game": PUZZLE.game, "kind": "puzzle", "ref": PUZZLE.id})
    assert response.status_code == 302
    table = TeachingTable.objects.filter(club=club).order_by("-pk").first()
    assert (table.mode, table.seat, table.game) == (TeachingTable.SEAT, PUZZLE.seat, PUZZLE.game)
    game = registry.get(PUZZLE.game)
    state = game.from_text(PUZZLE.position)
    html = client.get(response["Location"]).content.decode()
    seen = {c for cards in game.zones(game.view(state, PUZZLE.seat)).values() for c in cards if c}
    assert shown_cards(html) <= seen
    # A lesson step too; a reference to nothing is a 404 that makes no table.
    lesson = lessons.lessons(PUZZLE.game)[0]
    n = next(k for k, step in enumerate(lesson.steps, 1) if step.position)
    assert client.post("/en/teach/from/", {"club": club.code, "game": PUZZLE.game, "kind": "lesson",
                                           "ref": f"{lesson.id}/{n}"}).status_code == 302
    before = TeachingTable.objects.count()
    for kind, ref in (("puzzle", "no-such"), ("lesson", f"{lesson.id}/999"), ("lesson", "x"), ("other", PUZZLE.id)):
        assert client.post("/en/teach/from/", {"club": club.code, "game": PUZZLE.game, "kind": kind,
                                               "ref": ref}).status_code == 404
    assert TeachingTable.objects.count() == before


def test_a_moment_of_a_finished_deal_opens_on_the_teaching_table(world, toy):
    """From the replay of one's own finished deal, or of a deal someone shared, at the step shown:
    the deal's moves, every hand open (the deal is over), and no seed of the match. (On the toy
    game, whose deals are short.)"""
    from games.models import SharedDeal
    from tests.compiled import ensure_compiled
    from tests.tables import create, match_of

    ensure_compiled()
    client = organiser_client(world)
    slug = toy
    url = create(client, slug, level="beginner", target=3)
    m = match_of(url)
    while not m.finished_deals():  # the reader's first legal choice, and the bots' replies
        state = m.state
        if m.human in m.game.turn(state):
            action = m.game.legal_actions(m.view(), m.human)[0]
            after = m.game.apply(state, m.human, action)
            moves, states = m.run_bots(after, m.length + 1)
            assert m.record([(m.human, action)] + moves, [after] + states)
        else:
            assert m.record(*m.run_bots(state, m.length))
        m = match_of(url)
    first, last = m.deal_span(1)
    replay = client.get(url + "replay/?deal=1&step=2").content.decode()
    token = m.table.token
    assert f'value="table/{token}/1/2"' in replay and "Show on the teaching table" in replay
    response = client.post("/en/teach/from/", {"club": world["club"].code, "game": slug, "kind": "deal",
                                               "ref": f"table/{token}/1/2"})
    assert response.status_code == 302 and response["Location"].endswith("?step=2")
    table = TeachingTable.objects.filter(club=world["club"]).order_by("-pk").first()
    assert table.actions == [list(a) for a in m.table.actions[first:last]] and table.mode == TeachingTable.OPEN
    assert m.table.seed not in table.start and table.code == ""
    assert positions.states(table)[-1] == m.game.hide_secrets(m.state_at(last))
    # Someone else's table is nobody's to open; a shared deal is anyone's with its link.
    other = client_for(world["users"]["other"])
    club_of_other = TeachingTable.objects.count()
    from clubs.models import Club
    other_code = Club.objects.get(name="Other club").code
    assert other.post("/en/teach/from/", {"club": other_code, "game": slug, "kind": "deal",
                                          "ref": f"table/{token}/1/0"}).status_code == 404
    shared = SharedDeal.objects.create(table=m.table, deal=1)
    assert other.post("/en/teach/from/", {"club": other_code, "game": slug, "kind": "deal",
                                          "ref": f"shared/{shared.token}/0"}).status_code == 302
    assert TeachingTable.objects.count() == club_of_other + 1
    for ref in (f"table/{token}/2/0", f"table/{token}/x/0", "shared/nothing/0", "elsewhere"):
        assert client.post("/en/teach/from/", {"club": world["club"].code, "game": slug, "kind": "deal",
                                               "ref": ref}).status_code == 404



def test_ask_the_room_answers_counted_once_each_revealed_with_the_engines_verdict(world):
    """The organiser asks about a position; members answer on their phones from the asking seat's
    view only; answering again replaces one's answer; the reveal gives each answer with its verdict
    and closes the question."""
    from teaching.models import Answer, Question

    client = organiser_client(world)
    club, game = world["club"], world["game"]
    url = open_table(client, club, game.slug, min(game.player_counts))
    play(client, url, 2)
    table = TeachingTable.objects.get(token=url.rstrip("/").rsplit("/", 1)[1])
    assert client.post(url + "ask/", {"step": 2}).status_code == 302
    question = table.questions.first()
    state = positions.states(table)[2]
    assert question.step == 2 and question.seat == min(game.turn(state))
    page = client.get(url + "?step=2").content.decode()
    assert question.code in page and "<svg" in page and "0 answers" in page and "Reveal the answers" in page
    assert "answer-mark" not in page
    # Members answer from the asking seat's view: no other card reaches their page.
    member = client_for(world["users"]["member"])
    second = person("nina")
    add_member(club, second)
    other = client_for(second)
    phone = member.get(f"/en/room/{question.code}/").content.decode()
    seen = {c for cards in game.zones(game.view(state, question.seat)).values() for c in cards if c}
    assert shown_cards(phone) <= seen and "What would you play here?" in phone
    legal = game.legal_actions(state, question.seat)
    assert member.post(f"/en/room/{question.code}/", {"action": str(legal[0])}).status_code == 302
    assert member.post(f"/en/room/{question.code}/", {"action": str(legal[-1])}).status_code == 302  # changed
    illegal = next((a for a in game.candidate_actions(state, question.seat) if not game.check(state, question.seat, a)),
                   None)
    answer2 = illegal or legal[0]
    assert other.post(f"/en/room/{question.code}/", {"action": str(answer2)}).status_code == 302
    assert Answer.objects.filter(question=question).count() == 2
    assert [a.action for a in Answer.objects.filter(question=question, user=world["users"]["member"])] == [str(legal[-1])]
    count = client.get(url + f"ask/{question.pk}/count/").content.decode()
    assert "2 answers" in count and "every 2s" in count
    # The code typed on a phone leads to the question; a wrong one is explained.
    assert member.post("/en/room/", {"code": question.code.lower()})["Location"].endswith(f"/room/{question.code}/")
    assert "No question has that code" in member.post("/en/room/", {"code": "ZZZZZ9"}).content.decode()
    # The reveal: each answer with its verdict; the question closes.
    client.post(url + f"ask/{question.pk}/reveal/")
    page = unescape(client.get(url + "?step=2").content.decode())
    assert "2 answers" in page and "Who answered what" in page and "mika" in page
    if illegal is not None:
        assert "not allowed (" in page
    # ... and drawn on the board's own choices, where a choice is one button (before the reveal, none).
    from games.controls import encode
    from games.ui import game_ui

    fields = encode(legal[-1], game_ui(game.slug).controls(game, state, question.seat))
    assert set(fields) == {"action"}, fields  # this move is one button of the board
    marked = re.search(r'value="%s"[^>]*>(?:(?!<button).)*?<span class="answer-mark is-(\w+)" title="1 answer">1</span>'
                       % re.escape(str(legal[-1])), page, re.S)
    assert marked and marked.group(1) in ("best", "worse", "legal")
    assert "answer-mark" not in client.get(url + "?step=1").content.decode()
    late = member.post(f"/en/room/{question.code}/", {"action": str(legal[0])})
    assert late.status_code == 409 and Answer.objects.get(question=question, user=world["users"]["member"]).action == str(legal[-1])
    assert "Your answer:" in unescape(member.get(f"/en/room/{question.code}/").content.decode())
    assert Question.objects.get(pk=question.pk).revealed is not None


def test_the_judge_says_which_answers_are_best_where_every_card_is_known(toy):
    """On the toy game, every card known: the best answers are the solver's; a legal other answer
    is 'worse'; a refused one carries its rule. With a card hidden there is no best."""
    from judge import room as judge_room

    game = registry.get(toy)
    state = game.from_text("toy seed=? ph=play sk=1 ld=1 tk=0,0 h0=QHAHKS h1=QSAS tr=KH w0=- w1=- hist=-")
    best = judge_room.best(toy, state, 0)
    values = game.exact_values(state, 0)
    assert best == {str(a) for a, v in values.items() if v == max(values.values())} and "play:AH" in best
    assert judge_room.verdict(judge_room.answer(toy, state, 0, game.parse_action("play:AH")), best, "play:AH") == "best"
    assert judge_room.verdict(judge_room.answer(toy, state, 0, game.parse_action("play:QH")), best, "play:QH") == "worse"
    refused = judge_room.answer(toy, state, 0, game.parse_action("play:KS"))
    assert refused == {"legal": False, "rule": "toy.play.follow"} and judge_room.verdict(refused, best, "play:KS") == "illegal"
    hidden = game.view(state, 0)
    assert judge_room.best(toy, hidden, 0) is None
    assert judge_room.verdict(judge_room.answer(toy, hidden, 0, game.parse_action("play:QH")), None, "play:QH") == "legal"


def test_a_members_answers_are_in_his_records(world):
    """My progress lists the member's answers: waiting before the reveal, with the judge's word after."""
    from teaching.models import Answer

    question, game = world["question"], world["game"]
    member = client_for(world["users"]["member"])
    assert "Answers at the teaching table" not in member.get("/en/account/progress/").content.decode()
    state = positions.states(world["table"])[0]
    action = game.legal_actions(state, question.seat)[0]
    member.post(f"/en/room/{question.code}/", {"action": str(action)})
    assert Answer.objects.filter(question=question).count() == 1
    page = unescape(member.get("/en/account/progress/").content.decode())
    assert "Answers at the teaching table" in page and "Tuesday club" in page and "waiting for the reveal" in page
    organiser_client(world).post(f"/en/clubs/{world['club'].code}/teach/{world['table'].token}/ask/{question.pk}/reveal/")
    page = unescape(member.get("/en/account/progress/").content.decode())
    assert "waiting for the reveal" not in page and ("legal" in page or "best" in page)
    ja = member.get("/ja/account/progress/").content.decode()
    assert "ティーチングテーブルでの答え" in ja
    # Nobody else's records show it.
    assert "Answers at the teaching table" not in client_for(world["users"]["outsider"]).get("/en/account/progress/").content.decode()
