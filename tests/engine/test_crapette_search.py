"""The turn search of Crapette against brute force, and the puzzle goals and exact values it proves.

The brute force knows nothing of the search: it walks every sequence of legal actions through the
game's own ``legal_actions`` and ``apply`` (full states, every position kept as it is, houses in
their places) until the turn passes, and measures each position it meets."""

import random
from collections import Counter

import pytest

from games.crapette import GAME
from games.crapette.bots import Expert, ExpertWithoutReply
from games.crapette.rules import FOUNDATION_NEXT, HOUSE_TAKES, LOAD_TAKES, foundation_pile
from games.crapette.search import BLOCK, EMPTY, FOUND, LESS, OUT, TurnSearch, position_of, search
from games.engine.cards import double_pack
from games.engine.rng import rng_for
from tests.engine.test_crapette_rules import callable_, legal, play, position

pytestmark = pytest.mark.engine

G = GAME
SUITS = "SHDC"
RANKS = "A23456789TJQK"


def stuck(state, seat):
    """The opponent's reserve top fits no foundation, no house, and neither of seat's own tops."""
    other = 1 - seat
    if not state.reserves[other]:
        return False
    card = state.reserves[other][-1]
    for f in state.foundations:
        if (not f and card[0] == "A") or (f and FOUNDATION_NEXT[f[-1]] == card):
            return False
    if any(not h or card in HOUSE_TAKES[h[-1]] for h in state.houses):
        return False
    tops = [p[-1] for p in (state.reserves[seat], state.wastes[seat]) if p]
    return not any(card in LOAD_TAKES[t] for t in tops)


def _key(state):
    # Houses as a multiset: no rule reads a house's number, so two positions that differ only in
    # which house holds which pile are the same for what can follow.
    return (tuple(sorted(state.houses)), tuple(sorted(state.foundations)), state.reserves, state.down, state.talons,
            state.wastes, state.hands, state.turn, state.phase)


def brute_force(state, seat, whole_turn):
    """The best of each measure over every position seat's actions reach before his turn ends
    (before he turns a talon card, unless whole_turn)."""
    best = [0, False, False, False, -state.count(seat)]
    base = sum(len(f) for f in state.foundations)
    seen = {_key(state)}
    todo = [state]
    while todo:
        s = todo.pop()
        measures = (sum(len(f) for f in s.foundations) - base, not s.reserves[seat], s.remaining(seat) == 0,
                    stuck(s, seat), -s.count(seat))
        best = [max(a, b) for a, b in zip(best, measures)]
        if s.phase != "play" or s.turn != seat:
            continue
        for action in G.legal_actions(s, seat):
            if action.kind == "turn" and not whole_turn:
                continue
            after = G.apply(s, seat, action)
            k = _key(after)
            if k not in seen:
                seen.add(k)
                todo.append(after)
    return best


def random_position(rng, cards_out=True):
    """A small random position, seat 0 to move, enforced mode; the unused cards in seat 1's talon."""
    pool = Counter(double_pack())

    def take(card):
        if pool[card] == 0:
            return None
        pool[card] -= 1
        return card

    def draw():
        while True:
            card = rng.choice(RANKS) + rng.choice(SUITS)
            if take(card):
                return card

    tops = []
    for _ in range(8):
        if rng.random() < 0.35:
            suit, rank = rng.choice(SUITS), rng.randrange(1, 6)
            pile = foundation_pile(RANKS[rank - 1] + suit)
            if all(pool[c] > 0 for c in pile):
                for c in pile:
                    take(c)
                tops.append(pile[-1])
                continue
        tops.append("-")
    houses = ["".join(draw() for _ in range(rng.choice((1, 1, 2, 2, 3)))) for _ in range(8)]
    if rng.random() < 0.4:
        houses[rng.randrange(8)] = "-"
    reserve = [draw() for _ in range(rng.randrange(1, 4))]
    r0 = "-" if not reserve else ("".join(reserve[:-1]) + "/" + reserve[-1] if len(reserve) > 1 else reserve[0])
    hand = draw() if rng.random() < 0.4 else None
    talon = "".join(draw() for _ in range(rng.randrange(0, 4))) or "-"
    waste = "".join(draw() for _ in range(rng.randrange(0, 3))) or "-"
    r1 = draw()
    w1 = draw() if rng.random() < 0.7 else "-"
    text = (f"p=0 r0={r0} r1={r1} t0={talon} w0={waste} w1={w1} h0={hand or '-'} hs={','.join(houses)} "
            f"fd={','.join(tops)}")
    return position(text)


