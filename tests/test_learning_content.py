"""Every lesson and puzzle of every game is checked against its engine."""

import pytest

from games.engine import registry
from tutorials import lessons, puzzles
from tutorials.lessons import Lesson, Step

GAMES = [g.slug for g in registry.all_games() if lessons.lessons(g.slug) or puzzles.puzzles(g.slug)]


@pytest.mark.parametrize("slug", GAMES)
def test_lessons_are_sound(slug):
    problems = [p for lesson in lessons.lessons(slug) for p in lessons.validate(lesson)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("slug", GAMES)
def test_puzzles_are_sound(slug):
    problems = [p for puzzle in puzzles.puzzles(slug) for p in puzzles.validate(puzzle)]
    problems += puzzles.validate_themes(slug)
    problems += puzzles.unused_samples(slug)
    assert not problems, "\n".join(problems)


SAMPLED = [p for slug in GAMES for p in puzzles.puzzles(slug) if p.sampled]
DEALT_AGAIN = 30  # of each sampled puzzle's deals: enough to catch a change, quick to play


@pytest.mark.parametrize("p", SAMPLED, ids=lambda p: f"{p.game}/{p.id}")
def test_sampled_puzzles_deal_again_as_stored(p):
    """The first deals of every sampled puzzle, dealt and played out again by today's engine, are
    exactly the stored ones, so its stored figures can be neither edited by hand nor left behind by
    a change to the engine or its bots (test_puzzles_are_sound checks that they sum up the stored
    deals and back the answer)."""
    assert puzzles.rederive(p, DEALT_AGAIN) == []


def enough_content(slug, lessons_at_least, steps_at_least, puzzles_at_least, themes_at_least):
    """Problems with the amount of a game's learning content against the minimums it has set
    itself (each game's own tests call this with its figures): lessons of every kind of step,
    puzzles of every level, no id twice."""
    found = lessons.lessons(slug)
    ps = puzzles.puzzles(slug)
    problems = []
    if len(found) < lessons_at_least:
        problems.append(f"{len(found)} lessons")
    problems += [f"{lesson.id}: {len(lesson.steps)} steps" for lesson in found if len(lesson.steps) < steps_at_least]
    kinds = {s.kind for lesson in found for s in lesson.steps}
    if not kinds >= {"read", "watch", "act", "quiz"}:
        problems.append(f"step kinds {sorted(kinds)}")
    if len(ps) < puzzles_at_least:
        problems.append(f"{len(ps)} puzzles")
    if len({p.theme for p in ps}) < themes_at_least:
        problems.append(f"{len({p.theme for p in ps})} themes")
    if {p.level for p in ps} != {1, 2, 3}:
        problems.append(f"levels {sorted({p.level for p in ps})}")
    if len({p.id for p in ps}) != len(ps) or len({lesson.id for lesson in found}) != len(found):
        problems.append("an id used twice")
    return problems


def test_too_little_content_is_caught(toy):
    """The toy game has two lessons and two puzzles of level 1, so it falls short of more."""
    assert enough_content(toy, 2, 2, 2, 1) == ["levels [1]"]
    assert set(enough_content(toy, 3, 9, 3, 2)) >= {"2 lessons", "2 puzzles", "1 themes"}


# The toy game, seat 0 to lead with the queen of hearts, the ace of hearts and the king of spades.
TOY_PLAY = "toy seed=? ph=play sk=1 ld=0 tk=0,0 h0=QHAHKS h1=KHQSAS tr=- w0=- w1=- hist=-"


def test_a_broken_lesson_is_caught(toy):
    step = Step(kind="act", position=TOY_PLAY, seat=0, text={"en": "Lead.", "ja": "リード。"},
                expect=(("play:KH",),), success={"en": "", "ja": "ok"})
    quiz = Step(kind="quiz", position=TOY_PLAY, seat=0, text={"en": "?", "ja": "?"}, answer="legal-count",
                choices=({"value": "2", "en": "2", "ja": "2", "why_en": "x", "why_ja": "x"},
                         {"value": "5", "en": "5", "ja": "5", "why_en": "x", "why_ja": "x"}))
    lesson = Lesson(toy, "broken", 1, {"en": "T", "ja": "T"}, {"en": "S", "ja": ""}, (step, quiz))
    problems = "\n".join(lessons.validate(lesson))
    assert "play:KH is not legal" in problems  # seat 0 does not hold the king of hearts
    assert "success_en is empty" in problems
    assert "summary_ja is empty" in problems
    assert "engine's answer '3'" in problems  # any of the three cards may lead


def test_a_second_solution_is_caught(toy):
    # Seat 0 to lead with KS AH KH against AS QS QH (all cards known): leading the ace or the king
    # of hearts are equally good (either takes the trick, and the other heart takes another), so a
    # puzzle accepting only one of them has a second solution.
    position = "toy seed=? ph=play sk=1 ld=0 tk=0,0 h0=KSAHKH h1=ASQSQH tr=- w0=- w1=- hist=-"
    p = puzzles.Puzzle(toy, "two", "t", 2, position, 0,
                       {"en": "q", "ja": "q"}, {"en": "e", "ja": "e"}, {"en": ("h",), "ja": ("h",)},
                       ("play:AH",))
    problems = "\n".join(puzzles.validate(p))
    assert "best moves are" in problems and "play:KH" in problems
