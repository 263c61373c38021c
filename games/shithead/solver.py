"""Exact search for two-player Shithead positions where every card is known and the stock is
empty (puzzles): who goes out first with best play.

Play can go round in circles (picking up undoes progress), so the search has a horizon: a line not
settled within it is worth 0, and a value of +1 or -1 is proved within the horizon.
"""

HORIZON = 12


def _key(state):
    return (state.hands, state.up, state.down, state.pile, state.turn, state.direction)


def _value(game, state, me, depth, memo):
    """+1 if `me` goes out first, -1 if the other does, 0 if not settled within depth plies."""
    if state.phase != "play":
        return 1 if state.losers[-1] != me else -1
    if depth == 0:
        return 0
    position = _key(state)
    settled = memo.get(position)  # a win or loss proved within a horizon holds for a longer one
    if settled is not None:
        return settled
    key = (position, depth)
    hit = memo.get(key)
    if hit is not None:
        return hit
    mover = state.turn
    best = None
    for action in game.legal_actions(state, mover):
        v = _value(game, game.apply(state, mover, action), me, depth - 1, memo)
        if best is None or (v > best if mover == me else v < best):
            best = v
        if (mover == me and best == 1) or (mover != me and best == -1):
            break
    memo[position if best else key] = best
    return best


def action_values(game, state, seat, horizon=HORIZON):
    memo = {}
    return {action: _value(game, game.apply(state, seat, action), seat, horizon - 1, memo)
            for action in game.legal_actions(state, seat)}
