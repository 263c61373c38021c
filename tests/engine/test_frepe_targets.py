"""Frepe's homework targets for a deal: escaping frepe (only for a seat that played) and coming out
of the deal with more chips, judged on the deal's record."""

import random

import pytest

from games.engine import registry

G = registry.get("frepe")


def _finished_deals(players, seed):
    state = G.new(seed, players, {"rounds": 3})
    rng = random.Random(seed)
    while state.phase != "over":
        seat = min(G.to_move(state))
        state = G.apply(state, seat, rng.choice(G.legal_actions(state, seat)))
        if state.phase in ("end", "over"):
            yield state


@pytest.mark.parametrize("players", [5, 6, 7])
def test_targets_follow_the_deal_record(players):
    for state in _finished_deals(players, f"targets-{players}"):
        record = state.history[-1]
        for seat in range(players):
            escaped = G.deal_target_met(state, seat, "escape-frepe")
            if seat in record.active and seat != record.dummy:
                assert escaped == (record.tricks[seat] >= 2)
            else:
                assert escaped is None
            net = sum(p.amount for p in record.payments if p.payee == seat) - sum(
                p.amount for p in record.payments if p.payer == seat)
            assert G.deal_target_met(state, seat, "win-chips") == (net > 0)


def test_an_unknown_target_is_refused():
    state = next(_finished_deals(5, "unknown"))
    with pytest.raises(KeyError):
        G.deal_target_met(state, 0, "win-the-point")
    assert set(G.deal_targets()) == {"escape-frepe", "win-chips"}
