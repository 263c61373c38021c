"""The bot interface and the simplest bot: a legal random choice."""

from .rng import below


class Bot:
    """A player that sees only a view. ``choose(view, seat, rng)`` returns a legal action."""

    level = ""

    def __init__(self, game):
        self.game = game

    def choose(self, view, seat, rng):
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions: enough to drive random matches."""

    level = "random"

    def choose(self, view, seat, rng):
        actions = self.game.legal_actions(view, seat)
        return actions[below(rng, len(actions))]
