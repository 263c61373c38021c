"""Écarté bots at three strengths. Each sees only a view: ``choose(view, seat, rng)``.

- beginner: plays like a newcomer who knows the rules: keeps trumps, throws its best card.
- club: sound habits of a club player: stands on strong hands, discards what cannot take a
  trick, wins tricks as cheaply as possible.
- expert: samples deals consistent with what it has seen and solves each exactly.
"""

from dataclasses import replace
from functools import lru_cache

from games.engine.actions import Action
from games.engine.bots import Bot, Evaluation
from games.engine.rng import below

from .rules import STRENGTH, sorted_hand, trick_winner
from .solver import Solver, deal_points, legal_cards

# How much each card is worth towards taking a trick, trumps first.
TRUMP_WORTH = {"K": 1.0, "Q": 0.9, "J": 0.85, "A": 0.75, "T": 0.65, "9": 0.6, "8": 0.55, "7": 0.5}
SIDE_WORTH = {"K": 0.75, "Q": 0.4, "J": 0.2, "A": 0.1, "T": 0.0, "9": 0.0, "8": 0.0, "7": 0.0}


def card_worth(card, trumps):
    return (TRUMP_WORTH if card[1] == trumps else SIDE_WORTH)[card[0]]


def hand_strength(hand, trumps):
    """Roughly the number of tricks a hand expects to take."""
    return sum(card_worth(c, trumps) for c in hand)


def discard_order(hand, trumps):
    """The hand from the card most worth throwing away to the least."""
    return sorted(hand, key=lambda c: (card_worth(c, trumps), STRENGTH[c[0]]))


def heuristic_discard(hand, trumps, least, most):
    """Throw every card that cannot hope to take a trick, within the bounds."""
    order = discard_order(hand, trumps)
    weak = [c for c in order if card_worth(c, trumps) < 0.5]
    n = max(least, min(most, len(weak)))
    return tuple(order[:n])


def discard_bounds(view, seat):
    stock = len(view.stock)
    most = min(5, stock)
    least = 1 if seat == view.nondealer else min(view.options.dealer_min_exchange, stock)
    return least, most


def cheapest_winner(hand, legal, trick, trumps):
    """The lowest legal card that wins the trick, or None."""
    winners = [c for c in legal if trick_winner(trick[0], c, trumps) == 1]
    if not winners:
        return None
    return min(winners, key=lambda c: (c[1] == trumps, STRENGTH[c[0]]))


def lowest(cards, trumps):
    return min(cards, key=lambda c: (c[1] == trumps, STRENGTH[c[0]]))


class EcarteBot(Bot):
    stand_at = 2.6
    refuse_at = 2.8

    def choose(self, view, seat, rng):
        phase = view.phase
        hand = [c for c in view.hands[seat] if c is not None]
        trumps = view.trumps
        if phase == "end":
            return Action("next")
        if phase == "propose":
            return Action("stand" if self.stands(hand, trumps, view, seat, rng) else "propose")
        if phase == "respond":
            return Action("refuse" if self.refuses(hand, trumps, view, seat, rng) else "accept")
        if phase == "discard":
            least, most = discard_bounds(view, seat)
            return Action("discard", self.discards(hand, trumps, least, most, view, seat, rng))
        legal = self.game.legal_actions(view, seat)
        if Action("king") in legal:
            return Action("king")
        return Action("play", (self.card(hand, [a.card for a in legal], view, seat, rng),))

    def stands(self, hand, trumps, view, seat, rng):
        return hand_strength(hand, trumps) >= self.stand_at

    def refuses(self, hand, trumps, view, seat, rng):
        return hand_strength(hand, trumps) >= self.refuse_at

    def discards(self, hand, trumps, least, most, view, seat, rng):
        return tuple(sorted(heuristic_discard(hand, trumps, least, most)))

    def card(self, hand, legal, view, seat, rng):
        raise NotImplementedError


class Beginner(EcarteBot):
    """Knows the rules, not the odds: asks for cards with anything short of three trumps and
    plays its best card every time."""

    level = "beginner"

    def stands(self, hand, trumps, view, seat, rng):
        return sum(c[1] == trumps for c in hand) >= 3

    def refuses(self, hand, trumps, view, seat, rng):
        return sum(c[1] == trumps for c in hand) >= 3

    def discards(self, hand, trumps, least, most, view, seat, rng):
        side = [c for c in hand if c[1] != trumps]
        n = max(least, min(most, below(rng, len(side) + 1)))
        order = sorted(hand, key=lambda c: (c[1] == trumps, rng.random()))
        return tuple(sorted(order[:n]))

    def card(self, hand, legal, view, seat, rng):
        if below(rng, 4) == 0:
            return legal[below(rng, len(legal))]
        return max(legal, key=lambda c: STRENGTH[c[0]])


