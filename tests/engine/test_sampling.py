"""The platform's one sampler (games/engine/sampling.py), on a stand-in game: every choice is played
in the same deals, each deal dealt from the chooser's view by the game's determinize and seeded, so
that the same seed gives the same figures; a game gives only its phases, policy, unit, play-out and
what counts as ahead."""

from dataclasses import dataclass

from games.engine.actions import Action
from games.engine.sampling import Sample, deal_out, sampled_values

A, B, C = Action("a"), Action("b"), Action("c")


@dataclass(frozen=True)
class Position:
    phase: str
    turn: int = 0


class Stand:
    """Just what the sampler asks of a game: a view, the legal actions, whose turn, a deal."""

    slug = "stand-in"

    def __init__(self):
        self.dealt = 0

    def view(self, state, seat):
        return state

    def legal_actions(self, view, seat):
        return [A, B, C]

    def turn(self, state):
        return frozenset({state.turn})

    def determinize(self, view, seat, rng):
        self.dealt += 1
        return rng.random()


def _play(world, action, rng):
    return (world, action.kind, rng.random())


def test_every_choice_is_played_in_the_same_deals_each_with_its_own_luck():
    game = Stand()
    found = deal_out(game, Position("bid"), 0, "seed", range(5), _play)
    assert set(found) == {A, B, C} and game.dealt == 5  # one deal per k, shared by the choices
    for k in range(5):
        worlds = {found[a][k][0] for a in found}
        assert len(worlds) == 1
        assert len({found[a][k][2] for a in found}) == 3  # each choice its own luck
    assert len({found[A][k][0] for k in range(5)}) == 5


def test_the_same_seed_gives_the_same_deals_and_a_range_picks_up_where_another_stopped():
    game = Stand()
    whole = deal_out(game, Position("bid"), 0, "s", range(6), _play)
    again = deal_out(game, Position("bid"), 0, "s", range(6), _play)
    tail = deal_out(game, Position("bid"), 0, "s", range(3, 6), _play)
    assert whole == again and whole[A][3:] == tail[A]
    assert deal_out(game, Position("bid"), 0, "other", range(6), _play) != whole


def test_only_the_actions_asked_for_are_played():
    found = deal_out(Stand(), Position("bid"), 0, "s", range(3), _play, actions=[B])
    assert list(found) == [B]


def test_a_game_gives_its_phases_policy_unit_value_and_ahead():
    game = Stand()
    kwargs = {"phases": ("bid",), "policy": "stand-policy", "unit": "chips",
              "play_out": lambda world, action, rng: world - 0.5, "ahead": lambda v: v > 0}
    sample = sampled_values(game, Position("bid"), 0, "s", range(2, 6), **kwargs)
    assert isinstance(sample, Sample) and sample.policy == "stand-policy" and sample.unit == "chips"
    assert sample.first == 2 and sample.deals == 4
    assert all(sample.ahead[a] == tuple(v > 0 for v in sample.values[a]) for a in sample.values)
    assert sampled_values(game, Position("play"), 0, "s", range(3), **kwargs) is None  # not a sampled phase
    assert sampled_values(game, Position("bid", turn=1), 0, "s", range(3), **kwargs) is None  # not his turn
