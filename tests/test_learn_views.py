"""Lessons and puzzles through their HTTP views: steps answered and explained, progress kept per
browser, puzzles marked solved or missed, the catalogue filtered, bad input refused plainly."""

import re
from html import unescape

import pytest

from games.engine import registry
from tests.compiled import ensure_compiled
from tutorials import lessons, puzzles
from tutorials.lessons import quiz_truth

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
GAME = "toy"  # the toy game (tests/toy/), registered for every test here


@pytest.fixture(autouse=True)
def _toy(toy):
    assert toy == GAME


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def text(response):
    return unescape(response.content.decode())


def first_step(kind):
    """(lesson, step number, step) of the first step of that kind."""
    for lesson in lessons.lessons(GAME):
        for n, step in enumerate(lesson.steps, start=1):
            if kind(step) if callable(kind) else step.kind == kind:
                return lesson, n, step
    raise LookupError(kind)


def step_url(lang, lesson, n):
    return f"/{lang}/{GAME}/lessons/{lesson.id}/{n}/"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_lessons_index_lists_every_lesson_with_progress(client, lang):
    page = text(client.get(f"/{lang}/{GAME}/lessons/"))
    for lesson in lessons.lessons(GAME):
        assert lesson.title[lang] in page
        assert f'max="{len(lesson.steps)}" value="0"' in page


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_read_step_shows_text_and_board_and_counts_as_done(client, lang):
    lesson, n, step = first_step("read")
    page = text(client.get(step_url(lang, lesson, n)))
    assert step.text[lang] in page
    assert f'class="board board-{GAME}"' in page
    index = text(client.get(f"/{lang}/{GAME}/lessons/"))
    assert f'max="{len(lesson.steps)}" value="0"' in index  # reading it is not yet going on
    # Its Next is a small POST form that records the step and goes on, without JavaScript too.
    go = re.search(r'<button type="submit" class="btn" name="go" value="([^"]+)" data-key="next">', page)
    assert go and go.group(1) == step_url(lang, lesson, n + 1)
    response = client.post(step_url(lang, lesson, n), {"go": go.group(1)})
    assert response.status_code == 302 and response["Location"] == go.group(1)
    index = text(client.get(f"/{lang}/{GAME}/lessons/"))
    assert f'max="{len(lesson.steps)}" value="1"' in index


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_last_step_of_a_lesson_leads_to_the_next_lesson(client, lang):
    every = lessons.lessons(GAME)
    assert len(every) > 1
    for lesson, after in zip(every, list(every[1:]) + [None]):
        page = text(client.get(step_url(lang, lesson, len(lesson.steps))))
        if after is None:
            assert 'rel="next"' not in page and f"/{lang}/{GAME}/lessons/" in page
        else:
            # A link, or (a read step: going on records it) a button of a small POST form.
            link = re.search(r'<a class="btn" href="([^"]+)" rel="next">([^<]+)</a>', page) or \
                re.search(r'<button type="submit" class="btn" name="go" value="([^"]+)" data-key="next">([^<]+)</button>',
                          page)
            assert link and link.group(1) == f"/{lang}/{GAME}/lessons/{after.id}/"
            assert after.title[lang] in link.group(2)


def test_act_step_right_move_is_confirmed_and_marked_done(client):
    lesson, n, step = first_step("act")
    response = client.post(step_url("en", lesson, n), {"action": step.expect[0][0]}, **HX)
    page = text(response)
    assert response.status_code == 200
    assert "<html" not in page  # htmx gets the step fragment only
    assert 'class="result is-ok"' in page
    assert step.success["en"] in page


def test_act_step_illegal_move_is_explained_by_its_rule(client):
    game = registry.get(GAME)

    def has_illegal(step):
        if step.kind != "act":
            return False
        state = game.from_text(step.position)
        legal = set(game.legal_actions(state, step.seat))
        return any(a not in legal for a in game.candidate_actions(state, step.seat) if a.kind == "play")

    lesson, n, step = first_step(has_illegal)
    state = game.from_text(step.position)
    legal = set(game.legal_actions(state, step.seat))
    wrong = next(a for a in game.candidate_actions(state, step.seat) if a.kind == "play" and a not in legal)
    rule = game.check(state, step.seat, wrong).rule
    page = text(client.post(step_url("en", lesson, n), {"action": str(wrong)}))
    assert 'class="result is-refused"' in page
    assert f'#{rule}"' in page  # a link to the rule on the rules page
    # The board is offered again at once, to try another move.
    assert f'value="{step.expect[0][0]}"' in page
    progress = text(client.get(f"/en/{GAME}/lessons/"))
    assert f'max="{len(lesson.steps)}" value="0"' in progress