class Club(EcarteBot):
    """Stands on about three likely tricks, throws what cannot win, and wins cheaply."""

    level = "club"

    def card(self, hand, legal, view, seat, rng):
        trumps = view.trumps
        if view.trick:
            return cheapest_winner(hand, legal, view.trick, trumps) or lowest(legal, trumps)
        held = [c for c in legal if c[1] == trumps]
        if len(held) >= 3 or len(held) == len(legal):
            return max(held or legal, key=lambda c: STRENGTH[c[0]])
        side = [c for c in legal if c[1] != trumps]
        kings = [c for c in side if c[0] == "K"]
        if kings:
            return kings[0]
        by_suit = {}
        for c in side:
            by_suit.setdefault(c[1], []).append(c)
        longest = max(by_suit.values(), key=lambda cs: (len(cs), max(STRENGTH[c[0]] for c in cs)))
        return max(longest, key=lambda c: STRENGTH[c[0]])


# A deal's points, as the expert counts them when they decide the match: from the score, the
# chance of winning the match (see match_chance). Deals score 1 point about three times in four
# and 2 points (vole or vulnerability) otherwise, to either side alike; a rough model is enough.
DEAL_POINTS = ((1, 0.36), (2, 0.14), (-1, 0.36), (-2, 0.14))


@lru_cache(maxsize=4096)
def match_chance(mine, theirs, target):
    """The chance of winning the match from this score, with evenly matched players."""
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return sum(p * (match_chance(mine + x, theirs, target) if x > 0 else match_chance(mine, theirs - x, target))
               for x, p in DEAL_POINTS)


def match_utility(scores, seat, target):
    """What each possible deal result (-2 … 2 points for `seat`) is worth: 2·P(win match) − 1."""
    mine, theirs = scores[seat], scores[1 - seat]
    out = {}
    for points in (-2, -1, 0, 1, 2):
        after = (mine + points, theirs) if points >= 0 else (mine, theirs - points)
        out[points] = 2 * match_chance(after[0], after[1], target) - 1
    return out


