"""Puzzles: a position, a question, the accepted answers, hints and explanations in both
languages, checked against the engines.

tutorials/content/<game>/puzzles.toml holds ``[[puzzle]]`` entries:

    id, theme, level (1 easy, 2 medium, 3 hard), position, seat, open (show every hand)
    show = ["tricks"]                  the board facts the puzzle is about (GameUI.board_facts); the
                                       board leaves out the others (default: none of them)
    question_en/ja, explanation_en/ja
    hints_en = ["the idea", "the card"], hints_ja = [...]
    answers = ["play:KH"]              every action accepted as the first move
    line = ["1 play:7H", "0 play:QS"]  optional: after answers[0], the replies (other seats) and the
                                       learner's further moves (its own seat), each the only best move
    [puzzle.wrong."play:7C"] en, ja    the author's word on a particular wrong answer
    goal = "empty-reserve"             optional: a goal of the game (Game.goals) instead of a best
                                       move; any line that reaches it is right, answers/line then
                                       show one such line

Where every card that decides the result is known (the game's exact_values), the suite proves
that each accepted answer achieves the best value and that no other action does as well; every
learner move of the line is proved the same way. On the page any move that keeps the best value is
accepted, and the replies to a move off the written line are the best ones the solver finds. A goal
is proved by the game's own search (goal_reachable) from the position and after every move.
"""

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache

from games.engine import registry

from .content import ROOT
from .lessons import unknown_facts

LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class Puzzle:
    game: str
    id: str
    theme: str
    level: int
    position: str
    seat: int
    question: dict
    explanation: dict
    hints: dict
    answers: tuple
    line: tuple = ()
    wrong: dict = field(default_factory=dict)
    open: bool = False
    goal: str = ""
    show: tuple = ()  # the board facts (GameUI.board_facts) the puzzle is about

    def moves(self):
        """The learner's moves in order: the first (any of answers), then each of its own in the line."""
        return [self.answers] + [(a,) for s, a in self.line if s == self.seat]


def _line(items):
    out = []
    for item in items:
        seat, _, action = item.partition(" ")
        out.append((int(seat), action.strip()))
    return tuple(out)


def parse(game, raw) -> Puzzle:
    return Puzzle(
        game=game, id=raw["id"], theme=raw["theme"], level=int(raw["level"]), position=raw["position"],
        seat=int(raw.get("seat", 0)),
        question={lang: raw.get(f"question_{lang}", "") for lang in ("en", "ja")},
        explanation={lang: raw.get(f"explanation_{lang}", "") for lang in ("en", "ja")},
        hints={lang: tuple(raw.get(f"hints_{lang}", [])) for lang in ("en", "ja")},
        answers=tuple(raw["answers"]), line=_line(raw.get("line", [])),
        wrong={k: dict(v) for k, v in raw.get("wrong", {}).items()}, open=bool(raw.get("open", False)),
        goal=raw.get("goal", ""), show=tuple(raw.get("show", ())),
    )


def _path(game):
    return ROOT / game / "puzzles.toml"


@lru_cache(maxsize=16)
def _load(game, stamp):
    path = _path(game)
    with path.open("rb") as f:
        return tuple(parse(game, raw) for raw in tomllib.load(f).get("puzzle", []))


def puzzles(game) -> tuple:
    path = _path(game)
    if not path.exists():
        return ()
    return _load(game, path.stat().st_mtime_ns)


def puzzle(game, puzzle_id):
    return next((p for p in puzzles(game) if p.id == puzzle_id), None)


def themes(game) -> list[str]:
    seen = []
    for p in puzzles(game):
        if p.theme not in seen:
            seen.append(p.theme)
    return seen


@lru_cache(maxsize=16)
def _theme_names(game, stamp):
    with _path(game).open("rb") as f:
        return {slug: dict(names) for slug, names in tomllib.load(f).get("themes", {}).items()}


