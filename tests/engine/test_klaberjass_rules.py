"""Every Klaberjass rule, tested as positions in notation: the position, a seat's action, and what the
rules say must happen — refused by exactly that rule, or accepted with its consequence.

The positions are full states (games/klaberjass/notation.py). Unless a scenario says otherwise seat 0
deals (so seat 1 speaks and leads first), hearts are trumps and seat 0 is the maker. Cards that play
no part in a scenario wait in the stock or in the tricks already taken.
"""

import pytest

from games.engine.rng import rng_for
from games.klaberjass import GAME
from games.klaberjass.bots import LEVELS
from games.klaberjass.game import first_cut
from games.klaberjass.notation import parse_deal
from games.klaberjass.rules import RULES, auto_dialogue, runs, sequence_points
from games.klaberjass.state import KlaberjassDeal
from tests.engine.scenarios import check_golden, rules_without_scenario

pytestmark = pytest.mark.engine

G = GAME
A = G.parse_action

# --- positions ------------------------------------------------------------------------------------
# Bidding, round one: seat 1 (non-dealer) to speak; the jack of hearts is turned.
BID1 = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=bid1 to=1 pr=JH bt=- "
    "h0=ASKSQSJD9C8C h1=AHTH9HKCQC7D st=JSTS9S8S7SKHQH8H7HADKDQDTD9D8DACJCTC7C tp=- mk=- tr=- ld=1 "
    "w0=- w1=- dx=- dl=- sw=- ms=- be=- hist=-"
)
# Hearts accepted in round one (seat 1 is maker): the dix window, seat 1 first. Seat 0 holds the seven
# of hearts and K Q of hearts: taking the turned jack gives him a sequence.
DIX = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=dix to=1 pr=JH bt=8C "
    "h0=KHQH7HAS9S7SKD8DTC h1=AHTH9HKSJSTDJD9C7C st=QSTS8S8HADQD9D7DACKCQCJC tp=H mk=1 tr=- ld=1 w0=- "
    "w1=- dx=- dl=- sw=- ms=- be=- hist=-"
)
# Variant dix until the first card: the window again after the declarations, where seat 0 won with
# 9 8 7 of hearts (trumps).
DIX_LATE_SEVEN = (
    "klaberjass o=t500.s0.x1.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=dix to=0 pr=JH bt=8C "
    "h0=9H8H7HAS9SKD8DTCQC h1=AHTHKSJSTDJD9C7CAD st=QSTS8S7SKHQHQD9D7DACKCJC tp=H mk=1 tr=- ld=1 w0=- "
    "w1=- dx=- dl=1:none,0:not-good sw=0 ms=9H8H7H be=- hist=-"
)
# Declarations by hand (variant): diamonds trumps. Seat 1 (non-dealer) holds K Q J of spades (20),
# seat 0 (dealer) 10 9 8 7 of diamonds (50).
DECLARE = (
    "klaberjass o=t500.s0.x0.l0.m0.a0 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=declare to=1 pr=JH bt=9C "
    "h0=TD9D8D7DASTSKCQC8H h1=KSQSJSAH9H7CTCKDJD st=9S8S7SKHQHTH7HADQDACJC8C tp=D mk=1 tr=- ld=1 w0=- "
    "w1=- dx=- dl=- sw=- ms=- be=- hist=-"
)
# Both hold K Q J (spades for seat 1, clubs for seat 0): equal value, equal top card.
DECLARE_EVEN = (
    "klaberjass o=t500.s0.x0.l0.m0.a0 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=declare to=1 pr=JH bt=9C "
    "h0=KCQCJCASTS9D7D8H7H h1=KSQSJSAH9HTCKDJD8C st=9S8S7SKHQHTHADQDTD8DAC7C tp=D mk=1 tr=- ld=1 w0=- "
    "w1=- dx=- dl=- sw=- ms=- be=- hist=-"
)
# The dix window with nobody able to exchange (the seven of hearts is in the stock); passing it
# compares the sequences: seat 1 K Q J 10 9 of spades (five), seat 0 A K Q J of diamonds (four).
AUTO_LONG = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=dix to=1 pr=JH bt=7D "
    "h0=ADKDQDJDTC9HKH8H7S h1=KSQSJSTS9SAC8C7CAH st=AS8SQHTH7HTD9D8DKCQCJC9C tp=H mk=1 tr=- ld=1 w0=- "
    "w1=- dx=- dl=- sw=- ms=- be=- hist=-"
)
# The same K Q J in spades and in clubs, hearts trumps: a dead tie.
AUTO_EVEN = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=dix to=1 pr=TH bt=9S "
    "h0=KCQCJCASTS9D7D8H7H h1=KSQSJSAH9HTCKDJD8C st=8S7SKHQHJHADQDTD8DAC9C7C tp=H mk=1 tr=- ld=1 w0=- "
    "w1=- dx=- dl=- sw=- ms=- be=- hist=-"
)
# The same hands with clubs trumps: seat 0's clubs win at the last step.
AUTO_TRUMPS = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=dix to=1 pr=9C bt=9S "
    "h0=KCQCJCASTS9D7D8H7H h1=KSQSJSAH9HTCKDJD8C st=8S7SKHQHJHTHADQDTD8DAC7C tp=C mk=1 tr=- ld=1 w0=- "
    "w1=- dx=- dl=- sw=- ms=- be=- hist=-"
)
# Tricks: seat 1 has led; seat 0 to answer.
FOLLOW = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=8S bt=7S "
    "h0=KS9HQC h1=7C8H st=QSJSTS9SAHKHQHJHTH7H9C8C tp=H mk=0 tr=AS ld=1 w0=ADTDKDQDJD9D "
    "w1=ACTCKCJC8D7D dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
