"""The deal targets every registered game declares for homework, judged over seeded random play.

A game joins these tests by registering itself; nothing here names a game. For each deal played to
its end, ``deal_target_met`` answers True, False or None for every target and seat, the same from
the position written out in notation and read back (the practice table keeps positions so); in
every position where no deal has just finished it answers None."""

import re

import pytest

from games.engine import registry
from games.engine.bots import RandomBot
from games.engine.rng import below, rng_for

pytestmark = pytest.mark.engine

DEALS = 3  # finished deals judged per game and player count
MAX_ACTIONS = 20_000
MID_DEAL_EVERY = 25  # one position in so many inside a deal is checked to give no answer
TARGET_ID = re.compile(r"^[a-z][a-z0-9-]*$")

CASES = [(g.slug, n) for g in registry.all_games() for n in sorted({min(g.player_counts), max(g.player_counts)})]


@pytest.mark.parametrize("slug", [g.slug for g in registry.all_games()])
def test_targets_are_declared_with_a_summary(slug):
    game = registry.get(slug)
    targets = game.deal_targets()
    assert targets == game.deal_targets()
    for target, summary in targets.items():
        assert TARGET_ID.match(target), target
        assert isinstance(summary, str) and summary.strip(), target
    state = game.new("targets", game.player_counts[0])
    with pytest.raises(KeyError):
        game.deal_target_met(state, 0, "no-such-target")


def judge(game, state, players):
    return {(target, seat): game.deal_target_met(state, seat, target)
            for target in game.deal_targets() for seat in range(players)}


@pytest.mark.parametrize("slug,players", CASES)
def test_every_finished_deal_is_judged_without_error(slug, players):
    game = registry.get(slug)
    if not game.deal_targets():
        pytest.skip(f"{slug} declares no deal targets")
    bot = RandomBot(game)
    judged = 0
    answered = set()
    m = 0
    while judged < DEALS:
        rng = rng_for("deal-targets", slug, players, m)
        state = game.new(f"t{m}", players)
        m += 1
        for step in range(MAX_ACTIONS):
            finished = game.finished_deal(state)
            if finished is not None:
                verdicts = judge(game, state, players)
                assert all(v is None or isinstance(v, bool) for v in verdicts.values()), verdicts
                again = game.from_text(game.to_text(state))
                assert judge(game, again, players) == verdicts, "the judgement changed through notation"
                answered |= {target for (target, _seat), v in verdicts.items() if v is not None}
                judged += 1
                if judged >= DEALS:
                    break
            elif step % MID_DEAL_EVERY == 0:
                assert set(judge(game, state, players).values()) == {None}, game.to_text(state)
            movers = sorted(game.to_move(state))
            if not movers:
                break
            seat = movers[below(rng, len(movers))]
            state = game.apply(state, seat, bot.choose(game.view(state, seat), seat, rng))
            if finished is not None:
                assert game.finished_deal(state) is None or game.is_over(state), \
                    "the action after a finished deal did not begin the next one"
        else:
            raise AssertionError(f"{slug} match t{m - 1} did not end")
    assert answered, "no target gave an answer in any deal"
