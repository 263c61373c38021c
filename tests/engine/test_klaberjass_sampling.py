"""Klaberjass's choices before the tricks, played out over the deals the chooser cannot rule out
(Game.sampled_values): dealt from his view alone, deal by deal, the same whatever the hash seed."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.rng import below, rng_for
from games.klaberjass import GAME
from games.klaberjass.sampling import POLICY

pytestmark = pytest.mark.engine

G = GAME
ROOT = Path(__file__).resolve().parents[2]
# The non-dealer to take the turned 8 of spades or pass, with the jack, 9 and ace of spades.
TAKE = ("klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=9SKD n=1 d=1 sc=0,0 ph=bid1 to=0 pr=8S bt=- "
        "h0=ASJS9SAHTHKD h1=QS7SKH7HQCJD st=7C8D9CTCAC8CTSKS8H9HJHQHAD7D9DTDJCKCQD tp=- mk=- tr=- ld=0 "
        "w0=- w1=- dx=- dl=- sw=- ms=- be=- hist=-")


def as_lists(sample):
    return {str(a): (list(sample.values[a]), list(sample.ahead[a])) for a in sample.values}


def test_every_choice_is_played_out_in_the_same_deals():
    state = G.from_text(TAKE)
    found = G.sampled_values(state, 0, "t", range(0, 6))
    assert found.policy == POLICY and found.unit == "points" and found.first == 0 and found.deals == 6
    assert sorted(map(str, found.values)) == ["accept", "pass"]
    for action, values in found.values.items():
        # Ahead exactly when the chooser's deal score beats the other's.
        assert found.ahead[action] == tuple(v > 0 for v in values)
    # Taking with the three highest trumps is made in each of these deals.
    assert all(found.ahead[G.parse_action("accept")])


def test_only_what_the_chooser_sees_is_used():
    state = G.from_text(TAKE)
    other = G.determinize(G.view(state, 0), 0, rng_for("other", 1))
    assert other.hands[1] != state.hands[1]
    seen = as_lists(G.sampled_values(state, 0, "t", range(0, 3)))
    assert as_lists(G.sampled_values(other, 0, "t", range(0, 3))) == seen


def test_a_deal_comes_out_the_same_dealt_alone():
    state = G.from_text(TAKE)
    run = as_lists(G.sampled_values(state, 0, "t", range(0, 4)))
    alone = as_lists(G.sampled_values(state, 0, "t", range(2, 4)))
    assert alone == {a: (v[2:], h[2:]) for a, (v, h) in run.items()}
    assert as_lists(G.sampled_values(state, 0, "u", range(0, 4))) != run  # another seed, other deals


def test_nothing_is_sampled_once_the_tricks_begin_or_for_the_seat_not_asked():
    state = G.from_text(TAKE)
    assert G.sampled_values(state, 1, "t", range(0, 2)) is None
    world = state
    while world.phase != "play":
        seat = min(G.turn(world))
        world = G.apply(world, seat, G.legal_actions(world, seat)[0])
    assert G.sampled_values(world, min(G.turn(world)), "t", range(0, 2)) is None


def first_cards(count):
    """Positions before the first card of a deal, bid at random, under a mix of the options."""
    out = []
    for i in range(count):
        rng = rng_for("solved-value", i)
        options = {"melds_require_trick": i % 2 == 0, "dix_until_first_card": i % 3 == 0,
                   "auto_declare": i % 4 != 1}
        state = G.new(f"v{i}", 2, options)
        while state.phase != "play":
            seat = min(G.turn(state))
            actions = G.legal_actions(state, seat)
            takes = [a for a in actions if a.kind in ("accept", "name")]
            chosen = takes[0] if takes and below(rng, 2) else actions[below(rng, len(actions))]
            state = G.apply(state, seat, chosen)
        out.append(state)
    return out


def test_the_solved_value_is_the_best_exact_value():
    # One search from the position before the first card gives what exact_values' best card gives.
    for state in first_cards(4):
        mover = min(G.to_move(state))
        best = max(G.exact_values(state, mover).values())
        assert G.solved_value(state, mover) == best, G.to_text(state)
        assert G.solved_value(state, 1 - mover) == -best


SCRIPT = """
import json, sys
from games.klaberjass import GAME as G
s = G.sampled_values(G.from_text(sys.argv[1]), 0, "h", range(0, 3))
print(json.dumps({str(a): [list(s.values[a]), list(s.ahead[a])] for a in s.values}, sort_keys=True))
"""


def test_the_same_deals_whatever_the_hash_seed():
    found = as_lists(G.sampled_values(G.from_text(TAKE), 0, "h", range(0, 3)))
    here = json.dumps({a: [v, h] for a, (v, h) in found.items()}, sort_keys=True)
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", SCRIPT, TAKE], cwd=ROOT, env=env, capture_output=True,
                             text=True, check=True)
        assert out.stdout.strip() == here
