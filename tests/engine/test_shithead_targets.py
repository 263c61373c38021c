"""Shithead's homework targets for a deal, judged by the engine on positions in notation: the play
that ends the deal is made, and the position after it is judged."""

import pytest

from games.shithead import GAME as G

pytestmark = pytest.mark.engine

# Three players; seat 1 has gone out, seat 0 plays his last card (the ace of spades on the five of
# hearts): seat 2 is left holding cards, the shithead.
BURNED = "2S3S4S5S6S7S8S9STSJSQSKSAH2H4H6H7H8H9HTHJHQHKHAD2D3D4D5D6D9DTDJDQDKDAC2C3C4C5C6C7C8C9CTCJCQC"
LAST_OUT = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=3 n=1 d=0 ph=play rd=111 t=0 dir=+ h0=AS u0=- f0=- "
    "h1=- u1=- f1=- h2=7D8D u2=KC f2=3H pile=5H bn=" + BURNED + " st=- out=1 ls=- fp=0"
)
# Two players, a match of three deals: seat 0 plays his last card.
TWO = (
    "shithead o=d3.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=AS u0=- f0=- "
    "h1=7D8D u1=KC f1=3H pile=5H bn=" + BURNED + " st=- out=- ls=- fp=0"
)


def finish(position):
    return G.apply(G.from_text(position), 0, G.parse_action("play:AS"))


def met(state, target, players=3):
    return tuple(G.deal_target_met(state, seat, target) for seat in range(players))


def test_the_targets_are_declared():
    assert set(G.deal_targets()) == {"avoid-shithead", "go-out-first"}


def test_avoid_being_the_shithead():
    end = finish(LAST_OUT)
    assert G.outcome(end).deals[-1].places == (1, 0, 2)
    assert met(end, "avoid-shithead") == (True, True, False)


def test_go_out_first():
    end = finish(LAST_OUT)
    assert met(end, "go-out-first") == (False, True, False)


def test_two_players_a_deal_before_the_last():
    end = finish(TWO)
    assert end.phase == "end"
    assert met(end, "avoid-shithead", 2) == (True, False)
    assert met(end, "go-out-first", 2) == (True, False)


def test_only_the_end_of_the_deal_is_judged():
    assert met(G.from_text(LAST_OUT), "avoid-shithead") == (None, None, None)
    end = finish(TWO)
    next_deal = G.apply(end, 0, G.parse_action("next"))
    assert next_deal.deal == 2
    assert met(next_deal, "avoid-shithead", 2) == (None, None)


def test_an_unknown_target_is_refused():
    with pytest.raises(KeyError):
        G.deal_target_met(finish(LAST_OUT), 0, "win-the-point")
