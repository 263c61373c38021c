"""An exact solver for the tricks of a Klaberjass deal when both hands are known.

The search is alpha-beta over the card points the maker will still take (the cards of each trick
he wins, and 10 for the last trick), with a transposition table of bounds keyed on the two hands,
the card led and the leader. That quantity is enough: whatever a player wants from the deal (the
difference of the deal's scores, making the contract, beating the maker) rises or falls with the
maker's points, so the best play for the points is the best play for the goal, and the deal's value
is a function of the maker's total (``DealValue``).

Two things are not points and are settled at the end, which is exact for the same reason:
bella, which the opponent always wants to announce and the maker only when it does not merely
swell a bête (he then chooses at the end of the line, knowing it, as a player with every card in
view would); and, under the variant where sequences need a trick, whether their owner has taken one:
until he has, the search carries that fact (``_before_first_trick``).

Which cards may be played comes from the engine's ``playable`` (cached by hand and card led), so
the solver searches exactly the moves ``check`` allows.
"""

from games.engine.cards import suit

from .rules import BELLA, LAST_TRICK, SUITS, playable, points, strength

INF = 10_000
_LEGAL_CACHE: dict = {}  # (trumps, hand mask, card led + 1) -> mask of playable cards


class Cards:
    """The 32 cards as bit positions, with what the search needs of each under one trump suit."""

    def __init__(self, trumps):
        self.trumps = trumps
        self.codes = [r + s for s in SUITS for r in "789TJQKA"]
        self.index = {c: i for i, c in enumerate(self.codes)}
        self.points = [points(c, trumps) for c in self.codes]
        self.strength = [strength(c, trumps) for c in self.codes]
        self.suit = [suit(c) for c in self.codes]
        # wins[led][i]: card i played to card led takes the trick.
        self.wins = [[self.beats(i, led) for i in range(32)] for led in range(32)]
        # between[i][j]: the cards of the same suit strictly between i and j in trick strength.
        between = [[self._between(i, j) for j in range(32)] for i in range(32)]
        # twins[i]: the cards that play exactly like i when no card is left between them (same
        # suit, same points), each with the cards between them.
        self.twins = [tuple((1 << j, between[i][j]) for j in range(32)
                            if j != i and self.suit[j] == self.suit[i] and self.points[j] == self.points[i])
                      for i in range(32)]

    def mask(self, cards) -> int:
        m = 0
        for c in cards:
            m |= 1 << self.index[c]
        return m

    def cards(self, mask) -> tuple:
        out = []
        while mask:
            low = mask & -mask
            out.append(self.codes[low.bit_length() - 1])
            mask ^= low
        return tuple(out)

    def _between(self, i, j) -> int:
        lo, hi = sorted((self.strength[i], self.strength[j]))
        return self.mask(c for k, c in enumerate(self.codes)
                         if self.suit[k] == self.suit[i] and lo < self.strength[k] < hi)

    def beats(self, i, led) -> bool:
        """Does card i, played to card `led`, take the trick?"""
        if self.suit[i] == self.suit[led]:
            return self.strength[i] > self.strength[led]
        return self.suit[i] == self.trumps


_CARDS: dict = {}


def cards_for(trumps) -> Cards:
    hit = _CARDS.get(trumps)
    if hit is None:
        hit = _CARDS[trumps] = Cards(trumps)
    return hit


def legal_mask(cards: Cards, hand: int, led: int) -> int:
    """The playable cards of `hand` (a mask) to the card `led` (-1: leading), from ``playable``."""
    key = (cards.trumps, hand, led + 1)
    hit = _LEGAL_CACHE.get(key)
    if hit is None:
        if len(_LEGAL_CACHE) > 500_000:
            _LEGAL_CACHE.clear()
        trick = (cards.codes[led],) if led >= 0 else ()
        hit = _LEGAL_CACHE[key] = cards.mask(playable(cards.cards(hand), trick, cards.trumps))
    return hit


def legal_cards(hand, trick, trumps) -> tuple:
    """The cards of `hand` the solver may play to `trick`: the engine's ``playable``, via the cache."""
    c = cards_for(trumps)
    led = c.index[trick[0]] if trick else -1
    return tuple(sorted(c.cards(legal_mask(c, c.mask(hand), led))))


