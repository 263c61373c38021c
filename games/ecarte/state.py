"""Écarté's options, position and deal record: immutable values."""

from dataclasses import dataclass, field

from games.engine.results import DealResult as BaseDealResult
from games.engine.results import Score

PHASES = ("propose", "respond", "discard", "play", "end", "over")


@dataclass(frozen=True)
class EcarteOptions:
    """The variant options of decisions.md §4.6, with the recommended defaults."""

    target: int = 5
    dealer_min_exchange: int = 0
    vulnerability: bool = True
    must_trump: bool = True
    allow_revoke: bool = False

    def __post_init__(self):
        if self.target not in (5, 10):
            raise ValueError("target must be 5 or 10")
        if self.dealer_min_exchange not in (0, 1):
            raise ValueError("dealer_min_exchange must be 0 or 1")
        for name in ("vulnerability", "must_trump", "allow_revoke"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")


@dataclass(frozen=True)
class DealResult(BaseDealResult):
    """A finished deal: every score of it (king points included, in order, as ``scores``), and
    who dealt, the tricks each took and who was vulnerable. ``finished`` is False when the match
    ended mid-deal (a king reached the target)."""

    dealer: int = 0
    tricks: tuple[int, ...] = (0, 0)
    vulnerable: int | None = None


@dataclass(frozen=True)
class EcarteState:
    options: EcarteOptions
    seed: str | None  # the match seed; None in a view (it would reveal every card)
    deal: int
    dealer: int
    scores: tuple[int, int]
    phase: str
    turnup: str
    hands: tuple[tuple, tuple]
    stock: tuple  # top card first
    discards: tuple[tuple, tuple]  # each player's dead discards, seen only by him
    trick: tuple  # cards played to the trick in progress, the lead first
    leader: int
    tricks: tuple[int, int]
    won: tuple[tuple, tuple]  # cards of the tricks each player took, in order
    vulnerable: int | None
    first_decision: bool
    exchanging: int | None  # who discards now, in the discard phase
    played: tuple[bool, bool]  # has each played a card this deal (the king may be shown until then)
    announced: tuple[bool, bool]
    revoked: tuple[bool, bool]
    events: tuple[Score, ...]  # scores of the deal in progress (kings)
    history: tuple[DealResult, ...] = field(default=())

    @property
    def trumps(self) -> str:
        return self.turnup[1]

    @property
    def nondealer(self) -> int:
        return 1 - self.dealer

    @property
    def king_of_trumps(self) -> str:
        return "K" + self.trumps
