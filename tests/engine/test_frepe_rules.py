"""Every Frepe rule, tested as positions in notation: the position, a seat's action, and what the
rules say must happen — refused by exactly that rule, or accepted with its consequence.

The positions are full states (games/frepe/notation.py). Seats go round in playing order: the seat
after the dealer is his right-hand neighbour, who speaks, exchanges and leads first.
"""

from collections import Counter

import pytest

from games.engine.cards import spanish_pack
from games.engine.results import POT, Payment
from games.engine.rng import rng_for, shuffled
from games.frepe import GAME
from games.frepe.bots import LEVELS
from games.frepe.notation import parse_deal
from games.frepe.rules import RULES, playable
from games.frepe.state import FrepeDeal
from tests.engine.scenarios import check_golden, rules_without_scenario

pytestmark = pytest.mark.engine

G = GAME
A = G.parse_action

# --- positions ------------------------------------------------------------------------------------
# New deals with seat 0 dealing, the dealer to say whether he takes the turned card.
START5 = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=5 n=1 d=0 bal=-1,-1,-1,-1,-1 pot=5 pd=1p1a,2p1a,3p1a,4p1a,0p1a "
    "ph=trump to=0 st=p???? tc=AC tk=0 h=7SKH3CQCJC2C/3SAHJH4HQD2D/3H7C4CADKD6D/QSJS6S2S7HJD/KSQH6H5HKC4D "
    "ps=-/-/-/-/- dc=-/-/-/-/- sk=AS3D5S6C2H4S5C5D7D tr=- ld=1 dn=- hist=-"
)
START6 = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=6 n=1 d=0 bal=-1,-1,-1,-1,-1,-1 pot=6 "
    "pd=1p1a,2p1a,3p1a,4p1a,5p1a,0p1a ph=trump to=0 st=p????? tc=7C tk=0 "
    "h=3S3HAC2C4D/2SQHJH5H3D/ASKHKCAD6D/JS5SJD5D2D/AH3CJCKD7D/KS6S4S4HQD ps=-/-/-/-/-/- dc=-/-/-/-/-/- "
    "sk=6H5CQS7S2H6C7HQC4C tr=- ld=1 dn=- hist=-"
)
START7 = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=7 n=1 d=0 bal=-1,-1,-1,-1,-1,-1,-1 pot=7 "
    "pd=1p1a,2p1a,3p1a,4p1a,5p1a,6p1a,0p1a ph=trump to=0 st=p?????o tc=AH tk=0 "
    "h=JSQC4CJD7D/3SKS6H2H6D/3HKH7H5H4H/3C7C6C3D4D/2SQH5C5D2D/7S5SACJCQD/- ps=-/-/-/-/-/-/- dc=-/-/-/-/-/-/- "
    "sk=4SKDQSJHAS2C6SADKC tr=- ld=1 dn=- hist=-"
)
# The first trick of a six-player deal: seat 0 deals, seats 1 and 3 said play, the others passed;
# hearts are trumps. Seat 1 leads.
PLAY = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=6 n=1 d=0 bal=-1,-1,-1,-1,-1,-1 pot=6 "
    "pd=1p1a,2p1a,3p1a,4p1a,5p1a,0p1a ph=play to=- st=ppxpxx tc=2H tk=0 "
    "h=QS4SAH4H2D/ASKS3H4C5D/-/3S7SQHJD6D/-/- ps=-/-/6S2SKH7HAD/-/JS5SJH5H3D/6HKDQD7D4D dc=-/-/-/-/-/- "
    "sk=AC2C3C5C6C7CJCQCKC tr=- ld=1 dn=- hist=-"
)
# The same, the dealer holding two low trumps (5 and 4) instead of the ace and the four.
LOW = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=6 n=1 d=0 bal=-1,-1,-1,-1,-1,-1 pot=6 "
    "pd=1p1a,2p1a,3p1a,4p1a,5p1a,0p1a ph=play to=- st=ppxpxx tc=2H tk=0 "
    "h=QS4S5H4H2D/ASKS3H4C5D/-/3S7SQHJD6D/-/- ps=-/-/6S2SKH7HAD/-/JS5SAHJH3D/6HKDQD7D4D dc=-/-/-/-/-/- "
    "sk=AC2C3C5C6C7CJCQCKC tr=- ld=1 dn=- hist=-"
)
# PLAY with the ace of hearts turned and taken by the dealer (who discarded the two of hearts).
TOOK = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=6 n=1 d=0 bal=-1,-1,-1,-1,-1,-1 pot=6 "
    "pd=1p1a,2p1a,3p1a,4p1a,5p1a,0p1a ph=play to=- st=ppxpxx tc=AH tk=1 "
    "h=QS4SAH4H2D/ASKS3H4C5D/-/3S7SQHJD6D/-/- ps=-/-/6S2SKH7HAD/-/JS5SJH5H3D/6HKDQD7D4D dc=2H/-/-/-/-/- "
    "sk=AC2C3C5C6C7CJCQCKC tr=- ld=1 dn=- hist=-"
)
# Last cards of deals found in play. Everyone but seat 5 played; seat 5 (dealer) took the turned 3H,
# and each player in play has one trick: seat 0 plays the last card.
NO_WINNER = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=6 n=1 d=5 bal=-1,-1,-1,-1,-1,-1 pot=6 pd=0p1a,1p1a,2p1a,3p1a,4p1a,5p1a "
    "ph=play to=- st=ppppxp tc=3H tk=1 h=-/-/-/-/-/3H ps=-/-/-/-/JSKC6C6D5D/- dc=-/-/5SQH6H7C/AH3D/-/QS5C sk=JHJD "
    "tr=5H7D2DAC ld=0 dn=0:KSAS6SKH7S,3:QCJC3C2H4C,1:3S7H2C4S2S,2:KD4DQD4HAD hist=-"
)
# Everyone passed: seat 2 deals, seat 3 is the dummy; the dealer has four tricks and plays his ace.
ALLPASS_SWEEP = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=6 n=1 d=2 bal=-1,-1,-1,-1,-1,-1 pot=6 pd=3p1a,4p1a,5p1a,0p1a,1p1a,2p1a "
    "ph=play to=- st=xxpmxx tc=QC tk=0 h=-/-/-/AD/-/- ps=KS7SKHJC5D/JS2HKCJD2D/-/4S7H5H4CKD/ASQS3HAC3D/3SAHJH3C2C "
    "dc=-/-/2S/6D/-/- sk=7D6C tr=4H ld=2 dn=3:6S5S,3:4DQD,2:5C6H,2:7CQH hist=-"
)
# The dealer (seat 2, who took the turned jack of clubs) ends with two tricks to the dummy's three.
ALLPASS_HALF = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=6 n=1 d=2 bal=-1,-1,-1,-1,-1,-1 pot=6 pd=3p1a,4p1a,5p1a,0p1a,1p1a,2p1a "
    "ph=play to=- st=xxpmxx tc=JC tk=1 h=-/-/JD/-/-/- ps=KSAHQH7D2D/3SJS2SKCQD/-/5HACQC7C6C/ASQS4SJH4C/KH6H3C3D5D "
    "dc=-/-/6S2CAD/3H/-/- sk=7S tr=4D ld=3 dn=3:7H4H,3:KD6D,3:2HJC,2:5S5C hist=-"
)
# The dealer (seat 3) has taken no trick; the dummy (seat 4) plays the last card. In the second he
# had taken the turned five of spades.
ALLPASS_FREPE = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=6 n=1 d=3 bal=-1,-1,-1,-1,-1,-1 pot=6 pd=4p1a,5p1a,0p1a,1p1a,2p1a,3p1a "
    "ph=play to=- st=xxxpmx tc=5S tk=0 h=-/-/-/2D/-/- ps=2SQH6HKD6D/JS7SJC5D4D/AH6C5C2CJD/-/KS6SQC7CAD/3H7HAC3C3D "
    "dc=-/-/-/KH5HKCQD/-/- sk=- tr=4H ld=4 dn=4:AS4S,4:QS4C,4:3S2H,4:JH7D hist=-"
)
ALLPASS_FREPE_TOOK = (
    "frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=? p=6 n=1 d=3 bal=-1,-1,-1,-1,-1,-1 pot=6 pd=4p1a,5p1a,0p1a,1p1a,2p1a,3p1a "
    "ph=play to=- st=xxxpmx tc=5S tk=1 h=-/-/-/2D/-/- ps=2SQH6HKD6D/JS7SJC5D4D/AH6C5C2CJD/-/KS6SQC7CAD/3H7HAC3C3D "
    "dc=-/-/-/5SKH5HKCQD/-/- sk=- tr=4H ld=4 dn=4:AS4S,4:QS4C,4:3S2H,4:JH7D hist=-"
)

