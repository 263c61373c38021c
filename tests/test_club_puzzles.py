"""A moment saved as a club's own puzzle: the editor keeps what is typed, the judge refuses answers
that are not exactly the best (proved where every card is known, over sampled deals where cards are
hidden) before the puzzle can be saved, and a saved puzzle is the club's: its members solve it (their
moves are records), it can be set as homework and opened on the teaching table, and nobody outside
the club sees it."""

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from games.engine import registry
from games.ui import site_games
from judge import authoring
from teaching import positions
from teaching.club_puzzles import as_puzzle
from teaching.models import ClubPuzzle, TeachingTable
from tests.clubs import _quick_passwords, add_member, client_for, make_club, person  # noqa: F401
from tutorials import puzzles

pytestmark = pytest.mark.django_db

TOY_PLAY = "toy seed=? ph=play sk=1 ld=1 tk=0,0 h0=QHAHKS h1=QSAS tr=KH w0=- w1=- hist=-"
WORDS = {"level": "2", "question_en": "Which card wins the deal?", "question_ja": "この配りを取るのはどの札？",
         "hints_en": "Count the trumps.\nThe ace.", "hints_ja": "切り札を数える。\nエース。",
         "explanation_en": "The ace takes the trick that decides it.",
         "explanation_ja": "エースが決め手のトリックを取る。"}


def text(response):
    return unescape(response.content.decode())


@pytest.fixture
def club_world(toy):
    translation.activate("en")  # reverse() gives English addresses
    organiser, member = person("olga"), person("mika")
    club = make_club(organiser, "Tuesday club")
    add_member(club, member)
    other = person("oscar")
    make_club(other, "Other club")
    table = TeachingTable.objects.create(club=club, created_by=organiser, game=toy, players=2, code="",
                                         start=TOY_PLAY, mode=TeachingTable.OPEN)
    return {"club": club, "table": table, "toy": toy, "organiser": organiser, "member": member, "other": other}


def save_moment(world, step=0):
    response = client_for(world["organiser"]).post(
        reverse("teach-save-puzzle", args=[world["club"].code, world["table"].token]), {"step": step})
    assert response.status_code == 302
    return ClubPuzzle.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-2]))


def best_and_worse(game_slug, position, seat):
    game = registry.get(game_slug)
    values = game.exact_values(game.from_text(position), seat)
    top = max(values.values())
    return (sorted(str(a) for a, v in values.items() if v == top),
            sorted(str(a) for a, v in values.items() if v < top))


def test_the_solver_refuses_answers_that_are_not_exactly_the_best_and_nothing_typed_is_lost(club_world):
    cp = save_moment(club_world)
    assert (cp.seat, cp.open, cp.saved, cp.target) == (0, True, None, 0)  # every card known: nothing sampled
    best, worse = best_and_worse(cp.game, cp.position, cp.seat)
    assert best and worse
    organiser = client_for(club_world["organiser"])
    url = reverse("club-puzzle-edit", args=[club_world["club"].code, cp.pk])
    page = text(organiser.get(url))
    assert page.count('name="answer"') == len(best) + len(worse)

    # A worse answer: the solver says so, with both values, and the puzzle is not saved; the words stay.
    refused = organiser.post(url, {**WORDS, "answer": worse[:1], "intent": "save"})
    assert refused.status_code == 422
    body = text(refused)
    assert "is not the best" in body and "cannot be saved yet" in body
    cp.refresh_from_db()
    assert cp.saved is None and cp.answers == worse[:1] and cp.words["question"]["ja"] == WORDS["question_ja"]
    assert "この配りを取るのはどの札？" in body  # what was typed is on the page again

    # Only some of the best moves: the others are "as good, not accepted".
    if len(best) > 1:
        partial = organiser.post(url, {**WORDS, "answer": best[:1], "intent": "save"})
        assert partial.status_code == 422 and "as good as the answers" in text(partial).lower()

    # A forged answer no seat may play is refused by its rule.
    forged = organiser.post(url, {**WORDS, "answer": best + ["play:QS"], "intent": "save"})
    assert forged.status_code == 422 and "is not allowed here" in text(forged)

    # Words missing in one language: refused although the answers are right.
    half = organiser.post(url, {**WORDS, "question_ja": "", "answer": best, "intent": "save"})
    assert half.status_code == 422
    cp.refresh_from_db()
    assert cp.saved is None

    checked = organiser.post(url, {**WORDS, "answer": best, "intent": "check"})
    assert checked.status_code == 200 and "exactly the best moves" in text(checked)
    cp.refresh_from_db()
    assert cp.saved is None  # checked, not saved
    saved = organiser.post(url, {**WORDS, "answer": best, "intent": "save"})
    assert saved.status_code == 200 and "Saved." in text(saved)
    cp.refresh_from_db()
    assert cp.saved is not None
    assert puzzles.validate(as_puzzle(cp)) == []  # the site's own check of puzzles agrees


