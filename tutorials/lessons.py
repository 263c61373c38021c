"""Step-through lessons: data files checked against the engines.

A lesson is tutorials/content/<game>/lessons/<nn>-<id>.toml:

    id = "first-deal"            order = 1
    title_en, title_ja, summary_en, summary_ja
    [[step]]  kind = "read" | "watch" | "act" | "quiz"
      position = "<notation>"    seat = 0      open = false (show every hand)
      text_en, text_ja           the step's text (the instruction for act, the question for quiz)
      read:  nothing more
      watch: line = ["0 propose", "1 accept", ...]   the engine plays it; notes_en/notes_ja, one per move (optional)
      act:   expect = ["play:KH", ...]  accepted actions;  success_en/ja;  replies = ["1 play:7H"] (optional)
             [step.feedback."play:7C"] en, ja   the author's word on a particular wrong choice
      quiz:  answer = "trick-winner" | "deal-points" | "legal-plays" | "legal-count" | "to-move" (a seat)
             line = [...] played before the question is judged (optional)
             [[step.choice]] value, en, ja, why_en, why_ja
             the engine computes the true value; the choice holding it is the right one.
"""

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from games.engine import registry

from .content import ROOT

KINDS = ("read", "watch", "act", "quiz")
QUIZ_ANSWERS = ("trick-winner", "deal-points", "legal-plays", "legal-count", "to-move")


@dataclass(frozen=True)
class Step:
    kind: str
    position: str
    seat: int
    text: dict
    open: bool = False
    line: tuple = ()  # ((seat, action text), ...)
    notes: dict = field(default_factory=dict)  # lang -> tuple of notes, one per move of the line
    expect: tuple = ()
    success: dict = field(default_factory=dict)
    feedback: dict = field(default_factory=dict)  # action text -> {lang: text}
    replies: tuple = ()
    answer: str = ""
    choices: tuple = ()  # dicts: value, en, ja, why_en, why_ja


@dataclass(frozen=True)
class Lesson:
    game: str
    id: str
    order: int
    title: dict
    summary: dict
    steps: tuple

    def title_in(self, lang):
        return self.title[lang]


def _line(items):
    out = []
    for item in items:
        seat, _, action = item.partition(" ")
        out.append((int(seat), action.strip()))
    return tuple(out)


def _langs(data, key):
    return {lang: data.get(f"{key}_{lang}", "") for lang in ("en", "ja")}


def parse_lesson(game: str, data: dict) -> Lesson:
    steps = []
    for raw in data.get("step", []):
        steps.append(Step(
            kind=raw["kind"], position=raw["position"], seat=int(raw.get("seat", 0)),
            text=_langs(raw, "text"), open=bool(raw.get("open", False)),
            line=_line(raw.get("line", [])),
            notes={lang: tuple(raw.get(f"notes_{lang}", [])) for lang in ("en", "ja")},
            expect=tuple(raw.get("expect", [])), success=_langs(raw, "success"),
            feedback={k: dict(v) for k, v in raw.get("feedback", {}).items()},
            replies=_line(raw.get("replies", [])), answer=raw.get("answer", ""),
            choices=tuple(dict(c) for c in raw.get("choice", [])),
        ))
    return Lesson(game, data["id"], int(data.get("order", 0)), _langs(data, "title"), _langs(data, "summary"),
                  tuple(steps))


def lesson_files(game: str):
    folder = ROOT / game / "lessons"
    return sorted(folder.glob("*.toml")) if folder.exists() else []


@lru_cache(maxsize=32)
def _load(game: str, stamp: tuple) -> tuple:
    lessons = []
    for path in lesson_files(game):
        with path.open("rb") as f:
            lessons.append(parse_lesson(game, tomllib.load(f)))
    return tuple(sorted(lessons, key=lambda l: (l.order, l.id)))


def lessons(game: str) -> tuple:
    stamp = tuple((p.name, p.stat().st_mtime_ns) for p in lesson_files(game))
    return _load(game, stamp)


def lesson(game: str, lesson_id: str):
    return next((l for l in lessons(game) if l.id == lesson_id), None)


