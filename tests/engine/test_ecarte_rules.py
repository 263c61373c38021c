"""Every Écarté rule, tested as positions in notation: the position, a seat's action, and what the
rules say must happen — refused by exactly that rule, or accepted with its consequence.

The positions are full states (games/ecarte/notation.py). Seat 0 is the player whose decision the
scenario is about unless the record says otherwise.
"""


import pytest

from games.ecarte import GAME
from games.ecarte.bots import LEVELS
from games.ecarte.rules import RULES
from games.engine.rng import rng_for
from tests.engine.scenarios import check_golden, rules_without_scenario

pytestmark = pytest.mark.engine

G = GAME
HEAD = "ecarte o=t5.d0.v1.m1.r0 seed=? n=1"

# --- positions ------------------------------------------------------------------------------------
# Non-dealer (seat 0) to speak first, hearts trumps.
PROPOSE = (f"{HEAD} d=1 sc=0,0 ph=propose tu=9H h0=KHQHJS8C7D h1=ASTC9D8D7C "
           "st=KSQSTS9S8S7SJHAHTH8H7HKDQDJDADTDKCQCJCAC9C x0=- x1=- tr=- ld=0 tk=0,0 w0=- w1=- vu=- fd=1 "
           "ex=- pl=00 an=00 rv=00 ev=- hist=-")
# The same, after one exchange (no longer the first decision).
PROPOSE_AGAIN = (f"{HEAD} d=1 sc=0,0 ph=propose tu=9H h0=KHQHJS8C7D h1=ASTC9D8D7C "
                 "st=KSQSTS9S8S7SJHAHTH8H7HKDQDJDAD x0=JCAC9C x1=TDKCQC tr=- ld=0 tk=0,0 w0=- w1=- vu=- fd=0 "
                 "ex=- pl=00 an=00 rv=00 ev=- hist=-")
# Dealer (seat 0) answers the first proposal; clubs trumps.
RESPOND = (f"{HEAD} d=0 sc=0,0 ph=respond tu=9C h0=KCJCACKDQS h1=8H7H8S9SJH "
           "st=KSJSASTS7SKHQHAHTH9HQDJDADTD9D8D7DQCTC8C7C x0=- x1=- tr=- ld=0 tk=0,0 w0=- w1=- vu=- fd=1 "
           "ex=- pl=00 an=00 rv=00 ev=- hist=-")
# Dealer (seat 0) answers a second proposal.
RESPOND_AGAIN = (f"{HEAD} d=0 sc=0,0 ph=respond tu=9H h0=KHQHJS8C7D h1=ASTC9D8D7C "
                 "st=KSQSTS9S8S7SJHAHTH8H7HKDQDJDAD x0=JCAC9C x1=TDKCQC tr=- ld=0 tk=0,0 w0=- w1=- vu=- fd=0 "
                 "ex=- pl=00 an=00 rv=00 ev=- hist=-")
# Non-dealer (seat 0) discards; 21 cards in the stock.
DISCARD = (f"{HEAD} d=1 sc=0,0 ph=discard tu=TS h0=KSQH7C8C9D h1=AH9HJCTCKD "
           "st=QSJSAS9S8S7SKHJHTH8H7HQDJDADTD8D7DKCQCAC9C x0=- x1=- tr=- ld=0 tk=0,0 w0=- w1=- vu=- fd=0 "
           "ex=0 pl=00 an=00 rv=00 ev=- hist=-")
# Non-dealer (seat 0) discards with only three cards left in the stock.
DISCARD_SHORT = (f"{HEAD} d=1 sc=0,0 ph=discard tu=TS h0=KSQH7C8C9D h1=AH9HJCTCKD st=QSJSAS "
                 "x0=JDADTD8D7DKCQCAC9C x1=9S8S7SKHJHTH8H7HQD tr=- ld=0 tk=0,0 w0=- w1=- vu=- fd=0 ex=0 "
                 "pl=00 an=00 rv=00 ev=- hist=-")
# The dealer (seat 1) discards after the non-dealer's exchange.
DEALER_DISCARD = (f"{HEAD} d=1 sc=0,0 ph=discard tu=TS h0=KSQH7C8C9D h1=AH9HJCTCKD "
                  "st=QSJSAS9S8S7SKHJHTH8H7HQDJDADTD8D7DKC x0=AC9C x1=QC tr=- ld=0 tk=0,0 w0=- w1=- vu=- "
                  "fd=0 ex=1 pl=00 an=00 rv=00 ev=- hist=-")