def small_cases(count, whole_turn, limit=2500):
    """Random positions whose turn search stays under `limit` positions (the brute force, which
    merges nothing but identical positions, takes seconds beyond that)."""
    out, i = [], 0
    while len(out) < count:
        state = G.from_text(random_position(random.Random(f"search{whole_turn}{i}")))
        found = search(state, 0, whole_turn=whole_turn, budget=limit)
        if found.exact:
            out.append((state, found))
        i += 1
    return out


@pytest.mark.parametrize("whole_turn", [False, True])
def test_search_agrees_with_brute_force_on_small_positions(whole_turn):
    compared = 0
    for state, found in small_cases(80, whole_turn):
        best = found.best()[found.root]
        base = sum(len(f) for f in state.foundations)
        expected = brute_force(state, 0, whole_turn)
        assert [best[FOUND] - base, best[EMPTY], best[OUT], best[BLOCK], best[LESS]] == expected, G.to_text(state)
        compared += 1
    assert compared == 80


CASES = list(range(60))


@pytest.mark.parametrize("case", CASES)
def test_search_steps_are_the_games_legal_actions(case):
    """The search makes exactly the moves the game allows (and turns a card exactly when allowed)."""
    state = G.from_text(random_position(random.Random(f"steps{case}")))
    found = TurnSearch(position_of(state, 0), 0, state.options, whole_turn=True, budget=1)
    steps = {("move:%s@%s>%s" % step) if step not in ("turn", "end") else step
             for step, _ in found.steps(position_of(state, 0))}
    # A house's only card to an empty house is the same position: the search leaves it out.
    game = {a for a in legal(state, 0)
            if not (a.startswith("move:") and "@house." in a and ">house." in a
                    and len(state.houses[int(a.split("@house.")[1][0]) - 1]) == 1
                    and not state.houses[int(a.split(">house.")[1][0]) - 1])}
    assert steps == game, G.to_text(state)


def test_transpositions_merge_moves_to_interchangeable_houses():
    # Two eights of diamonds (two packs): the 7S on the one in house 1 or the one in house 4 is one
    # position.
    state = G.from_text(position("p=0 r0=5C9D/7S r1=6H t0=2C3C w1=5H hs=8D,KSQH,4C,8D,9C,JH,TS,5S fd=3D,-,-,-,-,-,-,-"))
    found = search(state, 0)
    successors = found.nodes[found.root][3]
    assert "move:7S@reserve.0>house.1" in legal(state, 0) and "move:7S@reserve.0>house.4" in legal(state, 0)
    assert len(set(successors)) < len(successors)


def test_a_card_moved_into_a_space_goes_to_the_first_empty_house():
    state = G.from_text(position("p=0 r0=5C9D/7S r1=6H t0=2C3C w1=5H hs=8D,KSQH,-,JD,9C,-,TS,5S fd=3D,-,-,-,-,-,-,-"))
    assert "move:7S@reserve.0>house.3" in legal(state, 0)
    assert "move:7S@reserve.0>house.6" not in legal(state, 0)
    verdict = G.check(state, 0, G.parse_action("move:7S@reserve.0>house.6"))
    assert verdict.rule == "crapette.house.space" and verdict.args["space"] == "house.3"
    # A house's last card may move into another space only if it is the first one besides its own.
    assert "move:JD@house.4>house.3" in legal(state, 0)


# --- goals ----------------------------------------------------------------------------------
# Goals are searched over what the player sees, up to his next talon card: the face-down cards of
# his reserve are not known to him, so a goal that needs them cannot be proved. In these positions
# every reserve card is face up (cards loaded onto it by the opponent), unless the test says not.
CHAIN_FIELDS = "p=0 r0=5C9D7S r1=6C t0=2C3C w1=9C hs=8D,KS,4H,KD,KC,KH9H,TS,5H fd=3D,-,4C,-,-,-,-,-"
CHAIN = position(CHAIN_FIELDS)
# No black 10 for the 9D to go on.
NO_CHAIN = position(CHAIN_FIELDS.replace("KH9H,TS", "KH9H,TH"))
# The same reserve, its lower cards face down: the player cannot know what comes up.
HIDDEN = position(CHAIN_FIELDS.replace("r0=5C9D7S", "r0=5C9D/7S"))