def test_act_step_legal_but_wrong_move_gets_the_authors_feedback(client):
    lesson, n, step = first_step(lambda s: s.kind == "act" and s.feedback)
    action, words = next(iter(step.feedback.items()))
    for lang in ("en", "ja"):
        page = text(client.post(step_url(lang, lesson, n), {"action": action}))
        assert words[lang] in page


def test_quiz_step_checks_the_answer_with_the_engine(client):
    lesson, n, step = first_step("quiz")
    truth = quiz_truth(GAME, step)
    wrong = next(c["value"] for c in step.choices if c["value"] != truth)
    assert 'class="result is-refused"' in text(client.post(step_url("en", lesson, n), {"choice": wrong}))
    assert 'class="result is-ok"' in text(client.post(step_url("en", lesson, n), {"choice": truth}))


def test_progress_resumes_where_the_browser_left_and_resets(client):
    lesson = lessons.lessons(GAME)[0]
    assert [s.kind for s in lesson.steps[:2]] == ["read", "read"]
    for n in (1, 2):  # going on from the two read steps records them done
        client.post(step_url("en", lesson, n), {"go": step_url("en", lesson, n + 1)})
    client.get(step_url("en", lesson, 3))
    response = client.get(f"/en/{GAME}/lessons/{lesson.id}/")
    assert response.status_code == 302 and response["Location"].endswith(f"/{lesson.id}/3/")
    response = client.post(f"/en/{GAME}/lessons/{lesson.id}/reset/")
    assert response["Location"].endswith(f"/{lesson.id}/1/")
    response = client.get(f"/en/{GAME}/lessons/{lesson.id}/")
    assert response["Location"].endswith(f"/{lesson.id}/1/")


def test_another_browser_has_its_own_progress(client):
    from django.test import Client

    lesson = lessons.lessons(GAME)[0]
    client.post(step_url("en", lesson, 1), {"go": step_url("en", lesson, 2)})
    other = Client()
    response = other.get(f"/en/{GAME}/lessons/{lesson.id}/")
    assert response["Location"].endswith(f"/{lesson.id}/1/")


@pytest.mark.parametrize("path", [
    "lessons/no-such-lesson/", "lessons/the-deal/99/", "lessons/the-deal/0/", "puzzles/no-such-puzzle/",
])
def test_unknown_lessons_steps_and_puzzles_are_404(client, path):
    assert client.get(f"/en/{GAME}/{path}").status_code == 404


def test_unreadable_answers_are_a_clear_400_that_keeps_the_page(client):
    lesson, n, step = first_step("act")
    response = client.post(step_url("ja", lesson, n), {"action": "\x00nonsense"})
    assert response.status_code == 400
    page = text(response)
    assert "答えを読み取れませんでした" in page and step.text["ja"] in page
    assert f'value="{step.expect[0][0]}"' in page  # the board is still there to answer with
    lesson, n, step = first_step("quiz")
    response = client.post(step_url("en", lesson, n), {"choice": "not-a-choice"}, **HX)
    assert response.status_code == 400 and "could not be read" in text(response)
    p = puzzles.puzzles(GAME)[0]
    response = client.post(f"/en/{GAME}/puzzles/{p.id}/", {"action": "play:\x00"})
    assert response.status_code == 400 and "could not be read" in text(response)
    assert p.question["en"] in text(response)
    response = client.get(f"/ja/{GAME}/puzzles/{p.id}/?made=play:ZZ")
    assert response.status_code == 400 and "パズルのアドレスが正しくない" in text(response)
    # Nothing was recorded for any of them.
    assert "Solved 0 of" in text(client.get(f"/en/{GAME}/puzzles/"))
    assert "missed 0" in text(client.get(f"/en/{GAME}/puzzles/"))


# --- puzzles -------------------------------------------------------------------------------------

def puzzle_url(lang, p):
    return f"/{lang}/{GAME}/puzzles/{p.id}/"


