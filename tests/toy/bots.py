"""The toy game's bots: the beginner plays at random, the club player and the expert play their
highest card (the club player stakes 1, the expert 2)."""

from games.engine.actions import Action
from games.engine.bots import Bot, RandomBot

from .game import ORDER


class Beginner(RandomBot):
    level = "beginner"


class Highest(Bot):
    level = "club"
    stake = "1"

    def choose(self, view, seat, rng):
        legal = self.game.legal_actions(view, seat)
        if view.phase == "stake":
            return Action("stake", choice=self.stake)
        return max(legal, key=lambda a: ORDER.index(a.card[0]))


class Bold(Highest):
    level = "expert"
    stake = "2"


LEVELS = {"beginner": Beginner, "club": Highest, "expert": Bold}