# Non-dealer (seat 0) to lead to the first trick, holding the king of trumps (hearts).
LEAD_WITH_KING = (f"{HEAD} d=1 sc=0,0 ph=play tu=7H h0=KHJHAS9C8D h1=QSJSTC7DKC "
                  "st=KSTS9S8S7SQHAHTH9H8HKDQDJDADTD9DQCJCAC8C7C x0=- x1=- tr=- ld=0 tk=0,0 w0=- w1=- vu=- "
                  "fd=0 ex=- pl=00 an=00 rv=00 ev=- hist=-")
# Dealer (seat 0) to follow to the ace of spades led; diamonds trumps.
FOLLOW_AND_BEAT = (f"{HEAD} d=0 sc=0,0 ph=play tu=8D h0=JS9SKH7C9D h1=QC8H7DTC "
                   "st=KSQSTS8S7SQHJHAHTH9H7HKDQDJDADTDKCJCAC9C8C x0=- x1=- tr=AS ld=1 tk=0,0 w0=- w1=- vu=- "
                   "fd=0 ex=- pl=01 an=00 rv=00 ev=- hist=-")
# Dealer (seat 0) to follow to the ace of clubs, holding one club.
FOLLOW = (f"{HEAD} d=0 sc=0,0 ph=play tu=8D h0=JS9C8HKH9D h1=QC8S7DTC "
          "st=KSQSASTS9S7SQHJHAHTH9H7HKDQDJDADTDKCJC8C7C x0=- x1=- tr=AC ld=1 tk=0,0 w0=- w1=- vu=- fd=0 "
          "ex=- pl=01 an=00 rv=00 ev=- hist=-")
# Dealer (seat 0) void in clubs, holding trumps (diamonds), to the king of clubs.
VOID_WITH_TRUMPS = (f"{HEAD} d=0 sc=0,0 ph=play tu=8D h0=9DTDKHQH7S h1=QC8H7DTS "
                    "st=KSQSJSAS9S8SJHAHTH9H7HKDQDJDADJCACTC9C8C7C x0=- x1=- tr=KC ld=1 tk=0,0 w0=- w1=- vu=- "
                    "fd=0 ex=- pl=01 an=00 rv=00 ev=- hist=-")
# Dealer (seat 0) with neither hearts nor trumps, to the seven of hearts.
VOID_NO_TRUMPS = (f"{HEAD} d=0 sc=0,0 ph=play tu=8D h0=KSJS9C8C7S h1=QCAH7DTC "
                  "st=QSASTS9S8SKHQHJHTH9H8HKDQDJDADTD9DKCJCAC7C x0=- x1=- tr=7H ld=1 tk=0,0 w0=- w1=- vu=- "
                  "fd=0 ex=- pl=01 an=00 rv=00 ev=- hist=-")


def last_trick(tricks="2,2", won="w0=ASQSJSTS w1=KHQHJHAH", vu="-", sc="0,0", options="t5.d0.v1.m1.r0"):
    """The fifth trick: seat 1 (non-dealer) has led the 7 of spades; seat 0 holds the king."""
    return (f"ecarte o={options} seed=? n=1 d=0 sc={sc} ph=play tu=8D h0=KS h1=- "
            "st=9S8STH9H8H7HKDQDJDADTD9D7DKCQCJCACTC9C8C7C x0=- x1=- tr=7S ld=1 "
            f"tk={tricks} {won} vu={vu} fd=0 ex=- pl=11 an=00 rv=00 ev=- hist=-")


def with_options(position, options):
    return position.replace("o=t5.d0.v1.m1.r0", f"o={options}", 1)


