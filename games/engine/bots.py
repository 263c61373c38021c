"""The bot interface and the simplest bot: a legal random choice."""

from dataclasses import dataclass
from typing import Mapping

from .actions import Action
from .rng import below

# What an Evaluation's values count (the web layer words each): the deal's points for the seat, or a
# finishing score (1 for finishing first, 0 for finishing last).
UNITS = ("points", "finish", "chips")  # chips: won (+) or paid (−) by the seat, the pot counted as paid


@dataclass(frozen=True)
class Evaluation:
    """What a bot makes of the actions of one decision, world by world: ``samples[action][k]`` is
    the action's value for the deciding seat in the k-th world the bot imagined from its view. Every
    action is valued in the same worlds (and with the same luck in them), so the difference of two
    actions, world by world, is meaningful. ``unit`` is one of UNITS."""

    samples: Mapping[Action, tuple[float, ...]]
    unit: str = "points"
    complete: bool = True  # False when ``values_within`` ran out of time before all its worlds

    def __post_init__(self):
        if self.unit not in UNITS:
            raise ValueError(f"unknown unit {self.unit!r}")
        if len({len(v) for v in self.samples.values()}) > 1:
            raise ValueError("every action must be valued in the same worlds")

    @property
    def worlds(self) -> int:
        return len(next(iter(self.samples.values()), ()))

    def mean(self, action) -> float:
        values = self.samples[action]
        return sum(values) / len(values)

    def best(self):
        """The action with the highest average (the first in sorted order among equals)."""
        return max(sorted(self.samples), key=self.mean)

    def cost(self, action) -> tuple[float, float]:
        """(how much less than the best action `action` is worth on average, the standard error of
        that average difference over the worlds)."""
        best = self.best()
        diffs = [b - a for a, b in zip(self.samples[action], self.samples[best])]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return mean, 0.0
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, (variance / n) ** 0.5


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

    def values(self, view, seat, rng, include=()):
        """How this bot weighs the decision `seat` faces in `view`, from the view alone: an
        Evaluation of the legal actions it compares when it decides, and of the legal actions in
        `include` besides, or None when it weighs nothing here (a single choice, a choice left to
        chance, or one it makes by habit). The same rng gives the same Evaluation. A bot that
        searches says so by overriding this with its own way of deciding."""
        return None

    def values_within(self, view, seat, rng, seconds, include=()):
        """``values`` as far as about `seconds` allow: the same worlds in the same order (the same
        rng gives the same first worlds), fewer of them when the time runs out. By default all of
        them: a bot whose values come quickly need not say more."""
        return self.values(view, seat, rng, include)


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