OVERTRUMP = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=KH bt=7S "
    "h0=JHAHQC h1=7C8S st=ASKSQSJSTS9SQHTH8H7H9C8C tp=H mk=0 tr=9H ld=1 w0=ADTDKDQDJD9D "
    "w1=ACTCKCJC8D7D dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
OVERTRUMP_UNABLE = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=KH bt=7S "
    "h0=AH8HQC h1=7C8S st=ASKSQSJSTS9SQHJHTH7H9C8C tp=H mk=0 tr=9H ld=1 w0=ADTDKDQDJD9D "
    "w1=ACTCKCJC8D7D dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
MUST_TRUMP = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=8S bt=7S "
    "h0=7HQC9C h1=7C8H st=KSQSJSTS9SAHKHQHJHTH9H8C tp=H mk=0 tr=AS ld=1 w0=ADTDKDQDJD9D "
    "w1=ACTCKCJC8D7D dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
VOID = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=8S bt=7S "
    "h0=QS9C8C h1=7C8H st=ASKSJSTS9SKHQHJHTH9H7HQC tp=H mk=0 tr=AH ld=1 w0=ADTDKDQDJD9D "
    "w1=ACTCKCJC8D7D dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
PLAIN = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=8S bt=KS "
    "h0=AS7S9H h1=7C8H st=QSJS9SAHKHQHJHTH7HQC9C8C tp=H mk=0 tr=TS ld=1 w0=ADTDKDQDJD9D "
    "w1=ACTCKCJC8D7D dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
TRUMP_RANK = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=KH bt=7S "
    "h0=9H7HQC h1=7C8S st=ASKSQSJSTS9SQHJHTH8H9C8C tp=H mk=0 tr=AH ld=1 w0=ADTDKDQDJD9D "
    "w1=ACTCKCJC8D7D dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
# Seat 0 to lead holding both the king and queen of trumps.
BELLA_EARLY = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=JH bt=7S "
    "h0=KHQH8C h1=7C8SAS st=KSQSJSTS9SAHTH9H8H7HQC9C tp=H mk=0 tr=- ld=0 w0=ADTDKDQDJD9D "
    "w1=ACTCKCJC8D7D dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
# The first trick: seat 1 (non-dealer) to lead.
LEAD = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=JH bt=8C "
    "h0=KHQH7HAS9S7SKD8DTC h1=AHTH9HKSJSTDJD9C7C st=QSTS8S8HADQD9D7DACKCQCJC tp=H mk=0 tr=- ld=1 w0=- "
    "w1=- dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
# The last trick: seat 1 has led the 7 of clubs; seat 0's ace takes it. Seat 0: 90 in tricks + 11
# + 10 for the last trick = 111; seat 1: 23.
LAST = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=KH bt=QH h0=AC "
    "h1=- st=JS9S8S7S8H7HKCQCJCTC9C8C tp=H mk=0 tr=7C ld=1 w0=JH9HAHTHKSQSASTSKDQD w1=ADTDJD9D8D7D "
    "dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
# The last trick: seat 0 trumps the 7 of clubs. Both end with 38 (seat 0: 28 + 10 for the last trick).
LAST_EVEN = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=KH bt=QH h0=7H "
    "h1=- st=JSAHJHTH9H8HADKDQDJD9DJC tp=H mk=0 tr=7C ld=1 w0=ASTSKSQS9S8S8D7D w1=ACTCKCQC9C8CTD7S "
    "dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
# The last trick: seat 0 trumps with the queen of hearts; he played the king of hearts earlier (his
# first trick). 56 against 67 in cards; bella makes it 76.
LAST_BELLA = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=AH bt=8H h0=QH "
    "h1=- st=JSTH7HKDQD9D7DKCQCJC9C8C tp=H mk=0 tr=7C ld=1 w0=KH7SASTSKSQSAD8D w1=JH9HTDJDACTC9S8S "
    "dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)
# The last trick: seat 0 has taken every trick; seat 1, who won the sequences (K Q J of clubs, 20),
# follows with his last card.
LAST_NO_TRICK = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=8H bt=7H h0=- "
    "h1=7C st=JS9S8SKHQHJD9D8D7DTC9C8C tp=H mk=0 tr=AC ld=0 w0=JH9HAHTHKSQSASTSKDQDADTDKCQCJC7S w1=- "
    "dx=- dl=1:20,0:good sw=1 ms=KCQCJC be=- hist=-"
)
# Seat 1 followed seat 0's ace of spades with the 9 of clubs: no spade and no trump in his hand.
INFER = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=1 sc=0,0 ph=play to=- pr=7S bt=8S "
    "h0=KSJS9SKHQHAD8D7D h1=TDKD9DACTCQC8C7C st=QSTSAHJHTH9H8H7HQDJDKCJC tp=H mk=0 tr=- ld=0 w0=AS9C "
    "w1=- dx=- dl=0:none,1:good sw=n ms=- be=- hist=-"
)
# Seat 0 (dealer) won the sequences with K Q J of clubs, shown; the ace and ten of clubs are unseen.
SHOWN = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=8S bt=8H "
    "h0=KCQCJCAS9S7SKD8D7H h1=AHTH9HKSJSTDJD9C8C st=QSTSKHQHJHADQD9D7DACTC7C tp=H mk=0 tr=- ld=1 w0=- "
    "w1=- dx=- dl=1:none,0:not-good sw=0 ms=KCQCJC be=- hist=-"
)


