"""The choices made before the tricks (the bids, the dix, the declarations) played out over the
deals the chooser cannot rule out (Game.sampled_values).

Each deal: the cards the chooser cannot see (the other hand and the whole stock, hence the second
round of the deal and the stock's bottom card) dealt at random, consistently with his view, by the
engine's own determinize (the platform's sampler, games/engine/sampling.py). Each legal choice is then played out in that same deal, by one fixed
policy (POLICY):

- everything before the first card that is still to decide (the rest of the bidding, the dix,
  the declarations), for both players, the chooser included, as the club bot decides it from what
  each sees;
- the nine tricks with best play by both as if every card were visible (the exact solver): it
  favours neither side, though it is not how people play.

A choice's value in a deal is the chooser's deal score less the other's (0 for an annulled deal);
he is ahead when it is above 0 (as the maker: he made it; as the opponent: the maker failed).
"""

from games.engine import sampling

POLICY = "club-bidding-solved-tricks"
BEFORE_TRICKS = ("bid1", "schmeiss", "bid2", "dix", "declare")


def sampled_values(game, state, seat, seed, deals):
    from .bots import Club

    club = Club(game)
    return sampling.sampled_values(
        game, state, seat, seed, deals, phases=BEFORE_TRICKS, policy=POLICY, unit="points",
        play_out=lambda world, action, rng: played_out(game, club, world, seat, action, rng),
        ahead=lambda value: value > 0)


def played_out(game, club, world, seat, action, rng) -> int:
    """`seat`'s deal score less the other's after `action` in this full deal, by the policy."""
    state = game.apply(world, seat, action)
    while state.phase in BEFORE_TRICKS:
        mover = min(game.turn(state))
        state = game.apply(state, mover, club.choose(game.view(state, mover), mover, rng))
    if state.phase != "play":
        return 0  # thrown in, or both passed twice: nobody scores
    return game.solved_value(state, seat)