def test_solving_a_puzzle_explains_and_marks_it_solved(client):
    p = puzzles.puzzles(GAME)[0]
    for lang in ("en", "ja"):
        page = text(client.post(puzzle_url(lang, p), {"action": p.answers[0]}, **HX))
        assert "<html" not in page
        assert 'class="result is-ok"' in page and p.explanation[lang] in page
    index = text(client.get(f"/en/{GAME}/puzzles/"))
    assert "Solved 1 of" in index


def test_a_wrong_puzzle_answer_is_explained_with_the_line_that_refutes_it(client):
    p = next(p for p in puzzles.puzzles(GAME) if p.wrong)
    action, words = next(iter(p.wrong.items()))
    page = text(client.post(puzzle_url("en", p), {"action": action}))
    assert 'class="result is-refused"' in page and words["en"] in page
    assert "What happens then, with best play" in page
    index = text(client.get(f"/en/{GAME}/puzzles/?missed=1"))
    assert index.count('class="puzzle-item') == 1 and p.question["en"] in index
    # Solving it afterwards does not erase that it was missed first, but counts as solved.
    client.post(puzzle_url("en", p), {"action": p.answers[0]})
    assert "missed" in text(client.get(puzzle_url("en", p)))


def test_an_illegal_puzzle_answer_names_the_rule(client):
    game = registry.get(GAME)
    for p in puzzles.puzzles(GAME):
        state = game.from_text(p.position)
        legal = set(game.legal_actions(state, p.seat))
        wrong = [a for a in game.candidate_actions(state, p.seat) if a not in legal]
        if wrong:
            break
    else:
        pytest.skip("no puzzle offers an illegal move")
    rule = game.check(state, p.seat, wrong[0]).rule
    page = text(client.post(puzzle_url("ja", p), {"action": str(wrong[0])}))
    assert f'#{rule}"' in page


def test_hints_come_one_at_a_time(client):
    p = next(p for p in puzzles.puzzles(GAME) if len(p.hints["en"]) >= 2)
    page = text(client.get(puzzle_url("en", p) + "?hint=1"))
    assert p.hints["en"][0] in page and p.hints["en"][1] not in page
    page = text(client.get(puzzle_url("en", p) + "?hint=2"))
    assert p.hints["en"][1] in page


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_catalogue_filters_by_theme_and_level_with_names_in_the_page_language(client, lang):
    every = puzzles.puzzles(GAME)
    theme = every[0].theme
    name = puzzles.theme_name(GAME, theme, lang)
    assert name != theme
    page = text(client.get(f"/{lang}/{GAME}/puzzles/?theme={theme}"))
    assert page.count('class="puzzle-item') == sum(1 for p in every if p.theme == theme)
    assert name in page
    page = text(client.get(f"/{lang}/{GAME}/puzzles/?level=3"))
    assert page.count('class="puzzle-item') == sum(1 for p in every if p.level == 3)


def test_a_line_puzzle_plays_the_reply_and_asks_for_the_next_move(client):
    p = next((p for p in puzzles.puzzles(GAME) if any(s == p.seat for s, _ in p.line)), None)
    if p is None:
        pytest.skip("no puzzle with a line")
    page = text(client.post(puzzle_url("en", p), {"action": p.answers[0]}))
    assert "Right — go on." in page
    assert re.search(rf'name="made" value="{re.escape(p.answers[0])}"', page)
    # The next move is judged from the position after the reply; a move the line does not hold
    # (and the search does not approve) is not accepted.
    nxt = [a for s, a in p.line if s == p.seat][0]
    page = text(client.post(puzzle_url("en", p), {"action": nxt, "made": p.answers[0]}))
    assert "Solved." in page or "Right — go on." in page


# --- sequences, best values and goals --------------------------------------------------------------
# Seat 0 sets the stake, then leads; both hands are known to the tests.
STAKE = "toy seed=? ph=stake sk=1 ld=0 tk=0,0 h0=QHAHKS h1=KHQSAS tr=- w0=- w1=- hist=-"
# Seat 0 to lead with KS AH KH against AS QS QH: the ace and the king of hearts win alike.
LEAD = "toy seed=? ph=play sk=1 ld=0 tk=0,0 h0=KSAHKH h1=ASQSQH tr=- w0=- w1=- hist=-"


