"""What a teaching table shows, from its stored deal: the position at a step, the view the mode
allows, and the moves made in it. The engine decides every move (its `check`)."""

from games.engine import registry
from games.engine.play import line_states
from games.engine.rules import NotationError

from .models import TeachingTable


def game_of(table):
    return registry.get(table.game)


def states(table):
    """Every position of the table's deal: the start, then after each move."""
    return line_states(game_of(table), table.start, table.actions)


def shown(game, state, mode, seat):
    """The position as the room may see it: every card (open), one seat's view, or only what every
    player sees (public)."""
    if mode == TeachingTable.OPEN:
        return state
    if mode == TeachingTable.SEAT:
        return game.view(state, seat)
    return game.public_view(state)


def parse(game, text):
    try:
        return game.parse_action(text)
    except (NotationError, ValueError):
        return None