# PLAY's tricks, card by card (each played by the seat whose turn it is). In SPLIT seats 0 and 1 take
# two tricks each and seat 3 one; in DEALER_FREPE seats 1 and 3 take two and the dealer one.
SPLIT = "KS 3S 4S  QH AH 3H  4H 5D 7S  QS AS 6D  4C JD 2D"
DEALER_FREPE = "AS 7S 4S  KS 3S QS  JD 2D 5D  6D 4H 3H  4C QH AH"


def with_options(position, options):
    """The same position under other options (o=...)."""
    return with_field(position, "o", options)


def with_field(position, key, value):
    """The same position with one field changed."""
    return " ".join(f"{key}={value}" if f.startswith(key + "=") else f for f in position.split(" "))


def state_of(position):
    return position if not isinstance(position, str) else G.from_text(position)


def play(position, *moves):
    """The state after each (seat, action text) in turn."""
    state = state_of(position)
    for seat, text in moves:
        state = G.apply(state, seat, A(text))
    return state


def cards(position, line):
    """The state after these cards, each played by the seat whose turn it is."""
    state = state_of(position)
    for card in line.split():
        (seat,) = G.to_move(state)
        state = G.apply(state, seat, A(f"play:{card}"))
    return state


def last_move(position):
    """The state after the only seat to move plays its only card."""
    state = state_of(position)
    (seat,) = G.to_move(state)
    (action,) = G.legal_actions(state, seat)
    return G.apply(state, seat, action)