def saved_puzzle(world):
    cp = save_moment(world)
    best, _worse = best_and_worse(cp.game, cp.position, cp.seat)
    client_for(world["organiser"]).post(reverse("club-puzzle-edit", args=[world["club"].code, cp.pk]),
                                        {**WORDS, "answer": best, "intent": "save"})
    cp.refresh_from_db()
    assert cp.saved
    return cp


def test_members_solve_a_saved_puzzle_and_their_moves_are_records(club_world):
    from attempts.models import PuzzleMove

    cp = saved_puzzle(club_world)
    club = club_world["club"]
    member = client_for(club_world["member"])
    club_page = text(member.get(reverse("club", args=[club.code])))
    assert "Which card wins the deal?" in club_page and reverse("club-puzzle", args=[club.code, cp.pk]) in club_page
    url = reverse("club-puzzle", args=[club.code, cp.pk])
    page = text(member.get(url))
    assert "Which card wins the deal?" in page
    # The solver sees his own seat's view: the other hand is not on the page.
    game = registry.get(cp.game)
    state = game.from_text(cp.position)
    cp.open = False
    cp.save()
    hidden = [c for c in game.zones(state)["h1"]] if "h1" in game.zones(state) else []
    shown = set(re.findall(r'data-card="([^"]+)"', text(member.get(url))))
    assert hidden and not shown & set(hidden)
    best, worse = best_and_worse(cp.game, cp.position, cp.seat)
    card = worse[0].split(":")[1]
    wrong = member.post(url, {"action": worse[0], "card": card, "made": "", "hint": "0", "nonce": "n1"})
    assert wrong.status_code == 200 and "Not the best move." in text(wrong)
    right = member.post(url, {"action": best[0], "card": best[0].split(":")[1], "made": "", "hint": "0", "nonce": "n2"})
    assert "Right" in text(right) or "Solved." in text(right)
    verdicts = list(PuzzleMove.objects.filter(puzzle=cp.ident).values_list("verdict", flat=True))
    assert verdicts[0] == "wrong" and verdicts[1] in ("right", "solved")


