"""What a deal leaves behind: score events and deal records, as value types with a text form.

Every game records each finished deal as a ``DealResult`` (or a subclass with the game's own facts:
tricks, finishing places, a maker's result ...), and every point, chip or penalty it scores as a
``Score`` naming the rule that gave it. The practice table, the deal summary and lesson quizzes read
results through these types only (``Game.outcome(state).deals``).

Text forms (round-tripping, as every value of the engine):

    Score        ``1+2:ecarte.score.vole``          seat, signed points, rule id
    DealResult   ``deal=3;scores=1+2:ecarte.score.vole,0+1:ecarte.king.announce;finished=1``
                 with a subclass's own fields after these, in declaration order
"""

import dataclasses
import re
import types
import typing
from dataclasses import dataclass

from .rules import NotationError

_UNIONS = (typing.Union, types.UnionType)
_SCORE = re.compile(r"^(\d+)([+-]\d+):([a-z][a-z0-9.-]*)$")


@dataclass(frozen=True)
class Score:
    """Points (or chips, or a count such as "times the loser") won or lost by one seat under one rule."""

    seat: int
    points: int
    rule: str

    def __str__(self):
        return f"{self.seat}{self.points:+d}:{self.rule}"

    @classmethod
    def parse(cls, text: str) -> "Score":
        m = _SCORE.match(text)
        if not m:
            raise NotationError(f"not a score: {text[:40]!r}")
        return cls(int(m[1]), int(m[2]), m[3])


def _encode(value, kind) -> str:
    origin = typing.get_origin(kind)
    if value is None:
        return "-"
    if kind is bool:
        return "1" if value else "0"
    if kind in (int, str):
        return str(value)
    if origin is tuple:
        (inner, *_rest) = typing.get_args(kind)
        return ",".join(_encode(v, inner) for v in value) or "-"
    if kind is Score:
        return str(value)
    if origin in _UNIONS:
        inner = next(a for a in typing.get_args(kind) if a is not type(None))
        return _encode(value, inner)
    raise TypeError(f"no text form for {kind!r}")


def _decode(text, kind):
    origin = typing.get_origin(kind)
    if origin in _UNIONS:
        if text == "-":
            return None
        inner = next(a for a in typing.get_args(kind) if a is not type(None))
        return _decode(text, inner)
    if kind is bool:
        if text not in ("0", "1"):
            raise NotationError(f"not a flag: {text!r}")
        return text == "1"
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise NotationError(f"not a number: {text[:20]!r}") from None
    if kind is str:
        return text
    if kind is Score:
        return Score.parse(text)
    if origin is tuple:
        (inner, *_rest) = typing.get_args(kind)
        return () if text == "-" else tuple(_decode(v, inner) for v in text.split(","))
    raise TypeError(f"no text form for {kind!r}")


@dataclass(frozen=True)
class DealResult:
    """One finished deal: its number, every score event in the order scored, and whether its cards
    were played out (False when the match ended during the deal)."""

    deal: int
    scores: tuple[Score, ...] = ()
    finished: bool = True

    def points(self, seat: int) -> int:
        """What the deal gave this seat, all events together."""
        return sum(s.points for s in self.scores if s.seat == seat)

    def __str__(self):
        hints = typing.get_type_hints(type(self))
        return ";".join(f"{f.name}={_encode(getattr(self, f.name), hints[f.name])}"
                        for f in dataclasses.fields(self))

    @classmethod
    def parse(cls, text: str):
        hints = typing.get_type_hints(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        values = {}
        for part in text.split(";"):
            key, eq, value = part.partition("=")
            if not eq or key not in names or key in values:
                raise NotationError(f"not a field of a deal record: {part[:30]!r}")
            values[key] = _decode(value, hints[key])
        missing = [n for n in names if n not in values]
        if missing:
            raise NotationError(f"deal record lacks {', '.join(missing)}")
        return cls(**values)