def with_options(position, options):
    """The same position under other options (o=...)."""
    start = position.index("o=") + 2
    return position[:start] + options + position[position.index(" ", start):]


def with_field(position, key, value):
    """The same position with one field changed."""
    fields = position.split(" ")
    return " ".join(f"{key}={value}" if f.startswith(key + "=") else f for f in fields)


def play(position, *moves):
    """The state after each (seat, action text) in turn."""
    state = G.from_text(position)
    for seat, text in moves:
        state = G.apply(state, seat, A(text))
    return state


def legal(position, seat):
    return [str(a) for a in G.legal_actions(G.from_text(position), seat)]


# --- refusals: (rule, position, seat, action) -----------------------------------------------------
REFUSED = [
    ("klaberjass.turn.order", BID1, 0, "accept"),  # the non-dealer speaks first
    ("klaberjass.turn.order", FOLLOW, 1, "play:7C"),
    ("klaberjass.turn.phase", BID1, 1, "play:AH"),  # no card before trumps are fixed
    ("klaberjass.turn.phase", BID1, 1, "name=S"),  # naming a suit is for the second round
    ("klaberjass.turn.phase", FOLLOW, 0, "accept"),
    ("klaberjass.turn.phase", FOLLOW, 0, "play:KS=loud"),
    ("klaberjass.turn.phase", DECLARE, 1, "reply=good"),  # the non-dealer announces, he does not answer
    ("klaberjass.card.in-hand", FOLLOW, 0, "play:AS"),
    ("klaberjass.bid.name", with_field(BID1, "ph", "bid2"), 1, "name=H"),  # the turned suit was refused
    ("klaberjass.bid.name", with_field(BID1, "ph", "bid2"), 1, "name=X"),
    ("klaberjass.bid.schmeiss", BID1, 1, "schmeiss"),  # only under the variant
    ("klaberjass.dix.exchange", DIX, 1, "dix"),  # seat 1 does not hold the seven of trumps
    ("klaberjass.dix.sequence-seven", DIX_LATE_SEVEN, 0, "dix"),
    ("klaberjass.declare.announce", DECLARE, 1, "declare=50"),  # he holds a 20
    ("klaberjass.declare.announce", DECLARE, 1, "declare=top-K"),  # the value comes first
    ("klaberjass.declare.reply", play(DECLARE, (1, "declare=20")), 0, "reply=equal"),  # his 50 is better
    ("klaberjass.play.follow-suit", FOLLOW, 0, "play:9H"),
    ("klaberjass.play.follow-suit", PLAIN, 0, "play:9H"),
    ("klaberjass.play.overtrump", OVERTRUMP, 0, "play:AH"),  # the jack beats the nine; the ace does not
    ("klaberjass.play.overtrump", TRUMP_RANK, 0, "play:7H"),  # the nine beats the ace of trumps
    ("klaberjass.play.must-trump", MUST_TRUMP, 0, "play:QC"),
    ("klaberjass.bella.announce", BELLA_EARLY, 0, "play:KH=bella"),  # the queen is still in hand
    ("klaberjass.bella.announce", FOLLOW, 0, "play:KS=bella"),  # not a trump
]


@pytest.mark.parametrize("rule,position,seat,action", REFUSED, ids=[f"{r[0]}-{i}" for i, r in enumerate(REFUSED)])
def test_refused_by_the_rule(rule, position, seat, action):
    state = position if not isinstance(position, str) else G.from_text(position)
    verdict = G.check(state, seat, A(action))
    assert not verdict and verdict.rule == rule, (verdict.rule, dict(verdict.args))
    assert A(action) not in G.legal_actions(state, seat)


def test_refusals_carry_the_facts_that_explain_them():
    verdict = G.check(G.from_text(OVERTRUMP), 0, A("play:AH"))
    assert dict(verdict.args) == {"card": "AH", "led": "9H", "higher": ["JH"]}
    verdict = G.check(G.from_text(MUST_TRUMP), 0, A("play:QC"))
    assert dict(verdict.args) == {"card": "QC", "led": "AS", "trump_with": ["7H"]}
    verdict = G.check(G.from_text(DIX), 1, A("dix"))
    assert verdict.args["reason"] == "not-held" and verdict.args["seven"] == "7H"
    verdict = G.check(G.from_text(DECLARE), 1, A("declare=50"))
    assert verdict.args["allowed"] == ["none", "20"]


# --- the deal -------------------------------------------------------------------------------------
def test_deal_first_dealer_is_the_lower_cut():
    order = "789TJQKA"
    dealers = set()
    for i in range(200):
        state = G.new(f"cut-{i}")
        a, b = state.cut
        assert a[0] != b[0]  # equal ranks cut again
        assert state.dealer == (0 if order.index(a[0]) < order.index(b[0]) else 1)
        assert (state.cut, state.dealer) == first_cut(f"cut-{i}")  # the seed decides it
        dealers.add(state.dealer)
    assert dealers == {0, 1}


