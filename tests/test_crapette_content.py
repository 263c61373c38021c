"""Crapette's learning content says what the engine does: each live example of the rules page
offers the moves its text talks about and refuses the others by the rule it names, each puzzle
that asks for "the most cards on the foundations" sets the most the search can find, each wrong
answer an author explains really misses the goal, and the lessons cover what the issue asks."""

import pytest

from games.crapette.search import FOUND, search
from games.engine import registry
from tutorials import content, lessons, puzzles

pytestmark = pytest.mark.skipif("crapette" not in [g.slug for g in registry.all_games()],
                                reason="crapette is left out of this run (DOJO_GAMES)")
G = registry.get("crapette") if "crapette" in [g.slug for g in registry.all_games()] else None

# What each example teaches: moves the engine takes, and moves it refuses with their rule.
EXAMPLES = {
    "foundations": (["move:3S@house.2>foundation.1", "move:AC@house.6>foundation.3"],
                    {"move:3H@house.4>foundation.2": "crapette.foundation.follow",
                     "move:JC@house.5>house.1": "crapette.duty.foundation"}),
    "build-down": (["move:7S@reserve.0>house.2"], {"move:7S@reserve.0>house.6": "crapette.house.build"}),
    "load": (["move:6H@reserve.0>reserve.1"], {"move:6H@reserve.0>waste.1": "crapette.load.suit"}),
    "reserve-first": (["move:4D@reserve.0>foundation.1"],
                      {"move:6C@house.3>foundation.2": "crapette.duty.reserve-first"}),
    "foundation-first": (["move:5C@house.2>foundation.1"],
                         {"move:8H@reserve.0>reserve.1": "crapette.duty.foundation"}),
    "fill-spaces": (["move:JD@reserve.0>house.4"], {"turn": "crapette.duty.fill-spaces"}),
    "hand-card": (["move:9C@hand.0>house.5", "move:9C@hand.0>waste.0"], {"turn": "crapette.talon.turn"}),
    "stop": (["stop"], {"turn": "crapette.turn.order"}),
}


def test_the_examples_teach_what_the_text_says():
    examples = content.examples("crapette")
    assert set(examples) == set(EXAMPLES)
    for example_id, (allowed, refused) in EXAMPLES.items():
        state = G.from_text(examples[example_id]["en"]["position"])
        for action in allowed:
            assert G.check(state, 0, G.parse_action(action)), (example_id, action)
        for action, rule in refused.items():
            assert G.check(state, 0, G.parse_action(action)).rule == rule, (example_id, action)


def test_a_stop_example_is_a_right_call():
    state = G.from_text(content.examples("crapette")["stop"]["en"]["position"])
    after = G.apply(state, 0, G.parse_action("stop"))
    assert after.turn == 0 and after.fault is None  # his move taken back, his 4D up, and it is our turn
    assert sum(len(f) for f in after.foundations) == sum(len(f) for f in state.foundations) + 1


def test_most_cards_puzzles_ask_for_the_most():
    found = 0
    for p in puzzles.puzzles("crapette"):
        if not p.goal.startswith("foundations-"):
            continue
        state = G.from_text(p.position)
        turn = search(G.view(state, p.seat), p.seat, whole_turn=False)
        assert turn.exact, p.id
        assert f"foundations-{turn.best()[turn.root][FOUND]}" == p.goal, p.id
        assert not G.goal_reached(state, p.seat, p.goal), p.id
        found += 1
    assert found >= 4


def test_every_explained_wrong_answer_misses_the_goal():
    for p in puzzles.puzzles("crapette"):
        state = G.from_text(p.position)
        for text in p.wrong:
            after = G.apply(state, p.seat, G.parse_action(text))
            assert not G.goal_reached(after, p.seat, p.goal), (p.id, text)
            assert G.goal_reachable(after, p.seat, p.goal) is False, (p.id, text)


def test_every_puzzle_is_proved_and_the_themes_are_the_issues():
    ps = puzzles.puzzles("crapette")
    assert len(ps) >= 15 and all(puzzles.is_proved(p) for p in ps)
    assert {p.theme for p in ps} == {"empty-reserve", "foundations", "obligations", "loading"}
    assert {p.level for p in ps} == {1, 2, 3}
    goals = {p.goal.split("-")[0] for p in ps}
    assert {"empty", "foundations", "clean", "block", "go"} <= goals
    # The first puzzle with an author's wrong answer is solved in one move (the browser test
    # solves it with its first answer and expects the explanation at once).
    first = next(p for p in ps if p.wrong)
    state = G.apply(G.from_text(first.position), first.seat, G.parse_action(first.answers[0]))
    assert G.goal_reached(state, first.seat, first.goal)


def test_the_lessons_cover_the_game():
    found = lessons.lessons("crapette")
    assert len(found) >= 5
    assert all(len(lesson.steps) >= 8 for lesson in found)
    steps = [s for lesson in found for s in lesson.steps]
    assert {s.kind for s in steps} == {"read", "watch", "act", "quiz", "interrupt"}
    assert any(len(seq) > 1 for s in steps if s.kind == "act" for seq in s.expect), "an act step with a sequence"
    # A quiz shows the position it asks about, before the answer: no quiz line ends the question's
    # own answer on the board (the count is not drawn outside the table, the duty not in the
    # callable mode).
    for s in steps:
        if s.kind == "quiz" and s.answer == "duty":
            assert G.from_text(s.position).options.callable, s.text["en"][:40]


def test_the_stop_drills_cover_every_obligation_and_the_calls_not_to_make():
    """At least eight drills, all in the callable mode: each obligation skipped in one, turns with
    nothing to call (one with moves that look wrong, explained), a fault late in a long turn and
    one on the turn's last move; the button is the table's own Stop!."""
    from django.utils import translation

    from games.crapette.rules import DUTIES
    from games.ui import game_ui

    drills = [s for lesson in lessons.lessons("crapette") for s in lesson.steps if s.kind == "interrupt"]
    assert len(drills) >= 8
    skipped = set()
    for s in drills:
        assert G.from_text(s.position).options.callable and s.interrupt == "stop"
        fault = lessons.interrupt_fault("crapette", s)
        if fault:
            skipped.add(lessons.step_states("crapette", s)[fault].fault.duty)
    assert skipped == set(DUTIES)
    assert any(not s.fault for s in drills) and any(not s.fault and s.feedback for s in drills)
    assert any(s.fault >= 6 for s in drills)
    assert any(s.fault == len(s.line) for s in drills)
    ui = game_ui("crapette")
    state = G.from_text(drills[0].position)
    with translation.override("en"):
        assert ui.action_label(state, 0, G.parse_action("stop")) == "Stop!"


def test_enough_content():
    """The least learning content this game sets itself: lessons, steps per lesson, puzzles, themes."""
    from tests.test_learning_content import enough_content

    assert enough_content("crapette", 5, 8, 15, 4) == []