class Solver:
    """The maker's future card points under best play, for positions of one deal's card play."""

    def __init__(self, trumps, maker):
        self.c = cards_for(trumps)
        self.trumps = trumps
        self.maker = maker
        self.tt = {}
        self._order = {}
        self.nodes = 0

    # --- the search over points -----------------------------------------------------------------
    def future(self, h0: int, h1: int, led: int, leader: int, alpha: int = -1, beta: int = INF) -> int:
        """The card points (last trick included) the maker takes from here on with best play by
        both; exact when the result lies strictly inside (alpha, beta), else a bound beyond it."""
        if not h0 and not h1:
            return 0
        return self._search(h0, h1, led, leader, alpha, beta)

    def _search(self, h0, h1, led, leader, alpha, beta):
        self.nodes += 1
        c = self.c
        key = (h0, h1, led, leader)
        entry = self.tt.get(key)
        hint = -1
        if entry is not None:
            lo, hi, hint = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = 0, INF
        mover = leader if led < 0 else 1 - leader
        moves = legal_mask(c, h0 if mover == 0 else h1, led)
        order = self._order.get((moves, led))
        if order is None:
            order = self._order[(moves, led)] = self._ordered(moves, led)
        if hint >= 0 and hint != order[0] and hint in order:
            order = (hint,) + tuple(i for i in order if i != hint)
        maker = self.maker
        maximise = mover == maker
        a, b = alpha, beta
        best = -1 if maximise else INF
        best_i = -1
        points = c.points
        twins = c.twins
        fence = h0 | h1 | ((1 << led) if led >= 0 else 0)
        done = 0
        for i in order:
            bit = 1 << i
            if twins[i]:
                # A card interchangeable with one already searched (same suit and points, no card
                # left between them) gives the same value.
                if any(done & jbit and not fence & between for jbit, between in twins[i]):
                    continue
                done |= bit
            if led < 0:
                if mover == 0:
                    v = self._search(h0 ^ bit, h1, i, leader, a, b)
                else:
                    v = self._search(h0, h1 ^ bit, i, leader, a, b)
            else:
                if mover == 0:
                    n0, n1 = h0 ^ bit, h1
                else:
                    n0, n1 = h0, h1 ^ bit
                winner = mover if c.wins[led][i] else leader
                if winner == maker:
                    g = points[i] + points[led]
                    if not n0 and not n1:
                        v = g + LAST_TRICK
                    else:
                        v = g + self._search(n0, n1, -1, winner, a - g, b - g)
                elif not n0 and not n1:
                    v = 0
                else:
                    v = self._search(n0, n1, -1, winner, a, b)
            if maximise:
                if v > best:
                    best, best_i = v, i
                    if best > a:
                        a = best
                        if a >= b:
                            break
            elif v < best:
                best, best_i = v, i
                if best < b:
                    b = best
                    if a >= b:
                        break
        if best <= alpha:
            if best < hi:
                hi = best
        elif best >= beta:
            if best > lo:
                lo = best
        else:
            lo = hi = best
        self.tt[key] = (lo, hi, best_i)
        return best

    def _ordered(self, moves, led):
        """Likely best moves first, as card indices: for the leader strong cards, for the follower
        cards that win the trick (richest first), then the cheapest."""
        c = self.c
        idx = []
        m = moves
        while m:
            low = m & -m
            idx.append(low.bit_length() - 1)
            m ^= low
        if led < 0:
            idx.sort(key=lambda i: -(c.strength[i] * 32 + c.points[i]))
        else:
            wins = c.wins[led]
            idx.sort(key=lambda i: (0, -c.points[i], c.strength[i]) if wins[i] else (1, c.points[i], c.strength[i]))
        return tuple(idx)

    # --- what a position is worth -----------------------------------------------------------------
    def exact_future(self, h0, h1, led, leader) -> int:
        return self.future(h0, h1, led, leader, -1, INF)

    def card_futures(self, h0, h1, led, leader) -> dict:
        """For each playable card of the player to move (as a card code): the maker's points from
        here on (this trick included) with best play after it."""
        c = self.c
        mover = leader if led < 0 else 1 - leader
        hand = h0 if mover == 0 else h1
        out = {}
        m = legal_mask(c, hand, led)
        while m:
            bit = m & -m
            m ^= bit
            i = bit.bit_length() - 1
            n0 = h0 ^ bit if mover == 0 else h0
            n1 = h1 ^ bit if mover == 1 else h1
            if led < 0:
                out[c.codes[i]] = self.exact_future(n0, n1, i, leader)
            else:
                winner = mover if c.wins[led][i] else leader
                gain = c.points[i] + c.points[led] + (LAST_TRICK if not n0 and not n1 else 0)
                g = gain if winner == self.maker else 0
                out[c.codes[i]] = g + self.exact_future(n0, n1, -1, winner)
        return out


