"""Écarté's homework targets for a deal, judged by the engine on positions in notation: the last
trick is played, and the position after it (the deal's end) is judged."""

import pytest

from games.ecarte import GAME as G

pytestmark = pytest.mark.engine


def last_trick(tricks="2,2", won="w0=ASQSJSTS w1=KHQHJHAH", sc="0,0"):
    """The fifth trick: seat 1 (non-dealer) has led the 7 of spades; seat 0 holds the king."""
    return (f"ecarte o=t5.d0.v1.m1.r0 seed=? n=1 d=0 sc={sc} ph=play tu=8D h0=KS h1=- "
            "st=9S8STH9H8H7HKDQDJDADTD9D7DKCQCJCACTC9C8C7C x0=- x1=- tr=7S ld=1 "
            f"tk={tricks} {won} vu=- fd=0 ex=- pl=11 an=00 rv=00 ev=- hist=-")


# Seat 0 (non-dealer) to lead to the first trick, holding the king of trumps (hearts).
LEAD_WITH_KING = ("ecarte o=t5.d0.v1.m1.r0 seed=? n=1 d=1 sc=4,2 ph=play tu=7H h0=KHJHAS9C8D h1=QSJSTC7DKC "
                  "st=KSTS9S8S7SQHAHTH9H8HKDQDJDADTD9DQCJCAC8C7C x0=- x1=- tr=- ld=0 tk=0,0 w0=- w1=- vu=- "
                  "fd=0 ex=- pl=00 an=00 rv=00 ev=- hist=-")


def finish(position):
    """The position after seat 0 takes the last trick with the king of spades."""
    return G.apply(G.from_text(position), 0, G.parse_action("play:KS"))


def test_the_targets_are_declared():
    assert set(G.deal_targets()) == {"win-the-point", "vole"}


def test_win_the_point_met_by_three_tricks_and_missed_by_two():
    end = finish(last_trick())
    assert end.phase == "end" and end.history[-1].tricks == (3, 2)
    assert G.deal_target_met(end, 0, "win-the-point") is True
    assert G.deal_target_met(end, 1, "win-the-point") is False


def test_win_the_point_missed_with_no_trick_at_all():
    end = finish(last_trick(tricks="0,4", won="w0=- w1=ASQSJSTSKHQHJHAH"))
    assert end.history[-1].tricks == (1, 4)
    assert G.deal_target_met(end, 0, "win-the-point") is False
    assert G.deal_target_met(end, 1, "win-the-point") is True


def test_vole_met_by_five_tricks_and_missed_by_three():
    end = finish(last_trick(tricks="4,0", won="w0=ASQSJSTSKHQHJHAH w1=-"))
    assert end.history[-1].tricks == (5, 0)
    assert G.deal_target_met(end, 0, "vole") is True
    assert G.deal_target_met(end, 1, "vole") is False
    end = finish(last_trick())
    assert G.deal_target_met(end, 0, "vole") is False


def test_the_deal_that_ended_the_match_is_judged():
    end = finish(last_trick(sc="4,3"))
    assert end.phase == "over"
    assert G.deal_target_met(end, 0, "win-the-point") is True


def test_a_deal_cut_short_by_a_king_gives_no_answer():
    """The king of trumps takes seat 0 to five points before a card is played: no trick to judge."""
    end = G.apply(G.from_text(LEAD_WITH_KING), 0, G.parse_action("king"))
    assert end.phase == "over" and not end.history[-1].finished
    for target in G.deal_targets():
        assert G.deal_target_met(end, 0, target) is None
        assert G.deal_target_met(end, 1, target) is None


def test_only_the_end_of_the_deal_is_judged():
    before = G.from_text(last_trick())
    assert G.deal_target_met(before, 0, "win-the-point") is None
    end = finish(last_trick())
    next_deal = G.apply(end, 0, G.parse_action("next"))
    assert G.deal_target_met(next_deal, 0, "win-the-point") is None


def test_an_unknown_target_is_refused():
    with pytest.raises(KeyError):
        G.deal_target_met(finish(last_trick()), 0, "make-your-bid")
