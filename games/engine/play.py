"""Playing whole matches between bots (arena, benchmarks, tests)."""

import importlib
import math

from .rng import rng_for


def bot_levels(game) -> dict:
    """The game's bot classes by level name (beginner, club, expert)."""
    return importlib.import_module(f"games.{game.slug}.bots").LEVELS


def play_match(game, bots, seed, players=None, options=None, max_actions=100_000):
    """Play a match to its end; bots[seat] chooses for that seat from its view only."""
    players = players or game.player_counts[0]
    state = game.new(seed, players, options)
    rng = rng_for("match", game.slug, seed)
    for _ in range(max_actions):
        movers = game.to_move(state)
        if not movers:
            return state
        seat = min(movers)
        action = bots[seat].choose(game.view(state, seat), seat, rng)
        state = game.apply(state, seat, action)
    raise RuntimeError(f"{game.slug} match {seed} did not end")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)