def theme_names(game) -> dict:
    """{theme: {"en": name, "ja": name}} from the file's [themes] table."""
    path = _path(game)
    if not path.exists():
        return {}
    return _theme_names(game, path.stat().st_mtime_ns)


def theme_name(game, theme, lang) -> str:
    return theme_names(game).get(theme, {}).get(lang, theme)


def validate_themes(game) -> list[str]:
    """Every theme a puzzle uses needs a name in both languages."""
    names = theme_names(game)
    return [f"{game}: theme {t!r} needs en and ja names in [themes]" for t in themes(game)
            if not all(names.get(t, {}).get(lang, "").strip() for lang in ("en", "ja"))]


def validate(p: Puzzle) -> list[str]:
    """Everything wrong with a puzzle: text missing, answers illegal, or (where the position is
    fully known) an accepted answer that is not best or a best answer that is not accepted."""
    problems = []
    at = f"{p.game}/{p.id}"
    game = registry.get(p.game)
    if p.level not in LEVELS:
        problems.append(f"{at}: level must be 1, 2 or 3")
    for key in ("question", "explanation"):
        for lang in ("en", "ja"):
            if not getattr(p, key)[lang].strip():
                problems.append(f"{at}: {key}_{lang} is empty")
    if len(p.hints["en"]) != len(p.hints["ja"]) or not p.hints["en"]:
        problems.append(f"{at}: hints_en and hints_ja must be non-empty and of equal length")
    problems += [f"{at}: {problem}" for problem in unknown_facts(p.game, p.show)]
    for text, words in p.wrong.items():
        if text in p.answers or not all(words.get(lang, "").strip() for lang in ("en", "ja")):
            problems.append(f"{at}: wrong.{text} must be a non-answer with en and ja")
    try:
        state = game.from_text(p.position)
    except ValueError as e:
        return problems + [f"{at}: bad position: {e}"]
    if p.seat not in game.to_move(state):
        return problems + [f"{at}: seat {p.seat} is not to move"]
    if p.goal:
        if p.goal not in game.goals():
            return problems + [f"{at}: {game.slug} has no goal {p.goal!r}"]
        if game.goal_reachable(state, p.seat, p.goal) is False:
            return problems + [f"{at}: the goal {p.goal} cannot be reached from the position"]
    # Walk the main line, proving each of the learner's moves where the game can.
    moves = [(p.seat, p.answers, True)] + [(s, (a,), s == p.seat) for s, a in p.line]
    for seat, accepted, learner in moves:
        legal = {str(a): a for a in game.legal_actions(state, seat)}
        for text in accepted:
            if str(game.parse_action(text)) not in legal:
                problems.append(f"{at}: {text} is not legal for seat {seat}")
        if problems:
            return problems
        if learner and p.goal:
            after = game.apply(state, seat, game.parse_action(accepted[0]))
            if not (game.goal_reached(after, seat, p.goal) or game.goal_reachable(after, seat, p.goal) is not False):
                problems.append(f"{at}: after {accepted[0]} the goal can no longer be reached")
        elif learner:
            values = game.exact_values(state, seat)
            if values is not None:
                best = max(values.values())
                good = sorted(str(a) for a, v in values.items() if v == best)
                listed = sorted(str(game.parse_action(t)) for t in accepted)
                # Every best move must be accepted and nothing else: a second solution the puzzle
                # does not list would be marked wrong. Later moves of the line must be unique.
                if listed != good:
                    problems.append(f"{at}: best moves are {good}, the puzzle accepts {listed}")
        state = game.apply(state, seat, game.parse_action(accepted[0]))
    return problems


def is_proved(p: Puzzle) -> bool:
    """True when the game could solve the puzzle's position exactly (or prove its goal)."""
    game = registry.get(p.game)
    state = game.from_text(p.position)
    if p.goal:
        return game.goal_reachable(state, p.seat, p.goal) is not None
    return game.exact_values(state, p.seat) is not None