def settled(state):
    """The payments of the deal just settled, antes left out, as (payer, payee, chips, rule)."""
    return [(p.payer, p.payee, p.amount, p.rule) for p in state.history[-1].payments if not p.rule.startswith(
        "frepe.ante.")]


def legal(position, seat):
    return [str(a) for a in G.legal_actions(state_of(position), seat)]


# --- refusals: (rule, position, seat, action) -----------------------------------------------------
EXCHANGE6 = play(START6, (0, "leave"), (1, "declare=play"), (2, "declare=play"), (3, "declare=pass"),
                 (4, "declare=pass"), (5, "declare=pass"))
EXCHANGE5 = play(START5, (0, "leave"), (1, "declare=play"), (2, "declare=pass"), (3, "declare=pass"),
                 (4, "declare=pass"))
ALL_PASS = play(START6, (0, "leave"), *[(s, "declare=pass") for s in range(1, 6)])
ALL_PASS_NO_HANDS = play(with_options(START6, "a1.t0.x0.r0.w0.p0.s1.d0"), (0, "leave"),
                         *[(s, "declare=pass") for s in range(1, 6)], (1, "discard:7S"))

REFUSED = [
    ("frepe.turn.order", START6, 1, "leave"),  # the dealer decides on the turned card first
    ("frepe.turn.order", PLAY, 0, "play:QS"),  # seat 1 leads
    ("frepe.turn.phase", START6, 0, "play:3S"),
    ("frepe.turn.phase", PLAY, 1, "declare=play"),
    ("frepe.turn.phase", START6, 0, "leave@stock"),
    ("frepe.card.in-hand", START6, 0, "take:AS"),
    ("frepe.card.in-hand", PLAY, 1, "play:QS"),
    ("frepe.card.in-hand", EXCHANGE6, 1, "discard:2S2S"),
    ("frepe.trump.take", START6, 0, "take"),  # taking the card means discarding one
    ("frepe.trump.take", START6, 0, "take:3S3H"),
    ("frepe.declare.choice", play(START6, (0, "leave")), 1, "declare=maybe"),
    ("frepe.declare.choice", play(START6, (0, "leave")), 1, "declare"),
    ("frepe.allpass.dummy", ALL_PASS, 1, "discard:7S6H"),  # the dummy discards exactly one
    ("frepe.allpass.dummy", ALL_PASS, 1, "discard"),
    ("frepe.exchange.five-players", EXCHANGE5, 1, "discard"),  # at five, at least one
    ("frepe.exchange.count", ALL_PASS_NO_HANDS, 0, "discard:3S3HAC2C4D"),  # only four cards to draw
    ("frepe.play.follow-suit", cards(PLAY, "KS 3S"), 0, "play:AH"),
    ("frepe.play.head", cards(PLAY, "KS"), 3, "play:7S"),  # the three beats the king
    ("frepe.play.must-trump", cards(PLAY, "4C"), 3, "play:3S"),
    ("frepe.play.overtrump", cards(PLAY, "4C QH"), 0, "play:4H"),  # the ace beats the queen
    ("frepe.play.overtrump", cards(PLAY, "4C QH"), 0, "play:QS"),
    ("frepe.play.overtrump", cards(LOW, "4C QH"), 0, "play:QS"),  # unable to overtrump, still a trump
    ("frepe.session.over", last_move(with_options(NO_WINNER, "a1.t0.x0.r1.w0.p0.s1.d1")), 0, "next"),  # a session of one deal
]


@pytest.mark.parametrize("rule,position,seat,action", REFUSED, ids=[f"{r[0]}-{i}" for i, r in enumerate(REFUSED)])
def test_refused_by_the_rule(rule, position, seat, action):
    state = state_of(position)
    verdict = G.check(state, seat, A(action))
    assert not verdict and verdict.rule == rule, (verdict.rule, dict(verdict.args))
    assert A(action) not in G.legal_actions(state, seat)


def test_refusals_carry_the_facts_that_explain_them():
    verdict = G.check(cards(PLAY, "KS"), 3, A("play:7S"))
    assert dict(verdict.args) == {"card": "7S", "led": "KS", "best": "KS", "higher": ["3S"]}
    verdict = G.check(cards(PLAY, "4C QH"), 0, A("play:4H"))
    assert dict(verdict.args) == {"card": "4H", "led": "4C", "best": "QH", "higher": ["AH"]}
    verdict = G.check(cards(LOW, "4C QH"), 0, A("play:QS"))
    assert dict(verdict.args) == {"card": "QS", "led": "4C", "best": "QH", "trump_with": ["5H", "4H"]}
    verdict = G.check(cards(PLAY, "4C"), 3, A("play:3S"))
    assert dict(verdict.args) == {"card": "3S", "led": "4C", "trump_with": ["QH"]}
    verdict = G.check(EXCHANGE5, 1, A("discard"))
    assert dict(verdict.args) == {"discarded": 0, "least": 1}
    verdict = G.check(ALL_PASS_NO_HANDS, 0, A("discard:3S3HAC2C4D"))
    assert dict(verdict.args) == {"discarded": 5, "most": 4}


