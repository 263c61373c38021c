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

from games.engine import sampling

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


def _played(game, club, world, seat, action, rng):
    """The position at the end of the deal after `action`, the rest played by the policy."""
    state = game.apply(world, seat, action)
    deal = world.deal
    while state.deal == deal and state.phase not in ("end", "over"):
        mover = min(game.to_move(state))
        state = game.apply(state, mover, club.choose(game.view(state, mover), mover, rng))
    return state


def played_out(game, club, world, seat, action, rng) -> int:
    """`seat`'s chips won (or paid, below zero) in the deal after `action`, by the policy."""
    return _played(game, club, world, seat, action, rng).balances[seat] - world.balances[seat]


def sampled_values(game, state, seat, seed, deals):
    from .bots import Club

    club = Club(game)
    return sampling.sampled_values(
        game, state, seat, seed, deals, phases=BEFORE_TRICKS, policy=POLICY, unit="chips",
        play_out=lambda world, action, rng: float(played_out(game, club, world, seat, action, rng)),
        ahead=lambda value: value >= 0)


def play_or_pass_figures(game, state, seat, seed, deals, seconds=None, chunk=20):
    """For the play-or-pass hint: over the deals `seat` cannot rule out (the platform's sampler),
    playing then played out by the policy, [(chips won, escaped frepe), ...] deal by deal. With
    `seconds`, the deals are dealt in runs of `chunk` until the time is spent (at least one run):
    the first so many of `deals`, the same deals whatever the machine, only fewer when it is slow."""
    import time

    from games.engine.actions import Action

    from .bots import Club

    club = Club(game)

    def play_out(world, action, rng):
        after = _played(game, club, world, seat, action, rng)
        return after.balances[seat] - world.balances[seat], seat not in after.history[-1].frepe

    play = Action("declare", choice="play")
    started = time.perf_counter()
    found = []
    for start in range(deals.start, deals.stop, chunk):
        run = range(start, min(start + chunk, deals.stop))
        found += sampling.deal_out(game, state, seat, seed, run, play_out, actions=[play])[play]
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
    return found
