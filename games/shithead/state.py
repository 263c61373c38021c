"""Shithead's options and position: immutable values."""

from dataclasses import dataclass

from games.engine.results import DealResult

PHASES = ("swap", "play", "end", "over")


@dataclass(frozen=True)
class ShitheadOptions:
    """The variant options of decisions.md §5.7 (defaults first), and the match length."""

    deals: int = 1  # 1, 3 or 5 deals; the loser is the most frequent shithead
    first_player: str = "swap"  # "swap": from the layout after the swap; "deal": as dealt
    reverse_per_joker: bool = False  # two jokers played together reverse twice (no change)
    jokers_see_through_for_four: bool = False  # a joker between four equal cards does not stop the burn
    loser_deals: bool = False  # the shithead deals the next deal instead of the next player round
    jokers_with_six: bool = True  # two jokers join the pack with six players

    def __post_init__(self):
        if self.deals not in (1, 3, 5):
            raise ValueError("deals must be 1, 3 or 5")
        if self.first_player not in ("swap", "deal"):
            raise ValueError("first_player must be swap or deal")
        for name in ("reverse_per_joker", "jokers_see_through_for_four", "loser_deals", "jokers_with_six"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")


@dataclass(frozen=True)
class ShitheadDeal(DealResult):
    """A finished deal: the shithead (scored as one "time the shithead") and, for the deal just
    played, the order in which the others went out (earlier deals keep only their shithead)."""

    loser: int = 0
    places: tuple[int, ...] = ()


@dataclass(frozen=True)
class ShitheadState:
    options: ShitheadOptions
    seed: str | None  # the match seed; None in a view
    players: int
    deal: int
    dealer: int
    phase: str
    ready: tuple  # per seat: finished swapping
    turn: int | None  # the seat to play (play phase)
    direction: int  # +1 clockwise (seat numbers rising), -1 after a joker
    hands: tuple  # per seat, sorted
    up: tuple  # per seat, face-up cards, sorted
    down: tuple  # per seat, face-down cards in their places
    pile: tuple  # bottom first
    burned: tuple  # out of play, in the order burned
    stock: tuple  # top first
    out: tuple  # seats that went out in this deal, in order
    losers: tuple  # the shithead of each finished deal
    first: int | None  # who plays first in this deal (None until known)

    def active(self):
        """Seats still holding cards in this deal."""
        return [s for s in range(self.players) if s not in self.out]

    def source(self, seat):
        """Where this seat plays from now: hand, up or down (None once out)."""
        if self.hands[seat]:
            return "hand"
        if self.up[seat]:
            return "up"
        if self.down[seat]:
            return "down"
        return None
