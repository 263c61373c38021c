"""What a deal leaves behind: score events, payments and deal records, as value types with a text form.

Every game records each finished deal as a ``DealResult`` (or a subclass with the game's own facts:
tricks, finishing places, a maker's result ...), and every point or penalty it scores as a ``Score``
naming the rule that gave it. A game played for chips records every chip that changes hands as a
``Payment`` from one holder to another (a seat, or a named holder such as the pot), naming its
rule too. The practice table, the deal summary and lesson quizzes read results through these types
only (``Game.outcome(state).deals``).

Text forms (round-tripping, as every value of the engine):

    Score        ``1+2:ecarte.score.vole``          seat, signed points, rule id
    Payment      ``3>pot:2:game.topic.rule``        payer > payee : chips : rule id
    DealResult   ``deal=3;scores=1+2:ecarte.score.vole,0+1:ecarte.king.announce;finished=1;payments=-``
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
_HOLDER = r"(0|[1-9]\d{0,2}|[a-z][a-z-]{0,15})"
_PAYMENT = re.compile(rf"^{_HOLDER}>{_HOLDER}:(\d{{1,9}}):([a-z][a-z0-9.-]*)$")

POT = "pot"  # the holder of the chips staked on the table, in a game that has one

Holder = int | str  # a seat number, or a named holder ("pot")


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


def holder_key(holder: Holder) -> str:
    """The key of a holder in ``Game.chips``: a seat's number as text, or the holder's name."""
    return str(holder)


def _holder(text: str) -> Holder:
    return int(text) if text.isdigit() else text


@dataclass(frozen=True)
class Payment:
    """Chips that pass from one holder to another under one rule: a seat (its number) or a named
    holder such as the pot. ``amount`` is at least one chip; nobody pays himself."""

    payer: Holder
    payee: Holder
    amount: int
    rule: str

    def __post_init__(self):
        for holder in (self.payer, self.payee):
            if not isinstance(holder, (int, str)) or isinstance(holder, bool) or not re.fullmatch(
                    _HOLDER, str(holder)):
                raise ValueError(f"not a chip holder: {holder!r}")
        if self.payer == self.payee:
            raise ValueError("a holder cannot pay himself")
        if not isinstance(self.amount, int) or isinstance(self.amount, bool) or self.amount < 1:
            raise ValueError(f"a payment is at least one chip, not {self.amount!r}")

    def to_text(self) -> str:
        return f"{self.payer}>{self.payee}:{self.amount}:{self.rule}"

    __str__ = to_text

    @classmethod
    def from_text(cls, text: str) -> "Payment":
        m = _PAYMENT.match(text) if isinstance(text, str) else None
        if not m:
            raise NotationError(f"not a payment: {str(text)[:40]!r}")
        try:
            return cls(_holder(m[1]), _holder(m[2]), int(m[3]), m[4])
        except ValueError as err:
            raise NotationError(str(err)) from None

    parse = from_text


def ledger(payments, start=None) -> dict[str, int]:
    """Chips by holder key after these payments, from `start` (a mapping of holder keys to chips;
    nothing when left out). A holder that pays more than it has goes below zero: a balance."""
    out = dict(start or {})
    for p in payments:
        payer, payee = holder_key(p.payer), holder_key(p.payee)
        out[payer] = out.get(payer, 0) - p.amount
        out[payee] = out.get(payee, 0) + p.amount
    return out


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
    if kind in (Score, Payment):
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
    if kind in (Score, Payment):
        return kind.parse(text)
    if origin is tuple:
        (inner, *_rest) = typing.get_args(kind)
        return () if text == "-" else tuple(_decode(v, inner) for v in text.split(","))
    raise TypeError(f"no text form for {kind!r}")


@dataclass(frozen=True)
class DealResult:
    """One finished deal: its number, every score event in the order scored, whether its cards
    were played out (False when the match ended during the deal), and, in a game played for chips,
    every payment of the deal in the order made (antes included)."""

    deal: int
    scores: tuple[Score, ...] = ()
    finished: bool = True
    payments: tuple[Payment, ...] = ()

    def points(self, seat: int) -> int:
        """What the deal gave this seat, all events together."""
        return sum(s.points for s in self.scores if s.seat == seat)

    def net(self, holder: Holder) -> int:
        """The chips the deal's payments left this holder with, less those it paid."""
        return ledger(self.payments).get(holder_key(holder), 0)

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
