"""Every Shithead rule, tested as positions in notation: the position, a seat's action, and what the
rules say must happen — refused by exactly that rule, or accepted with its consequence.

Cards that play no part in a scenario are parked in the burned pile (bn) so that every position
holds the whole pack."""

import pytest

from games.engine.play import bot_levels
from games.engine.rng import rng_for
from games.shithead import GAME
from games.shithead.game import first_player
from games.shithead.rules import RULES
from tests.engine.scenarios import check_golden, rules_without_scenario

pytestmark = pytest.mark.engine

G = GAME

BASIC = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=5H6S9C u0=KSKH f0=3S4S5S h1=7D8D u1=AC f1=3H4H5C pile=7S6H bn=AS2S8S9STSJSQSAH2H7H8H9HTHJHQHAD2D3D4D5D6D9DTDJDQDKD2C3C4C6C7C8CTCJCQCKC st=- out=- ls=- fp=0"
)
WITH_STOCK = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=5H6S9C u0=KSKH f0=3S4S5S h1=7D8D7C u1=AC f1=3H4H5C pile=6H bn=AS2S7S8S9STSJSQSAH2H7H8H9HTHJHQHAD2D3D4D5D6D9DTDKD2C3C4C6C8CTCJCQCKC st=QDJD out=- ls=- fp=0"
)
TWO_AND_TEN = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=2H3STS u0=KSKH f0=3C4S5S h1=7D8D u1=AC f1=3H4H5C pile=QSKD bn=AS2S6S7S8S9SJSAH5H6H7H8H9HTHJHQHAD2D3D4D5D6D9DTDJDQD2C4C6C7C8C9CTCJCQCKC st=- out=- ls=- fp=0"
)
ON_A_TWO = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=3S4D u0=KSKH f0=3C4S5S h1=7D8D u1=AC f1=3H4H5C pile=KD2C bn=AS2S6S7S8S9STSJSQSAH2H5H6H7H8H9HTHJHQHAD2D3D5D6D9DTDJDQD4C6C7C8C9CTCJCQCKC st=- out=- ls=- fp=0"
)
FOUR = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=7C9S u0=KSKH f0=3C4S5S h1=8D u1=AC f1=3H4H5C pile=4D7S7H7D bn=AS2S3S6S8STSJSQSAH2H5H6H8H9HTHJHQHAD2D3D5D6D9DTDJDQDKD2C4C6C8C9CTCJCQCKC st=- out=- ls=- fp=0"
)
FOUR_JOKER = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=6 n=1 d=0 ph=play rd=111111 t=0 dir=+ h0=7CJS u0=KS f0=3C h1=8D u1=AC f1=3H h2=9D u2=5D f2=4H h3=QD u3=6D f3=5C h4=KD u4=3D f4=6C h5=4C u5=2D f5=8C pile=4D7S7HX17D bn=AS2S3S4S5S6S8S9STSQSAH2H5H6H8H9HTHJHQHKHADTDJD2C9CTCJCQCKCX2 st=- out=- ls=- fp=0"
)
JOKER = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=6 n=1 d=0 ph=play rd=111111 t=0 dir=+ h0=X2QS u0=KS f0=3C h1=8D u1=AC f1=3H h2=9D u2=5D f2=4H h3=QD u3=6D f3=5C h4=KD u4=3D f4=6C h5=4C u5=2D f5=8C pile=TCKH bn=AS2S3S4S5S6S7S8S9STSJSAH2H5H6H7H8H9HTHJHQHAD4D7DTDJD2C7C9CJCQCKCX1 st=- out=- ls=- fp=0"
)
UP = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=- u0=KSQH5C f0=3S4S5S h1=7D8D u1=AC f1=3H4H9C pile=JD bn=AS2S6S7S8S9STSJSQSAH2H5H6H7H8H9HTHJHKHAD2D3D4D5D6D9DTDQDKD2C3C4C6C7C8CTCJCQCKC st=- out=- ls=- fp=0"
)
DOWN = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=- u0=- f0=3S9S h1=7D8D u1=AC f1=3H4H5C pile=6D bn=AS2S4S5S6S7S8STSJSQSKSAH2H5H6H7H8H9HTHJHQHKHAD2D3D4D5D9DTDJDQDKD2C3C4C6C7C8C9CTCJCQCKC st=- out=- ls=- fp=0"
)
LAST_CARD = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=- u0=- f0=9S h1=7D8D u1=AC f1=3H4H5C pile=6D bn=AS2S3S4S5S6S7S8STSJSQSKSAH2H5H6H7H8H9HTHJHQHKHAD2D3D4D5D9DTDJDQDKD2C3C4C6C7C8C9CTCJCQCKC st=- out=- ls=- fp=0"
)
LAST_CARD_3P = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=3 n=1 d=0 ph=play rd=111 t=0 dir=+ h0=- u0=- f0=9S h1=7D8D u1=AC f1=3H4H5C h2=5S u2=6S f2=2S pile=6D bn=AS3S4S7S8STSJSQSKSAH2H5H6H7H8H9HTHJHQHKHAD2D3D4D5D9DTDJDQDKD2C3C4C6C7C8C9CTCJCQCKC st=- out=- ls=- fp=0"
)
SWAP = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=3 n=1 d=0 ph=swap rd=000 t=- dir=+ h0=3S8H2D u0=KS4D9H f0=5S6S7S h1=4C5C6C u1=KCQCJC f1=AD3D5D h2=7C8C9C u2=AHKHQH f2=TD9DJD pile=- bn=AS4S8S9STSJSQS2H3H4H5H6H7HTHJH6D7D8DQDKDAC2C3CTC st=2S out=- ls=- fp=-"
)
LAST_TEN_OUT = (
    "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=3 n=1 d=0 ph=play rd=111 t=0 dir=+ h0=- u0=- f0=TS h1=7D8D u1=AC f1=3H4H5C h2=5S u2=6S f2=2S pile=6D bn=AS3S4S7S8S9SJSQSKSAH2H5H6H7H8H9HTHJHQHKHAD2D3D4D5D9DTDJDQDKD2C3C4C6C7C8C9CTCJCQCKC st=- out=- ls=- fp=0"
)


