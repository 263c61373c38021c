"""An exact solver for the tricks of an Écarté deal when every hand is known.

It searches every line of play (alpha-beta over the points the deal will score), so it can say
what each card is worth: the puzzles use it to prove their answers, and the expert bot uses it on
determinized deals.
"""

from .rules import STRENGTH, trick_winner


def legal_cards(hand, trick, trumps, must_trump=True, allow_revoke=False):
    """The cards of `hand` that may be played to `trick` (the card led, if any)."""
    if not trick:
        return tuple(hand)
    led = trick[0]
    same = [c for c in hand if c[1] == led[1]]
    if same:
        if allow_revoke:
            return tuple(hand)
        higher = [c for c in same if STRENGTH[c[0]] > STRENGTH[led[0]]]
        return tuple(higher or same)
    if must_trump:
        trumps_held = [c for c in hand if c[1] == trumps]
        if trumps_held:
            return tuple(trumps_held)
    return tuple(hand)


def deal_points(tricks_me, vulnerable_me, vulnerable_other, revoked_me=False, revoked_other=False):
    """Points of the deal from one player's side: positive if he scores, negative if the other does."""
    if tricks_me >= 3:
        pts = 2 if tricks_me == 5 or vulnerable_other else 1
        return pts - (1 if revoked_me else 0)
    other = 5 - tricks_me
    pts = 2 if other == 5 or vulnerable_me else 1
    return -(pts - (1 if revoked_other else 0))


class Solver:
    """Solves positions of one deal's card play. Values are from the point of view of `me`."""

    def __init__(self, trumps, me, vulnerable=None, must_trump=True, utility=None):
        """`utility`, if given, maps the deal's points for `me` (-2 … 2) to what they are worth
        to him (between -1 and 1; the expert uses his chance of winning the match)."""
        self.trumps = trumps
        self.me = me
        self.vulnerable = vulnerable
        self.must_trump = must_trump
        self.utility = utility
        self.memo = {}

    def value(self, hands, trick, leader, tricks):
        """The deal's points for `me` with best play from here by both sides."""
        return self._search(hands[0], hands[1], tuple(trick), leader, tricks[0], tricks[1], -3, 3)

    def action_values(self, hands, trick, leader, tricks):
        """Each legal card of the player to move, with the deal's value for `me` after it."""
        mover = leader if not trick else 1 - leader
        out = {}
        for card in legal_cards(hands[mover], trick, self.trumps, self.must_trump):
            h = list(hands)
            h[mover] = tuple(c for c in hands[mover] if c != card)
            out[card] = self._after(h[0], h[1], tuple(trick) + (card,), leader, tricks[0], tricks[1], -3, 3)
        return out

    def _final(self, t0, t1):
        mine = t0 if self.me == 0 else t1
        points = deal_points(mine, self.vulnerable == self.me, self.vulnerable == 1 - self.me)
        return points if self.utility is None else self.utility[points]

    def _after(self, h0, h1, trick, leader, t0, t1, alpha, beta):
        if len(trick) == 2:
            w = leader if trick_winner(trick[0], trick[1], self.trumps) == 0 else 1 - leader
            if w == 0:
                t0 += 1
            else:
                t1 += 1
            if not h0 and not h1:
                return self._final(t0, t1)
            return self._search(h0, h1, (), w, t0, t1, alpha, beta)
        return self._search(h0, h1, trick, leader, t0, t1, alpha, beta)

    def _search(self, h0, h1, trick, leader, t0, t1, alpha, beta):
        # Once a side has three tricks only the vole is still in question.
        key = (h0, h1, trick, leader, t0, t1)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        mover = leader if not trick else 1 - leader
        hand = h0 if mover == 0 else h1
        maximise = mover == self.me
        best = -9 if maximise else 9
        a, b = alpha, beta
        for card in _ordered(legal_cards(hand, trick, self.trumps, self.must_trump), trick, self.trumps):
            rest = tuple(c for c in hand if c != card)
            if mover == 0:
                v = self._after(rest, h1, trick + (card,), leader, t0, t1, a, b)
            else:
                v = self._after(h0, rest, trick + (card,), leader, t0, t1, a, b)
            if maximise:
                if v > best:
                    best = v
                a = max(a, best)
            else:
                if v < best:
                    best = v
                b = min(b, best)
            if a >= b:
                break
        # Only exact values are stored: a cut-off value is a bound, not the answer.
        if alpha < best < beta:
            self.memo[key] = best
        return best


def _ordered(cards, trick, trumps):
    """Try strong cards first: more cut-offs."""
    return sorted(cards, key=lambda c: (c[1] == trumps, STRENGTH[c[0]]), reverse=True)


def solve_state(state, me):
    """Value for `me` of a full-information Écarté state in the play phase, and each card's value."""
    solver = Solver(state.trumps, me, state.vulnerable, state.options.must_trump)
    hands = (tuple(state.hands[0]), tuple(state.hands[1]))
    return solver.value(hands, state.trick, state.leader, state.tricks), solver.action_values(
        hands, state.trick, state.leader, state.tricks)
