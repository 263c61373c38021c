"""The toy game's bots: the beginner plays at random, the club player plays its highest card (and
stakes 1), the expert stakes 2, reckons each card over the deals it cannot rule out and calls Stop!
when it is right."""

from games.engine.actions import Action
from games.engine.bots import Bot, Evaluation, RandomBot

from .game import ORDER, STOP


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


class Reckoner(Highest):
    """Plays the card worth most on average over WORLDS deals of the unseen cards, each played out
    exactly; the stake and the next deal by habit."""

    level = "expert"
    stake = "2"
    WORLDS = 12

    def interrupt(self, view, seat, rng):
        """Calls Stop! when it is right (the stake is in sight, and the last deal's winner)."""
        return STOP if self.game.interruption_verdict(view, seat, STOP) else None

    def choose(self, view, seat, rng):
        evaluation = self.values(view, seat, rng)
        return evaluation.best() if evaluation else super().choose(view, seat, rng)

    def values(self, view, seat, rng, include=()):
        if view.phase != "play" or len(self.game.legal_actions(view, seat)) < 2:
            return None
        samples = {}
        for _ in range(self.WORLDS):
            exact = self.game.exact_values(self.game.determinize(view, seat, rng), seat)
            for action, value in exact.items():
                samples.setdefault(action, []).append(value)
        return Evaluation({a: tuple(v) for a, v in samples.items()})


LEVELS = {"beginner": Beginner, "club": Highest, "expert": Reckoner}