class DealValue:
    """What the end of a deal is worth, from the maker's side, as a function of the maker's card
    points (last trick included) and of whether the owner of the scoring sequences took a trick.

    `kind` is "score" (the maker's deal score minus the opponent's), "make" (1 if the maker's total
    is higher, else 0) or "avoid-bete" (1 unless the maker's total is lower). Each rises with the
    maker's points; bella is settled as the class docstring of the module says."""

    def __init__(self, maker, in_play, sequence_points, seq_winner, require_trick, bella, kind="score"):
        """in_play: all card points of the deal (last trick included); sequence_points: per seat;
        bella: per seat, 0 or 20 when settled, None when the seat may still announce it."""
        self.maker = maker
        self.in_play = in_play
        self.seq = tuple(sequence_points)
        self.seq_winner = seq_winner
        self.require_trick = require_trick
        self.bella = tuple(bella)
        self.kind = kind

    def needs_trick(self) -> bool:
        """Does the deal's value depend on whether the sequences' owner takes a trick?"""
        w = self.seq_winner
        return self.require_trick and w is not None and self.seq[w] > 0

    def __call__(self, maker_points: int, took: bool = True) -> float:
        m, o = self.maker, 1 - self.maker
        seq = list(self.seq)
        if self.needs_trick() and not took:
            seq[self.seq_winner] = 0
        opp_bella = (BELLA,) if self.bella[o] is None else (self.bella[o],)
        maker_bella = (0, BELLA) if self.bella[m] is None else (self.bella[m],)
        best = None
        for bm in maker_bella:
            worst = None
            for bo in opp_bella:
                v = self._value(maker_points + seq[m] + bm, self.in_play - maker_points + seq[o] + bo)
                worst = v if worst is None else min(worst, v)
            best = worst if best is None else max(best, worst)
        return best

    def _value(self, mine, theirs):
        if self.kind == "make":
            return 1 if mine > theirs else 0
        if self.kind == "avoid-bete":
            return 0 if mine < theirs else 1
        if mine > theirs:
            return mine - theirs
        if mine == theirs:
            return -theirs
        return -(mine + theirs)


def bella_status(state, trumps, played_by) -> tuple:
    """Per seat: 20 once announced, None while the seat holds (or has played) both the king and
    queen of trumps and may still announce, else 0. played_by(seat) gives the cards a seat played."""
    pair = ("K" + trumps, "Q" + trumps)
    out = []
    for seat in (0, 1):
        if state.bella == seat:
            out.append(BELLA)
            continue
        mine = set(state.hands[seat]) | set(played_by(seat))
        still = any(card in state.hands[seat] for card in pair)
        out.append(None if all(card in mine for card in pair) and still and state.bella is None else 0)
    return tuple(out)


def _before_first_trick(solver, value, h0, h1, led, leader, so_far, memo):
    """Under the variant where sequences need a trick, positions in which their owner has not yet
    taken one: the value of the deal (maker's side) with best play. `so_far` is the maker's points
    already taken; in these positions it follows from the hands (every trick went to the other)."""
    if not h0 and not h1:
        return value(so_far, False)
    key = (h0, h1, led, leader)
    hit = memo.get(key)
    if hit is not None:
        return hit
    c = solver.c
    owner = value.seq_winner
    mover = leader if led < 0 else 1 - leader
    hand = h0 if mover == 0 else h1
    maximise = mover == solver.maker
    best = None
    m = legal_mask(c, hand, led)
    while m:
        bit = m & -m
        m ^= bit
        i = bit.bit_length() - 1
        n0 = h0 ^ bit if mover == 0 else h0
        n1 = h1 ^ bit if mover == 1 else h1
        if led < 0:
            v = _before_first_trick(solver, value, n0, n1, i, leader, so_far, memo)
        else:
            winner = mover if c.beats(i, led) else leader
            gain = c.points[i] + c.points[led] + (LAST_TRICK if not n0 and not n1 else 0)
            after = so_far + (gain if winner == solver.maker else 0)
            if winner == owner:
                v = value(after + solver.exact_future(n0, n1, -1, winner), True)
            else:
                v = _before_first_trick(solver, value, n0, n1, -1, winner, after, memo)
        if best is None or (v > best if maximise else v < best):
            best = v
    memo[key] = best
    return best


def position_value(solver, value, h0, h1, led, leader, so_far, owner_took=True):
    """The deal's value (maker's side) with best play from a position: `so_far` is the maker's card
    points already taken; owner_took whether the sequences' owner has taken a trick."""
    if value.needs_trick() and not owner_took:
        return _before_first_trick(solver, value, h0, h1, led, leader, so_far, {})
    return value(so_far + solver.exact_future(h0, h1, led, leader), True)
