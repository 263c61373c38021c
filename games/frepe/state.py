"""Frepe's options, position and deal record: immutable values."""

from dataclasses import dataclass, field

from games.engine.results import DealResult, Payment

# trump: the dealer takes the turned card or leaves it; declare: play or pass, from the dealer's
# right; dummy: everyone passed and the dealer's right-hand neighbour, drawn six, discards one;
# exchange: discard and draw, from the dealer's right, the dealer last; play: five tricks; end: a
# deal is settled; over: the session is over.
PHASES = ("trump", "declare", "dummy", "exchange", "play", "end", "over")

# What each seat is in the deal: o sits out (seven players), ? has not yet said, p plays (the dealer
# always), x passed, m plays as the dummy (everyone passed).
STATUSES = "o?pxm"

TRUMP_TIMES = ("before-declarations", "at-dealer-exchange")
NO_WINNER_RULES = ("carry", "frepe-pays-pot")
PAYOUT_MODELS = ("seed", "spanish")
ROUNDS = (0, 1, 6, 12)  # 0: each player deals twice


@dataclass(frozen=True)
class FrepeOptions:
    """The variant options of decisions.md §2.9, with the recommended defaults.

    ante: the chips of one ante. dealer_takes_trump_at: when the dealer may take the turned card.
    may_discard_if_cannot_overtrump: void in the suit led and unable to overtrump, any card may be
    played (else a trump must be). reshuffle_includes_passed_hands: a stock run out is rebuilt from the
    others' discards and then from the hands laid down. no_winner_rule: when nobody escapes frepe, the
    pot carries over, or each pays the pot's worth into it. payout_model: the seed's payments, or the
    Spanish one (a fifth of the pot per trick, frepe pays the pot's worth into the pot). sit_out_antes:
    the player sitting out (seven players) antes too when the pot is refilled. rounds: the deals of the
    session (0: each player deals twice)."""

    ante: int = 1
    dealer_takes_trump_at: str = "before-declarations"
    may_discard_if_cannot_overtrump: bool = False
    reshuffle_includes_passed_hands: bool = True
    no_winner_rule: str = "carry"
    payout_model: str = "seed"
    sit_out_antes: bool = True
    rounds: int = 0

    def __post_init__(self):
        if not isinstance(self.ante, int) or isinstance(self.ante, bool) or not 1 <= self.ante <= 9:
            raise ValueError("ante must be a number of chips from 1 to 9")
        if self.dealer_takes_trump_at not in TRUMP_TIMES:
            raise ValueError(f"dealer_takes_trump_at must be one of {', '.join(TRUMP_TIMES)}")
        if self.no_winner_rule not in NO_WINNER_RULES:
            raise ValueError(f"no_winner_rule must be one of {', '.join(NO_WINNER_RULES)}")
        if self.payout_model not in PAYOUT_MODELS:
            raise ValueError(f"payout_model must be one of {', '.join(PAYOUT_MODELS)}")
        for name in ("may_discard_if_cannot_overtrump", "reshuffle_includes_passed_hands", "sit_out_antes"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if not isinstance(self.rounds, int) or isinstance(self.rounds, bool) or not 0 <= self.rounds <= 99:
            raise ValueError("rounds must be a number of deals from 1 to 99 (0: each player deals twice)")

    def deals(self, players: int) -> int:
        """The number of deals in the session."""
        return self.rounds or 2 * players


@dataclass(frozen=True)
class FrepeDeal(DealResult):
    """A finished deal. ``payments`` holds every chip that changed hands, antes first; the fields below
    are the facts the deal summary shows.

    sitting_out: the dealer's left-hand neighbour with seven players; took_trump: the dealer took the
    turned card; active: the seats that played (the dealer, those who said play, or the dealer and the
    dummy); tricks: per seat (0 for those not in play); pot: what the pot held when the deal was
    settled (after its antes), the amount every payment is reckoned from; case: normal, no-winner or
    all-pass."""

    dealer: int = 0
    sitting_out: int | None = None
    turned: str = ""
    took_trump: bool = False
    active: tuple[int, ...] = ()
    dummy: int | None = None
    tricks: tuple[int, ...] = ()
    pot: int = 0
    case: str = "normal"

    @property
    def frepe(self) -> tuple[int, ...]:
        """The seats that got frepe (the dummy never counts)."""
        return tuple(s for s in self.active if s != self.dummy and self.tricks[s] < 2)


@dataclass(frozen=True)
class FrepeState:
    options: FrepeOptions
    seed: str | None  # the match seed; None in a view (it would reveal every card)
    players: int
    deal: int
    dealer: int
    balances: tuple[int, ...]  # each seat's chips, counted from nothing at the start of the session
    pot: int
    paid: tuple[Payment, ...]  # the payments of the deal in progress (its antes, then its settlement)
    phase: str
    to: int | None  # who decides now, outside the tricks and the end of a deal
    status: str  # one letter per seat (STATUSES)
    turned: str  # the card turned for trumps
    taken: bool  # the dealer took it into his hand
    hands: tuple[tuple, ...]  # kept sorted
    passed: tuple[tuple, ...]  # hands laid face down by those who passed (sorted)
    discards: tuple[tuple, ...]  # each seat's face-down discards of this deal (sorted)
    stock: tuple  # face down, top first
    trick: tuple  # cards played to the trick in progress, the lead first
    leader: int  # who leads it
    done: tuple  # the finished tricks: (leader, cards in the order played) pairs
    history: tuple[FrepeDeal, ...] = field(default=())

    @property
    def trumps(self) -> str:
        return self.turned[1]

    @property
    def active(self) -> tuple[int, ...]:
        """The seats in play, in playing order from the dealer's right."""
        return tuple(s for s in self.order if self.status[s] in "pm")

    @property
    def order(self) -> tuple[int, ...]:
        """Every seat from the dealer's right round to the dealer (counter-clockwise)."""
        n = self.players
        return tuple((self.dealer + i) % n for i in range(1, n + 1))

    @property
    def sitting_out(self) -> int | None:
        return self.status.find("o") if "o" in self.status else None

    @property
    def dummy(self) -> int | None:
        return self.status.find("m") if "m" in self.status else None

    def tricks_taken(self) -> tuple[int, ...]:
        """Tricks each seat has taken this deal."""
        from .rules import trick_winner

        out = [0] * self.players
        for leader, cards in self.done:
            out[self.seat_of(leader, trick_winner(cards, self.trumps))] += 1
        return tuple(out)

    def seat_of(self, leader: int, index: int) -> int:
        """The seat that played the index-th card of a trick led by `leader`."""
        active = self.active
        return active[(active.index(leader) + index) % len(active)]

    def __repr__(self):
        from .notation import to_text

        return f"FrepeState({to_text(self)!r})"