def test_goal_empty_reserve_proved_and_played():
    state = G.from_text(CHAIN)
    assert not G.goal_reached(state, 0, "empty-reserve")
    assert G.goal_reachable(state, 0, "empty-reserve") is True
    # 7S on the 8D, the 9D on the 10S, the 5C to its foundation.
    after = play(state, (0, "move:7S@reserve.0>house.1"), (0, "move:9D@reserve.0>house.7"),
                 (0, "move:5C@reserve.0>foundation.3"))
    assert G.goal_reached(after, 0, "empty-reserve")
    # Covering the 10S with the 9H first loses the place for the 9D.
    wrong = play(state, (0, "move:9H@house.6>house.7"))
    assert G.goal_reachable(wrong, 0, "empty-reserve") is False


def test_goal_empty_reserve_not_reachable():
    state = G.from_text(NO_CHAIN)
    assert G.goal_reachable(state, 0, "empty-reserve") is False


def test_a_goal_that_needs_face_down_cards_is_not_proved():
    state = G.from_text(HIDDEN)
    assert G.goal_reachable(state, 0, "empty-reserve") is None  # the 9D and 5C are face down to him


def test_goal_go_out_by_loading():
    state = G.from_text(position("p=0 r0=5S r1=4S hs=8D,KSQH,4C,JD,9C,2H,TS,6S fd=3D,-,-,-,-,-,-,-"))
    assert G.goal_reachable(state, 0, "go-out") is True
    assert G.goal_reached(play(state, (0, "move:5S@reserve.0>reserve.1")), 0, "go-out")


def test_goal_block_opponent():
    # His reserve 6H could go on the black 7 of house 5; covering that with the 6D leaves it nowhere.
    state = G.from_text(position("p=0 r0=5C9D/7S r1=6H t0=2C3C w1=5H hs=8D,KSQH,4C,JD,7C,KS6D,TS,QS fd=3D,-,-,-,-,-,-,-"))
    assert not G.goal_reached(state, 0, "block-opponent")
    assert G.goal_reachable(state, 0, "block-opponent") is True
    assert G.goal_reached(play(state, (0, "move:6D@house.6>house.5")), 0, "block-opponent")
    # Without a red 6 to cover the 7, or a space to fill, the 6H always has a place.
    free = G.from_text(position("p=0 r0=5C9D7S r1=6H t0=2C3C w1=5H hs=8D,KSQH,4C,JD,7C,KS,TS,QS fd=3D,-,-,-,-,-,-,-"))
    assert G.goal_reachable(free, 0, "block-opponent") is False


def test_goal_foundation_cards():
    # The foundations hold seven cards: ace to 3 of diamonds, ace to 4 of clubs.
    state = G.from_text(CHAIN)
    assert sum(len(f) for f in state.foundations) == 7
    assert G.goal_reached(state, 0, "foundations-7") and not G.goal_reached(state, 0, "foundations-8")
    # The 5C goes up once the 7S and 9D are out of the way: eight cards at most.
    assert G.goal_reachable(state, 0, "foundations-8") is True
    assert G.goal_reachable(state, 0, "foundations-9") is False
    assert G.goal_reachable(G.from_text(HIDDEN), 0, "foundations-8") is None
    with pytest.raises(KeyError):
        G.goal_reached(state, 0, "foundations-0")


def test_goal_clean_move_in_the_callable_mode():
    # The house card 4D fits its foundation: any other move skips obligation 2.
    state = G.from_text(callable_(position("p=0 r0=5C9D/7S r1=6H t0=2C3C w1=5H hs=8D,KSQH,4C4D,JD,9C,2H,TS,5S "
                                           "fd=3D,-,-,-,-,-,-,-")))
    assert not G.goal_reached(state, 0, "clean-move")
    assert G.goal_reachable(state, 0, "clean-move") is True
    right = play(state, (0, "move:4D@house.3>foundation.1"))
    assert G.goal_reached(right, 0, "clean-move")
    wrong = play(state, (0, "move:7S@reserve.0>house.1"))
    assert not G.goal_reached(wrong, 0, "clean-move")
    assert G.goal_reachable(wrong, 0, "clean-move") is False
    assert G.exact_values(wrong, 0) is None  # what follows depends on the Stop


def test_goals_are_not_known_in_a_view_when_hidden_cards_decide():
    state = G.from_text(HIDDEN)
    assert G.goal_reachable(G.view(state, 0), 0, "empty-reserve") is None
    assert {"empty-reserve", "go-out", "block-opponent", "clean-move", "foundations-12"} <= set(G.goals())
    with pytest.raises(KeyError):
        G.goal_reached(state, 0, "most-points")


