"""The exact solver agrees with the engine's rules and with a plain search of every line."""

from dataclasses import replace

import pytest

from games.ecarte import GAME
from games.ecarte.bots import LEVELS
from games.ecarte.solver import Solver, deal_points, legal_cards
from games.engine.actions import Action
from games.engine.rng import below, rng_for


def play_positions(count):
    """Positions of the card play reached by random legal play from seeded deals."""
    out = []
    for i in range(count):
        rng = rng_for("solver-test", i)
        state = GAME.new(f"p{i}", 2, {"must_trump": i % 5 != 0})
        while state.phase not in ("play", "over"):
            seat = min(GAME.to_move(state))
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, legal[below(rng, len(legal))])
        while state.phase == "play" and below(rng, 3):
            seat = min(GAME.to_move(state))
            legal = [a for a in GAME.legal_actions(state, seat) if a.kind == "play"]
            state = GAME.apply(state, seat, legal[below(rng, len(legal))])
        if state.phase == "play":
            out.append(state)
    return out


def plain_value(state, me):
    """Minimax over the engine itself, no pruning: slow but obviously right."""
    if state.phase != "play":
        r = state.history[-1]
        tricks = r.tricks[me]
        return deal_points(tricks, state.vulnerable == me, state.vulnerable == 1 - me)
    seat = min(GAME.to_move(state))
    values = [plain_value(GAME.apply(state, seat, a), me)
              for a in GAME.legal_actions(state, seat) if a.kind == "play"]
    return max(values) if seat == me else min(values)


def test_legal_cards_match_the_engine():
    for state in play_positions(150):
        seat = min(GAME.to_move(state))
        engine = sorted(a.card for a in GAME.legal_actions(state, seat) if a.kind == "play")
        mine = sorted(legal_cards(state.hands[seat], state.trick, state.trumps, state.options.must_trump))
        assert engine == mine, GAME.to_text(state)


def test_solver_matches_plain_search():
    checked = 0
    for state in play_positions(60):
        # Keep the target out of reach so the deal is always scored in full.
        state = replace(state, scores=(0, 0), options=replace(state.options, target=10))
        for me in (0, 1):
            solver = Solver(state.trumps, me, state.vulnerable, state.options.must_trump)
            value = solver.value(state.hands, state.trick, state.leader, state.tricks)
            assert value == plain_value(state, me), GAME.to_text(state)
            checked += 1
    assert checked > 50


def test_bots_choose_legal_actions_from_views_only():
    for level, cls in LEVELS.items():
        bot = cls(GAME)
        for i in range(6 if level == "expert" else 30):
            rng = rng_for("bots", level, i)
            state = GAME.new(f"b{i}")
            while GAME.to_move(state):
                seat = min(GAME.to_move(state))
                view = GAME.view(state, seat)
                action = bot.choose(view, seat, rng)
                assert GAME.check(state, seat, action), (level, GAME.to_text(view), action)
                state = GAME.apply(state, seat, action)


def test_expert_shows_the_king_then_draws_trumps():
    # Hearts trumps; the expert (seat 0) holds KH QH JH KC QC. Showing the king is a free point;
    # then leading a trump draws the other side's; J, Q and K are equal here (the ace ranks below
    # the jack), so the expert leads the cheapest of them.
    view = GAME.from_text(
        "ecarte o=t5.d0.v1.m1.r0 seed=? n=1 d=1 sc=0,0 ph=play tu=7H h0=KHQHJHKCQC h1=????? "
        "st=????????????????????? x0=- x1=- tr=- ld=0 tk=0,0 w0=- w1=- vu=- fd=0 ex=- pl=00 an=00 "
        "rv=00 ev=- hist=-")
    bot = LEVELS["expert"](GAME)
    assert bot.choose(view, 0, rng_for("forced")) == Action("king")
    view = GAME.apply(view, 0, Action("king"))
    assert bot.choose(view, 0, rng_for("forced")) == Action("play", ("JH",))


def test_determinize_respects_what_the_opponent_showed():
    # Trick 1: seat 0 led the 9 of spades, seat 1 discarded the 7 of clubs (hearts are trumps):
    # seat 1 has neither spades nor trumps. Trick 2: seat 0 led the 8 of diamonds and seat 1
    # followed with the 7, so holds no diamond higher than the 8.
    view = GAME.from_text(
        "ecarte o=t5.d0.v1.m1.r0 seed=? n=1 d=1 sc=0,0 ph=play tu=7H h0=KHQHJ? h1=??? "
        "st=????????????????????? x0=- x1=- tr=- ld=0 tk=2,0 w0=9S7C8D7D w1=- vu=- fd=0 ex=- "
        "pl=11 an=00 rv=00 ev=- hist=-".replace("h0=KHQHJ?", "h0=KHQHJC"))
    for i in range(200):
        world = GAME.determinize(view, 0, rng_for("infer", i))
        hand = world.hands[1]
        assert not any(c[1] in "SH" for c in hand), hand
        assert not any(c in ("KD", "QD", "JD", "AD", "TD", "9D") for c in hand), hand
        assert GAME.view(world, 0) == view


def test_match_chance_is_a_probability_that_rises_with_the_score():
    from games.ecarte.bots import match_chance, match_utility

    assert match_chance(0, 0, 5) == pytest.approx(0.5)
    assert match_chance(5, 3, 5) == 1.0 and match_chance(3, 5, 5) == 0.0
    for theirs in range(5):
        chances = [match_chance(mine, theirs, 5) for mine in range(6)]
        assert chances == sorted(chances)
    # At four all, one point wins: a vole is worth no more than a single point.
    at_four = match_utility((4, 4), 0, 5)
    assert at_four[1] == at_four[2] == 1.0 and at_four[-1] == at_four[-2] == -1.0
    # Level at the start, two points are worth more than one.
    start = match_utility((0, 0), 0, 5)
    assert start[2] > start[1] > start[0] > start[-1] > start[-2]


def test_solver_with_a_utility_weighs_results_by_it():
    from games.ecarte.solver import Solver

    hands = (("KH", "QH", "JH", "AH", "TH"), ("7S", "8S", "9S", "7C", "8C"))
    plain = Solver("H", 0).value(hands, (), 0, (0, 0))
    assert plain == 2  # five top trumps: the vole
    weighed = Solver("H", 0, utility={-2: -1, -1: -0.5, 0: 0, 1: 0.25, 2: 0.75}).value(hands, (), 0, (0, 0))
    assert weighed == 0.75
