"""A choice judged over the deals a player cannot rule out.

Where the cards that decide a choice are hidden from the player (a bid made before the other hand
is seen), no search can prove the answer. What can be said honestly is how each choice fares over
many deals consistent with what the player sees: a game's ``sampled_values`` deals the unseen cards
at random, plays each legal action out in every such deal by a policy it names, and returns a
``Sample``; ``figures`` sums up one action's results with 95% intervals.
"""

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .actions import Action
from .bots import UNITS
from .play import wilson
from .rng import rng_for

Z95 = 1.96


@dataclass(frozen=True)
class Sample:
    """Each action's result, deal by deal, for the seat that chooses: ``values[action][k]`` in the
    deal numbered ``first + k`` (the seat's points in that deal less the other's, or as ``unit``
    says), ``ahead[action][k]`` whether the seat came out of that deal ahead of the others. Every
    action is played in the same deals. ``policy`` names how a deal is played out after the
    choice (the game's own id; the content says it in words)."""

    policy: str
    unit: str
    first: int
    values: Mapping[Action, tuple[float, ...]]
    ahead: Mapping[Action, tuple[bool, ...]]

    def __post_init__(self):
        if self.unit not in UNITS:
            raise ValueError(f"unknown unit {self.unit!r}")
        if set(self.values) != set(self.ahead):
            raise ValueError("values and ahead must name the same actions")
        if len({len(v) for v in self.values.values()} | {len(v) for v in self.ahead.values()}) > 1:
            raise ValueError("every action must be played in the same deals")

    @property
    def deals(self) -> int:
        return len(next(iter(self.values.values()), ()))


@dataclass(frozen=True)
class Figures:
    """What one action's results over `deals` deals say: the mean and its 95% interval (normal
    approximation), and how many deals it came out ahead in with the 95% Wilson interval of that
    rate. Rounded (means to 0.01, rates to 0.0001) so that stored figures compare exactly."""

    deals: int
    mean: float
    low: float
    high: float
    ahead: int
    ahead_low: float
    ahead_high: float


def figures(values, ahead) -> Figures:
    """The Figures of one action from its per-deal values and ahead flags (in deal order)."""
    values = [float(v) for v in values]
    n = len(values)
    if n == 0 or n != len(ahead):
        raise ValueError("figures need as many ahead flags as values, and at least one deal")
    mean = math.fsum(values) / n
    half = 0.0
    if n > 1:
        variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
        half = Z95 * math.sqrt(variance / n)
    won = sum(1 for a in ahead if a)
    lo, hi = wilson(won, n)
    return Figures(deals=n, mean=round(mean, 2), low=round(mean - half, 2), high=round(mean + half, 2),
                   ahead=won, ahead_low=round(max(0.0, lo), 4), ahead_high=round(min(1.0, hi), 4))


# --- the one sampler of every game ----------------------------------------------------------------
def deal_out(game, state, seat, seed, deals, play_out: Callable, actions=None) -> dict:
    """Each choice played out in the deals `seat` cannot rule out: for every k of `deals`, the cards
    `seat` cannot see are dealt at random from his view (the game's own ``determinize``, seeded by
    ``seed`` and k), and each action (every legal one, or those given) is played in that same deal by
    ``play_out(world, action, rng)`` with its own seeded luck. Returns {action: [result, ...]} in deal
    order, whatever ``play_out`` returns (a game's value, or a tuple of facts)."""
    view = game.view(state, seat)
    actions = list(game.legal_actions(view, seat) if actions is None else actions)
    results = {a: [] for a in actions}
    for k in deals:
        world = game.determinize(view, seat, rng_for(game.slug, "sample", seed, k))
        for action in actions:
            results[action].append(play_out(world, action, rng_for(game.slug, "sample", seed, k, action)))
    return results


def sampled_values(game, state, seat, seed, deals, *, phases, policy: str, unit: str, play_out: Callable,
                   ahead: Callable) -> Sample | None:
    """A game's ``sampled_values`` from its own parts: the phases where it samples (None elsewhere,
    or when `seat` is not to decide), the name of its policy, its unit, how a deal is played out
    after a choice (``play_out(world, action, rng)``: the chooser's value in that deal) and when a
    value counts as ahead."""
    if state.phase not in phases or seat not in game.turn(state):
        return None
    results = deal_out(game, state, seat, seed, deals, play_out)
    return Sample(policy=policy, unit=unit, first=deals.start,
                  values={a: tuple(v) for a, v in results.items()},
                  ahead={a: tuple(ahead(x) for x in v) for a, v in results.items()})


__all__ = ["Figures", "Sample", "deal_out", "figures", "sampled_values"]