def test_a_saved_puzzle_goes_into_the_clubs_homework_and_onto_its_teaching_table(club_world):
    from homework.models import HomeworkItem, HomeworkSet

    cp = saved_puzzle(club_world)
    club, toy = club_world["club"], club_world["toy"]
    organiser = client_for(club_world["organiser"])
    hw = HomeworkSet.objects.create(club=club, title="Week 1", created_by=club_world["organiser"])
    form = text(organiser.get(reverse("homework-edit", args=[club.code, hw.pk]) + f"?game={toy}"))
    assert cp.ident in form  # offered among the game's puzzles
    added = organiser.post(reverse("homework-item-add", args=[club.code, hw.pk]),
                           {"game": toy, "kind": "puzzle", "ref": cp.ident})
    assert added.status_code == 302
    item = HomeworkItem.objects.get(set=hw)
    assert item.ref == cp.ident
    member_page = text(client_for(club_world["member"]).get(reverse("homework", args=[club.code])))
    assert reverse("club-puzzle", args=[club.code, cp.pk]) in member_page

    # Another club's organiser can neither set it nor open it.
    other = club_world["other"]
    other_club = other.memberships.get().club
    other_set = HomeworkSet.objects.create(club=other_club, title="Theirs", created_by=other)
    refused = client_for(other).post(reverse("homework-item-add", args=[other_club.code, other_set.pk]),
                                     {"game": toy, "kind": "puzzle", "ref": cp.ident})
    assert refused.status_code == 400
    assert client_for(other).get(reverse("club-puzzle", args=[club.code, cp.pk])).status_code == 404

    opened = organiser.post(reverse("teach-from"), {"club": club.code, "game": toy, "kind": "puzzle", "ref": cp.ident})
    assert opened.status_code == 302
    table = TeachingTable.objects.exclude(pk=club_world["table"].pk).get()
    assert positions.states(table)[0] == registry.get(toy).from_text(cp.position)
    stranger = client_for(other).post(reverse("teach-from"), {"club": other_club.code, "game": toy, "kind": "puzzle",
                                                               "ref": cp.ident})
    assert stranger.status_code == 404


def test_a_moment_of_a_lesson_or_puzzle_is_saved_from_the_learners_seat(club_world):
    site = next((g.slug, p) for g in site_games() for p in puzzles.puzzles(g.slug))
    slug, p = site
    organiser = client_for(club_world["organiser"])
    response = organiser.post(reverse("teach-from"), {"club": club_world["club"].code, "game": slug, "kind": "puzzle",
                                                      "ref": p.id, "then": "puzzle"})
    assert response.status_code == 302 and "/puzzles/" in response["Location"]
    cp = ClubPuzzle.objects.get()
    game = registry.get(slug)
    assert (cp.seat, cp.open) == (p.seat, p.open)
    assert game.from_text(cp.position) == game.from_text(p.position)
    assert organiser.get(response["Location"]).status_code == 200


def test_nobody_to_move_is_explained(club_world):
    table = club_world["table"]
    game = registry.get(club_world["toy"])
    state = game.from_text(table.start)
    actions = []
    while game.turn(state) and len(actions) < 20:
        seat = min(game.turn(state))
        action = game.legal_actions(state, seat)[0]
        actions.append([seat, str(action)])
        state = game.apply(state, seat, action)
    table.actions = actions
    table.save()
    last = len(actions)
    if game.to_move(state):
        pytest.skip("the toy deal does not end within 20 moves")
    response = client_for(club_world["organiser"]).post(
        reverse("teach-save-puzzle", args=[club_world["club"].code, table.token]), {"step": last})
    assert response.status_code == 422 and "Nobody is to move here" in text(response)
    assert not ClubPuzzle.objects.exists()


def sampled_moment():
    """A position of some game where the seat's deciding cards are hidden and the game samples it."""
    for g in site_games():
        game = registry.get(g.slug)
        for players in sorted(g.player_counts)[:1]:
            state = game.new("club-sample", players)
            for _step in range(60):
                waiting = game.turn(state)
                if not waiting:
                    break
                seat = min(waiting)
                legal = game.legal_actions(state, seat)
                if len(legal) > 1 and authoring.how(g.slug, game.to_text(state), seat) == authoring.SAMPLED:
                    return g.slug, state, seat
                state = game.apply(state, seat, legal[0])
    return None


