"""What the boards of lessons, rules examples and puzzles show: a quiz never shows its answer before
the learner gives it, a board shows only the facts its step is about, and every button it offers is
a move the engine allows in that position."""

from dataclasses import replace
from html import unescape

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.controls import Button, ChoiceGroup, Controls
from games.ui import game_ui, join_sentences, site_games
from tests.compiled import ensure_compiled
from tests.test_platform import _positions
from tutorials import content, lessons, puzzles
from tutorials.lessons import POSITION_ANSWERS, Lesson, Step, question_at, quiz_truth, step_states
from tutorials.views import board_context, example_facts

pytestmark = pytest.mark.django_db

GAMES = [g.slug for g in site_games()]


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def page(response):
    assert response.status_code == 200, response.status_code
    return unescape(response.content.decode())


def steps(slug, kind=None):
    """(lesson, n, step) of every step of a game's lessons (of one kind)."""
    return [(lesson, n, step) for lesson in lessons.lessons(slug) for n, step in enumerate(lesson.steps, 1)
            if kind is None or step.kind == kind]


def result_quizzes():
    """Every quiz of every game that asks for the result of a move (the rest ask about a position)."""
    return [(slug, lesson, n, step) for slug in GAMES for lesson, n, step in steps(slug, "quiz")
            if step.answer not in POSITION_ANSWERS]


def board_html(slug, state, seat, open_hands, facts, lang="en"):
    ui = game_ui(slug)
    with translation.override(lang):
        ctx = board_context(ui, state, seat, open_hands, controls=False, facts=facts)
        return unescape(render_to_string(ui.board_template, {**ctx, "controls": None}))


# --- quizzes: the position before the answer ---------------------------------------------------
def test_every_game_with_lessons_has_quizzes_that_ask_for_a_result():
    assert {slug for slug, *_ in result_quizzes()} == {slug for slug in GAMES if lessons.lessons(slug)}


@pytest.mark.parametrize("slug, lesson, n, step", result_quizzes(),
                         ids=lambda v: v if isinstance(v, (str, int)) else getattr(v, "id", ""))
def test_a_quiz_shows_the_position_before_the_move_it_asks_about(client, slug, lesson, n, step):
    """The board is the position before the last move of the line (that move is named, its result
    untold); a right answer reveals the position after it and tells what happened."""
    ui = game_ui(slug)
    states = step_states(slug, step)
    asked = question_at(step)
    assert asked == len(step.line) - 1
    seat, text = step.line[-1]
    with translation.override("en"):
        names = ui.seat_names(step.seat, ui.game.players(states[0]))
        result = join_sentences(ui.narrate(ui.game, states[-2], seat, ui.game.parse_action(text), states[-1],
                                           names, step.seat))
    url = f"/en/{slug}/lessons/{lesson.id}/{n}/"
    before = page(client.get(url))
    assert board_html(slug, states[asked], step.seat, step.open, step.show) in before
    assert board_html(slug, states[-1], step.seat, step.open, step.show) not in before
    assert result not in before, "the move's result is told before the learner answers"

    after = page(client.post(url, {"choice": quiz_truth(slug, step)}))
    assert board_html(slug, states[-1], step.seat, step.open, step.show) in after
    assert result in after


def test_a_wrong_answer_keeps_the_question_open(client):
    slug, lesson, n, step = result_quizzes()[0]
    wrong = next(c["value"] for c in step.choices if c["value"] != quiz_truth(slug, step))
    states = step_states(slug, step)
    html = page(client.post(f"/en/{slug}/lessons/{lesson.id}/{n}/", {"choice": wrong}))
    assert board_html(slug, states[question_at(step)], step.seat, step.open, step.show) in html
    assert 'name="choice"' in html


def test_a_quiz_that_asks_for_a_result_needs_a_line(toy):
    position = next(s for s in lessons.lessons(toy)[0].steps if s.kind == "act").position
    quiz = Step(kind="quiz", position=position, seat=0, text={"en": "?", "ja": "?"}, answer="to-move",
                choices=({"value": "0", "en": "You", "ja": "あなた", "why_en": "x", "why_ja": "x"},
                         {"value": "1", "en": "Them", "ja": "相手", "why_en": "x", "why_ja": "x"}))
    lesson = Lesson(toy, "no-line", 1, {"en": "T", "ja": "T"}, {"en": "S", "ja": "S"}, (quiz,))
    assert any("needs a line" in p for p in lessons.validate(lesson))


# --- facts: a board shows what its step is about ----------------------------------------------
def test_a_fact_the_board_does_not_have_is_caught(toy):
    lesson = lessons.lessons(toy)[0]
    step = lesson.steps[0]
    broken = Lesson(toy, "odd", 1, lesson.title, lesson.summary,
                    (Step(kind="read", position=step.position, seat=0, text=step.text, show=("weather",)),))
    assert any("weather" in p for p in lessons.validate(broken))
    p = puzzles.puzzles(toy)[0]
    assert any("weather" in problem for problem in puzzles.validate(replace(p, show=("weather",))))


def _content_positions(slug):
    """Every position a learning page of the game starts from, with its `show`."""
    game = game_ui(slug).game
    out = [(step.position, step.show) for _l, _n, step in steps(slug)]
    out += [(p.position, p.show) for p in puzzles.puzzles(slug)]
    out += [(f["en"]["position"], example_facts(f["en"])) for f in content.examples(slug).values()]
    return [(game.from_text(pos), show) for pos, show in out]