# --- refusals: (rule, position, seat, action) -----------------------------------------------------
REFUSED = [
    ("ecarte.turn.order", PROPOSE, 1, "propose"),  # the dealer may not speak first
    ("ecarte.turn.order", FOLLOW_AND_BEAT, 1, "play:QC"),  # nor play out of turn
    ("ecarte.turn.phase", PROPOSE, 0, "play:KH"),  # no card before the exchange is settled
    ("ecarte.turn.phase", FOLLOW_AND_BEAT, 0, "discard:9S"),  # no discarding during the tricks
    ("ecarte.turn.phase", RESPOND, 0, "propose"),  # the dealer answers, he does not propose
    ("ecarte.card.in-hand", FOLLOW_AND_BEAT, 0, "play:KS"),
    ("ecarte.card.in-hand", DISCARD, 0, "discard:AH"),
    ("ecarte.card.in-hand", DISCARD, 0, "discard:7C7C"),
    ("ecarte.exchange.nondealer-minimum", DISCARD, 0, "discard"),
    ("ecarte.exchange.dealer-minimum", with_options(DEALER_DISCARD, "t5.d1.v1.m1.r0"), 1, "discard"),
    ("ecarte.exchange.limit", DISCARD_SHORT, 0, "discard:KSQH7C8C"),  # 4 cards, only 3 in the stock
    ("ecarte.king.announce", FOLLOW_AND_BEAT, 0, "king"),  # he does not hold the king of diamonds
    ("ecarte.play.follow-suit", FOLLOW, 0, "play:8H"),
    ("ecarte.play.must-beat", FOLLOW_AND_BEAT, 0, "play:9S"),
    ("ecarte.play.must-trump", VOID_WITH_TRUMPS, 0, "play:KH"),
    ("ecarte.play.must-trump", with_options(VOID_WITH_TRUMPS, "t5.d0.v1.m1.r1"), 0, "play:7S"),
]


@pytest.mark.parametrize("rule,position,seat,action", REFUSED, ids=[f"{r[0]}-{i}" for i, r in enumerate(REFUSED)])
def test_refused_by_the_rule(rule, position, seat, action):
    state = G.from_text(position)
    verdict = G.check(state, seat, G.parse_action(action))
    assert not verdict and verdict.rule == rule, (verdict.rule, dict(verdict.args))
    assert G.parse_action(action) not in G.legal_actions(state, seat) if seat in G.to_move(state) else True


# --- allowed: (rule, position, seat, action, expectation on the state after) --------------------------
def play(position, seat, *actions):
    state = G.from_text(position)
    for text in actions:
        state = G.apply(state, seat, G.parse_action(text))
    return state


def test_exchange_propose_leads_to_the_dealers_answer():
    after = play(PROPOSE, 0, "propose")
    assert after.phase == "respond" and G.to_move(after) == {1} and after.vulnerable is None


def test_exchange_playing_as_dealt_starts_the_tricks_and_makes_the_non_dealer_vulnerable():
    after = play(PROPOSE, 0, "stand")
    assert after.phase == "play" and after.vulnerable == 0 and G.to_move(after) == {0}


def test_exchange_respond_accept_lets_the_non_dealer_discard_first():
    after = play(RESPOND, 0, "accept")
    assert after.phase == "discard" and after.exchanging == 1 and G.to_move(after) == {1}


def test_exchange_respond_refusing_the_first_proposal_makes_the_dealer_vulnerable():
    after = play(RESPOND, 0, "refuse")
    assert after.phase == "play" and after.vulnerable == 0 and G.to_move(after) == {1}


def test_exchange_a_later_refusal_or_stand_carries_no_vulnerability():
    assert play(RESPOND_AGAIN, 0, "refuse").vulnerable is None
    assert play(PROPOSE_AGAIN, 0, "stand").vulnerable is None


def test_exchange_non_dealer_draws_as_many_as_he_throws_then_the_dealer_may_throw_none():
    after = play(DISCARD, 0, "discard:7C8C9D")
    assert len(after.hands[0]) == 5 and {"7C", "8C", "9D"}.isdisjoint(after.hands[0])
    assert {"QS", "JS", "AS"} <= set(after.hands[0])  # the top three cards of the stock
    assert len(after.stock) == 18 and after.exchanging == 1
    dealer = G.apply(after, 1, G.parse_action("discard"))
    assert dealer.hands[1] == after.hands[1]
    assert dealer.phase == "propose" and not dealer.first_decision  # exchange.repeat


def test_exchange_dealer_minimum_variant_allows_one_card():
    state = G.from_text(with_options(DEALER_DISCARD, "t5.d1.v1.m1.r0"))
    assert G.check(state, 1, G.parse_action("discard:9H"))