# --- the deal and the antes -----------------------------------------------------------------------
def test_deal_cards_one_at_a_time_from_the_dealers_right():
    for players in (5, 6, 7):
        for i in range(20):
            state = G.new(f"deal-{i}", players)
            pack = shuffled(spanish_pack(), rng_for("frepe", f"deal-{i}", 1))
            dealt = [s for s in state.order if s != state.sitting_out]
            size = 6 if players == 5 else 5
            for k, s in enumerate(dealt):
                assert sorted(state.hands[s]) == sorted(pack[k:size * len(dealt):len(dealt)])
            assert state.turned == pack[size * len(dealt)] and state.stock == pack[size * len(dealt) + 1:]
            assert Counter(c for z in G.zones(state).values() for c in z) == Counter(spanish_pack())
    assert [len(h) for h in G.from_text(START5).hands] == [6] * 5
    assert [len(h) for h in G.from_text(START6).hands] == [5] * 6


def test_deal_sit_out_at_seven_the_dealers_left():
    state = G.from_text(START7)
    assert state.sitting_out == 6 and state.hands[6] == () and state.status == "p?????o"
    state = play(state, (0, "leave"))
    said = []
    while state.phase == "declare":
        said.append(state.to)
        state = G.apply(state, state.to, A("declare=play"))
    assert said == [1, 2, 3, 4, 5] and state.active == (1, 2, 3, 4, 5, 0)
    for i in range(10):
        s = G.new(f"seven-{i}", 7)
        assert s.sitting_out == (s.dealer - 1) % 7 and s.hands[s.sitting_out] == ()


def test_deal_trump_turned_card_and_a_stock_of_nine():
    for players in (5, 6, 7):
        state = G.new("trump", players)
        assert len(state.stock) == 9 and state.trumps == state.turned[1] and G.zones(state)["turnup"] == (
            state.turned,)
        assert state.turned not in state.stock


def test_ante_empty_pot_everyone_and_the_dealer_once():
    state = G.from_text(START6)
    assert [(p.payer, p.payee, p.amount) for p in state.paid] == [(s, POT, 1) for s in (1, 2, 3, 4, 5, 0)]
    assert state.pot == 6 and state.balances == (-1,) * 6
    assert G.chips(state) == {"0": -1, "1": -1, "2": -1, "3": -1, "4": -1, "5": -1, "pot": 6}
    seven = G.new("antes", 7)
    assert seven.pot == 7 and len(seven.paid) == 7  # the player sitting out antes too
    seven = G.new("antes", 7, {"sit_out_antes": False})
    assert seven.pot == 6 and seven.balances[seven.sitting_out] == 0
    doubled = G.new("antes", 5, {"ante": 2})
    assert doubled.pot == 10 and set(doubled.balances) == {-2}


def test_ante_dealer_alone_while_the_pot_holds_chips():
    done = last_move(with_options(NO_WINNER, "a1.t0.x0.r1.w0.p0.s1.d3"))  # nobody escaped: the pot stays
    assert done.pot == 6 and done.phase == "end"
    nxt = G.apply(done, 2, A("next"))
    assert nxt.dealer == 0 and nxt.pot == 7 and [str(p) for p in nxt.paid] == ["0>pot:1:frepe.ante.dealer"]
    emptied = G.apply(last_move(with_options(ALLPASS_SWEEP, "a1.t0.x0.r1.w0.p0.s1.d3")), 0, A("next"))
    assert emptied.dealer == 3 and len(emptied.paid) == 6 and emptied.pot == 6


# --- the turned card, play or pass ----------------------------------------------------------------
def test_trump_take_the_turned_card_and_discard_one():
    state = play(START6, (0, "take:2C"))
    assert "7C" in state.hands[0] and "2C" not in state.hands[0] and state.discards[0] == ("2C",)
    assert state.taken and G.zones(state)["turnup"] == () and state.phase == "declare" and state.to == 1
    view = G.view(state, 1)  # the others see the turned card in his hand, and not his discard
    assert "7C" in view.hands[0] and view.hands[0].count(None) == 4 and view.discards[0] == (None,)
    left = play(START6, (0, "leave"))
    assert not left.taken and G.zones(left)["turnup"] == ("7C",)


def test_trump_take_at_the_dealers_exchange_variant():
    position = with_options(START6, "a1.t1.x0.r1.w0.p0.s1.d0")
    start = G.from_text(with_field(with_field(position, "ph", "declare"), "to", "1"))
    state = play(start, (1, "declare=play"), *[(s, "declare=pass") for s in (2, 3, 4, 5)], (1, "discard:2S"))
    assert state.phase == "trump" and state.to == 0
    state = play(state, (0, "take:4D"))
    assert state.phase == "exchange" and state.to == 0 and "7C" in state.hands[0]
    late = G.new("late", 6, {"dealer_takes_trump_at": "at-dealer-exchange"})
    assert late.phase == "declare" and G.check(late, late.dealer, A("leave")).rule == "frepe.turn.order"