def quiz_truth(game_slug, step: Step) -> str:
    """The value the engine says is right for a quiz step."""
    game = registry.get(game_slug)
    state = game.from_text(step.position)
    before = state
    for seat, text in step.line:
        before = state
        state = game.apply(state, seat, game.parse_action(text))
    me = step.seat
    if step.answer == "legal-plays":
        return " ".join(str(a) for a in game.legal_actions(state, me))
    if step.answer == "legal-count":
        return str(len(game.legal_actions(state, me)))
    if step.answer == "to-move":
        return str(min(game.to_move(state)))
    if step.answer == "trick-winner":
        tricks_before, tricks_after = _tricks(before), _tricks(state)
        winner = next(s for s in range(len(tricks_after)) if tricks_after[s] > tricks_before[s])
        return "me" if winner == me else "opponent"
    if step.answer == "deal-points":
        last = state.history[-1].scores[-1]
        return f"{'me' if last.seat == me else 'opponent'}:{last.points}"
    raise ValueError(f"unknown quiz answer kind {step.answer!r}")


def _tricks(state):
    return state.tricks


def step_states(game_slug, step: Step):
    """The positions a step passes through: the start, then after each move of its line."""
    game = registry.get(game_slug)
    state = game.from_text(step.position)
    out = [state]
    for seat, text in step.line:
        state = game.apply(state, seat, game.parse_action(text))
        out.append(state)
    return out


def validate(lesson: Lesson) -> list[str]:
    """Everything wrong with a lesson, checked against the engine (empty when sound)."""
    problems = []
    game = registry.get(lesson.game)
    where = f"{lesson.game}/{lesson.id}"
    for key in ("title", "summary"):
        for lang in ("en", "ja"):
            if not getattr(lesson, key)[lang].strip():
                problems.append(f"{where}: {key}_{lang} is empty")
    for i, step in enumerate(lesson.steps, 1):
        at = f"{where} step {i} ({step.kind})"
        if step.kind not in KINDS:
            problems.append(f"{at}: unknown kind")
            continue
        for lang in ("en", "ja"):
            if not step.text[lang].strip():
                problems.append(f"{at}: text_{lang} is empty")
        try:
            state = game.from_text(step.position)
        except ValueError as e:
            problems.append(f"{at}: bad position: {e}")
            continue
        try:
            states = step_states(lesson.game, step)
        except ValueError as e:
            problems.append(f"{at}: its line is not legal: {e}")
            continue
        if step.kind == "watch":
            if not step.line:
                problems.append(f"{at}: a watch step needs a line")
            for lang in ("en", "ja"):
                if step.notes[lang] and len(step.notes[lang]) != len(step.line):
                    problems.append(f"{at}: notes_{lang} needs one note per move")
        if step.kind == "act":
            if step.seat not in game.to_move(state):
                problems.append(f"{at}: seat {step.seat} is not to move")
            legal = {str(a) for a in game.legal_actions(state, step.seat)}
            if not step.expect:
                problems.append(f"{at}: an act step needs expect")
            for text in step.expect:
                if str(game.parse_action(text)) not in legal:
                    problems.append(f"{at}: expected {text} is not legal")
            for text, words in step.feedback.items():
                game.parse_action(text)
                if text in step.expect:
                    problems.append(f"{at}: feedback for an expected action {text}")
                if not all(words.get(lang, "").strip() for lang in ("en", "ja")):
                    problems.append(f"{at}: feedback for {text} needs en and ja")
            for lang in ("en", "ja"):
                if not step.success[lang].strip():
                    problems.append(f"{at}: success_{lang} is empty")
            if step.expect and str(game.parse_action(step.expect[0])) in legal:
                after = game.apply(state, step.seat, game.parse_action(step.expect[0]))
                try:
                    for seat, text in step.replies:
                        after = game.apply(after, seat, game.parse_action(text))
                except ValueError as e:
                    problems.append(f"{at}: a reply is not legal: {e}")
        if step.kind == "quiz":
            if step.answer not in QUIZ_ANSWERS:
                problems.append(f"{at}: answer must be one of {QUIZ_ANSWERS}")
                continue
            if len(step.choices) < 2:
                problems.append(f"{at}: a quiz needs at least two choices")
            truth = quiz_truth(lesson.game, step)
            right = [c for c in step.choices if c.get("value") == truth]
            if len(right) != 1:
                problems.append(f"{at}: exactly one choice must hold the engine's answer {truth!r} "
                                f"(found {len(right)})")
            for c in step.choices:
                for key in ("en", "ja", "why_en", "why_ja"):
                    if not str(c.get(key, "")).strip():
                        problems.append(f"{at}: a choice lacks {key}")
        del states
    return problems
