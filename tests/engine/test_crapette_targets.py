"""Crapette's homework targets for a deal, judged by the engine on positions in notation (built as
the rules scenarios build them): the move that ends the deal is made, and the position after it is
judged."""

import pytest

from games.crapette import GAME as G
from tests.engine.test_crapette_rules import BLOCKING_FIELDS, LAST_LOAD, position

pytestmark = pytest.mark.engine


def play(text, seat, move):
    return G.apply(G.from_text(text), seat, G.parse_action(move))


def met(state, target):
    return G.deal_target_met(state, 0, target), G.deal_target_met(state, 1, target)


def test_the_targets_are_declared():
    assert set(G.deal_targets()) == {"win-the-deal", "empty-reserve"}


def test_going_out_wins_the_deal_with_an_empty_reserve():
    """Seat 0 loads his last reserve card onto seat 1's reserve and has nothing left."""
    end = play(LAST_LOAD, 0, "move:5S@reserve.0>reserve.1")
    assert end.phase == "end" and end.records[-1].winner == 0 and end.records[-1].reserve == (0, 2)
    assert met(end, "win-the-deal") == (True, False)
    assert met(end, "empty-reserve") == (True, False)


def test_the_other_goes_out_after_the_reserve_was_emptied():
    """Seat 0's reserve is empty, but seat 1 gets rid of his last card first."""
    text = position("p=1 r0=- r1=5S fd=3D,4S,-,-,-,-,-,- hs=8D,KSQH,4C,JD,9C,2H,TS,6S", park="t0")
    end = play(text, 1, "move:5S@reserve.1>foundation.2")
    assert end.phase == "end" and end.records[-1].winner == 1
    assert met(end, "win-the-deal") == (False, True)
    assert met(end, "empty-reserve") == (True, True)


def test_a_blocked_deal_is_won_by_the_lower_count():
    fields = BLOCKING_FIELDS.replace("w1=5H3H", "w1=5H3H2H").replace("9C,2H,TS", "9C,6C,TS")
    end = play(position(fields, park="house.2"), 0, "move:QC@hand.0>waste.0")
    r = end.records[-1]
    assert r.blocked and r.counts == (5, 6) and r.scorer == 0 and r.reserve == (1, 1)
    assert met(end, "win-the-deal") == (True, False)
    assert met(end, "empty-reserve") == (False, False)


def test_a_blocked_deal_with_equal_counts_is_won_by_nobody():
    end = play(position(BLOCKING_FIELDS, park="house.2"), 0, "move:QC@hand.0>waste.0")
    r = end.records[-1]
    assert r.blocked and r.counts == (5, 5) and r.scorer is None
    assert met(end, "win-the-deal") == (False, False)


def test_only_the_end_of_the_deal_is_judged():
    assert met(G.from_text(LAST_LOAD), "empty-reserve") == (None, None)
    end = play(LAST_LOAD, 0, "move:5S@reserve.0>reserve.1")
    next_deal = G.apply(end, 0, G.parse_action("next"))
    assert next_deal.deal == 2 and met(next_deal, "win-the-deal") == (None, None)


def test_an_unknown_target_is_refused():
    with pytest.raises(KeyError):
        G.deal_target_met(play(LAST_LOAD, 0, "move:5S@reserve.0>reserve.1"), 0, "avoid-shithead")