def test_trump_double_for_a_dealer_who_took_it():
    done = cards(TOOK, DEALER_FREPE)
    assert done.history[-1].tricks == (1, 2, 0, 2, 0, 0) and done.history[-1].took_trump
    assert settled(done) == [(0, 1, 12, "frepe.trump.double"), (0, 3, 12, "frepe.trump.double"),
                             (POT, 1, 3, "frepe.settle.pot-shared"), (POT, 3, 3, "frepe.settle.pot-shared")]
    plain = cards(PLAY, DEALER_FREPE)
    assert settled(plain)[:2] == [(0, 1, 6, "frepe.settle.pays-winners"), (0, 3, 6, "frepe.settle.pays-winners")]


def test_declare_in_turn_from_the_dealers_right_passers_lay_their_hands_down():
    state = play(START6, (0, "leave"))
    assert state.phase == "declare" and G.to_move(state) == {1}
    state = play(state, (1, "declare=pass"))
    assert state.hands[1] == () and sorted(state.passed[1]) == sorted(G.from_text(START6).hands[1])
    assert state.to == 2 and state.status == "px????"


def test_declare_dealer_plays_without_saying():
    state = play(START6, (0, "leave"), (1, "declare=play"), *[(s, "declare=pass") for s in (2, 3, 4, 5)])
    assert state.status[0] == "p" and state.active == (1, 0) and state.phase == "exchange" and state.to == 1
    assert G.legal_actions(play(START6, (0, "leave")), 0) == []  # he is never asked


def test_allpass_dummy_draws_six_and_discards_one():
    state = ALL_PASS
    assert state.phase == "dummy" and state.to == 1 and state.status == "pmxxxx"
    assert state.passed[1] and len(state.hands[1]) == 6 and len(state.stock) == 3
    assert sorted(state.hands[1]) == sorted("6H 5C QS 7S 2H 6C".split())  # the stock's first six
    state = play(state, (1, "discard:7S"))
    assert state.phase == "exchange" and state.to == 0 and len(state.hands[1]) == 5 and state.discards[1] == ("7S",)
    state = play(state, (0, "discard"))
    assert state.phase == "play" and G.to_move(state) == {1} and state.active == (1, 0)


# --- the exchange ---------------------------------------------------------------------------------
def test_exchange_count_up_to_five_drawing_as_many():
    assert G.exchange_bounds(EXCHANGE6, 1) == (0, 5)
    state = play(EXCHANGE6, (1, "discard:2SQH"))
    assert len(state.hands[1]) == 5 and state.discards[1] == ("2S", "QH") and len(state.stock) == 7
    assert {"6H", "5C"} <= set(state.hands[1]) and state.to == 2
    state = play(state, (2, "discard"), (0, "discard:4D"))
    assert state.phase == "play" and G.to_move(state) == {1}


def test_exchange_five_players_at_least_one_drawing_one_fewer():
    assert G.exchange_bounds(EXCHANGE5, 1) == (1, 6)
    state = play(EXCHANGE5, (1, "discard:3SAH"))
    assert len(state.hands[1]) == 5 and len(state.stock) == 8
    state = play(state, (0, "discard:7S"))
    assert len(state.hands[0]) == 5 and state.phase == "play"


def test_exchange_reshuffle_from_the_others_discards_then_the_hands_laid_down():
    state = play(START6, (0, "leave"), *[(s, "declare=play") for s in range(1, 6)], (1, "discard:2SQHJH5H3D"))
    gone = set(state.discards[1])
    assert len(state.stock) == 4
    state = play(state, (2, "discard:ASKHKCAD6D"))
    assert state.discards[1] == () and len(state.stock) == 4 and set(state.stock) <= gone
    assert len(set(state.hands[2]) & gone) == 1 and state.discards[2] == ("AS", "KH", "KC", "AD", "6D")
    # All passed: three left in the stock, one discarded by the dummy; the hands laid down refill it.
    dealer = play(ALL_PASS, (1, "discard:7S"))
    assert G.exchange_bounds(dealer, 0) == (0, 5)
    after = play(dealer, (0, "discard:3S3HAC2C4D"))
    assert len(after.hands[0]) == 5 and not any(after.passed) and after.discards[1] == ()
    assert G.exchange_bounds(ALL_PASS_NO_HANDS, 0) == (0, 4)  # the variant: not the hands laid down


# --- the tricks -----------------------------------------------------------------------------------
def test_play_lead_by_the_first_player_in_play_then_the_winner():
    state = G.from_text(PLAY)
    assert G.to_move(state) == {1}
    state = cards(state, "KS 3S 4S")
    assert G.to_move(state) == {3} and state.leader == 3
    passed_first = play(START6, (0, "leave"), (1, "declare=pass"), (2, "declare=play"),
                        *[(s, "declare=pass") for s in (3, 4, 5)], (2, "discard"), (0, "discard"))
    assert passed_first.phase == "play" and G.to_move(passed_first) == {2}