def play(position, *moves):
    """Apply (seat, action text) moves in turn."""
    state = G.from_text(position) if isinstance(position, str) else position
    for seat, text in moves:
        state = G.apply(state, seat, G.parse_action(text))
    return state


def refused(position, seat, text):
    verdict = G.check(G.from_text(position), seat, G.parse_action(text))
    assert not verdict, f"{text} should be refused"
    return verdict.rule


REFUSED = [
    ("shithead.turn.order", BASIC, 1, "play:7D"),
    ("shithead.turn.phase", SWAP, 0, "play:3S"),
    ("shithead.turn.phase", BASIC, 0, "ready"),
    ("shithead.turn.phase", BASIC, 0, "swap:5HKS"),
    ("shithead.card.held", BASIC, 0, "play:7D"),
    ("shithead.card.held", SWAP, 0, "swap:4C4D"),
    ("shithead.card.source", BASIC, 0, "play:KS"),  # face-up cards wait until the hand is empty
    ("shithead.card.source", BASIC, 0, "flip@0"),
    ("shithead.play.same-rank", BASIC, 0, "play:6S9C"),
    ("shithead.play.beat", BASIC, 0, "play:5H"),
    ("shithead.play.beat", JOKER, 0, "play:QS"),  # the joker is see-through: the king still counts
    ("shithead.pickup.face-up", UP, 0, "pickup"),
    ("shithead.pickup.face-up", BASIC, 0, "pickup:KS"),
    ("shithead.blind.flip", DOWN, 0, "pickup"),
    ("shithead.blind.flip", DOWN, 0, "flip@5"),
    ("shithead.swap.exchange", SWAP, 0, "swap:3S"),
]


@pytest.mark.parametrize("rule,position,seat,action", REFUSED, ids=[f"{r[0]}-{i}" for i, r in enumerate(REFUSED)])
def test_refused_by_the_rule(rule, position, seat, action):
    assert refused(position, seat, action) == rule
    state = G.from_text(position)
    assert G.parse_action(action) not in G.legal_actions(state, seat)


def test_playing_nothing_is_refused_with_its_own_reason():
    verdict = G.check(G.from_text(BASIC), 0, G.parse_action("play"))
    assert verdict.rule == "shithead.card.held" and verdict.args.get("reason") == "nothing"
    assert G.parse_action("play") not in G.legal_actions(G.from_text(BASIC), 0)


