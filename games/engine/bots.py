"""The bot interface and the simplest bot: a legal random choice."""

from .rng import below


class Bot:
    """A player that sees only a view. ``choose(view, seat, rng)`` returns a legal action."""

    level = ""

    def __init__(self, game):
        self.game = game

    def choose(self, view, seat, rng):
        raise NotImplementedError

    def interrupt(self, view, seat, rng):
        """Given the chance to act out of turn (``Game.interrupters``), the action taken, or None
        to let play go on. By default a bot never interrupts."""
        return None


class RandomBot(Bot):
    """Picks at random among the legal actions: enough to drive random matches. Each action
    counts as much as the game's ``random_weight`` says (1 each unless a game asks otherwise)."""

    level = "random"

    def choose(self, view, seat, rng):
        actions = self.game.legal_actions(view, seat)
        weights = self.game.random_weights(view, seat, actions)
        if len(set(weights)) == 1:
            return actions[below(rng, len(actions))]
        pick = rng.random() * sum(weights)
        for action, weight in zip(actions, weights):
            pick -= weight
            if pick < 0:
                return action
        return actions[-1]