def test_deal_first_round_three_and_three_the_turned_card_under_the_stock():
    for i in range(50):
        state = G.new(f"pack-{i}")
        assert len(state.hands[0]) == len(state.hands[1]) == 6 and len(state.stock) == 19
        assert state.bottom == () and state.trumps is None and state.phase == "bid1"
        assert G.to_move(state) == {state.nondealer}
        cards = list(state.hands[0]) + list(state.hands[1]) + list(state.stock) + [state.proposal]
        assert sorted(cards) == sorted(r + s for r in "AKQJT987" for s in "SHDC")


def test_deal_second_round_three_more_each_and_the_bottom_card_turned():
    before = G.from_text(BID1)
    after = play(BID1, (1, "accept"))
    stock = before.stock
    assert set(after.hands[1]) == set(before.hands[1]) | set(stock[0:3])  # the non-dealer first
    assert set(after.hands[0]) == set(before.hands[0]) | set(stock[3:6])
    assert after.bottom == (stock[-1],) and after.stock == stock[6:-1] and len(after.stock) == 12
    assert after.proposal == "JH"  # the turned card stays where it was
    # The bottom card is public; the rest of the stock is not.
    assert G.view(after, 0).bottom == (stock[-1],) and set(G.view(after, 0).stock) == {None}


def test_deal_annulled_when_both_pass_twice_and_the_other_deals():
    state = play(BID1, (1, "pass"), (0, "pass"))
    assert state.phase == "bid2" and G.to_move(state) == {1}
    state = G.apply(state, 1, A("pass"))
    assert G.to_move(state) == {0}
    state = G.apply(state, 0, A("pass"))
    assert state.phase == "end" and state.history[-1].annulled and state.history[-1].scores == ()
    assert state.scores == (0, 0)
    nxt = G.apply(state, 1, A("next"))
    assert nxt.deal == 2 and nxt.dealer == 1 and nxt.phase == "bid1" and G.to_move(nxt) == {0}


# --- bidding --------------------------------------------------------------------------------------
def test_bid_accept_the_turned_suit_in_round_one():
    assert legal(BID1, 1) == ["accept", "pass"]
    state = play(BID1, (1, "accept"))
    assert state.trumps == "H" and state.maker == 1
    state = play(BID1, (1, "pass"), (0, "accept"))  # the dealer may accept after a pass
    assert state.trumps == "H" and state.maker == 0


def test_bid_name_another_suit_in_round_two():
    state = play(BID1, (1, "pass"), (0, "pass"))
    assert legal(G.to_text(state), 1) == ["name=C", "name=D", "name=S", "pass"]
    after = G.apply(state, 1, A("name=S"))
    assert after.trumps == "S" and after.maker == 1
    # No dix when trumps were named: the declarations follow at once and the tricks begin.
    assert after.phase == "play" and after.declared and G.to_move(after) == {1}
    after = play(G.to_text(state), (1, "pass"), (0, "name=C"))
    assert after.trumps == "C" and after.maker == 0


def test_bid_maker_is_whoever_takes_trumps_and_the_first_lead_stays_with_the_non_dealer():
    state = play(BID1, (1, "pass"), (0, "accept"), (1, "pass"), (0, "pass"))
    assert state.maker == 0 and state.opponent == 1 and state.phase == "play"
    assert G.to_move(state) == {1}  # the non-dealer leads, whoever is maker


def test_bid_schmeiss_variant_refused_makes_the_schmeisser_maker():
    position = with_options(BID1, "t500.s1.x0.l0.m0.a1")
    assert "schmeiss" in legal(position, 1)
    state = play(position, (1, "schmeiss"))
    assert state.phase == "schmeiss" and G.to_move(state) == {0}
    assert legal(G.to_text(state), 0) == ["refuse", "throw-in"]
    refused = G.apply(state, 0, A("refuse"))
    assert refused.maker == 1 and refused.trumps == "H" and refused.phase == "dix"
    thrown = G.apply(state, 0, A("throw-in"))
    assert thrown.phase == "end" and thrown.history[-1].annulled
    assert G.apply(thrown, 0, A("next")).dealer == 1


# --- the dix --------------------------------------------------------------------------------------
def test_dix_exchange_takes_the_turned_card_which_is_then_shown():
    state = play(DIX, (1, "pass"))
    assert legal(G.to_text(state), 0) == ["dix", "pass"]
    after = G.apply(state, 0, A("dix"))
    assert "JH" in after.hands[0] and "7H" not in after.hands[0] and after.proposal == "7H"
    assert after.dix == 0 and after.taken == "JH"
    seen = G.view(after, 1).hands[0]
    assert "JH" in seen and "7H" not in seen
    # Only the exchanged card and the scoring sequence are shown; the rest stays hidden.
    assert {c for c in seen if c} == {"KH", "QH", "JH"}


def test_dix_window_before_the_declarations_so_the_card_taken_can_make_a_sequence():
    after = play(DIX, (1, "pass"), (0, "dix"))
    assert after.phase == "play" and after.said == ((1, "none"), (0, "not-good"))
    assert after.seq_winner == 0 and after.melds == (("KH", "QH", "JH"),)
    kept = play(DIX, (1, "pass"), (0, "pass"))  # no exchange: no sequence, nobody scores
    assert kept.phase == "play" and kept.seq_winner is None and kept.declared
    assert G.to_move(kept) == {1}