def test_play_follow_suit_head_trump_and_overtrump_allowed_cards():
    assert legal(cards(PLAY, "KS"), 3) == ["play:3S"]
    assert legal(cards(PLAY, "KS 3S"), 0) == ["play:4S", "play:QS"]
    assert legal(cards(PLAY, "4C"), 3) == ["play:QH"]
    assert legal(cards(PLAY, "4C QH"), 0) == ["play:AH"]
    assert legal(cards(LOW, "4C QH"), 0) == ["play:4H", "play:5H"]
    # The variant: unable to overtrump, any card.
    variant = cards(with_options(LOW, "a1.t0.x1.r1.w0.p0.s1.d0"), "4C QH")
    assert legal(variant, 0) == ["play:2D", "play:4H", "play:4S", "play:5H", "play:QS"]
    # A trumped plain trick: follow suit, no need to beat.
    assert playable(["KC", "2C", "AH"], ["4C", "QH"], "H") == ("KC", "2C")
    # Trumps led: head them if possible.
    assert playable(["KH", "2H"], ["QH"], "H") == ("KH",)


def test_play_must_trump_when_void():
    assert playable(["QH", "3S"], ["4C"], "H") == ("QH",)
    assert playable(["3S", "2D"], ["4C"], "H") == ("3S", "2D")


def test_play_overtrump_or_still_trump():
    assert playable(["AH", "4H", "QS"], ["4C", "QH"], "H") == ("AH",)
    assert playable(["5H", "4H", "QS"], ["4C", "QH"], "H") == ("5H", "4H")
    assert playable(["5H", "4H", "QS"], ["4C", "QH"], "H", may_discard=True) == ("5H", "4H", "QS")


def test_trick_winner_highest_trump_else_highest_of_the_suit_led():
    state = cards(PLAY, "4C QH AH")
    assert state.leader == 0 and state.done == ((1, ("4C", "QH", "AH")),) and G.zones(state)["won.0"] == (
        "4C", "QH", "AH")
    state = cards(PLAY, "5D JD 2D")
    assert state.leader == 3


def test_trick_rank_three_above_king():
    state = cards(PLAY, "KS 3S 4S")
    assert state.leader == 3 and state.tricks_taken()[3] == 1


def test_frepe_tricks_fewer_than_two():
    done = cards(PLAY, SPLIT)
    record = done.history[-1]
    assert record.tricks == (2, 2, 0, 1, 0, 0) and record.frepe == (3,)


# --- settlement -----------------------------------------------------------------------------------
def test_settle_pays_winners_and_the_pot_is_shared():
    done = cards(PLAY, SPLIT)
    assert settled(done) == [(3, 1, 6, "frepe.settle.pays-winners"), (3, 0, 6, "frepe.settle.pays-winners"),
                             (POT, 1, 3, "frepe.settle.pot-shared"), (POT, 0, 3, "frepe.settle.pot-shared")]
    assert done.balances == (8, 8, -1, -13, -1, -1) and done.pot == 0 and done.phase == "end"
    assert done.history[-1].case == "normal" and done.history[-1].pot == 6
    assert sum(G.chips(done).values()) == 0


def two_in_play(position):
    """The position with seat 3 passed too: the dealer (seat 0) and seat 1 play alone."""
    fields = dict(f.split("=", 1) for f in position.split(" ")[1:])
    hands = fields["h"].split("/")
    laid = fields["ps"].split("/")
    laid[3], hands[3] = hands[3], "-"
    position = with_field(with_field(position, "h", "/".join(hands)), "ps", "/".join(laid))
    return G.from_text(with_field(position, "st", "ppxxxx"))


def test_settle_pot_shared_a_single_winner_takes_it_all():
    single = cards(two_in_play(LOW), "AS 4S  KS QS  3H 4H  4C 5H  2D 5D")
    assert single.history[-1].tricks == (1, 4, 0, 0, 0, 0)
    assert settled(single) == [(0, 1, 6, "frepe.settle.pays-winners"), (POT, 1, 6, "frepe.settle.pot-shared")]


def test_settle_odd_chip_to_more_tricks_then_nearer_the_dealers_right():
    odd = with_field(PLAY, "pot", "7")
    assert settled(cards(odd, SPLIT))[2:] == [(POT, 1, 3, "frepe.settle.pot-shared"),
                                              (POT, 0, 3, "frepe.settle.pot-shared"),
                                              (POT, 1, 1, "frepe.settle.odd-chip")]  # 2 and 2: seat 1 is first
    done = cards(two_in_play(odd), "AS 4S  3H AH  4H 4C  QS KS  5D 2D")  # seat 1 three, seat 0 two
    assert done.history[-1].tricks == (2, 3, 0, 0, 0, 0)
    assert settled(done)[-3:] == [(POT, 1, 3, "frepe.settle.pot-shared"), (POT, 0, 3, "frepe.settle.pot-shared"),
                                  (POT, 1, 1, "frepe.settle.odd-chip")]


