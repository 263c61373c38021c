"""The one judge (judge/) called directly, as the views, homework and the teaching table call it:
a verdict, its explanation and what the answer stores, with no request."""

import pytest
from django.utils import translation

from games.engine import registry
from judge import lessons as judge_lessons
from judge import puzzles as judge_puzzles
from judge import tables as judge_tables
from tests.compiled import ensure_compiled
from tutorials import lessons, puzzles
from tutorials.lessons import quiz_truth, step_states

GAME = "toy"  # the toy game (tests/toy/), registered for every test here


@pytest.fixture(autouse=True)
def _toy(toy):
    assert toy == GAME


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def steps(kind):
    return [s for lesson in lessons.lessons(GAME) for s in lesson.steps if s.kind == kind]


def test_a_quiz_answer_is_judged_and_says_what_it_stores():
    step = steps("quiz")[0]
    truth = quiz_truth(GAME, step)
    right = judge_lessons.quiz(GAME, step, truth, "en")
    assert right["ok"] and judge_lessons.to_record(right) == {"correct": True, "rule": ""}
    wrong = next(c["value"] for c in step.choices if c["value"] != truth)
    assert judge_lessons.to_record(judge_lessons.quiz(GAME, step, wrong, "en")) == {"correct": False, "rule": ""}
    assert judge_lessons.quiz(GAME, step, "no-such-choice", "en") is None


def test_an_illegal_act_is_refused_by_its_rule_and_stored_with_it():
    game = registry.get(GAME)
    for step in steps("act"):
        state = game.from_text(step.position)
        legal = set(game.legal_actions(state, step.seat))
        wrong = [a for a in game.candidate_actions(state, step.seat) if a not in legal]
        if wrong:
            break
    else:
        pytest.skip("no act step offers an illegal move")
    start = step_states(GAME, step)[0]
    with translation.override("en"):
        result, after = judge_lessons.act(GAME, step, start, [], wrong[0], "en", None)
    rule = game.check(state, step.seat, wrong[0]).rule
    assert not result["ok"] and result["explanation"]["rule"] == rule and after is start
    assert judge_lessons.to_record(result) == {"correct": False, "rule": rule}
    assert judge_tables.refusal(GAME, state, step.seat, wrong[0])["rule"] == rule
    assert judge_tables.refusal(GAME, state, step.seat, next(iter(legal))) is None


def test_a_puzzle_move_is_judged_and_says_its_verdict_and_ply():
    p = next(p for p in puzzles.puzzles(GAME) if p.wrong and len(p.moves()) == 1)
    game = registry.get(GAME)
    from games.ui import game_ui

    with translation.override("en"):
        attempt = judge_puzzles.Attempt(p, [])
        names = game_ui(GAME).seat_names(p.seat, game.players(attempt.state))
        result, stored = judge_puzzles.move(p, attempt, game.parse_action(next(iter(p.wrong))), names, "en")
        assert not result["ok"] and stored == {"ply": 0, "verdict": "wrong", "rule": ""}
        result, stored = judge_puzzles.move(p, attempt, game.parse_action(p.answers[0]), names, "en")
    assert result["ok"] and not result["more"] and stored["verdict"] == "solved" and stored["ply"] == 0
    assert attempt.ply == 1


def test_a_kept_judgement_is_the_same_answer_and_never_another_versions():
    """Each server keeps judged moves (a room answering one puzzle has it judged once): the kept one
    reads as the first did, moves each learner's own attempt, and is never used for a changed puzzle."""
    import dataclasses

    from games.ui import game_ui

    p = next(p for p in puzzles.puzzles(GAME) if len(p.moves()) == 1)
    game = registry.get(GAME)
    answer = game.parse_action(p.answers[0])
    with translation.override("en"):
        names = game_ui(GAME).seat_names(p.seat, game.players(judge_puzzles.Attempt(p, []).state))
        first, second = judge_puzzles.Attempt(p, []), judge_puzzles.Attempt(p, [])
        kept = judge_puzzles.move(p, first, answer, names, "en")
        assert first.ply == 1 and second.ply == 0 and second.state == game.from_text(p.position)
        assert judge_puzzles.move(p, second, answer, names, "en") == kept
        assert second.ply == 1 and second.state == first.state and second.line == (str(answer),)
        assert kept[0]["text"] == p.explanation["en"]
        changed = dataclasses.replace(p, explanation={**p.explanation, "en": "The changed explanation."})
        result, _stored = judge_puzzles.move(changed, judge_puzzles.Attempt(changed, []), answer, names, "en")
    assert result["text"] == "The changed explanation."
    # A try replayed from its moves is kept too, and each learner gets his own attempt.
    again = judge_puzzles.Attempt(p, [p.answers[0]])
    again.replies.append("mine")
    assert judge_puzzles.Attempt(p, [p.answers[0]]).replies == [] and again.ply == 1
