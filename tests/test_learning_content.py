"""Every lesson and puzzle of every game is checked against its engine."""

import pytest

from games.engine import registry
from tutorials import lessons, puzzles
from tutorials.lessons import Lesson, Step

GAMES = [g.slug for g in registry.all_games() if lessons.lessons(g.slug) or puzzles.puzzles(g.slug)]
MINIMUM = {
    "crapette": {"lessons": 5, "steps": 8, "puzzles": 15, "themes": 4},
    "ecarte": {"lessons": 4, "steps": 8, "puzzles": 15, "themes": 3},
    "klaberjass": {"lessons": 5, "steps": 8, "puzzles": 15, "themes": 4},
    "shithead": {"lessons": 4, "steps": 8, "puzzles": 12, "themes": 3},
}


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


@pytest.mark.parametrize("slug", sorted(MINIMUM))
def test_enough_content(slug):
    need = MINIMUM[slug]
    found = lessons.lessons(slug)
    assert len(found) >= need["lessons"]
    for lesson in found:
        assert len(lesson.steps) >= need["steps"], lesson.id
    kinds = {s.kind for lesson in found for s in lesson.steps}
    assert kinds == {"read", "watch", "act", "quiz"}
    ps = puzzles.puzzles(slug)
    assert len(ps) >= need["puzzles"]
    assert len({p.theme for p in ps}) >= need["themes"]
    assert {p.level for p in ps} == {1, 2, 3}
    assert len({p.id for p in ps}) == len(ps)
    assert len({lesson.id for lesson in found}) == len(found)


ECARTE_PLAY = ("ecarte o=t5.d0.v1.m1.r0 seed=? n=1 d=1 sc=0,0 ph=play tu=7H h0=KHQHJHKCQC h1=AH9HTSAS9S "
               "st=8H8S8C8DTHTCTD7S7C7DJSJCJDQSQDKSKDACAD9C9D x0=- x1=- tr=- ld=0 tk=0,0 w0=- w1=- vu=- "
               "fd=0 ex=- pl=00 an=00 rv=00 ev=- hist=-")


def test_a_broken_lesson_is_caught():
    step = Step(kind="act", position=ECARTE_PLAY, seat=0, text={"en": "Lead.", "ja": "リード。"},
                expect=(("play:AH",),), success={"en": "", "ja": "ok"})
    quiz = Step(kind="quiz", position=ECARTE_PLAY, seat=0, text={"en": "?", "ja": "?"}, answer="legal-count",
                choices=({"value": "5", "en": "5", "ja": "5", "why_en": "x", "why_ja": "x"},
                         {"value": "7", "en": "7", "ja": "7", "why_en": "x", "why_ja": "x"}))
    lesson = Lesson("ecarte", "broken", 1, {"en": "T", "ja": "T"}, {"en": "S", "ja": ""}, (step, quiz))
    problems = "\n".join(lessons.validate(lesson))
    assert "play:AH is not legal" in problems  # seat 0 does not hold the ace of hearts
    assert "success_en is empty" in problems
    assert "summary_ja is empty" in problems
    assert "engine's answer '6'" in problems  # five cards and the king of trumps to show


def test_a_second_solution_is_caught():
    # Hearts trumps, seat 0 to lead with KH QH JH KC QC against AH 9H TS AS 9S (all cards known).
    # Leading the jack, queen or king of trumps are equally good: a puzzle accepting only one of
    # them has a second solution.
    p = puzzles.Puzzle("ecarte", "two", "t", 2, ECARTE_PLAY.replace("an=00", "an=10"), 0,
                       {"en": "q", "ja": "q"}, {"en": "e", "ja": "e"}, {"en": ("h",), "ja": ("h",)},
                       ("play:KH",))
    problems = "\n".join(puzzles.validate(p))
    assert "best moves are" in problems and "play:JH" in problems