# --- exact values ---------------------------------------------------------------------------
# Exact values are searched over what the player sees, like goals: his reserve cards are face up
# here (loaded by his opponent), and his talon and waste are empty unless a test says otherwise.
def test_exact_values_count_foundation_cards_to_the_end_of_the_turn():
    state = G.from_text(position("p=0 r0=5C9D7S r1=6H w1=5H hs=8D,KSQH,4C,JD,9C,2H,TS,4D fd=3D,-,-,-,-,-,-,-"))
    values = G.exact_values(state, 0)
    assert set(values) == set(G.legal_actions(state, 0))
    assert values == {G.parse_action("move:4D@house.8>foundation.1"): 1}
    opened = G.from_text(position("p=0 r0=5C9D7S r1=6H w1=5H hs=8D,KSQH,4C,JD,9C,2H,TS,5S fd=4D,-,-,-,-,-,-,-"))
    values = {str(a): v for a, v in G.exact_values(opened, 0).items()}
    assert values["end"] == 0 and values["move:7S@reserve.0>house.1"] == 0
    # The 5D lies under the 9D in the reserve: moving the 7S uncovers the 9D, then the 9D on the
    # 10S uncovers the 5D, which goes to the foundation.
    chain = G.from_text(position("p=0 r0=5D9D7S r1=6H w1=5H hs=8D,KSQH,4C,JD,9C,2H,TS,5S fd=4D,-,-,-,-,-,-,-"))
    values = {str(a): v for a, v in G.exact_values(chain, 0).items()}
    assert values["move:7S@reserve.0>house.1"] == 1 and values["end"] == 0


def test_exact_values_need_every_card_that_matters_in_sight():
    # A talon card to turn, or a face-down reserve card to come up: the player cannot know it.
    talon = G.from_text(position("p=0 r0=5C9D7S r1=6H t0=4D w1=5H hs=8D,KSQH,4C,JD,9C,2H,TS,5S fd=3D,-,-,-,-,-,-,-"))
    assert G.exact_values(talon, 0) is None
    hidden = G.from_text(position("p=0 r0=5D9D/7S r1=6H w1=5H hs=8D,KSQH,4C,JD,9C,2H,TS,5S fd=4D,-,-,-,-,-,-,-"))
    assert G.exact_values(hidden, 0) is None
    assert G.exact_values(G.view(talon, 0), 0) is None


def test_exact_values_give_up_when_the_search_is_too_big():
    state = G.from_text(position("p=0 r0=5C9D/7S r1=6H t0=4D w1=5H hs=8D,KSQH,4C,JD,9C,2H,TS,5S fd=3D,-,-,-,-,-,-,-"))
    found = search(state, 0, whole_turn=True, budget=2)
    assert not found.exact


def test_exact_values_only_for_the_player_whose_turn_it_is():
    state = G.from_text(position("p=0 r0=5C9D/7S r1=6H w1=5H hs=8D,KSQH,4C,JD,9C,2H,TS,4D fd=3D,-,-,-,-,-,-,-"))
    assert G.exact_values(state, 1) is None


def test_breach_names_the_obligation_a_move_would_skip():
    state = G.from_text(position("p=0 r0=5C9D/7S r1=6H t0=2C3C w1=5H hs=8D,KSQH,4C4D,JD,9C,2H,TS,5S fd=3D,-,-,-,-,-,-,-"))
    assert G.breach(state, 0, G.parse_action("move:7S@reserve.0>house.1")) == "crapette.duty.foundation"
    assert G.breach(state, 0, G.parse_action("move:4D@house.3>foundation.1")) is None
    assert G.breach(state, 0, G.parse_action("turn")) == "crapette.duty.foundation"


# --- the expert's values, for the review of a deal ----------------------------------------------
def _values(text):
    view = G.view(G.from_text(text), 0)
    evaluation = Expert(G).values(view, 0, rng_for("values"))
    assert evaluation == Expert(G).values(view, 0, rng_for("values"))  # the same rng, the same values
    assert evaluation.worlds == Expert.worlds and set(evaluation.samples) == set(G.legal_actions(view, 0))
    return {str(a): values for a, values in evaluation.samples.items()}