def test_an_act_step_can_expect_a_sequence_of_moves(client, monkeypatch):
    """The learner sets the stake, then leads: two moves of his own in one step."""
    step = lessons.Step(kind="act", position=STAKE, seat=0, text={"en": "Stake and lead.", "ja": "賭けてリード。"},
                        expect=(("stake=1", "play:AH"),), success={"en": "Well led.", "ja": "よいリード。"})
    lesson = lessons.Lesson(GAME, "seq", 1, {"en": "S", "ja": "S"}, {"en": "S", "ja": "S"}, (step,))
    assert lessons.validate(lesson) == []
    monkeypatch.setattr(lessons, "lesson", lambda game, lesson_id: lesson)
    url = step_url("en", lesson, 1)
    page = text(client.post(url, {"action": "stake=1"}))
    assert "Right — go on." in page and 'name="made" value="stake=1"' in page
    # The next move is judged after the first: a legal card that is not the one asked for is not it.
    page = text(client.post(url, {"action": "play:QH", "made": "stake=1"}))
    assert "not the move this step asks for" in page and 'name="made" value="stake=1"' in page
    page = text(client.post(url, {"action": "play:AH", "made": "stake=1"}))
    assert "Well led." in page
    # A forged history that is not the expected beginning is refused, and records nothing.
    assert client.post(url, {"action": "play:AH", "made": "stake=2"}).status_code == 400


def test_a_puzzle_accepts_every_move_that_keeps_the_best_value(client, monkeypatch):
    """Leading either top heart wins the same; a puzzle that wrote down only one of them still
    takes the other, and its replies come from the solver."""
    game = registry.get(GAME)
    state = game.from_text(LEAD)
    values = game.exact_values(state, 0)
    best = sorted(str(a) for a, v in values.items() if v == max(values.values()))
    assert len(best) > 1
    p = puzzles.Puzzle(GAME, "best", "t", 2, LEAD, 0, {"en": "Lead.", "ja": "リード。"},
                       {"en": "Any top heart.", "ja": "上のハートならどれでも。"},
                       {"en": ("h",), "ja": ("h",)}, (best[0],))
    monkeypatch.setattr(puzzles, "puzzle", lambda game, pid: p)
    page = text(client.post(f"/en/{GAME}/puzzles/best/", {"action": best[-1]}))
    assert "Solved." in page and "Any top heart." in page
    worst = min(values, key=values.get)
    if values[worst] < max(values.values()):
        page = text(client.post(f"/en/{GAME}/puzzles/best/", {"action": str(worst)}))
        assert "Not the best move." in page


def test_a_puzzle_with_a_goal_takes_any_line_that_reaches_it(client, monkeypatch):
    game = registry.get(GAME)
    state = game.from_text(LEAD)
    assert game.goal_reachable(state, 0, "win") is True
    losing = [a for a in game.legal_actions(state, 0)
              if game.goal_reachable(game.apply(state, 0, a), 0, "win") is False]
    winning = [a for a in game.legal_actions(state, 0) if a not in losing]
    p = puzzles.Puzzle(GAME, "goal", "t", 2, LEAD, 0, {"en": "Win the deal.", "ja": "勝つ。"},
                       {"en": "Two tricks.", "ja": "2トリック。"}, {"en": ("h",), "ja": ("h",)},
                       (str(winning[0]),), goal="win")
    assert puzzles.validate(p) == [] and puzzles.is_proved(p)
    monkeypatch.setattr(puzzles, "puzzle", lambda game, pid: p)
    url = f"/en/{GAME}/puzzles/goal/"
    made = ""
    for _ in range(5):  # the learner's moves, each keeping the goal within reach, until it is reached
        page_state = game.from_text(LEAD)
        for t in made.split():
            page_state = game.apply(page_state, 0, game.parse_action(t))
            while game.to_move(page_state) and 0 not in game.turn(page_state):
                seat = min(game.turn(page_state))
                vals = game.exact_values(page_state, seat)
                page_state = game.apply(page_state, seat, max(vals.items(), key=lambda kv: (kv[1], str(kv[0])))[0])
        good = [a for a in game.legal_actions(page_state, 0)
                if game.goal_reached(game.apply(page_state, 0, a), 0, "win")
                or game.goal_reachable(game.apply(page_state, 0, a), 0, "win")]
        page = text(client.post(url, {"action": str(good[-1]), "made": made}))
        made = f"{made} {good[-1]}".strip()
        if "Solved." in page:
            break
        assert "Right — go on." in page
    else:
        pytest.fail("the goal was never reached")
    if losing:
        page = text(client.post(url, {"action": str(losing[0])}))
        assert "the goal can no longer be reached" in page