@pytest.mark.parametrize("slug", GAMES)
def test_the_facts_a_board_can_leave_out_are_on_its_board(slug):
    ui = game_ui(slug)
    keys = {key for held in ui.board_facts.values() for key in held}
    for state, _show in _content_positions(slug)[:5]:
        board = ui.board(ui.game.view(state, 0), 0, ui.seat_names(0, ui.game.players(state)))
        assert keys <= set(board), sorted(keys - set(board))


@pytest.mark.parametrize("slug", GAMES)
def test_content_names_only_facts_its_board_has(slug):
    facts = game_ui(slug).board_facts
    for _state, show in _content_positions(slug):
        assert set(show) <= set(facts), show
    for lang in ("en", "ja"):
        for example_id, by_lang in content.examples(slug).items():
            assert set(example_facts(by_lang[lang])) <= set(facts), (example_id, lang)


@pytest.mark.parametrize("slug", GAMES)
def test_a_fact_left_out_comes_as_none_and_the_board_still_draws(slug):
    ui = game_ui(slug)
    for state, _show in _content_positions(slug):
        seat = min(ui.game.turn(state) or {0})
        ctx = board_context(ui, state, seat, facts=())
        for keys in ui.board_facts.values():
            assert all(ctx["board"][key] is None for key in keys)
        with translation.override("ja"):
            render_to_string(ui.board_template, ctx)
        everything = board_context(ui, state, seat)["board"]
        assert everything == ui.board(ui.game.view(state, seat), seat,
                                      ui.seat_names(seat, ui.game.players(state)))


# --- controls: what the position offers --------------------------------------------------------
def _buttons(controls):
    for item in controls.items:
        if isinstance(item, Button):
            yield item
        elif isinstance(item, ChoiceGroup):
            yield from item.buttons


def _learning_positions(slug):
    """(where, state, seat) of every board a learner may act on: rules examples, puzzles (along
    their line) and act steps (along every expected sequence)."""
    game = game_ui(slug).game
    out = []
    for example_id, by_lang in content.examples(slug).items():
        state = game.from_text(by_lang["en"]["position"])
        out.append((example_id, state, int(by_lang["en"].get("seat", min(game.turn(state) or {0})))))
    for p in puzzles.puzzles(slug):
        state = game.from_text(p.position)
        out.append((p.id, state, p.seat))
        for seat, text in [(p.seat, p.answers[0])] + list(p.line):
            state = game.apply(state, seat, game.parse_action(text))
            if p.seat in game.to_move(state):
                out.append((p.id, state, p.seat))
    for lesson, n, step in steps(slug, "act"):
        for seq in step.expect:
            state = game.from_text(step.position)
            for text in seq:
                out.append((f"{lesson.id}/{n}", state, step.seat))
                state = game.apply(state, step.seat, game.parse_action(text))
    return out


@pytest.mark.parametrize("slug", GAMES)
def test_every_button_on_a_learning_board_is_a_move_the_engine_allows(slug):
    """A card of the hand may be tried and refused with its rule; a button is there only when the
    position offers its move (no king of trumps to show without it, no pile to pick up when empty)."""
    ui = game_ui(slug)
    game = ui.game
    for where, state, seat in _learning_positions(slug):
        for button in _buttons(ui.controls(game, state, seat)):
            assert game.check(state, seat, button.action), f"{where}: {button.action} is offered"


def _act_steps():
    return [(slug, lesson, n, step) for slug in GAMES for lesson, n, step in steps(slug, "act")]


def _can_post(controls, action):
    """Whether the board's controls can make `action` as a reader fills them in: a button, a card
    and one of its places, or cards ticked or picked and their button (Controls.actions, each tick
    and pick expanded to the actions it can post)."""
    return action in controls.actions(lambda item: [action] if Controls([item]).form_for(action) else [])


@pytest.mark.parametrize("slug, lesson, n, step", _act_steps(),
                         ids=lambda v: v if isinstance(v, (str, int)) else getattr(v, "id", ""))
def test_an_act_step_offers_on_its_board_every_move_it_asks_for_or_invites(slug, lesson, n, step):
    """Each move of every answer the step accepts is among the controls of the board shown when it
    is due (the board the lesson page draws: tutorials.views.board_context), and so is every move
    the step has a word for (its feedback map: the learner is invited to try it)."""
    ui = game_ui(slug)
    game = ui.game
    start = game.from_text(step.position)

    def controls_at(state):
        return board_context(ui, state, step.seat, step.open, facts=step.show)["controls"]

    for seq in step.expect:
        state = start
        for k, text in enumerate(seq):
            action = game.parse_action(text)
            assert _can_post(controls_at(state), action), f"{lesson.id}/{n}: {text} (move {k + 1}) is not offered"
            state = game.apply(state, step.seat, action)
    for text in step.feedback:
        assert _can_post(controls_at(start), game.parse_action(text)), f"{lesson.id}/{n}: {text} is not offered"


@pytest.mark.parametrize("slug", GAMES)
def test_every_button_at_a_table_is_a_move_the_engine_allows(slug):
    ui = game_ui(slug)
    for state, seat in _positions(slug, 40):
        for button in _buttons(ui.controls(ui.game, ui.game.view(state, seat), seat)):
            assert ui.game.check(state, seat, button.action), button.action