def test_dix_window_variant_until_the_first_card():
    position = with_options(DIX, "t500.s0.x1.l0.m0.a1")
    state = play(position, (1, "pass"), (0, "pass"))
    assert state.declared and state.phase == "dix" and G.to_move(state) == {1}  # the window again
    after = play(G.to_text(state), (1, "pass"), (0, "dix"))
    assert after.phase == "play" and after.dix_late and "JH" in after.hands[0]
    # Sequences were judged on the hand held at the declarations: the late jack makes none.
    assert after.seq_winner is None
    # Without the variant the window closes with the declarations.
    assert play(DIX, (1, "pass"), (0, "pass")).phase == "play"


def test_dix_sequence_seven_may_stay_and_the_tricks_begin():
    state = play(DIX_LATE_SEVEN, (0, "pass"))
    assert state.phase == "play" and "7H" in state.hands[0]


# --- sequences ------------------------------------------------------------------------------------
def test_sequence_run_three_is_20_four_or_more_50_and_a_run_counts_once():
    assert runs(("AS", "KS", "QS", "9H", "8H", "7H", "TD")) == (("AS", "KS", "QS"), ("9H", "8H", "7H"))
    assert sequence_points(("AS", "KS", "QS")) == 20
    assert sequence_points(("KD", "QD", "JD", "TD")) == 50
    assert sequence_points(("KS", "QS", "JS", "TS", "9S", "8S")) == 50  # not 50 + 20
    assert sequence_points(("AS", "KS", "JS", "TS", "9S")) == 20  # the queen missing: J 10 9 only
    assert runs(("AS", "TS", "9S")) == ()  # sequence order is A K Q J 10, not the trick order


def test_sequence_compare_by_value_then_top_card():
    said, winner = auto_dialogue(("KS", "QS", "JS"), ("TD", "9D", "8D", "7D"), 1, "H", False)
    assert said == ((1, "20"), (0, "not-good")) and winner == 0
    said, winner = auto_dialogue(("KS", "QS", "JS"), ("QC", "JC", "TC"), 1, "H", False)
    assert said == ((1, "20"), (0, "equal"), (1, "top-K"), (0, "good")) and winner == 1
    after = play(AUTO_LONG, (1, "pass"), (0, "pass"))
    assert after.said == ((1, "50"), (0, "equal"), (1, "top-K"), (0, "not-good"))
    assert after.seq_winner == 0 and after.melds == (("AD", "KD", "QD", "JD"),)


def test_sequence_compare_trumps_break_a_tie():
    after = play(AUTO_TRUMPS, (1, "pass"), (0, "pass"))
    assert after.said[-2:] == ((1, "plain"), (0, "not-good")) and after.seq_winner == 0


def test_sequence_dead_tie_nobody_scores():
    after = play(AUTO_EVEN, (1, "pass"), (0, "pass"))
    assert after.said == ((1, "20"), (0, "equal"), (1, "top-K"), (0, "equal"), (1, "plain"), (0, "equal"))
    assert after.declared and after.seq_winner is None and after.melds == ()


def test_sequence_longer_variant_five_beats_four():
    after = play(with_options(AUTO_LONG, "t500.s0.x0.l1.m0.a1"), (1, "pass"), (0, "pass"))
    assert after.said == ((1, "50"), (0, "equal"), (1, "len-5"), (0, "good"))
    assert after.seq_winner == 1 and after.melds == (("KS", "QS", "JS", "TS", "9S"),)


def test_sequence_score_the_winner_shows_and_scores_all_the_loser_shows_nothing():
    after = play(AUTO_LONG, (1, "pass"), (0, "pass"))
    assert {c for c in G.view(after, 1).hands[0] if c} == {"AD", "KD", "QD", "JD"}
    assert {c for c in G.view(after, 0).hands[1] if c} == set()  # the loser's five stay hidden
    # At the end of a deal the winner's sequences count (LAST_NO_TRICK: seat 1's 20).
    done = play(LAST_NO_TRICK, (1, "play:7C"))
    r = done.history[-1]
    assert r.sequence_winner == 1 and r.sequence_points == (0, 20) and r.totals == (141, 20)
    assert ("klaberjass.sequence.score", 1, 20) in [(s.rule, s.seat, s.points) for s in r.scores]


def test_sequence_require_trick_variant_takes_them_from_a_player_without_a_trick():
    done = play(with_options(LAST_NO_TRICK, "t500.s0.x0.l0.m1.a1"), (1, "play:7C"))
    r = done.history[-1]
    assert r.sequence_points == (0, 0) and r.totals == (141, 0) and done.scores == (141, 0)
    assert [(s.seat, s.points, s.rule) for s in r.scores][-1] == (1, 0, "klaberjass.sequence.require-trick")


def test_sequences_are_shown_in_every_view_and_kept_in_every_imagined_deal():
    state = G.from_text(SHOWN)
    view = G.view(state, 1)
    assert {c for c in view.hands[0] if c} == {"KC", "QC", "JC"}
    for i in range(100):
        world = G.determinize(view, 1, rng_for("shown", i))
        assert {"KC", "QC", "JC"} <= set(world.hands[0])
        # He scored every sequence he had and showed them all: no ace or ten of clubs beside them.
        assert runs(world.hands[0]) == (("KC", "QC", "JC"),)


# --- declarations by hand (variant) ---------------------------------------------------------------
def test_declare_announce_the_value_or_conceal_it():
    assert legal(DECLARE, 1) == ["declare=20", "declare=none"]
    state = play(DECLARE, (1, "declare=20"))
    assert G.to_move(state) == {0} and state.phase == "declare"