class Expert(Club):
    """Deals the unseen cards many ways and solves each deal exactly (perfect-information Monte
    Carlo). Before play it compares standing with exchanging over sampled deals. It weighs every
    result by what it does to its chance of winning the match, not by points alone; asked for its
    values (``values``), it gives the same comparison in the deal's points."""

    level = "expert"
    worlds = 32

    def _worlds(self, view, seat, rng, n):
        return [self.game.determinize(view, seat, rng) for _ in range(n)]

    def _utility(self, world, me, points=False):
        """What each deal result is worth to `me`: his chance of winning the match, or with
        `points` the deal's points themselves."""
        return None if points else match_utility(world.scores, me, world.options.target)

    def _play_value(self, world, me, vulnerable, points=False):
        o = world.options
        solver = Solver(world.trumps, me, vulnerable, o.must_trump, self._utility(world, me, points),
                        o.allow_revoke, world.revoked)
        return solver.value(world.hands, world.trick, world.leader, world.tricks)

    def card(self, hand, legal, view, seat, rng):
        if len(legal) == 1:
            return legal[0]
        totals = dict.fromkeys(legal, 0.0)
        for world in self._worlds(view, seat, rng, self.worlds):
            solver = Solver.for_state(world, seat, self._utility(world, seat))
            values = solver.action_values(world.hands, world.trick, world.leader, world.tricks)
            for c in legal:
                totals[c] += values[c]
        best = max(totals.values())
        # Among equal cards keep the cheapest, so as to give nothing away.
        return lowest([c for c in legal if totals[c] >= best - 1e-9], view.trumps)

    def _vulnerable_if_declined(self, view, decliner):
        return decliner if view.first_decision and view.options.vulnerability else None

    def _exchange_value(self, world, me, my_discard, points=False):
        """The deal's value for `me` if the round of exchange goes ahead: I throw my_discard (or
        the club choice when None) and the other side throws its club choice; then play."""
        nd, dealer = world.nondealer, world.dealer
        hands = list(world.hands)
        stock = list(world.stock)
        trumps = world.trumps
        for seat in (nd, dealer):
            least = 1 if seat == nd else min(world.options.dealer_min_exchange, len(stock))
            most = min(5, len(stock))
            if seat == me and my_discard is not None:
                out = my_discard
            else:
                out = heuristic_discard(hands[seat], trumps, least, most)
            kept = tuple(c for c in hands[seat] if c not in out)
            hands[seat] = sorted_hand(kept + tuple(stock[: len(out)]))
            stock = stock[len(out):]
        played = replace(world, hands=tuple(hands), stock=tuple(stock), phase="play", leader=nd)
        return self._play_value(played, me, world.vulnerable, points)

    def _stand_or_propose(self, view, seat, rng, points=False):
        """In each sampled world: (the value of standing, the value of proposing)."""
        trumps = view.trumps
        vul_stand = self._vulnerable_if_declined(view, seat)
        vul_refuse = self._vulnerable_if_declined(view, view.dealer)
        out = []
        for w in self._worlds(view, seat, rng, self.worlds):
            stand = self._play_value(w, seat, vul_stand, points)
            # The dealer answers the proposal as a club player would, seeing his own hand.
            if hand_strength(w.hands[view.dealer], trumps) >= self.refuse_at:
                propose = self._play_value(w, seat, vul_refuse, points)
            else:
                propose = self._exchange_value(w, seat, None, points)
            out.append((stand, propose))
        return out

    def _refuse_or_accept(self, view, seat, rng, points=False):
        """In each sampled world: (the value of refusing the exchange, the value of accepting it)."""
        vul = self._vulnerable_if_declined(view, seat)
        return [(self._play_value(w, seat, vul, points), self._exchange_value(w, seat, None, points))
                for w in self._worlds(view, seat, rng, self.worlds)]

    def _discard_value(self, world, view, seat, out, points=False):
        """The deal's value in one world when `seat` throws `out`."""
        if seat == view.nondealer:
            return self._exchange_value(world, seat, out, points)
        # The non-dealer has already exchanged: only my draw is left.
        kept = tuple(c for c in world.hands[seat] if c not in out)
        hands = list(world.hands)
        hands[seat] = sorted_hand(kept + tuple(world.stock[: len(out)]))
        played = replace(world, hands=tuple(hands), stock=world.stock[len(out):], phase="play",
                         leader=world.nondealer)
        return self._play_value(played, seat, world.vulnerable, points)

    def _discard_worlds(self, view, seat, rng):
        return self._worlds(view, seat, rng, max(8, self.worlds // 2))

    def stands(self, hand, trumps, view, seat, rng):
        stand = propose = 0.0
        for s, p in self._stand_or_propose(view, seat, rng):
            stand += s
            propose += p
        return stand > propose

    def refuses(self, hand, trumps, view, seat, rng):
        refuse = accept = 0.0
        for r, a in self._refuse_or_accept(view, seat, rng):
            refuse += r
            accept += a
        return refuse > accept

    def _discard_options(self, hand, trumps, least, most):
        order = discard_order(hand, trumps)
        return [tuple(order[:n]) for n in range(least, most + 1)]

    def discards(self, hand, trumps, least, most, view, seat, rng):
        options = self._discard_options(hand, trumps, least, most)
        if len(options) == 1:
            return tuple(sorted(options[0]))
        worlds = self._discard_worlds(view, seat, rng)
        best, best_value = options[0], None
        for out in options:
            value = 0.0
            for w in worlds:
                value += self._discard_value(w, view, seat, out)
            if best_value is None or value > best_value:
                best, best_value = out, value
        return tuple(sorted(best))

    def values(self, view, seat, rng, include=()):
        """The comparisons the expert decides by, in the deal's points for `seat` (the king of
        trumps shown counts its point): standing or proposing, refusing or accepting, the
        discards it weighs, and in the card play every legal action, solved exactly in each world
        (``exact_values``)."""
        legal = self.game.legal_actions(view, seat)
        if len(legal) < 2:
            return None
        phase = view.phase
        if phase == "propose":
            pairs = self._stand_or_propose(view, seat, rng, points=True)
            return Evaluation({Action("stand"): tuple(s for s, _p in pairs),
                               Action("propose"): tuple(p for _s, p in pairs)})
        if phase == "respond":
            pairs = self._refuse_or_accept(view, seat, rng, points=True)
            return Evaluation({Action("refuse"): tuple(r for r, _a in pairs),
                               Action("accept"): tuple(a for _r, a in pairs)})
        if phase == "discard":
            hand = [c for c in view.hands[seat] if c is not None]
            by_set = {frozenset(a.cards): a for a in legal}
            weighed = [by_set[frozenset(out)] for out in self._discard_options(hand, view.trumps,
                                                                               *discard_bounds(view, seat))]
            actions = list(dict.fromkeys(weighed + [a for a in include if a.kind == "discard"]))
            worlds = self._discard_worlds(view, seat, rng)
            return Evaluation({a: tuple(self._discard_value(w, view, seat, a.cards, points=True)
                                        for w in worlds) for a in actions})
        if phase == "play":
            solved = [self.game.exact_values(w, seat) for w in self._worlds(view, seat, rng, self.worlds)]
            return Evaluation({a: tuple(v[a] for v in solved) for a in legal})
        return None


LEVELS = {"beginner": Beginner, "club": Club, "expert": Expert}

__all__ = ["Beginner", "Club", "Expert", "LEVELS", "deal_points", "legal_cards"]