def test_settle_no_winner_the_pot_carries_or_frepe_pays_into_it():
    done = last_move(NO_WINNER)
    assert done.history[-1].case == "no-winner" and settled(done) == [] and done.pot == 6
    variant = last_move(with_options(NO_WINNER, "a1.t0.x0.r1.w1.p0.s1.d0"))
    assert settled(variant) == [(0, POT, 6, "frepe.settle.no-winner"), (1, POT, 6, "frepe.settle.no-winner"),
                                (2, POT, 6, "frepe.settle.no-winner"), (3, POT, 6, "frepe.settle.no-winner"),
                                (5, POT, 12, "frepe.trump.double")]
    assert variant.pot == 42 and variant.phase == "end"


def test_spanish_share_per_trick_and_frepe_pays_the_pot():
    spanish = with_options(PLAY, "a1.t0.x0.r1.w0.p1.s1.d0")
    done = cards(spanish, SPLIT)
    assert settled(done) == [(POT, 1, 2, "frepe.spanish.share"), (POT, 3, 1, "frepe.spanish.share"),
                             (POT, 0, 2, "frepe.spanish.share"), (3, POT, 6, "frepe.spanish.frepe")]
    assert done.pot == 7 and done.balances == (1, 1, -1, -6, -1, -1)
    took = cards(with_options(TOOK, "a1.t0.x0.r1.w0.p1.s1.d0"), DEALER_FREPE)
    assert settled(took)[-1] == (0, POT, 12, "frepe.trump.double")


def test_allpass_sweep_four_tricks_take_the_whole_pot():
    done = last_move(ALLPASS_SWEEP)
    assert done.history[-1].case == "all-pass" and done.history[-1].dummy == 3
    assert settled(done) == [(POT, 2, 6, "frepe.allpass.sweep")] and done.pot == 0


def test_allpass_half_two_or_three_tricks_take_half():
    done = last_move(ALLPASS_HALF)
    assert done.history[-1].tricks[2] == 2 and settled(done) == [(POT, 2, 3, "frepe.allpass.half")]
    assert done.pot == 3 and done.balances[3] == -1  # the dummy neither pays nor receives


def test_allpass_frepe_the_dealer_pays_into_the_pot():
    done = last_move(ALLPASS_FREPE)
    assert settled(done) == [(3, POT, 6, "frepe.allpass.frepe")] and done.pot == 12
    took = last_move(ALLPASS_FREPE_TOOK)
    assert settled(took) == [(3, POT, 12, "frepe.trump.double")] and took.pot == 18


# --- the session ----------------------------------------------------------------------------------
def test_session_next_deal_to_the_right():
    done = cards(PLAY, SPLIT)
    nxt = G.apply(done, 4, A("next"))
    assert nxt.deal == 2 and nxt.dealer == 1 and nxt.history == done.history and nxt.phase == "trump"
    assert len(nxt.paid) == 6  # the pot was emptied: everyone antes again
    assert G.to_move(done) == frozenset(range(6))


def test_session_rounds_each_player_deals_twice_and_the_best_balance_wins():
    from games.engine.play import play_match

    bots = [LEVELS["club"](G) for _ in range(7)]
    final = play_match(G, bots[:5], "rounds", 5)
    out = G.outcome(final)
    assert out.finished and len(out.deals) == 10 and [d.dealer for d in out.deals] == [
        (out.deals[0].dealer + i) % 5 for i in range(10)]
    assert out.scores == final.balances and out.winners == tuple(s for s in range(5) if final.balances[s] == max(
        final.balances))
    short = play_match(G, bots, "rounds", 7, {"rounds": 1})
    assert len(G.outcome(short).deals) == 1 and G.outcome(short).finished


def test_session_pot_shared_at_the_end():
    done = last_move(with_options(NO_WINNER, "a1.t0.x0.r1.w1.p0.s1.d1"))
    shares = [p for p in done.history[-1].payments if p.rule == "frepe.session.pot-shared"]
    assert [(p.payer, p.payee, p.amount) for p in shares] == [(POT, s, 7) for s in (0, 1, 2, 3, 4, 5)]
    assert done.pot == 0
    left = last_move(with_options(ALLPASS_HALF, "a1.t0.x0.r1.w0.p0.s1.d1"))
    assert left.pot == 3 and left.phase == "over"  # three chips cannot be shared by six: they stay


# --- records and views ----------------------------------------------------------------------------
def test_deal_records_round_trip_as_text():
    done = cards(PLAY, SPLIT)
    record = done.history[-1]
    assert isinstance(record, FrepeDeal) and FrepeDeal.parse(str(record)) == record
    assert record.net(3) == -13 and record.net(POT) == 0
    assert parse_deal("1:0:-:2H:0:130:-:220100:6:n:1p1a", 6).payments == (Payment(1, POT, 1, "frepe.ante.empty-pot"),)
    assert G.from_text(G.to_text(done)) == done


def test_views_hide_hands_laid_down_discards_and_the_stock():
    state = play(EXCHANGE6, (1, "discard:2SQH"))
    view = G.view(state, 2)
    assert set(view.hands[1]) == {None} and set(view.stock) == {None} and view.discards[1] == (None, None)
    assert set(view.passed[3]) == {None} and view.hands[2] == state.hands[2] and view.seed is None
    mine = G.view(state, 1)
    assert mine.discards[1] == ("2S", "QH")