def test_exchange_limit_allows_what_the_stock_can_replace():
    state = G.from_text(DISCARD_SHORT)
    assert G.check(state, 0, G.parse_action("discard:7C8C9D"))
    after = G.apply(state, 0, G.parse_action("discard:7C8C9D"))
    assert after.stock == ()
    # With the stock empty the dealer has nothing to draw: the tricks begin at once.
    assert after.phase == "play" and G.to_move(after) == {0}
    assert G.check(G.from_text(DISCARD), 0, G.parse_action("discard:KSQH7C8C9D"))  # five is the most


def test_exchange_repeat_a_second_proposal_is_allowed():
    after = play(PROPOSE_AGAIN, 0, "propose")
    assert after.phase == "respond"


def test_king_announce_before_the_first_card_scores_one():
    after = play(LEAD_WITH_KING, 0, "king")
    assert after.scores == (1, 0) and after.phase == "play" and G.to_move(after) == {0}
    assert not G.check(after, 0, G.parse_action("king"))  # only once


def test_king_announce_makes_the_king_public_in_every_view_and_world():
    # Regression: once shown, the king of trumps is seen by the other seat in the shower's hand,
    # and no imagined world of the other seat's may put it anywhere else.
    after = play(LEAD_WITH_KING, 0, "king")
    king = after.king_of_trumps
    view = G.view(after, 1)
    assert king in view.hands[0] and view.hands[0].count(None) == len(view.hands[0]) - 1
    for i in range(60):
        world = G.determinize(view, 1, rng_for("king-worlds", i))
        assert king in world.hands[0]
    # Before it is shown, the other seat knows nothing of it.
    assert king not in G.view(G.from_text(LEAD_WITH_KING), 1).hands[0]


def test_revoke_variant_exact_values_cover_every_legal_card():
    # Regression: the exact solver took the follow rules from a copy of its own that ignored the
    # revoke option, so a legal revoke had no value (and a replay that asked for it failed).
    state = G.from_text(REVOKE)
    values = G.exact_values(state, 0)
    assert set(values) == set(G.legal_actions(state, 0)) == {G.parse_action("play:9S"), G.parse_action("play:7C")}
    # Revoking takes three tricks, but the revoke costs the winner his point: 0. Following with
    # the nine loses this trick and the last one: the other side scores 1.
    assert values[G.parse_action("play:7C")] == 0 and values[G.parse_action("play:9S")] == -1


def test_king_announce_too_late_after_the_first_card():
    after = play(LEAD_WITH_KING, 0, "play:JH")
    after = G.apply(after, 1, G.parse_action("play:7D"))  # void in hearts, he throws a diamond
    verdict = G.check(after, 0, G.parse_action("king"))
    assert not verdict and verdict.rule == "ecarte.king.announce"


def test_play_lead_non_dealer_first_then_the_winner():
    state = G.from_text(LEAD_WITH_KING)
    assert G.to_move(state) == {0}  # the non-dealer leads
    after = play(LEAD_WITH_KING, 0, "play:9C")
    after = G.apply(after, 1, G.parse_action("play:TC"))  # the ten beats the nine
    assert after.tricks == (0, 1) and G.to_move(after) == {1}


def test_play_follow_suit_and_beat_with_the_jack_over_the_ace():
    after = play(FOLLOW_AND_BEAT, 0, "play:JS")
    assert after.tricks == (1, 0)  # trick.winner: the jack outranks the ace


def test_play_must_trump_any_trump_wins():
    assert G.legal_actions(G.from_text(VOID_WITH_TRUMPS), 0) == [G.parse_action("play:9D"), G.parse_action("play:TD")]
    after = play(VOID_WITH_TRUMPS, 0, "play:9D")
    assert after.tricks == (1, 0)  # trick.winner: a trump beats the king of clubs


def test_play_must_trump_off_lets_a_void_player_throw_anything():
    state = G.from_text(with_options(VOID_WITH_TRUMPS, "t5.d0.v1.m0.r0"))
    assert len(G.legal_actions(state, 0)) == 5


def test_trick_winner_another_suit_never_wins():
    assert len(G.legal_actions(G.from_text(VOID_NO_TRUMPS), 0)) == 5
    after = play(VOID_NO_TRUMPS, 0, "play:KS")
    assert after.tricks == (0, 1)


