"""Frepe bots at three strengths. Each sees only a view: ``choose(view, seat, rng)``.

- beginner: any legal choice, at random.
- club: plays when its hand looks good for two tricks, keeps trumps and aces in the exchange, wins
  a trick as cheaply as it can and otherwise throws its lowest card.
- expert: for now the club player.
"""

from games.engine.actions import Action
from games.engine.bots import Bot, RandomBot
from games.engine.cards import rank, suit

from .rules import STRENGTH, beats, playable, trick_winner

# Roughly how likely each card is to take a trick, trumps and other suits.
TRUMP_WORTH = {"A": 1.0, "3": 0.95, "K": 0.85, "Q": 0.75, "J": 0.65, "7": 0.55, "6": 0.5, "5": 0.45, "4": 0.4,
               "2": 0.35}
SIDE_WORTH = {"A": 0.7, "3": 0.45, "K": 0.25, "Q": 0.1, "J": 0.05, "7": 0.0, "6": 0.0, "5": 0.0, "4": 0.0, "2": 0.0}
PLAY_AT = 1.8  # the expected tricks at which a hand plays


def worth(card, trumps):
    return (TRUMP_WORTH if suit(card) == trumps else SIDE_WORTH)[rank(card)]


def expected_tricks(hand, trumps):
    return sum(worth(c, trumps) for c in hand)


def weakest(cards, trumps):
    """The cards from the one most worth throwing away to the least."""
    return sorted(cards, key=lambda c: (worth(c, trumps), STRENGTH[rank(c)], c))


class Beginner(RandomBot):
    level = "beginner"


class Club(Bot):
    level = "club"

    def choose(self, view, seat, rng):
        legal = self.game.legal_actions(view, seat)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        hand = [c for c in view.hands[seat] if c is not None]
        trumps = view.trumps
        if phase == "trump":
            # Take the turned card when it is worth more than the weakest card it replaces.
            out = weakest(hand, trumps)[0]
            if worth(view.turned, trumps) >= 0.85 and worth(view.turned, trumps) > worth(out, trumps):
                return Action("take", (out,))
            return Action("leave")
        if phase == "declare":
            good = expected_tricks(hand, trumps) >= PLAY_AT
            return Action("declare", choice="play" if good else "pass")
        if phase == "dummy":
            return Action("discard", (weakest(hand, trumps)[0],))
        if phase == "exchange":
            least, most = self.game.exchange_bounds(view, seat)
            weak = [c for c in weakest(hand, trumps) if worth(c, trumps) < 0.4]
            n = max(least, min(most, len(weak)))
            return Action("discard", tuple(weakest(hand, trumps)[:n]))
        if phase == "play":
            cards = playable(hand, view.trick, trumps, view.options.may_discard_if_cannot_overtrump)
            return Action("play", (self._card(cards, view.trick, trumps),))
        return legal[0]

    @staticmethod
    def _card(cards, trick, trumps):
        if not trick:
            # Lead the strongest card: a high trump draws the others', a side ace may stand.
            return max(cards, key=lambda c: (worth(c, trumps), c))
        best = trick[trick_winner(trick, trumps)]
        winners = [c for c in cards if beats(c, best, trumps)]
        if winners:  # win as cheaply as possible
            return min(winners, key=lambda c: (suit(c) == trumps, STRENGTH[rank(c)], c))
        return weakest(cards, trumps)[0]


class Expert(Club):
    level = "expert"


LEVELS = {"beginner": Beginner, "club": Club, "expert": Expert}
