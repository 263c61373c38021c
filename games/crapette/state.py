"""Crapette's options, position and deal record: immutable values.

Every pile is a tuple listed bottom first, so the last card is the top: the card a player may take
(a house, a reserve), the next card to turn (a talon), the card a load must match (a waste).
"""

from dataclasses import dataclass

from games.engine.actions import Action
from games.engine.results import DealResult

PHASES = ("play", "end", "over")
START_RULES = ("higher", "lower")
STOP_MODES = ("enforced", "callable")
RESERVE_SIZES = (13, 12, 11)


@dataclass(frozen=True)
class CrapetteOptions:
    """The variant options of decisions.md §1.11 (recommended values as defaults) and the match
    length.

    start_rule: the higher reserve card starts the first deal (seed), or the lower (pagat).
    reserve_size: 13 cards; 11 or 12 in the variants, the talon then holds 52 - reserve - 4.
    stop_mode: "enforced" refuses a move that skips an obligation; "callable" accepts it and lets
        the opponent call Stop.
    hand_card_must_move_next: once turned up, the hand card is the only card that may move.
    own_waste_top_available: the top card of one's own waste may be played like a house top.
    target: the match ends when a player's total reaches it.

    The pagat variations of strictPriorities are not offered (see the package docstring).
    """

    start_rule: str = "higher"
    reserve_size: int = 13
    stop_mode: str = "enforced"
    hand_card_must_move_next: bool = False
    own_waste_top_available: bool = False
    target: int = 300

    def __post_init__(self):
        if self.start_rule not in START_RULES:
            raise ValueError("start_rule must be higher or lower")
        if self.reserve_size not in RESERVE_SIZES:
            raise ValueError("reserve_size must be 11, 12 or 13")
        if self.stop_mode not in STOP_MODES:
            raise ValueError("stop_mode must be enforced or callable")
        for name in ("hand_card_must_move_next", "own_waste_top_available"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if not isinstance(self.target, int) or isinstance(self.target, bool) or not 1 <= self.target <= 5000:
            raise ValueError("target must be a whole number from 1 to 5000")

    @property
    def callable(self) -> bool:
        return self.stop_mode == "callable"


@dataclass(frozen=True)
class Fault:
    """A move that skipped an obligation (callable mode only) and what undoing it needs.

    duty: the rule id of the obligation skipped; open: the opponent may still call Stop;
    flipped: the move turned a face-down reserve card up; recycled: the move (a talon turn) first
    turned the waste over into a new talon; ended: the move ended the offender's turn."""

    seat: int
    action: Action
    duty: str
    open: bool = True
    flipped: bool = False
    recycled: bool = False
    ended: bool = False


@dataclass(frozen=True)
class CrapetteDeal(DealResult):
    """A finished deal. ``end`` says how it ended: "win" (a player emptied reserve, talon and
    waste), "blocked" (both players went through their whole talon and waste with no meaningful
    move), "repetition" (the same position at the start of the same player's turn a third time)
    or "cap" (the safety limit on actions in a deal). ``winner`` is the seat that went out (None
    unless end is "win"); ``scorer`` the seat that scored (None when nobody did) and ``scored``
    its points. Per seat, what was left: ``reserve``, ``talon`` (the exposed hand card counted
    in), ``waste``, and ``counts`` (talon + waste + 2 x reserve). ``first`` started the deal."""

    end: str = "win"
    blocked: bool = False
    winner: int | None = None
    scorer: int | None = None
    scored: int = 0
    reserve: tuple[int, ...] = (0, 0)
    talon: tuple[int, ...] = (0, 0)
    waste: tuple[int, ...] = (0, 0)
    counts: tuple[int, ...] = (0, 0)
    first: int = 0


@dataclass(frozen=True)
class CrapetteState:
    options: CrapetteOptions
    seed: str | None  # the match seed; None in a view
    deal: int  # 1 for the first deal of the match
    phase: str  # "play", "end" (the deal is decided, waiting for next) or "over"
    turn: int  # the seat whose turn it is (in play); the last one to have it otherwise
    first: int  # who started this deal
    scores: tuple  # match totals per seat
    records: tuple  # CrapetteDeal per finished deal
    reserves: tuple  # per seat, bottom first
    down: tuple  # per seat, how many cards at the bottom of the reserve lie face down
    talons: tuple  # per seat, bottom first: the last card is turned next
    wastes: tuple  # per seat, bottom first
    hands: tuple  # per seat, () or (the exposed hand card,)
    houses: tuple  # house.1 ... house.8, bottom first
    foundations: tuple  # foundation.1 ... foundation.8, from the ace up
    moves: int  # actions taken in this deal (for the safety cap)
    turned: tuple  # per seat, talon cards turned since the last meaningful move
    cycled: tuple  # per seat, has gone through the whole talon and waste since then
    seen: tuple | None  # position keys at the start of each turn since the last foundation move
    last: tuple | None  # (seat, Action) of the last action of the deal
    fault: Fault | None  # the last move that skipped an obligation, this turn or the last
    owed: str | None  # after a right Stop: the obligation whose move the offender now owes

    def __repr__(self):
        from .notation import to_text

        return f"CrapetteState({to_text(self)!r})"

    def remaining(self, seat) -> int:
        """Cards the seat still has to get rid of: reserve, talon, waste and hand card."""
        return len(self.reserves[seat]) + len(self.talons[seat]) + len(self.wastes[seat]) + len(self.hands[seat])

    def count(self, seat) -> int:
        """The seat's count for scoring: 1 per talon, waste or hand card, 2 per reserve card."""
        return 2 * len(self.reserves[seat]) + len(self.talons[seat]) + len(self.wastes[seat]) + len(self.hands[seat])