def test_pickup_with_an_empty_pile_is_refused():
    empty = BASIC.replace("pile=7S6H", "pile=-").replace("bn=", "bn=7S6H")
    assert refused(empty, 0, "pickup") == "shithead.pickup.pile"


def test_deal_layout_for_every_number_of_players():
    for players, stock in ((2, 34), (3, 25), (4, 16), (5, 7), (6, 0)):
        state = G.new("layout", players)
        assert all(len(state.hands[s]) == len(state.up[s]) == len(state.down[s]) == 3 for s in range(players))
        assert len(state.stock) == stock
        jokers = [c for zone in G.zones(state).values() for c in zone if c[0] == "X"]
        assert len(jokers) == (2 if players == 6 else 0)
        assert state.phase == "swap" and G.to_move(state) == frozenset(range(players))
    no_jokers = G.new("layout", 6, {"jokers_with_six": False})
    assert len(no_jokers.stock) == 0 and len(G.pack(no_jokers)) == 52


def test_swap_exchange_one_for_one_then_ready():
    after = play(SWAP, (0, "swap:2DKS"))
    assert "KS" in after.hands[0] and "2D" in after.up[0] and len(after.hands[0]) == len(after.up[0]) == 3
    after = play(after, (1, "ready"), (0, "ready"))
    assert after.phase == "swap" and G.to_move(after) == {2}
    after = play(after, (2, "ready"))
    assert after.phase == "play"


def test_swap_first_player_a_face_up_three_beats_a_three_in_hand():
    # Seat 0 holds a 3 in hand; nobody shows a 3 face up; seat 1 (dealer's left) has a face-up 4.
    after = play(SWAP, (0, "ready"), (1, "ready"), (2, "ready"))
    assert after.turn == 0 and after.first == 0  # a 3 in hand, no 3 face up anywhere
    # Put seat 0's 3 face up... and give seat 2 a 3 in hand: the face-up 3 still wins.
    hands = (("8H", "2D", "KS"), ("4C", "5C", "6C"), ("3C", "8C", "9C"))
    up = (("3S", "4D", "9H"), ("KC", "QC", "JC"), ("AH", "KH", "QH"))
    assert first_player(3, 0, hands, up) == 0
    # No 3 anywhere: the first 4, face up before in hand, from the dealer's left.
    hands = (("8H", "2D", "KS"), ("4C", "5C", "6C"), ("7C", "8C", "9C"))
    up = (("5S", "7D", "9H"), ("KC", "QC", "JC"), ("AH", "4H", "QH"))
    assert first_player(3, 0, hands, up) == 2
    assert first_player(3, 1, hands, up) == 2
    # Twos come last, after aces (and tens in their natural place, jokers never).
    assert first_player(2, 1, (("2H", "X1"), ("AS",)), ((), ())) == 1
    assert first_player(2, 1, (("TH",), ("JS",)), ((), ())) == 0


def test_swap_first_player_as_dealt_variant():
    state = G.new("first", 3, {"first_player": "deal"})
    assert state.first == first_player(3, state.dealer, state.hands, state.up)


def test_play_several_of_a_rank_and_refill_from_the_stock():
    after = play(WITH_STOCK, (0, "play:6S"))
    assert after.pile[-1] == "6S" and len(after.hands[0]) == 3 and "QD" in after.hands[0]
    assert after.stock == ("JD",) and after.turn == 1
    after = play(after, (1, "play:7C7D"))
    assert after.pile[-2:] == ("7C", "7D") and len(after.hands[1]) == 2 and "JD" in after.hands[1]


def test_special_two_goes_on_anything_and_anything_goes_on_it():
    after = play(TWO_AND_TEN, (0, "play:2H"))
    assert after.pile[-1] == "2H" and after.turn == 1
    assert [str(a) for a in G.legal_actions(G.from_text(ON_A_TWO), 0)] == ["pickup", "play:3S", "play:4D"]


def test_special_ten_burns_and_the_same_player_plays_again():
    after = play(TWO_AND_TEN, (0, "play:TS"))
    assert after.pile == () and after.burned[-3:] == ("QS", "KD", "TS")
    assert after.turn == 0  # burn.again
    assert G.check(after, 0, G.parse_action("play:3S"))  # anything on the empty pile