# --- every rule has a scenario --------------------------------------------------------------------
COVERED_BY_NAME = {
    "frepe.deal.cards": "test_deal_cards",
    "frepe.deal.sit-out": "test_deal_sit_out",
    "frepe.deal.trump": "test_deal_trump",
    "frepe.ante.empty-pot": "test_ante_empty_pot",
    "frepe.ante.dealer": "test_ante_dealer",
    "frepe.trump.take": "test_trump_take",
    "frepe.trump.double": "test_trump_double",
    "frepe.declare.choice": "test_declare_in_turn",
    "frepe.declare.dealer-plays": "test_declare_dealer_plays",
    "frepe.allpass.dummy": "test_allpass_dummy",
    "frepe.exchange.count": "test_exchange_count",
    "frepe.exchange.five-players": "test_exchange_five_players",
    "frepe.exchange.reshuffle": "test_exchange_reshuffle",
    "frepe.play.lead": "test_play_lead",
    "frepe.play.must-trump": "test_play_must_trump",
    "frepe.play.overtrump": "test_play_overtrump",
    "frepe.trick.winner": "test_trick_winner",
    "frepe.trick.rank": "test_trick_rank",
    "frepe.frepe.tricks": "test_frepe_tricks",
    "frepe.settle.pays-winners": "test_settle_pays_winners",
    "frepe.settle.pot-shared": "test_settle_pot_shared",
    "frepe.settle.odd-chip": "test_settle_odd_chip",
    "frepe.settle.no-winner": "test_settle_no_winner",
    "frepe.spanish.share": "test_spanish_share",
    "frepe.spanish.frepe": "test_spanish_share_per_trick_and_frepe",
    "frepe.allpass.sweep": "test_allpass_sweep",
    "frepe.allpass.half": "test_allpass_half",
    "frepe.allpass.frepe": "test_allpass_frepe",
    "frepe.session.next-deal": "test_session_next_deal",
    "frepe.session.rounds": "test_session_rounds",
    "frepe.session.pot-shared": "test_session_pot_shared",
    "frepe.session.over": "test_session_rounds",
}


def test_every_rule_has_a_scenario():
    names = [n for n in globals() if n.startswith("test_")]
    missing = rules_without_scenario(RULES, REFUSED, COVERED_BY_NAME, names)
    assert not missing, f"rules without a scenario: {missing}"


# --- a golden playthrough ------------------------------------------------------------------------
GOLDEN = "frepe-seed-7.txt"


def _payments(payments):
    return ", ".join(f"{p.payer}>{p.payee} {p.amount} {p.rule}" for p in payments) or "nothing"


def transcript(seed="7"):
    """A whole six-player session (twelve deals): the club bot in seats 0, 2 and 4, the beginner in
    1, 3 and 5; one line per action, with each deal's cards, antes and settlement."""
    bots = [LEVELS["club" if s % 2 == 0 else "beginner"](G) for s in range(6)]
    rng = rng_for("golden", "frepe", seed)
    state = G.new(seed, 6)

    def header(s):
        hands = " ".join("".join(h) for h in s.hands)
        return (f"deal {s.deal}: dealer {s.dealer}, turned {s.turned}; antes {_payments(s.paid)}; pot {s.pot}; "
                f"hands {hands}; stock {''.join(s.stock)}")

    lines = [header(state)]
    while G.to_move(state):
        seat = min(G.turn(state))
        action = bots[seat].choose(G.view(state, seat), seat, rng)
        before = state
        state = G.apply(state, seat, action)
        lines.append(f"  {seat} {action}")
        if before.phase == "play" and len(state.done) > len(before.done):
            leader, trick = state.done[-1]
            lines.append(f"  trick {len(state.done)}: {''.join(trick)} led by {leader}, won by {state.leader}")
        if len(state.history) > len(before.history):
            r = state.history[-1]
            settle = [p for p in r.payments if not p.rule.startswith("frepe.ante.")]
            lines.append(f"  {r.case}: tricks {''.join(map(str, r.tricks))}, pot {r.pot}: {_payments(settle)}")
            lines.append(f"  balances {','.join(map(str, state.balances))}, pot {state.pot}")
        if state.deal != before.deal:
            lines.append(header(state))
    out = G.outcome(state)
    lines.append(f"session over: winners {list(out.winners)}, balances {','.join(map(str, out.scores))}, "
                 f"pot {state.pot}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_of_seed_7():
    check_golden(GOLDEN, transcript())


def test_payments_of_any_size_read_back():
    # The pot can double deal after deal (the "each pays the pot's worth" variants), so a payment
    # of millions of chips is a real position, found by the random matches of conformance.
    from games.frepe.notation import parse_payments, payments_text

    paid = (Payment(5, POT, 2420542, "frepe.trump.double"), Payment(POT, 2, 12, "frepe.settle.pot-shared"))
    assert parse_payments(payments_text(paid), 7) == paid
    with pytest.raises(Exception):
        parse_payments("5p012d", 7)