def test_declare_reply_not_good_and_the_dealers_fifty_scores():
    state = play(DECLARE, (1, "declare=20"))
    assert legal(G.to_text(state), 0) == ["reply=good", "reply=not-good"]
    after = G.apply(state, 0, A("reply=not-good"))
    assert after.phase == "play" and after.seq_winner == 0 and after.melds == (("TD", "9D", "8D", "7D"),)
    # Conceding (good) leaves the non-dealer's 20 to score and hides the fifty for good.
    after = G.apply(state, 0, A("reply=good"))
    assert after.seq_winner == 1 and after.melds == (("KS", "QS", "JS"),)
    # Concealing: none, and the dealer's answer decides.
    state = play(DECLARE, (1, "declare=none"))
    assert play(G.to_text(state), (0, "reply=not-good")).seq_winner == 0
    assert play(G.to_text(state), (0, "reply=good")).seq_winner is None


def test_declare_equal_then_top_card_then_trumps_or_a_dead_tie():
    state = play(DECLARE_EVEN, (1, "declare=20"), (0, "reply=equal"))
    assert legal(G.to_text(state), 1) == ["declare=top-K"]  # what he says must be true
    state = play(G.to_text(state), (1, "declare=top-K"), (0, "reply=equal"))
    assert legal(G.to_text(state), 1) == ["declare=plain"]
    state = play(G.to_text(state), (1, "declare=plain"))
    assert legal(G.to_text(state), 0) == ["reply=equal", "reply=good"]
    tie = G.apply(state, 0, A("reply=equal"))
    assert tie.phase == "play" and tie.declared and tie.seq_winner is None
    # Clubs trumps: the dealer's K Q J of clubs wins at the last step.
    trumps = play(with_field(DECLARE_EVEN, "tp", "C"), (1, "declare=20"), (0, "reply=equal"),
                  (1, "declare=top-K"), (0, "reply=equal"), (1, "declare=plain"))
    assert legal(G.to_text(trumps), 0) == ["reply=good", "reply=not-good"]
    assert G.apply(trumps, 0, A("reply=not-good")).seq_winner == 0


# --- the tricks -----------------------------------------------------------------------------------
def test_play_lead_non_dealer_first_then_the_winner():
    state = G.from_text(LEAD)
    assert G.to_move(state) == {1} and not G.check(state, 0, A("play:AS"))
    after = play(LEAD, (1, "play:KS"), (0, "play:AS"))  # the ace takes the king
    assert after.won[0] == ("KS", "AS") and G.to_move(after) == {0}


def test_play_follow_suit_any_card_of_it_beating_not_required():
    assert legal(FOLLOW, 0) == ["play:KS"]
    assert legal(PLAIN, 0) == ["play:7S", "play:AS"]  # a plain suit need not be beaten


def test_play_overtrump_when_unable_any_trump():
    assert legal(OVERTRUMP, 0) == ["play:JH"]
    assert legal(OVERTRUMP_UNABLE, 0) == ["play:8H", "play:AH"]


def test_play_must_trump_with_any_trump():
    assert legal(MUST_TRUMP, 0) == ["play:7H"]  # even the lowest trump
    assert legal(VOID, 0) == ["play:8C", "play:9C", "play:QS"]  # no heart, no trump: anything


def test_trick_winner_trump_beats_the_suit_led_a_discard_never_wins():
    assert play(MUST_TRUMP, (0, "play:7H")).won[0][-2:] == ("AS", "7H")
    assert play(VOID, (0, "play:QS")).won[1][-2:] == ("AH", "QS")
    assert play(FOLLOW, (0, "play:KS")).won[1][-2:] == ("AS", "KS")
    assert play(PLAIN, (0, "play:AS")).won[0][-2:] == ("TS", "AS")  # the ace over the ten


def test_trick_rank_nine_of_trumps_over_the_ace_jack_over_all():
    after = play(TRUMP_RANK, (0, "play:9H"))
    assert after.won[0][-2:] == ("AH", "9H") and G.to_move(after) == {0}
    after = play(OVERTRUMP, (0, "play:JH"))
    assert after.won[0][-2:] == ("9H", "JH")
    # Outside trumps the jack is low: it ranks below the queen, above the nine.
    assert play(LEAD, (1, "play:JS"), (0, "play:9S")).won[1] == ("JS", "9S")


# --- bella ----------------------------------------------------------------------------------------
def test_bella_announce_with_the_second_card_scores_20():
    assert legal(LAST_BELLA, 0) == ["play:QH", "play:QH=bella"]
    done = play(LAST_BELLA, (0, "play:QH=bella"))
    r = done.history[-1]
    assert r.bella == 0 and r.totals == (76, 67) and not r.bete and done.scores == (76, 67)
    assert (0, 20, "klaberjass.bella.announce") in [(s.seat, s.points, s.rule) for s in r.scores]
    # Unannounced, it is not scored: 56 against 67, and the maker is bête.
    done = play(LAST_BELLA, (0, "play:QH"))
    assert done.history[-1].bella is None and done.history[-1].bete and done.scores == (0, 123)


def test_bella_announce_is_offered_only_with_the_second_of_the_pair():
    assert "play:KH=bella" not in legal(BELLA_EARLY, 0)
    state = play(BELLA_EARLY, (0, "play:KH"), (1, "play:7C"))  # he keeps the lead (void, no trump)
    assert G.to_move(state) == {0} and "play:QH=bella" in legal(G.to_text(state), 0)