def test_special_four_of_a_kind_across_plays_burns():
    after = play(FOUR, (0, "play:7C"))
    assert after.pile == () and after.turn == 0  # burned, and plays again
    assert after.burned[-4:] == ("7S", "7H", "7D", "7C")


def test_special_four_a_joker_breaks_the_run_unless_the_variant_says_otherwise():
    after = play(FOUR_JOKER, (0, "play:7C"))
    assert after.pile[-1] == "7C" and after.turn == 1
    see_through = FOUR_JOKER.replace("o=d1.fs.r0.j0.l0.x1", "o=d1.fs.r0.j1.l0.x1")
    after = play(see_through, (0, "play:7C"))
    assert after.pile == () and after.turn == 0


def test_special_joker_reverses_the_direction():
    after = play(JOKER, (0, "play:X2"))
    assert after.direction == -1 and after.turn == 5
    # The king under the joker still has to be beaten: a queen is refused, an ace is not.
    assert not G.check(after, 5, G.parse_action("play:4C"))
    assert [a.kind for a in G.legal_actions(after, 5)] == ["pickup"]


def test_burn_again_not_for_a_player_who_goes_out():
    after = play(LAST_TEN_OUT, (0, "flip@0"))
    assert after.out == (0,) and after.pile == () and after.turn == 1


def test_pickup_pile_hand_grows_and_the_next_player_leads():
    after = play(BASIC, (0, "pickup"))
    assert after.pile == () and set(after.hands[0]) == {"5H", "6S", "9C", "7S", "6H"}
    assert after.turn == 1


def test_pickup_face_up_takes_one_face_up_card_along():
    after = play(UP, (0, "pickup:5C"))
    assert set(after.hands[0]) == {"JD", "5C"} and set(after.up[0]) == {"KS", "QH"}
    assert after.turn == 1


def test_blind_flip_playable_card_is_played():
    after = play(DOWN, (0, "flip@1"))
    assert after.pile[-1] == "9S" and after.down[0] == ("3S",) and after.turn == 1


def test_blind_flip_unplayable_card_is_taken_with_the_pile():
    after = play(DOWN, (0, "flip@0"))
    assert after.pile == () and set(after.hands[0]) == {"6D", "3S"} and after.down[0] == ("9S",)
    assert after.turn == 1


def test_refill_draw_stops_when_the_stock_is_empty():
    after = play(WITH_STOCK, (0, "play:6S"), (1, "play:7C7D"))
    assert after.stock == () and len(after.hands[1]) == 2


def test_out_finish_and_end_shithead_with_two_players():
    after = play(LAST_CARD, (0, "flip@0"))
    assert after.out == (0,) and after.losers == (1,) and after.phase == "over"
    outcome = G.outcome(after)
    assert outcome.finished and outcome.winners == (0,) and outcome.scores == (0, 1)
    assert G.loser(after) == 1


def test_out_finish_with_three_players_the_deal_goes_on():
    after = play(LAST_CARD_3P, (0, "flip@0"))
    assert after.out == (0,) and after.phase == "play" and after.turn == 1
    assert 0 not in G.to_move(after)


def test_match_deals_next_deal_and_loser_deals_variant():
    three = LAST_CARD.replace("o=d1.fs.r0.j0.l0.x1", "o=d3.fs.r0.j0.l0.x1")
    ended = play(three, (0, "flip@0"))
    assert ended.phase == "end" and ended.losers == (1,) and G.to_move(ended) == {0, 1}
    after = play(ended, (1, "next"))
    assert after.deal == 2 and after.dealer == 1 and after.phase == "swap" and after.losers == (1,)
    loser_deals = LAST_CARD.replace("o=d1.fs.r0.j0.l0.x1", "o=d3.fs.r0.j0.l1.x1").replace("d=0 ", "d=0 ", 1)
    after = play(play(loser_deals, (0, "flip@0")), (0, "next"))
    assert after.dealer == 1  # the shithead deals


def test_match_deals_the_most_frequent_shithead_loses_ties_by_the_last_deal():
    over = G.from_text(LAST_CARD.replace("o=d1", "o=d3").replace("n=1", "n=3").replace("ls=-", "ls=01"))
    after = play(over, (0, "flip@0"))
    assert after.phase == "over" and after.losers == (0, 1, 1)
    assert G.outcome(after).winners == (0,) and G.outcome(after).scores == (1, 2)