def test_the_expert_values_a_move_by_the_count_it_sheds_before_the_next_card():
    # Both reserve cards can go (7S on the 8D, then the 9D on the 10S): 4 points of count; turning
    # the next card first sheds nothing before it. Every card that matters is in sight, so every
    # world says the same.
    values = _values(position("p=0 r0=9D7S r1=6H t0=2C3C w1=5H hs=8D,KSQH,4C,JD,9C,2H,TS,5S fd=-,-,-,-,-,-,-,-"))
    assert values["move:7S@reserve.0>house.1"] == (4.0,) * Expert.worlds
    assert values["turn"] == (0.0,) * Expert.worlds


def test_a_move_that_skips_an_obligation_is_valued_as_the_stop_it_invites():
    # Callable mode: the 4D must go up first. The 7S moved instead is taken back by a Stop, the 4D
    # goes up for the player, and his turn is over: his reserve stays as it was.
    values = _values(callable_(position("p=0 r0=9D7S r1=6H t0=2C3C w1=5H hs=8D,KSQH,4C4D,JD,9C,2H,TS,5S "
                                        "fd=3D,-,-,-,-,-,-,-")))
    assert values["move:4D@house.3>foundation.1"][0] == 4.0
    assert values["move:7S@reserve.0>house.1"][0] == 0.0


# --- the expert's look at the opponent's reply -------------------------------------------------
def test_the_expert_ends_its_turn_where_the_opponents_reply_sheds_least():
    # The 9C in hand has nowhere to go: the turn ends with it on the waste. Left as it is, the
    # opponent moves the 3D onto the 4C and his 6H onto the 7S it uncovers; the 3H moved onto the
    # 4C first leaves the 3D nowhere to go and the 6H stuck. Either way the 6H has no place now,
    # so only a look at his reply tells them apart (the yardstick without it keeps the first).
    # His face-down reserve cards would come up under the 6H: the reply is searched in worlds.
    view = G.view(G.from_text(position("p=0 r0=9S r1=5C9D/6H w1=5H h0=9C "
                                       "hs=7S3D,4C,KH3H,2HKC,9DKD,5SKS,TCKH,6CKS fd=-,-,-,-,-,-,-,-")), 0)
    waste = ("9C", "hand.0", "waste.0")
    assert Expert(G).steps(view, 0, rng_for("reply")) == [("3H", "house.3", "house.2"), waste]
    assert ExpertWithoutReply(G).steps(view, 0, rng_for("reply")) == [waste]
    assert Expert(G).choose(view, 0, rng_for("reply")) == G.parse_action("move:3H@house.3>house.2")


def test_the_reply_is_searched_in_worlds_only_when_a_hidden_card_would_come_up():
    expert = Expert(G)
    dealt = []
    real = G.determinize

    def counting(view, seat, rng):
        dealt.append(seat)
        return real(view, seat, rng)

    expert.game = type("Counting", (), {"determinize": staticmethod(counting)})()
    hidden = G.view(G.from_text(position("p=0 r0=9S r1=5C9D/6H w1=5H h0=9C "
                                         "hs=7S3D,4C,KH3H,2HKC,9DKD,5SKS,TCKH,6CKS fd=-,-,-,-,-,-,-,-")), 0)
    expert.steps(hidden, 0, rng_for("reply"))
    assert dealt == [0] * Expert.reply_worlds  # dealt once for the stretch, shared by every end
    dealt.clear()
    # His reserve is the 6H alone: what he can do is all in sight, and no world is dealt.
    seen = G.view(G.from_text(position("p=0 r0=9S r1=6H w1=5H h0=9C "
                                       "hs=7S3D,4C,KH3H,2HKC,9DKD,5SKS,TCKH,6CKS fd=-,-,-,-,-,-,-,-")), 0)
    assert expert.steps(seen, 0, rng_for("reply")) == [("3H", "house.3", "house.2"), ("9C", "hand.0", "waste.0")]
    assert dealt == []


def test_a_wrong_stop_costs_nothing_and_play_goes_on():
    # Callable mode, the start of the player's turn after his opponent put a card on his waste that
    # fitted nowhere: Stop! is offered, and called, has no effect; the turn goes on as before.
    values = _values(callable_(position("p=0 last=1/move:5H@hand.1>waste.1 r0=9D7S r1=6H t0=2C3C w1=5H "
                                        "hs=8D,KSQH,4C,JD,9C,2H,TS,5S fd=-,-,-,-,-,-,-,-")))
    assert values["stop"] == values["move:7S@reserve.0>house.1"] == (4.0,) * Expert.worlds
