"""Klaberjass's homework targets for a deal, judged by the engine on positions in notation: the last
card is played (or the second round passed), and the position after it is judged. Seat 0 deals,
hearts are trumps and seat 0 is the maker unless a case says otherwise."""

import pytest

from games.klaberjass import GAME as G

pytestmark = pytest.mark.engine

A = G.parse_action

# Bidding, round one: seat 1 (non-dealer) to speak.
BID1 = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=bid1 to=1 pr=JH bt=- "
    "h0=ASKSQSJD9C8C h1=AHTH9HKCQC7D st=JSTS9S8S7SKHQH8H7HADKDQDTD9D8DACJCTC7C tp=- mk=- tr=- ld=1 "
    "w0=- w1=- dx=- dl=- sw=- ms=- be=- hist=-"
)
# The last trick: seat 1 has led the 7 of clubs; seat 0's ace takes it. Totals 111 against 23.
LAST = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=KH bt=QH h0=AC "
    "h1=- st=JS9S8S7S8H7HKCQCJCTC9C8C tp=H mk=0 tr=7C ld=1 w0=JH9HAHTHKSQSASTSKDQD w1=ADTDJD9D8D7D "
    "dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
# The last trick: seat 0 trumps the 7 of clubs. Both end with 38.
LAST_EVEN = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=KH bt=QH h0=7H "
    "h1=- st=JSAHJHTH9H8HADKDQDJD9DJC tp=H mk=0 tr=7C ld=1 w0=ASTSKSQS9S8S8D7D w1=ACTCKCQC9C8CTD7S "
    "dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)


def with_field(position, key, value):
    return " ".join(f"{key}={value}" if f.startswith(key + "=") else f for f in position.split(" "))


def play(position, *moves):
    state = G.from_text(position)
    for seat, text in moves:
        state = G.apply(state, seat, A(text))
    return state


def met(state, target):
    return G.deal_target_met(state, 0, target), G.deal_target_met(state, 1, target)


def test_the_targets_are_declared():
    assert set(G.deal_targets()) == {"make-your-bid", "beat-the-maker", "win-the-deal"}


def test_the_maker_makes_his_bid():
    done = play(LAST, (0, "play:AC"))
    r = done.history[-1]
    assert r.maker == 0 and r.totals == (111, 23) and not r.bete and not r.tie
    assert met(done, "make-your-bid") == (True, None)  # the opponent took no trump: no answer
    assert met(done, "beat-the-maker") == (None, False)
    assert met(done, "win-the-deal") == (True, False)


def test_the_maker_goes_bete():
    done = play(with_field(LAST, "mk", "1"), (0, "play:AC"))
    r = done.history[-1]
    assert r.maker == 1 and r.bete
    assert met(done, "make-your-bid") == (None, False)
    assert met(done, "beat-the-maker") == (True, None)
    assert met(done, "win-the-deal") == (True, False)


def test_a_tie_is_not_making_the_bid_nor_beating_the_maker():
    done = play(LAST_EVEN, (0, "play:7H"))
    r = done.history[-1]
    assert r.tie and r.totals == (38, 38) and done.scores == (0, 38)
    assert met(done, "make-your-bid") == (False, None)
    assert met(done, "beat-the-maker") == (None, False)
    assert met(done, "win-the-deal") == (False, True)


def test_an_annulled_deal_gives_no_answer():
    done = play(BID1, (1, "pass"), (0, "pass"), (1, "pass"), (0, "pass"))
    assert done.phase == "end" and done.history[-1].annulled
    for target in G.deal_targets():
        assert met(done, target) == (None, None)


def test_the_deal_that_ends_the_match_is_judged():
    done = play(with_field(LAST, "sc", "400,480"), (0, "play:AC"))
    assert done.phase == "over"
    assert met(done, "make-your-bid") == (True, None)


def test_only_the_end_of_the_deal_is_judged():
    assert met(G.from_text(LAST), "win-the-deal") == (None, None)
    done = play(LAST, (0, "play:AC"))
    assert met(G.apply(done, 1, A("next")), "win-the-deal") == (None, None)


def test_an_unknown_target_is_refused():
    with pytest.raises(KeyError):
        G.deal_target_met(play(LAST, (0, "play:AC")), 0, "vole")