# --- scoring --------------------------------------------------------------------------------------
def events(state):
    return [(s.seat, s.points, s.rule) for s in state.history[-1].scores]


def test_score_card_points_and_last_trick():
    done = play(LAST, (0, "play:AC"))
    r = done.history[-1]
    assert r.card_points == (101, 23) and r.last_trick == 0 and r.totals == (111, 23)
    assert (0, 101, "klaberjass.score.card-points") in events(done)
    assert (0, 10, "klaberjass.score.last-trick") in events(done)


def test_score_made_both_score_their_own():
    done = play(LAST, (0, "play:AC"))
    assert done.scores == (111, 23) and not done.history[-1].bete and not done.history[-1].tie
    assert events(done) == [(0, 101, "klaberjass.score.card-points"), (0, 10, "klaberjass.score.last-trick"),
                            (1, 23, "klaberjass.score.card-points")]


def test_score_tie_the_maker_scores_nothing():
    done = play(LAST_EVEN, (0, "play:7H"))
    r = done.history[-1]
    assert r.totals == (38, 38) and r.tie and done.scores == (0, 38)
    assert events(done)[0] == (0, 0, "klaberjass.score.tie")


def test_score_bete_the_opponent_scores_both_totals():
    done = play(with_field(LAST, "mk", "1"), (0, "play:AC"))
    r = done.history[-1]
    assert r.maker == 1 and r.bete and r.totals == (111, 23) and done.scores == (134, 0)
    assert events(done) == [(1, 0, "klaberjass.score.bete"), (0, 101, "klaberjass.score.card-points"),
                            (0, 10, "klaberjass.score.last-trick"), (0, 23, "klaberjass.score.bete")]
    assert r.points(0) == 134 and r.points(1) == 0


# --- the match ------------------------------------------------------------------------------------
def test_match_target_both_over_the_higher_wins():
    done = play(with_field(LAST, "sc", "400,480"), (0, "play:AC"))
    assert done.scores == (511, 503) and done.phase == "over" and G.outcome(done).winners == (0,)
    # One reaching 500 exactly ends the match, but not under the 501 variant.
    done = play(with_field(LAST, "sc", "389,0"), (0, "play:AC"))
    assert done.scores == (500, 23) and done.phase == "over"
    done = play(with_options(with_field(LAST, "sc", "389,0"), "t501.s0.x0.l0.m0.a1"), (0, "play:AC"))
    assert done.phase == "end"


def test_match_equal_at_target_another_deal():
    done = play(with_field(LAST_EVEN, "sc", "520,482"), (0, "play:7H"))
    assert done.scores == (520, 520) and done.phase == "end" and not G.outcome(done).finished
    nxt = G.apply(done, 0, A("next"))
    assert nxt.deal == 2 and nxt.phase == "bid1"


def test_match_next_deal_the_other_player_deals():
    done = play(LAST, (0, "play:AC"))
    assert done.phase == "end" and G.to_move(done) == {0, 1}
    nxt = G.apply(done, 1, A("next"))
    assert nxt.deal == 2 and nxt.dealer == 1 and nxt.scores == (111, 23) and G.to_move(nxt) == {0}
    assert len(nxt.hands[0]) == len(nxt.hands[1]) == 6 and nxt.history == done.history


def test_match_over_refuses_everything():
    over = play(with_field(LAST, "sc", "400,480"), (0, "play:AC"))
    for seat in (0, 1):
        for text in ("next", "accept", "play:AC"):
            verdict = G.check(over, seat, A(text))
            assert not verdict and verdict.rule == "klaberjass.match.over"
    assert G.to_move(over) == frozenset()


# --- records, views, worlds, exact values ---------------------------------------------------------
def test_deal_records_round_trip_as_text():
    state = G.new("records")
    bot = LEVELS["club"](G)
    rng = rng_for("records")
    while G.to_move(state):
        seat = min(G.turn(state))
        state = G.apply(state, seat, bot.choose(G.view(state, seat), seat, rng))
    assert state.history
    for r in state.history:
        assert isinstance(r, KlaberjassDeal) and KlaberjassDeal.parse(str(r)) == r
    annulled = KlaberjassDeal(deal=2, dealer=1, annulled=True)
    assert KlaberjassDeal.parse(str(annulled)) == annulled
    assert parse_deal("2:1:a:-:-:0-0:-:-:0-0:-:0-0:-") == annulled


def test_views_hide_the_other_hand_and_keep_it_sorted_with_hidden_cards_last():
    state = play(DIX, (1, "pass"), (0, "dix"))
    view = G.view(state, 1)
    hand = view.hands[0]
    assert hand[:3] == ("JH", "KH", "QH") and set(hand[3:]) == {None}  # trumps in their own order
    assert "?" in G.to_text(view) and "seed=?" in G.to_text(view)


def test_determinize_keeps_out_what_play_has_shown_the_other_lacks():
    view = G.view(G.from_text(INFER), 0)
    for i in range(100):
        world = G.determinize(view, 0, rng_for("infer", i))
        assert not any(c[1] in "SH" for c in world.hands[1]), world.hands[1]
        assert G.view(world, 0) == view


def test_exact_values_say_bella_and_value_each_card():
    values = G.exact_values(G.from_text(LAST_BELLA), 0)
    assert values == {A("play:QH=bella"): 9, A("play:QH"): -123}
    values = G.exact_values(G.from_text(OVERTRUMP), 0)
    assert set(values) == {A("play:JH")}
    assert G.exact_values(G.view(G.from_text(LEAD), 1), 1) is None  # a hidden card: no exact value


