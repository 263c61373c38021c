"""Step-through lessons: data files checked against the engines.

A lesson is tutorials/content/<game>/lessons/<nn>-<id>.toml:

    id = "first-deal"            order = 1
    title_en, title_ja, summary_en, summary_ja
    [[step]]  kind = "read" | "watch" | "act" | "quiz" | "interrupt"
      position = "<notation>"    seat = 0      open = false (show every hand)
      show = ["score", ...]      the facts of the game's board this step is about (GameUI.board_facts);
                                 the board leaves out the others (default: none of them)
      text_en, text_ja           the step's text (the instruction for act, the question for quiz)
      read:  nothing more
      watch: line = ["0 propose", "1 accept", ...]   the engine plays it; notes_en/notes_ja, one per move (optional)
      act:   expect = ["play:KH", ...]  accepted actions, each one move or a sequence of the
             learner's moves (["move:…", "move:…"]);  success_en/ja;  replies = ["1 play:7H"]
             (optional, after the expected moves)
             [step.feedback."play:7C"] en, ja   the author's word on a particular wrong choice
      quiz:  answer = what the learner is asked: a fact of the position the line ends in
             ("legal-plays", "legal-count": that position is shown), or the result of the line's
             last move ("to-move", the seat the game waits for after it, or one of the game's own
             quiz facts, GameUI.quiz_facts: "trick-winner", "deal-points", …: the position before
             that move is shown, the move named, and its result revealed once the learner answers)
             line = [...] the moves the question is about (needed when it asks for a result)
             [[step.choice]] value, en, ja, why_en, why_ja
             the engine computes the true value; the choice holding it is the right one.
      interrupt: a drill: the other seats' moves are replayed one at a time, and after each the
             learner either makes the interrupting action or lets play go on ("no fault" after the
             last move). The right moment is the first move after which the engine upholds that
             action for the learner's seat (`Game.interruption_verdict`: a call may be offered, and
             accepted, after every move, and have no effect); when it never does, the right answer
             is to let the whole line go by.
             line = ["1 move:…", "1 turn", …]   the other seats' moves (as in watch steps)
             interrupt = "stop"                 the interrupting action (its button: GameUI.action_label)
             fault = 3                          the move the author says is the first fault (1 for
                                                the first move, 0 for none): it must be the engine's
             success_en/ja                      said after a right call, or after a line with no fault
             [step.feedback."2"] en, ja         the author's word on a call made after move 2 (a
                                                move that looks wrong but is not)
"""

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache

from games.engine.play import line_states
from games.engine import registry
from games.ui import game_ui, has_ui

from .content import game_dir, published

KINDS = ("read", "watch", "act", "quiz", "interrupt")
PLATFORM_ANSWERS = ("legal-plays", "legal-count", "to-move")  # every game's; the rest are the game's
POSITION_ANSWERS = ("legal-plays", "legal-count")  # about a position shown; every other is a result


@dataclass(frozen=True)
class Step:
    kind: str
    position: str
    seat: int
    text: dict
    open: bool = False
    show: tuple = ()  # the board facts (GameUI.board_facts) the step is about
    line: tuple = ()  # ((seat, action text), ...)
    notes: dict = field(default_factory=dict)  # lang -> tuple of notes, one per move of the line
    expect: tuple = ()  # accepted answers, each a tuple of the learner's moves in order
    success: dict = field(default_factory=dict)
    feedback: dict = field(default_factory=dict)  # action text -> {lang: text}
    replies: tuple = ()
    answer: str = ""
    choices: tuple = ()  # dicts: value, en, ja, why_en, why_ja
    interrupt: str = ""  # the interrupting action of an interrupt step
    fault: int | None = None  # the move of its line the author says is the first fault (0: none)


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
            text=_langs(raw, "text"), open=bool(raw.get("open", False)), show=tuple(raw.get("show", ())),
            line=_line(raw.get("line", [])),
            notes={lang: tuple(raw.get(f"notes_{lang}", [])) for lang in ("en", "ja")},
            expect=tuple((e,) if isinstance(e, str) else tuple(e) for e in raw.get("expect", [])),
            success=_langs(raw, "success"),
            feedback={k: dict(v) for k, v in raw.get("feedback", {}).items()},
            replies=_line(raw.get("replies", [])), answer=raw.get("answer", ""),
            choices=tuple(dict(c) for c in raw.get("choice", [])),
            interrupt=raw.get("interrupt", ""), fault=raw.get("fault"),
        ))
    return Lesson(game, data["id"], int(data.get("order", 0)), _langs(data, "title"), _langs(data, "summary"),
                  tuple(steps))


