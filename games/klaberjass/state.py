"""Klaberjass's options, position and deal record: immutable values."""

from dataclasses import dataclass, field

from games.engine.results import DealResult

# bid1: accept or pass; schmeiss: the answer to a schmeiss (variant); bid2: name a suit or pass;
# dix: each in turn may exchange the seven of trumps (before the declarations, and under the
# variant again after them); declare: the declaration dialogue (when not automatic); play: tricks;
# end: a deal is over (scored or annulled); over: the match is won.
PHASES = ("bid1", "schmeiss", "bid2", "dix", "declare", "play", "end", "over")


@dataclass(frozen=True)
class KlaberjassOptions:
    """The variant options of decisions.md §3.6, with the recommended defaults."""

    target: int = 500
    schmeiss: bool = False
    dix_until_first_card: bool = False
    longer_sequence_wins: bool = False
    melds_require_trick: bool = False
    auto_declare: bool = True

    def __post_init__(self):
        if self.target not in (500, 501):
            raise ValueError("target must be 500 or 501")
        for name in ("schmeiss", "dix_until_first_card", "longer_sequence_wins", "melds_require_trick",
                     "auto_declare"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")


@dataclass(frozen=True)
class KlaberjassDeal(DealResult):
    """A finished deal. ``scores`` holds every score event in order (each naming its rule); the
    fields below are the facts the deal summary shows. An annulled deal has no maker and no scores.

    card_points are the cards each took (without the last trick, whose taker is last_trick);
    sequence_points what each scored for sequences (only the winner of the comparison, and under the
    variant only if he took a trick); totals each player's cards + last trick + sequences + bella,
    before the maker's result decides who scores them (tie: equal totals, bete: the maker's lower)."""

    dealer: int = 0
    annulled: bool = False
    maker: int | None = None
    trumps: str | None = None
    card_points: tuple[int, ...] = (0, 0)
    last_trick: int | None = None
    sequence_winner: int | None = None
    sequence_points: tuple[int, ...] = (0, 0)
    bella: int | None = None
    totals: tuple[int, ...] = (0, 0)
    tie: bool = False
    bete: bool = False


@dataclass(frozen=True)
class KlaberjassState:
    options: KlaberjassOptions
    seed: str | None  # the match seed; None in a view (it would reveal every card)
    cut: tuple  # the cards seats 0 and 1 cut to choose the first dealer (the last, untied draw)
    deal: int
    dealer: int
    scores: tuple[int, int]
    phase: str
    to: int | None  # who speaks now in the bidding, the dix window and the declarations
    proposal: str  # the card turned crosswise under the stock (after a dix: the seven of trumps)
    bottom: tuple  # the stock's bottom card, turned face up after the second round (else empty)
    hands: tuple[tuple, tuple]
    stock: tuple  # face down, top first
    trumps: str | None
    maker: int | None
    trick: tuple  # the card led to the trick in progress, if any
    leader: int
    won: tuple[tuple, tuple]  # cards of the tricks each took, two by two (card led first)
    dix: int | None  # who exchanged the seven of trumps
    taken: str | None  # the card he took from the table (shown in his hand until played)
    dix_late: bool  # the exchange was made after the declarations (variant)
    said: tuple  # the declaration dialogue: (seat, word) pairs
    declared: bool  # the sequences have been compared
    seq_winner: int | None  # whose sequences score (None: nobody, or not yet compared)
    melds: tuple  # the winner's sequences, shown when compared: a tuple of runs
    bella: int | None  # who announced bella
    history: tuple[KlaberjassDeal, ...] = field(default=())

    @property
    def nondealer(self) -> int:
        return 1 - self.dealer

    @property
    def turned_suit(self) -> str:
        return self.proposal[1]

    @property
    def opponent(self) -> int | None:
        return None if self.maker is None else 1 - self.maker

    def shown(self, seat: int) -> frozenset:
        """The cards of this seat's hand every player sees: the card taken by a dix and the cards of
        his scoring sequences, until played."""
        out = set()
        if self.dix == seat and self.taken is not None:
            out.add(self.taken)
        if self.seq_winner == seat:
            for run in self.melds:
                out.update(run)
        return frozenset(c for c in self.hands[seat] if c in out)

    def __repr__(self):
        from .notation import to_text

        return f"KlaberjassState({to_text(self)!r})"