def test_goals_make_and_beat():
    assert set(G.goals()) == {"make", "beat"}
    state = G.from_text(LAST)
    assert G.goal_reachable(state, 0, "make") is True and G.goal_reachable(state, 1, "beat") is False
    assert G.goal_reached(play(LAST, (0, "play:AC")), 0, "make")
    bete = G.from_text(with_field(LAST, "mk", "1"))
    assert G.goal_reachable(bete, 0, "beat") is True
    assert G.goal_reached(play(G.to_text(bete), (0, "play:AC")), 0, "beat")
    assert G.goal_reachable(G.from_text(LAST_BELLA), 0, "make") is True  # with bella


# --- every rule has a scenario --------------------------------------------------------------------
COVERED_BY_NAME = {
    "klaberjass.deal.first-dealer": "test_deal_first_dealer",
    "klaberjass.deal.first-round": "test_deal_first_round",
    "klaberjass.deal.second-round": "test_deal_second_round",
    "klaberjass.deal.annulled": "test_deal_annulled",
    "klaberjass.bid.accept": "test_bid_accept",
    "klaberjass.bid.name": "test_bid_name",
    "klaberjass.bid.maker": "test_bid_maker",
    "klaberjass.bid.schmeiss": "test_bid_schmeiss",
    "klaberjass.dix.exchange": "test_dix_exchange",
    "klaberjass.dix.window": "test_dix_window",
    "klaberjass.dix.sequence-seven": "test_dix_sequence_seven",
    "klaberjass.sequence.run": "test_sequence_run",
    "klaberjass.sequence.compare": "test_sequence_compare",
    "klaberjass.sequence.longer": "test_sequence_longer",
    "klaberjass.sequence.dead-tie": "test_sequence_dead_tie",
    "klaberjass.sequence.score": "test_sequence_score",
    "klaberjass.sequence.require-trick": "test_sequence_require_trick",
    "klaberjass.declare.announce": "test_declare_announce",
    "klaberjass.declare.reply": "test_declare_reply",
    "klaberjass.play.lead": "test_play_lead",
    "klaberjass.trick.winner": "test_trick_winner",
    "klaberjass.trick.rank": "test_trick_rank",
    "klaberjass.bella.announce": "test_bella_announce",
    "klaberjass.score.card-points": "test_score_card_points",
    "klaberjass.score.last-trick": "test_score_card_points_and_last_trick",
    "klaberjass.score.made": "test_score_made",
    "klaberjass.score.tie": "test_score_tie",
    "klaberjass.score.bete": "test_score_bete",
    "klaberjass.match.target": "test_match_target",
    "klaberjass.match.equal-at-target": "test_match_equal_at_target",
    "klaberjass.match.next-deal": "test_match_next_deal",
    "klaberjass.match.over": "test_match_over",
}


def test_every_rule_has_a_scenario():
    names = [n for n in globals() if n.startswith("test_")]
    missing = rules_without_scenario(RULES, REFUSED, COVERED_BY_NAME, names)
    assert not missing, f"rules without a scenario: {missing}"


# --- a golden playthrough ------------------------------------------------------------------------
GOLDEN = "klaberjass-seed-7.txt"


def transcript(seed="7"):
    """A whole match between the club bot (seat 0) and the beginner (seat 1), one line per action,
    with what each deal shows and scores."""
    bots = [LEVELS["club"](G), LEVELS["beginner"](G)]
    rng = rng_for("golden", "klaberjass", seed)
    state = G.new(seed, 2)
    lines = [f"cut {state.cut[0]} {state.cut[1]}: seat {state.dealer} deals"]

    def header(s):
        return (f"deal {s.deal}: dealer {s.dealer}, turned {s.proposal}, scores {s.scores[0]}-{s.scores[1]}; "
                f"hands {''.join(s.hands[0])} {''.join(s.hands[1])}")

    lines.append(header(state))
    while G.to_move(state):
        seat = min(G.turn(state))
        action = bots[seat].choose(G.view(state, seat), seat, rng)
        before = state
        state = G.apply(state, seat, action)
        lines.append(f"  {seat} {action}")
        if state.trumps and not before.trumps:
            lines.append(f"  trumps {state.trumps}, maker {state.maker}; bottom card {state.bottom[0]}; "
                         f"hands {''.join(state.hands[0])} {''.join(state.hands[1])}")
        if state.declared and not before.declared:
            said = ", ".join(f"{s}: {w}" for s, w in state.said)
            shown = " ".join("".join(run) for run in state.melds) or "nothing"
            lines.append(f"  declarations {said}; shown {shown}")
        if len(state.history) > len(before.history):
            r = state.history[-1]
            if r.annulled:
                lines.append("  annulled")
            else:
                said = ", ".join(f"{s.seat} {s.points:+d} {s.rule}" for s in r.scores)
                lines.append(f"  totals {r.totals[0]}-{r.totals[1]}: {said}; scores {state.scores[0]}-{state.scores[1]}")
        if state.deal != before.deal:
            lines.append(header(state))
    lines.append(f"match over: winner {list(G.outcome(state).winners)}, final {state.scores[0]}-{state.scores[1]}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_of_seed_7():
    check_golden(GOLDEN, transcript())