def lesson_files(game: str):
    folder = game_dir(game) / "lessons"
    return sorted(folder.glob("*.toml")) if folder.exists() else []


@lru_cache(maxsize=32)
def _load(game: str, stamp: tuple) -> tuple:
    lessons = []
    for path in lesson_files(game):
        with path.open("rb") as f:
            lessons.append(parse_lesson(game, tomllib.load(f)))
    return tuple(sorted(lessons, key=lambda l: (l.order, l.id)))


def lessons(game: str) -> tuple:
    """The game's lessons, in order; none while its content is held back (content.published)."""
    if not published(game):
        return ()
    stamp = tuple((p.name, p.stat().st_mtime_ns) for p in lesson_files(game))
    return _load(game, stamp)


def lesson(game: str, lesson_id: str):
    return next((l for l in lessons(game) if l.id == lesson_id), None)


def unknown_facts(game_slug, show) -> list[str]:
    """What is wrong with the board facts a step, example or puzzle names (GameUI.board_facts)."""
    if not show:
        return []
    if not has_ui(game_slug):
        return [f"show {list(show)}: the game has no ui yet, so no board facts"]
    facts = game_ui(game_slug).board_facts
    unknown = [f for f in show if f not in facts]
    if not unknown:
        return []
    return [f"show names facts the board does not have: {unknown} (it has {sorted(facts)})"]


def question_at(step: Step) -> int:
    """How many moves of a quiz step's line are played on the board while its question is open:
    all of them when it asks about the position the line ends in, all but the last when it asks
    for the result of that last move (who takes the trick, who plays next, what the deal scores),
    so that the board never shows the answer before the learner gives it."""
    if step.answer in POSITION_ANSWERS:
        return len(step.line)
    return max(0, len(step.line) - 1)


def quiz_facts(game_slug, step: Step) -> dict:
    """Every fact a quiz may ask about the position its line ends in: the platform's (what may be
    played, whose decision it is) and the game's own (GameUI.quiz_facts)."""
    game = registry.get(game_slug)
    states = step_states(game_slug, step)
    state, before = states[-1], states[-2] if len(states) > 1 else states[-1]
    me = step.seat
    facts = {
        "legal-plays": " ".join(str(a) for a in game.legal_actions(state, me)),
        "legal-count": str(len(game.legal_actions(state, me))),
    }
    if game.turn(state):
        facts["to-move"] = str(min(game.turn(state)))
    facts.update(game_ui(game_slug).quiz_facts(game, before, state, me))
    return facts


def quiz_truth(game_slug, step: Step) -> str:
    """The value the engine says is right for a quiz step."""
    facts = quiz_facts(game_slug, step)
    if step.answer not in facts:
        raise ValueError(f"the position gives no {step.answer!r} to ask about")
    return facts[step.answer]


def expected_after(step: Step, made) -> str | None:
    """Where a learner who has made `made` (action texts) stands in an act step: "done" when they
    complete an expected sequence, "more" when they begin one, None when they match none."""
    made = tuple(made)
    if any(made == seq for seq in step.expect):
        return "done"
    if any(seq[:len(made)] == made for seq in step.expect):
        return "more"
    return None


def step_states(game_slug, step: Step):
    """The positions a step passes through: the start, then after each move of its line."""
    return line_states(registry.get(game_slug), step.position, step.line)


def interrupt_fault(game_slug, step: Step, states=None) -> int:
    """The move of an interrupt step's line after which the engine first upholds the learner's
    interrupting action (1 for the first move), or 0 when it never does: the drill's right answer."""
    game = registry.get(game_slug)
    action = game.parse_action(step.interrupt)
    states = states if states is not None else step_states(game_slug, step)
    return next((k for k in range(1, len(states)) if game.interruption_verdict(states[k], step.seat, action)), 0)