def test_match_over_refuses_everything():
    over = play(LAST_CARD, (0, "flip@0"))
    for seat in (0, 1):
        for text in ("next", "pickup", "play:7D", "ready"):
            verdict = G.check(over, seat, G.parse_action(text))
            assert not verdict and verdict.rule == "shithead.match.over"
    assert G.to_move(over) == frozenset()


COVERED_BY_NAME = {
    "shithead.deal.layout": "test_deal_layout", "shithead.swap.first-player": "test_swap_first_player",
    "shithead.special.two": "test_special_two", "shithead.special.ten": "test_special_ten",
    "shithead.special.four": "test_special_four", "shithead.special.joker": "test_special_joker",
    "shithead.burn.again": "test_burn_again", "shithead.pickup.pile": "test_pickup_pile",
    "shithead.pickup.face-up": "test_pickup_face_up", "shithead.blind.flip": "test_blind_flip",
    "shithead.refill.draw": "test_refill_draw", "shithead.out.finish": "test_out_finish",
    "shithead.end.shithead": "test_out_finish_and_end_shithead", "shithead.match.deals": "test_match_deals",
    "shithead.match.next-deal": "test_match_deals_next_deal", "shithead.match.over": "test_match_over",
    "shithead.swap.exchange": "test_swap_exchange",
}


def test_every_rule_has_a_scenario():
    names = [n for n in globals() if n.startswith("test_")]
    missing = rules_without_scenario(RULES, REFUSED, COVERED_BY_NAME, names)
    assert not missing, f"rules without a scenario: {missing}"


def test_exact_values_in_a_known_two_player_ending():
    # Seat 0 to play with a 9 face down only... the flip is forced; then the ending is decided.
    values = G.exact_values(G.from_text(LAST_CARD), 0)
    assert values == {G.parse_action("flip@0"): 1}
    values = G.exact_values(G.from_text(BASIC), 0)
    if values is not None:  # proved to the end within the horizon: every action, each won or lost
        assert set(values) == set(G.legal_actions(G.from_text(BASIC), 0))
        assert all(v in (-1, 1) for v in values.values())


def test_an_ending_not_settled_within_the_horizon_is_not_exact():
    # Four low-to-king cards each on an empty pile: some lines run past the search horizon without
    # anyone going out, so the position is not proved and no value is given.
    state = G.from_text(
        "shithead o=d1.fs.r0.j0.l0.x1 seed=? p=2 n=1 d=0 ph=play rd=11 t=0 dir=+ h0=3S5S7SKS u0=- f0=- "
        "h1=4H6H8HKH u1=- f1=- pile=- bn=AS2S4S6S8S9STSJSQSAH2H3H5H7H9HTHJHQHAD2D3D4D5D6D7D8D9DTDJDQDKDAC2C3C4C5C6"
        "C7C8C9CTCJCQCKC st=- out=- ls=- fp=0")
    from games.shithead.solver import action_values
    assert 0 in action_values(G, state, 0, budget=None).values()
    assert G.exact_values(state, 0) is None


GOLDEN = "shithead-seed-7.txt"


def transcript(seed="7", players=4):
    """A whole deal between club bots and a beginner, one line per action."""
    levels = bot_levels(G)
    bots = [levels["club"](G), levels["beginner"](G), levels["club"](G), levels["beginner"](G)]
    rng = rng_for("golden", "shithead", seed)
    state = G.new(seed, players)
    lines = [f"deal 1: {players} players, dealer {state.dealer}, stock {len(state.stock)}"]
    while G.to_move(state):
        seat = min(G.to_move(state))
        action = bots[seat].choose(G.view(state, seat), seat, rng)
        before = state
        state = G.apply(state, seat, action)
        note = ""
        if before.phase == "swap" and state.phase == "play":
            note = f"  (first player {state.first})"
        if len(state.burned) > len(before.burned):
            note += "  (burn)"
        if state.direction != before.direction:
            note += "  (reversed)"
        if len(state.out) > len(before.out):
            note += f"  (seat {state.out[-1]} is out)"
        lines.append(f"  {seat} {action}{note}")
    lines.append(f"shithead: seat {state.losers[-1]}; out in order: {' '.join(map(str, state.out))}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_of_seed_7():
    check_golden(GOLDEN, transcript())
