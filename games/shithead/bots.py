"""Shithead bots at three strengths. Each sees only a view: ``choose(view, seat, rng)``.

- beginner: knows what may be played; swaps nothing, plays its lowest card one at a time.
- club: puts its best cards face up, plays all its cards of the lowest rank it can, keeps 2s, 10s
  and jokers for when nothing else goes, and burns when the pile is worth burning.
- expert: tries each sensible move on many deals consistent with what it has seen, plays each to
  the end with club players, and keeps the move that finishes best.
"""

import random
import time

from games.engine.actions import Action
from games.engine.bots import Bot, Evaluation
from games.engine.rng import below

from .rules import LADDER, SPECIAL, sort_key

# How often a beginner or club player departs from its habit (see Club.play). Without it, two bots
# left alone at the end of a deal can repeat the same pick-ups and plays for ever (the rules have no
# end for such a deal); with it, the repetition breaks.
WHIM = 0.1

# How much a card is worth keeping (higher: keep it face up / play it late).
KEEP = {r: i for i, r in enumerate("3456789JQKA")}
KEEP.update({"2": 13, "T": 14, "X": 15})


def keep_value(card):
    return KEEP[card[0]]


def _groups(actions):
    """Play actions by rank: the largest set of each rank (all the cards of it)."""
    best = {}
    for a in actions:
        if a.kind == "play":
            r = a.cards[0][0]
            if r not in best or len(a.cards) > len(best[r].cards):
                best[r] = a
    return best


class ShitheadBot(Bot):
    def choose(self, view, seat, rng):
        legal = self.game.legal_actions(view, seat)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "swap":
            return self.swap(view, seat, legal, rng)
        if view.phase == "end":
            return Action("next")
        flips = [a for a in legal if a.kind == "flip"]
        if flips:
            return flips[below(rng, len(flips))]
        return self.play(view, seat, legal, rng)

    def swap(self, view, seat, legal, rng):
        return Action("ready")

    def play(self, view, seat, legal, rng):
        raise NotImplementedError


class Beginner(ShitheadBot):
    """Plays the lowest card it may, one at a time; picks up only when it must."""

    level = "beginner"

    def play(self, view, seat, legal, rng):
        plays = [a for a in legal if a.kind == "play" and len(a.cards) == 1]
        if plays:
            if rng.random() < WHIM:
                return plays[below(rng, len(plays))]
            return min(plays, key=lambda a: (LADDER.find(a.cards[0][0]) if a.cards[0][0] != "X" else 13, a))
        return self.pickup(view, seat, legal)

    def pickup(self, view, seat, legal):
        pickups = [a for a in legal if a.kind == "pickup"]
        return min(pickups, key=lambda a: [sort_key(c) for c in a.cards])


class Club(ShitheadBot):
    """Sound habits: strong cards face up, low cards first and all of a rank together, specials
    kept for need."""

    level = "club"

    def swap(self, view, seat, legal, rng):
        hand, up = view.hands[seat], view.up[seat]
        worst_up = min(up, key=keep_value)
        best_hand = max(hand, key=keep_value)
        if keep_value(best_hand) > keep_value(worst_up):
            return Action("swap", (best_hand, worst_up))
        return Action("ready")

    def play(self, view, seat, legal, rng):
        by_rank = _groups(legal)
        plain = [r for r in by_rank if r not in SPECIAL]
        pile = len(view.pile)
        if plain:
            if len(plain) > 1 and rng.random() < WHIM:
                # Now and then another rank: players who always answer alike can pass the same
                # cards back and forth for ever once the stock is gone.
                plain = sorted(plain, key=lambda r: LADDER.find(r))[1:]
            low = min(plain, key=lambda r: LADDER.find(r))
            # A high card on a small pile early is a waste when a special would reset it cheaply.
            return by_rank[low]
        specials = [r for r in by_rank if r in SPECIAL]
        if specials:
            # Burn a big pile with a 10; otherwise a 2 or a joker costs less.
            if "T" in specials and (pile >= 4 or len(specials) == 1):
                return by_rank["T"]
            for r in ("2", "X", "T"):
                if r in specials:
                    return Action("play", by_rank[r].cards[:1])
        return self.pickup(view, seat, legal)

    def pickup(self, view, seat, legal):
        pickups = [a for a in legal if a.kind == "pickup"]
        # From face-up cards: take the best one along (it is safer in hand than left to last).
        return max(pickups, key=lambda a: [keep_value(c) for c in a.cards])