def _interrupt_problems(game, step: Step, states) -> list[str]:
    """What is wrong with an interrupt step whose position and line are legal."""
    problems = []
    if not step.line:
        problems.append("an interrupt step needs a line")
    if any(seat == step.seat for seat, _text in step.line):
        problems.append(f"its line must be the other seats' moves, not seat {step.seat}'s")
    try:
        action = game.parse_action(step.interrupt)
    except ValueError as e:
        return problems + [f"interrupt {step.interrupt!r} is not an action: {e}"]
    if str(action) != step.interrupt:
        problems.append(f"interrupt {step.interrupt} is not written as the engine writes it")
    if not any(action in set(game.candidate_actions(state, step.seat)) for state in states):
        problems.append(f"interrupt {step.interrupt} is not an action of the game for seat {step.seat} here")
    if game.interruption_verdict(states[0], step.seat, action):
        problems.append(f"{step.interrupt} is already upheld before the first move of the line")
    truth = interrupt_fault(game.slug, step, states)
    if not isinstance(step.fault, int) or isinstance(step.fault, bool):
        problems.append(f"state the fault: fault = {truth} (the move after which the engine allows "
                        f"{step.interrupt}; 0 for none)")
    elif step.fault != truth:
        said = f"move {step.fault}" if step.fault else "no fault"
        found = f"move {truth}" if truth else "no fault in the line"
        problems.append(f"the author says {said}, the engine finds {found}")
    for key, words in step.feedback.items():
        if not (key.isdigit() and 1 <= int(key) <= len(step.line)):
            problems.append(f"feedback {key!r} must name a move of the line (1 to {len(step.line)})")
        elif truth and int(key) >= truth:
            problems.append(f"feedback {key}: a call after move {key} is not a wrong call "
                            f"(the fault is move {truth})")
        if not all(words.get(lang, "").strip() for lang in ("en", "ja")):
            problems.append(f"feedback for {key} needs en and ja")
    for lang in ("en", "ja"):
        if not step.success[lang].strip():
            problems.append(f"success_{lang} is empty")
    return problems


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
            if not step.expect:
                problems.append(f"{at}: an act step needs expect")
            for seq in step.expect:
                after = state
                try:
                    for text in seq:
                        if str(game.parse_action(text)) != text:
                            problems.append(f"{at}: expected {text} is not written as the engine writes it")
                        after = game.apply(after, step.seat, game.parse_action(text))
                except ValueError as e:
                    problems.append(f"{at}: expected {' '.join(seq)} is not legal: {e}")
                    continue
                if seq == step.expect[0]:
                    try:
                        for seat, text in step.replies:
                            after = game.apply(after, seat, game.parse_action(text))
                    except ValueError as e:
                        problems.append(f"{at}: a reply is not legal: {e}")
            firsts = {seq[0] for seq in step.expect}
            for text, words in step.feedback.items():
                game.parse_action(text)
                if text in firsts:
                    problems.append(f"{at}: feedback for an expected action {text}")
                if not all(words.get(lang, "").strip() for lang in ("en", "ja")):
                    problems.append(f"{at}: feedback for {text} needs en and ja")
            for lang in ("en", "ja"):
                if not step.success[lang].strip():
                    problems.append(f"{at}: success_{lang} is empty")
        if step.kind == "interrupt":
            problems += [f"{at}: {p}" for p in _interrupt_problems(game, step, states)]
        problems += [f"{at}: {p}" for p in unknown_facts(lesson.game, step.show)]
        if step.kind == "quiz":
            if step.answer not in POSITION_ANSWERS and not step.line:
                problems.append(f"{at}: {step.answer!r} is the result of a move: the step needs a line "
                                f"whose last move it asks about")
            facts = quiz_facts(lesson.game, step)
            if step.answer not in facts:
                problems.append(f"{at}: answer must be one of {sorted(facts)} here")
                continue
            if len(step.choices) < 2:
                problems.append(f"{at}: a quiz needs at least two choices")
            truth = facts[step.answer]
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