def deal_scores(state):
    return [(s.seat, s.points, s.rule) for s in state.history[-1].scores]


def test_score_point_for_three_tricks():
    after = play(last_trick(), 0, "play:KS")
    assert deal_scores(after) == [(0, 1, "ecarte.score.point")] and after.scores == (1, 0)


def test_score_vole_for_five_tricks():
    after = play(last_trick("4,0", "w0=ASQSJSTSKHQHJHAH w1=-"), 0, "play:KS")
    assert deal_scores(after) == [(0, 2, "ecarte.score.vole")] and after.scores == (2, 0)


def test_score_vulnerable_loser_concedes_two():
    after = play(last_trick(vu="1"), 0, "play:KS")
    assert deal_scores(after) == [(0, 2, "ecarte.score.vulnerable")]
    # The vulnerability variant off: the same deal is worth one point.
    after = play(last_trick(vu="-", options="t5.d0.v0.m1.r0"), 0, "play:KS")
    assert deal_scores(after) == [(0, 1, "ecarte.score.point")]


def test_the_deal_is_won_by_the_tricks_with_the_kings_point_aside():
    # Seat 1 marked the king (sc=0,1); seat 0 takes the fifth trick, so three, and scores the point:
    # one point each, but the deal is seat 0's (a tie by points would call it drawn).
    after = play(last_trick(sc="0,1").replace("ev=-", "ev=1K1"), 0, "play:KS")
    deal = after.history[-1]
    assert deal_scores(after) == [(1, 1, "ecarte.king.announce"), (0, 1, "ecarte.score.point")]
    assert [G.deal_won(deal, s) for s in (0, 1)] == [True, False]
    assert [G.deal_score(deal, s) for s in (0, 1)] == [1, 1]


def test_score_vulnerable_winner_scores_as_usual():
    after = play(last_trick(vu="0"), 0, "play:KS")
    assert deal_scores(after) == [(0, 1, "ecarte.score.point")]


REVOKE = ("ecarte o=t5.d0.v1.m1.r1 seed=? n=1 d=0 sc=0,0 ph=play tu=8D h0=9S7C h1=8S "
          "st=KS7SAHTH9H8H7HKDQDJDADTD9D7DKCQCJCACTC9C8C x0=- x1=- tr=AS ld=1 tk=2,1 w0=QSJSTSKH w1=QHJH "
          "vu=- fd=0 ex=- pl=11 an=00 rv=00 ev=- hist=-")


def test_score_revoke_costs_the_winner_a_point():
    state = G.from_text(REVOKE)
    assert G.check(state, 0, G.parse_action("play:7C"))  # allowed under the variant
    after = G.apply(state, 0, G.parse_action("play:7C"))  # a revoke: he holds a spade
    assert after.revoked == (True, False) and after.tricks == (2, 2)
    after = G.apply(after, 1, G.parse_action("play:8S"))
    after = G.apply(after, 0, G.parse_action("play:9S"))
    assert after.history[-1].tricks == (3, 2)
    assert ("ecarte.score.revoke" in [r for _, _, r in deal_scores(after)]) and after.scores == (0, 0)


def test_match_target_reached_ends_the_match_at_once():
    after = play(last_trick(sc="4,3"), 0, "play:KS")
    assert after.scores == (5, 3) and after.phase == "over" and G.is_over(after)
    assert G.outcome(after).winners == (0,) or list(G.outcome(after).winners) == [0]
    # Under the target-10 variant the same point leaves the match running.
    after = play(last_trick(sc="4,3", options="t10.d0.v1.m1.r0"), 0, "play:KS")
    assert after.scores == (5, 3) and after.phase == "end"


def test_match_target_a_king_can_end_the_match_mid_deal():
    state = G.from_text(LEAD_WITH_KING.replace("sc=0,0", "sc=4,2"))
    after = G.apply(state, 0, G.parse_action("king"))
    assert after.scores == (5, 2) and after.phase == "over"


def test_match_next_deal_alternates_the_dealer():
    ended = play(last_trick(), 0, "play:KS")
    assert ended.phase == "end"
    mover = min(G.to_move(ended))
    after = G.apply(ended, mover, G.parse_action("next"))
    assert after.deal == 2 and after.dealer == 1 and after.phase in ("propose", "over")
    assert len(after.hands[0]) == 5 and len(after.hands[1]) == 5 and len(after.stock) == 21


