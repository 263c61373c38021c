"""Exact search for two-player Shithead positions where every card is known and the stock is
empty (puzzles): who goes out first with best play.

Play can go round in circles (picking up undoes progress), so the search has a horizon: a line not
settled within it is worth 0, and a value of +1 or -1 is proved within the horizon.
"""

HORIZON = 12
# A search that visits more positions than this gives up: the position is then not exact (None),
# and nothing that asks (a puzzle check, a review at the table) waits for an answer too long.
BUDGET = 6_000


class TooBig(Exception):
    pass


def _key(state):
    return (state.hands, state.up, state.down, state.pile, state.turn, state.direction)


def _value(game, state, me, depth, memo, budget=BUDGET):
    """+1 if `me` goes out first, -1 if the other does, 0 if not settled within depth plies."""
    if state.phase != "play":
        return 1 if state.losers[-1] != me else -1
    if depth == 0:
        return 0
    memo["nodes"] = memo.get("nodes", 0) + 1
    if budget is not None and memo["nodes"] > budget:
        raise TooBig
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
        v = _value(game, game.apply(state, mover, action), me, depth - 1, memo, budget)
        if best is None or (v > best if mover == me else v < best):
            best = v
        if (mover == me and best == 1) or (mover != me and best == -1):
            break
    memo[position if best else key] = best
    return best


def action_values(game, state, seat, horizon=HORIZON, budget=BUDGET):
    """Each legal action's value, or None when the search would visit more than `budget`
    positions (None: no limit)."""
    memo = {}
    try:
        return {action: _value(game, game.apply(state, seat, action), seat, horizon - 1, memo, budget)
                for action in game.legal_actions(state, seat)}
    except TooBig:
        return None
