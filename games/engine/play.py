"""Playing whole matches between bots (arena, benchmarks, tests)."""

import importlib
import math

from .rng import rng_for


def bot_levels(game) -> dict:
    """The game's bot classes by level name (beginner, club, expert)."""
    return importlib.import_module(f"games.{game.slug}.bots").LEVELS


def measuring_bots(game) -> dict:
    """Bots that are not levels, only yardsticks for the arena (e.g. a player shown every card, for
    the ceiling luck leaves): the bots module's MEASURING, by name. Such a bot says so with
    ``sees_all = True`` and is given the whole state (``choose_full``); no page ever uses one."""
    return getattr(importlib.import_module(f"games.{game.slug}.bots"), "MEASURING", {})


def line_states(game, position: str, moves) -> list:
    """The positions a line of moves passes through from a position in notation: the start, then
    the position after each (seat, action text) of `moves`."""
    state = game.from_text(position)
    out = [state]
    for seat, text in moves:
        state = game.apply(state, seat, game.parse_action(text))
        out.append(state)
    return out


def acting_seat(game, state, prefer=None):
    """The seat to act next: `prefer` if the game waits for it, else one the game waits for (the
    first round the table where several decide at once); None once the match is over."""
    waiting = game.turn(state)
    if not waiting:
        return None
    if prefer in waiting:
        return prefer
    return min(waiting)


def interruption(game, state, bots, rng, skip=()):
    """(seat, action) of the first bot that takes its chance to act out of turn, or None."""
    for seat in sorted(game.interrupters(state)):
        if seat in skip or bots.get(seat) is None:
            continue
        action = bots[seat].interrupt(game.view(state, seat), seat, rng)
        if action is not None:
            return seat, action
    return None


def play_match(game, bots, seed, players=None, options=None, max_actions=100_000):
    """Play a match to its end; bots[seat] chooses for that seat from its view only. After every
    action each seat that may interrupt is asked whether it does."""
    players = players or game.player_counts[0]
    state = game.new(seed, players, options)
    rng = rng_for("match", game.slug, seed)
    bots = dict(enumerate(bots))
    for _ in range(max_actions):
        taken = interruption(game, state, bots, rng)
        if taken is None:
            seat = acting_seat(game, state)
            if seat is None:
                return state
            bot = bots[seat]
            if getattr(bot, "sees_all", False):
                taken = seat, bot.choose_full(state, seat, rng)
            else:
                taken = seat, bot.choose(game.view(state, seat), seat, rng)
        state = game.apply(state, *taken)
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
