"""An exact solver for the tricks of an Écarté deal when every hand is known.

It searches every line of play (alpha-beta over the points the deal will score), so it can say
what each card is worth: the puzzles use it to prove their answers, and the expert bot uses it on
determinized deals.
"""

from .rules import STRENGTH, follow_problem, playable, trick_winner


def legal_cards(hand, trick, trumps, must_trump=True, allow_revoke=False):
    """The cards of `hand` that may be played to `trick`: the engine's own ``playable``."""
    return playable(hand, trick, trumps, must_trump, allow_revoke)


def deal_points(tricks_me, vulnerable_me, vulnerable_other, revoked_me=False, revoked_other=False):
    """Points of the deal from one player's side: positive if he scores, negative if the other does."""
    if tricks_me >= 3:
        pts = 2 if tricks_me == 5 or vulnerable_other else 1
        return pts - (1 if revoked_me else 0)
    other = 5 - tricks_me
    pts = 2 if other == 5 or vulnerable_me else 1
    return -(pts - (1 if revoked_other else 0))


class Solver:
    """Solves positions of one deal's card play. Values are from the point of view of `me`.

    Which cards may be played comes from the engine's ``playable`` with the deal's options, so the
    solver searches exactly the moves ``check`` allows; under the revoke variant it also keeps
    track of who has revoked, since a revoking winner scores a point less."""

    def __init__(self, trumps, me, vulnerable=None, must_trump=True, utility=None, allow_revoke=False,
                 revoked=(False, False)):
        """`utility`, if given, maps the deal's points for `me` (-2 … 2) to what they are worth
        to him (between -1 and 1; the expert uses his chance of winning the match)."""
        self.trumps = trumps
        self.me = me
        self.vulnerable = vulnerable
        self.must_trump = must_trump
        self.allow_revoke = allow_revoke
        self.revoked = tuple(revoked)
        self.utility = utility
        self.memo = {}

    @classmethod
    def for_state(cls, state, me, utility=None):
        o = state.options
        return cls(state.trumps, me, state.vulnerable, o.must_trump, utility, o.allow_revoke, state.revoked)

    def _legal(self, hand, trick):
        return playable(hand, trick, self.trumps, self.must_trump, self.allow_revoke)

    def _revokes(self, hand, card, trick):
        return self.allow_revoke and bool(trick) and follow_problem(
            hand, card, trick[0], self.trumps, self.must_trump) is not None

    def value(self, hands, trick, leader, tricks):
        """The deal's points for `me` with best play from here by both sides."""
        return self._search(hands[0], hands[1], tuple(trick), leader, tricks[0], tricks[1], self.revoked, -3, 3)

    def action_values(self, hands, trick, leader, tricks):
        """Each legal card of the player to move, with the deal's value for `me` after it."""
        mover = leader if not trick else 1 - leader
        out = {}
        for card in self._legal(hands[mover], trick):
            h = list(hands)
            h[mover] = tuple(c for c in hands[mover] if c != card)
            revoked = self._revoked_after(self.revoked, mover, hands[mover], card, trick)
            out[card] = self._after(h[0], h[1], tuple(trick) + (card,), leader, tricks[0], tricks[1], revoked,
                                    -3, 3)
        return out

    def _revoked_after(self, revoked, mover, hand, card, trick):
        if revoked[mover] or not self._revokes(hand, card, trick):
            return revoked
        return (True, revoked[1]) if mover == 0 else (revoked[0], True)

    def _final(self, t0, t1, revoked):
        mine = t0 if self.me == 0 else t1
        points = deal_points(mine, self.vulnerable == self.me, self.vulnerable == 1 - self.me,
                             revoked[self.me], revoked[1 - self.me])
        return points if self.utility is None else self.utility[points]

    def _after(self, h0, h1, trick, leader, t0, t1, revoked, alpha, beta):
        if len(trick) == 2:
            w = leader if trick_winner(trick[0], trick[1], self.trumps) == 0 else 1 - leader
            if w == 0:
                t0 += 1
            else:
                t1 += 1
            if not h0 and not h1:
                return self._final(t0, t1, revoked)
            return self._search(h0, h1, (), w, t0, t1, revoked, alpha, beta)
        return self._search(h0, h1, trick, leader, t0, t1, revoked, alpha, beta)

    def _search(self, h0, h1, trick, leader, t0, t1, revoked, alpha, beta):
        key = (h0, h1, trick, leader, t0, t1, revoked)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        mover = leader if not trick else 1 - leader
        hand = h0 if mover == 0 else h1
        maximise = mover == self.me
        best = -9 if maximise else 9
        a, b = alpha, beta
        for card in _ordered(self._legal(hand, trick), trick, self.trumps):
            rest = tuple(c for c in hand if c != card)
            after = self._revoked_after(revoked, mover, hand, card, trick) if self.allow_revoke else revoked
            if mover == 0:
                v = self._after(rest, h1, trick + (card,), leader, t0, t1, after, a, b)
            else:
                v = self._after(h0, rest, trick + (card,), leader, t0, t1, after, a, b)
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
    solver = Solver.for_state(state, me)
    hands = (tuple(state.hands[0]), tuple(state.hands[1]))
    return solver.value(hands, state.trick, state.leader, state.tricks), solver.action_values(
        hands, state.trick, state.leader, state.tricks)
