"""The play of a table of people: the position is the replay of its actions from its seed; a person
acts for their own seat only, when the game waits for it or lets it interrupt, and the engine's
`check` decides; then the bots play their seats until a person is awaited or the match ends. Bots
draw their luck from the table and the move's number, so a table replays the same on any server."""

from dataclasses import dataclass

from games.engine import registry
from games.engine.play import acting_seat, bot_levels, interruption
from games.engine.rng import rng_for

RUN_LIMIT = 400  # bot actions in one request at most (a match of bots alone ends long before)


@dataclass
class Position:
    """The states of a table's match: ``states[i]`` after i actions."""

    game: object
    states: list

    @property
    def state(self):
        return self.states[-1]


def game_of(table):
    return registry.get(table.game)


def replay(table) -> Position:
    game = game_of(table)
    state = game.new(table.seed, table.players, game.options(table.options))
    states = [state]
    for seat, text in table.actions:
        state = game.apply(state, seat, game.parse_action(text))
        states.append(state)
    return Position(game, states)


def may_act(game, state, seat) -> bool:
    return seat in game.turn(state) or seat in game.interrupters(state)


def bots_play(table, game, state, index, stand_in=()):
    """The bots' actions from `state` (after `index` actions) until a person is awaited (or may
    interrupt) or the match ends: [(seat, action)], with the states after them. The person seats of
    `stand_in` (people away) are played by a bot of the table's `away` level meanwhile."""
    levels = bot_levels(game)
    bots = {s: levels[seat["level"]](game) for s, seat in enumerate(table.seats) if seat["kind"] == "bot"}
    bots.update({s: levels[table.away](game) for s in stand_in})
    people = set(table.person_seats()) - set(stand_in)
    moves, states = [], []
    for k in range(RUN_LIMIT):
        rng = rng_for("people", table.token, index + k)
        # A person who may interrupt here gets the chance: the bots do not race them.
        if people & set(game.interrupters(state)):
            break
        taken = interruption(game, state, bots, rng)
        if taken is None:
            seat = acting_seat(game, state)
            if seat is None or seat in people:
                break
            taken = seat, bots[seat].choose(game.view(state, seat), seat, rng)
        state = game.apply(state, *taken)
        moves.append(taken)
        states.append(state)
    return moves, states
