"""Frepe's values for puzzles and hints: exact in the tricks when every hand is known, sampled
before them.

Exact (``exact_values``): in the tricks, with every hand in play known, each player plays to win
the most chips for himself (max-n: there are no partners at a Frepe table), the tricks are played
out to the settlement, and a card's value is the chooser's chips at the end of the deal less his
chips before it. Between cards of equal value for the player choosing, the first in the hand's
order is taken, so that the search gives the same answer everywhere.

Sampled (``sampled_values``): before the tricks (taking the trump card, play or pass, the dummy
and the exchange), the cards the chooser cannot see are dealt at random from his view, each legal
choice is played in the same deals, and the rest of the deal is played by one fixed policy
(POLICY): everyone, the chooser included, as the club player decides from what he sees. A choice's
value is again the chooser's chips won or paid in the deal; he is "ahead" in a deal when he paid
nothing more in it after his choice (for a player in play: he did not get frepe).
"""

from games.engine.rng import rng_for
from games.engine.sampling import Sample

POLICY = "club-everyone"
BEFORE_TRICKS = ("trump", "declare", "dummy", "exchange")
SEARCH_LIMIT = 200_000  # positions; an ending larger than this is not searched (None)


class TooLarge(Exception):
    pass


def exact_values(game, state, seat):
    if state.phase != "play" or seat not in game.to_move(state):
        return None
    if any(c is None for s in state.active for c in state.hands[s]):
        return None
    before = state.balances
    memo = {}

    def best(position):
        """The chips each seat ends the deal with, seat by seat, under max-n play from here."""
        key = (position.hands, position.trick, position.leader, position.tricks_taken())
        if key in memo:
            return memo[key]
        if len(memo) > SEARCH_LIMIT:
            raise TooLarge
        if position.phase != "play":
            result = position.balances
        else:
            mover = min(game.to_move(position))
            result = None
            for action in game.legal_actions(position, mover):
                outcome = best(game.apply(position, mover, action))
                if result is None or outcome[mover] > result[mover]:
                    result = outcome
        memo[key] = result
        return result

    try:
        return {a: best(game.apply(state, seat, a))[seat] - before[seat] for a in game.legal_actions(state, seat)}
    except TooLarge:
        return None


def played_out(game, club, world, seat, action, rng) -> int:
    """`seat`'s chips won (or paid, below zero) in the deal after `action`, by the policy."""
    state = game.apply(world, seat, action)
    deal = world.deal
    while state.deal == deal and state.phase not in ("end", "over"):
        mover = min(game.to_move(state))
        state = game.apply(state, mover, club.choose(game.view(state, mover), mover, rng))
    return state.balances[seat] - world.balances[seat]


def sampled_values(game, state, seat, seed, deals):
    from .bots import Club

    if state.phase not in BEFORE_TRICKS or seat not in game.turn(state):
        return None
    view = game.view(state, seat)
    actions = game.legal_actions(view, seat)
    club = Club(game)
    values = {a: [] for a in actions}
    for k in deals:
        world = game.determinize(view, seat, rng_for(game.slug, "sample", seed, k))
        for action in actions:
            values[action].append(played_out(game, club, world, seat, action,
                                             rng_for(game.slug, "sample", seed, k, action)))
    return Sample(policy=POLICY, unit="chips", first=deals.start,
                  values={a: tuple(float(x) for x in v) for a, v in values.items()},
                  ahead={a: tuple(x >= 0 for x in v) for a, v in values.items()})