def test_match_over_refuses_everything():
    over = play(last_trick(sc="4,3"), 0, "play:KS")
    for seat in (0, 1):
        for text in ("next", "propose", "play:KS", "king"):
            verdict = G.check(over, seat, G.parse_action(text))
            assert not verdict and verdict.rule == "ecarte.match.over"
    assert G.to_move(over) == frozenset()


def test_deal_pack_five_each_a_turn_up_and_twenty_one_in_the_stock():
    for i in range(50):
        state = G.new(f"pack-{i}", 2)
        cards = list(state.hands[0]) + list(state.hands[1]) + list(state.stock) + [state.turnup]
        assert len(state.hands[0]) == len(state.hands[1]) == 5 and len(state.stock) == 21
        assert sorted(cards) == sorted(r + s for r in "KQJAT987" for s in "SHDC")
        assert state.trumps == state.turnup[1]


def test_deal_turned_king_scores_for_the_dealer():
    seen = 0
    for i in range(200):
        state = G.new(f"king-{i}", 2)
        if state.turnup[0] == "K":
            seen += 1
            assert state.scores[state.dealer] == 1 and state.scores[1 - state.dealer] == 0
            assert [e.rule for e in state.events] == ["ecarte.deal.turned-king"]
        else:
            assert state.scores == (0, 0)
    assert seen > 5


# --- every rule has a scenario --------------------------------------------------------------------
COVERED_BY_NAME = {
    "ecarte.deal.pack": "test_deal_pack", "ecarte.deal.turned-king": "test_deal_turned_king",
    "ecarte.exchange.propose": "test_exchange_propose", "ecarte.exchange.respond": "test_exchange_respond",
    "ecarte.exchange.repeat": "test_exchange_repeat", "ecarte.play.lead": "test_play_lead",
    "ecarte.trick.winner": "test_trick_winner", "ecarte.score.point": "test_score_point",
    "ecarte.score.vole": "test_score_vole", "ecarte.score.vulnerable": "test_score_vulnerable",
    "ecarte.score.revoke": "test_score_revoke", "ecarte.match.target": "test_match_target",
    "ecarte.match.next-deal": "test_match_next_deal", "ecarte.match.over": "test_match_over",
    "ecarte.king.announce": "test_king_announce",
}


def test_every_rule_has_a_scenario():
    names = [n for n in globals() if n.startswith("test_")]
    missing = rules_without_scenario(RULES, REFUSED, COVERED_BY_NAME, names)
    assert not missing, f"rules without a scenario: {missing}"


# --- a golden playthrough ------------------------------------------------------------------------
GOLDEN = "ecarte-seed-7.txt"


def transcript(seed="7"):
    """A whole match between the club bot (seat 0) and the beginner (seat 1), one line per action,
    and the score after each deal."""
    game = G
    bots = [LEVELS["club"](game), LEVELS["beginner"](game)]
    rng = rng_for("golden", "ecarte", seed)
    state = game.new(seed, 2)
    lines = [f"deal 1: dealer {state.dealer}, turn-up {state.turnup}, scores {state.scores[0]}-{state.scores[1]}"]
    while game.to_move(state):
        seat = min(game.to_move(state))
        action = bots[seat].choose(game.view(state, seat), seat, rng)
        before = state
        state = game.apply(state, seat, action)
        lines.append(f"  {seat} {action}")
        if len(state.history) > len(before.history):
            result = state.history[-1]
            said = ", ".join(f"{s.seat} +{s.points} {s.rule}" for s in result.scores) or "nothing"
            lines.append(f"  tricks {result.tricks[0]}-{result.tricks[1]}: {said}; "
                         f"scores {state.scores[0]}-{state.scores[1]}")
        if state.deal != before.deal and state.phase != "over":
            lines.append(f"deal {state.deal}: dealer {state.dealer}, turn-up {state.turnup}, "
                         f"scores {state.scores[0]}-{state.scores[1]}")
    lines.append(f"match over: winner {list(game.outcome(state).winners)}, final {state.scores[0]}-{state.scores[1]}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_of_seed_7():
    check_golden(GOLDEN, transcript())