def test_hidden_cards_are_judged_over_sampled_deals_with_progress(club_world, monkeypatch):
    found = sampled_moment()
    if found is None:
        pytest.skip("no game samples a position")
    slug, state, seat = found
    monkeypatch.setattr(authoring, "SAMPLE_DEALS", 120)
    from teaching.club_puzzles import start_draft

    cp = start_draft(club_world["club"], club_world["organiser"], slug, state, seat, False)
    assert cp.target == 120 and cp.seed
    organiser = client_for(club_world["organiser"])
    code = club_world["club"].code
    page = text(organiser.get(reverse("club-puzzle-edit", args=[code, cp.pk])))
    assert "of 120 deals" in page and "<progress" in page
    before = 0
    for _round in range(200):
        step = organiser.post(reverse("club-puzzle-sample", args=[code, cp.pk]), HTTP_HX_REQUEST="true")
        cp.refresh_from_db()
        done = cp.sample["deals"]
        assert done > before or done == cp.target
        before = done
        if step.status_code == 204:
            assert step["HX-Redirect"].endswith(f"/puzzles/{cp.pk}/edit/")
            break
        assert step.status_code == 200 and f"{done} of 120 deals" in text(step)
    assert cp.sample["deals"] == 120
    # The stored sample is the one the engine deals in one go.
    whole = authoring.sample_more(slug, cp.position, cp.seat, cp.seed, None, 120)
    assert whole["actions"] == cp.sample["actions"]
    verdict = authoring.judge(slug, cp.position, cp.seat, [authoring.rows(whole)[0][0]], whole, 120)
    organiser_url = reverse("club-puzzle-edit", args=[code, cp.pk])
    answer = authoring.rows(whole)[0][0]
    response = organiser.post(organiser_url, {**WORDS, "answer": [answer], "intent": "save"})
    cp.refresh_from_db()
    if verdict["ok"]:
        assert response.status_code == 200 and cp.saved
        assert puzzles.proof(as_puzzle(cp)) == "sampled"
    else:  # the sample cannot tell the best apart: said, and not saved
        assert response.status_code == 422 and not cp.saved and "95% confidence" in text(response)
    worst = authoring.rows(whole)[-1][0]
    refused = organiser.post(organiser_url, {**WORDS, "answer": [worst], "intent": "check"})
    assert "has the best average" in text(refused)


ROLES = ("anonymous", "outsider", "other", "member", "organiser")
VIEWS = {"edit": "club-puzzle-edit", "sample": "club-puzzle-sample", "saved": "club-puzzle",
         "save moment": "teach-save-puzzle"}


def test_the_matrix_names_every_club_puzzle_view():
    from teaching import urls

    names = {p.name for p in urls.urlpatterns if "puzzle" in p.name}
    assert names == set(VIEWS.values())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_who_may_open_a_clubs_puzzle(club_world, lang):
    """Roles × views: the organisers write and see drafts, members solve saved puzzles only."""
    draft = save_moment(club_world)
    saved = saved_puzzle(club_world)
    code = club_world["club"].code
    users = {"anonymous": None, "outsider": person("ursula"), "other": club_world["other"],
             "member": club_world["member"], "organiser": club_world["organiser"]}
    L = "login"
    matrix = [
        ("edit", f"/{lang}/clubs/{code}/puzzles/{draft.pk}/edit/", "GET", None, (L, 404, 404, 404, 200)),
        ("edit post", f"/{lang}/clubs/{code}/puzzles/{draft.pk}/edit/", "POST", {"intent": "check"},
         (L, 404, 404, 404, 422)),
        ("sample", f"/{lang}/clubs/{code}/puzzles/{draft.pk}/sample/", "POST", {}, (L, 404, 404, 404, 302)),
        ("draft", f"/{lang}/clubs/{code}/puzzles/{draft.pk}/", "GET", None, (L, 404, 404, 404, 200)),
        ("saved", f"/{lang}/clubs/{code}/puzzles/{saved.pk}/", "GET", None, (L, 404, 404, 200, 200)),
        ("save moment", f"/{lang}/clubs/{code}/teach/{club_world['table'].token}/puzzle/", "POST", {"step": "0"},
         (L, 404, 404, 404, 302)),
    ]
    for name, url, method, data, expected in matrix:
        for role, want in zip(ROLES, expected):
            client = client_for(users[role])
            response = client.get(url) if method == "GET" else client.post(url, data or {})
            if want == L:
                assert response.status_code == 302 and "login" in response["Location"], (name, role)
            else:
                assert response.status_code == want, (name, role, response.status_code)