class Expert(Club):
    """The club player's move, unless looking ahead shows a better one. For each sensible move it
    deals the unseen cards consistently with the view several times, plays each world to the end
    of the deal with club players, and compares every move with the club's choice on the same
    worlds and the same luck (paired differences). It leaves the club's choice only when another
    move is better by a clear margin, so noise in the playouts cannot make it worse than club.
    The work is a fixed number of worlds, capped by a time budget on a machine under load."""

    level = "expert"
    worlds = 16
    horizon = 120  # actions per playout before it is scored by cards left
    budget = 0.25  # seconds
    margin = 0.02  # the least average gain (in finishing score) worth leaving the club's move for

    def choose(self, view, seat, rng):
        if view.phase != "play":
            return super().choose(view, seat, rng)
        legal = self.game.legal_actions(view, seat)
        default = super().choose(view, seat, rng)
        options = self._options(view, seat, legal)
        if default not in options:
            options.insert(0, default)
        if len(options) == 1:
            return options[0]
        others = [a for a in options if a != default]
        gains = {a: [] for a in others}
        stop = time.perf_counter() + self.budget
        for scores in self._played(view, seat, rng, [default] + others, stop):
            base = scores[0]
            for action, score in zip(others, scores[1:]):
                gains[action].append(score - base)
        best, best_low = default, 0.0
        for action, found in gains.items():
            n = len(found)
            mean = sum(found) / n
            spread = (sum((x - mean) ** 2 for x in found) / (n - 1)) ** 0.5 if n > 1 else 1.0
            low = mean - 2 * spread / n ** 0.5  # about a 95% lower bound on the gain
            if mean >= self.margin and low > best_low:
                best, best_low = action, low
        return best

    def _played(self, view, seat, rng, actions, stop=None):
        """For each world dealt from the view (at most ``worlds``; with `stop`, no new one after that
        time once four are done), the finishing score of each action, in order, each played to the
        end with the same luck."""
        club = Club(self.game)
        for i in range(self.worlds):
            if stop is not None and i >= 4 and time.perf_counter() > stop:
                break
            world = self.game.determinize(view, seat, rng)
            luck = rng.random()
            yield [self._playout(world, seat, action, club, random.Random(luck)) for action in actions]

    def values(self, view, seat, rng, include=()):
        """The moves the expert compares (and those in `include`), each played out in the same
        worlds with the same luck, as finishing scores (see ``_score``). Every world is played,
        whatever the time, so the same rng always gives the same values. The swap is made by
        habit and a blind flip by chance: nothing is weighed there."""
        if view.phase != "play":
            return None
        legal = self.game.legal_actions(view, seat)
        if len(legal) < 2 or any(a.kind == "flip" for a in legal):
            return None
        actions = list(dict.fromkeys(self._options(view, seat, legal) + [a for a in include if a in legal]))
        if len(actions) < 2:
            return None
        rows = list(self._played(view, seat, rng, actions))
        return Evaluation({a: tuple(row[k] for row in rows) for k, a in enumerate(actions)}, unit="finish")

    def _options(self, view, seat, legal):
        """The moves worth comparing: every rank played whole, a special played singly, a pick-up
        (the club's choice of face-up card), and a blind flip is left to chance."""
        if any(a.kind == "flip" for a in legal):
            return [a for a in legal if a.kind == "flip"][:1]
        by_rank = _groups(legal)
        out = []
        for r, a in sorted(by_rank.items(), key=lambda item: LADDER.find(item[0])):
            out.append(a)
            if r in SPECIAL and len(a.cards) > 1:
                out.append(Action("play", a.cards[:1]))
        pickups = [a for a in legal if a.kind == "pickup"]
        if pickups:
            out.append(Club.pickup(self, view, seat, legal))
        return out

    def _playout(self, world, seat, action, club, rng):
        game = self.game
        state = game.apply(world, seat, action)
        for _ in range(self.horizon):
            if state.phase != "play":
                break
            mover = state.turn
            # The world is this bot's own guess at the hidden cards, built from its view: the
            # imagined players decide from it directly (the club player reads only its own cards,
            # the pile and the counts), which saves building a view at every step.
            state = game.apply(state, mover, club.choose(state, mover, rng))
        return self._score(state, seat)

    def _score(self, state, seat):
        """1 for going out first ... 0 for the shithead; unfinished: by cards left."""
        n = state.players
        if seat in state.out:
            return 1.0 - state.out.index(seat) / max(1, n - 1) * 0.5
        if state.phase != "play" and state.losers and state.losers[-1] == seat:
            return 0.0
        mine = len(state.hands[seat]) + len(state.up[seat]) + len(state.down[seat])
        others = [len(state.hands[s]) + len(state.up[s]) + len(state.down[s]) for s in state.active() if s != seat]
        if not others:
            return 0.0
        return 0.5 * (sum(1 for o in others if o > mine) / len(others))


LEVELS = {"beginner": Beginner, "club": Club, "expert": Expert}

__all__ = ["Beginner", "Club", "Expert", "LEVELS"]
