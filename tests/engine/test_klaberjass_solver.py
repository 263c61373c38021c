"""The exact solver agrees with the engine's rules and with a plain search of every line."""

import pytest

from games.engine.rng import below, rng_for
from games.klaberjass import GAME
from games.klaberjass.bots import LEVELS
from games.klaberjass.rules import beats, points
from games.klaberjass.solver import Solver, legal_cards

pytestmark = pytest.mark.engine

G = GAME
A = G.parse_action

# The last trick of a deal (hearts trumps, seat 0 maker): seat 0 holds the queen of hearts and
# played the king earlier. Here he is bête whether he says bella or not: saying it would only give
# the opponent 20 more.
HOPELESS_BELLA = (
    "klaberjass o=t500.s0.x0.l0.m0.a1 seed=? cut=7S8H n=1 d=0 sc=0,0 ph=play to=- pr=AH bt=8H h0=QH "
    "h1=- st=JSTH7HKDQD9D7DKCQCJC9C8C tp=H mk=0 tr=7C ld=1 w0=KH7SASTSKSQS9S8D w1=JH9HTDJDACTCAD8S "
    "dx=- dl=1:none,0:good sw=n ms=- be=- hist=-"
)


def play_positions(count, most_cards=9, seed="p"):
    """Positions of the card play reached by random legal play from seeded deals, under a mix of
    options, with at most `most_cards` in the hand of the player to move."""
    out = []
    for i in range(count):
        rng = rng_for("solver-test", seed, i)
        options = {"melds_require_trick": i % 3 == 0, "longer_sequence_wins": i % 4 == 0, "auto_declare": i % 5 != 0}
        state = G.new(f"{seed}{i}", 2, options)
        while state.phase != "play":
            seat = min(G.to_move(state))
            actions = G.legal_actions(state, seat)
            if state.phase == "end":  # an annulled deal: the next one
                state = G.apply(state, seat, actions[0])
                continue
            takes = [a for a in actions if a.kind in ("accept", "name")]
            state = G.apply(state, seat, takes[0] if takes and below(rng, 2) else actions[below(rng, len(actions))])
        while state.phase == "play":
            seat = min(G.to_move(state))
            if len(state.hands[seat]) <= most_cards and below(rng, 3) == 0:
                break
            actions = G.legal_actions(state, seat)
            state = G.apply(state, seat, actions[below(rng, len(actions))])
        if state.phase == "play" and len(state.hands[min(G.to_move(state))]) <= most_cards:
            out.append(state)
    return out


def plain_values(state, seat):
    """Minimax over the engine itself, no pruning and no table: each legal action's value for
    `seat`, the mover, as the deal's score difference. Slow but obviously right."""
    return {a: _plain(G.apply(state, seat, a), seat) for a in G.legal_actions(state, seat)}


def _plain(state, me):
    if state.phase != "play":
        r = state.history[-1]
        return r.points(me) - r.points(1 - me)
    mover = min(G.to_move(state))
    values = [_plain(G.apply(state, mover, a), me) for a in G.legal_actions(state, mover)]
    return max(values) if mover == me else min(values)


def test_legal_cards_match_the_engine():
    checked = 0
    for state in play_positions(120):
        seat = min(G.to_move(state))
        engine = sorted({a.card for a in G.legal_actions(state, seat)})
        mine = sorted(legal_cards(state.hands[seat], state.trick, state.trumps))
        assert engine == mine, G.to_text(state)
        checked += 1
    assert checked > 80


def test_exact_values_match_plain_search():
    checked = 0
    for state in play_positions(120, most_cards=3, seed="small"):
        seat = min(G.to_move(state))
        assert G.exact_values(state, seat) == plain_values(state, seat), G.to_text(state)
        checked += 1
    assert checked > 60


def test_exact_values_match_plain_search_with_bella_open():
    # Deals where one player holds both the king and queen of trumps, stopped before he has
    # played the second: bella is still to be said (or not) in the search.
    checked = 0
    for state in play_positions(400, most_cards=3, seed="bella"):
        pair = {"K" + state.trumps, "Q" + state.trumps}
        if not any(pair & set(h) for h in state.hands) or state.bella is not None:
            continue
        seat = min(G.to_move(state))
        assert G.exact_values(state, seat) == plain_values(state, seat), G.to_text(state)
        checked += 1
    assert checked > 10


def no_trick_yet_positions(count):
    """Positions under the variant where sequences need a trick, with four cards or fewer each,
    in which the owner of the scoring sequences has not yet taken a trick: play steered so that he
    loses every trick so far (he ducks, the other wins when he can)."""
    out = []
    for i in range(count):
        rng = rng_for("no-trick", i)
        state = G.new(f"nt{i}", 2, {"melds_require_trick": True})
        while state.phase not in ("play", "over"):
            seat = min(G.to_move(state))
            actions = G.legal_actions(state, seat)
            takes = [a for a in actions if a.kind in ("accept", "name")]
            state = G.apply(state, seat, takes[0] if takes else actions[below(rng, len(actions))])
        owner = state.seq_winner
        if state.phase != "play" or owner is None:
            continue
        while state.phase == "play" and len(state.hands[min(G.to_move(state))]) > 4:
            seat = min(G.to_move(state))
            actions = [a for a in G.legal_actions(state, seat) if not a.choice]
            if state.trick:
                led = state.trick[0]
                wins = [a for a in actions if beats(a.card, led, state.trumps)]
                loses = [a for a in actions if a not in wins]
                actions = (loses or actions) if seat == owner else (wins or actions)
            state = G.apply(state, seat, actions[below(rng, len(actions))])
        if state.phase == "play" and not state.won[owner]:
            out.append(state)
    return out


def test_exact_values_match_plain_search_before_the_sequences_owner_takes_a_trick():
    checked = 0
    for state in no_trick_yet_positions(400):
        seat = min(G.to_move(state))
        assert G.exact_values(state, seat) == plain_values(state, seat), G.to_text(state)
        checked += 1
    assert checked > 10


def test_solver_points_match_plain_search_on_bigger_positions():
    """The maker's points under best play for points, from the table-driven search and from a plain
    minimax without table or pruning (five cards each)."""
    checked = 0
    for state in play_positions(25, most_cards=5, seed="big"):
        solver = Solver(state.trumps, state.maker)
        c = solver.c
        led = c.index[state.trick[0]] if state.trick else -1
        h0, h1 = c.mask(state.hands[0]), c.mask(state.hands[1])
        assert solver.exact_future(h0, h1, led, state.leader) == _points(state), G.to_text(state)
        checked += 1
    assert checked > 10


def _points(state):
    """The maker's card points still to come (the last trick's 10 included), the maker maximising
    them and the opponent minimising them, over the engine's own moves."""
    if state.phase != "play":
        return 0
    mover = min(G.to_move(state))
    maker = state.maker
    best = None
    for action in G.legal_actions(state, mover):
        if action.choice:  # bella changes no card points
            continue
        after = G.apply(state, mover, action)
        gained = 0
        if len(after.won[maker]) > len(state.won[maker]):
            gained = sum(points(x, state.trumps) for x in after.won[maker][-2:]) + (10 if after.phase != "play" else 0)
        v = gained + _points(after)
        if best is None or (v > best if mover == maker else v < best):
            best = v
    return best


def test_goals_agree_with_plain_search():
    checked = 0
    for state in play_positions(120, most_cards=3, seed="goal"):
        seat = state.maker
        wins = _goal(state, seat, lambda r: r.maker == seat and not r.tie and not r.bete)
        assert G.goal_reachable(state, seat, "make") is wins, G.to_text(state)
        beats = _goal(state, 1 - seat, lambda r: r.bete)
        assert G.goal_reachable(state, 1 - seat, "beat") is beats, G.to_text(state)
        checked += 1
    assert checked > 60


def _goal(state, me, reached):
    """Can `me` force the deal to end as `reached` says, whatever the other does?"""
    if state.phase != "play":
        return reached(state.history[-1])
    mover = min(G.to_move(state))
    results = [_goal(G.apply(state, mover, a), me, reached) for a in G.legal_actions(state, mover)]
    return any(results) if mover == me else all(results)


def test_the_maker_keeps_bella_quiet_when_it_only_swells_a_bete():
    state = G.from_text(HOPELESS_BELLA)
    values = G.exact_values(state, 0)
    assert values == {A("play:QH"): -123, A("play:QH=bella"): -143}
    expert = LEVELS["expert"](G)
    assert expert.choose(G.view(state, 0), 0, rng_for("quiet")) == A("play:QH")
    # The club player says it regardless.
    assert LEVELS["club"](G).choose(G.view(state, 0), 0, rng_for("quiet")) == A("play:QH=bella")


def test_bots_choose_legal_actions_from_views_only():
    for level, cls in LEVELS.items():
        bot = cls(G)
        for i in range(1 if level == "expert" else 10):
            rng = rng_for("bots", level, i)
            options = {"auto_declare": i % 2 == 0, "schmeiss": i % 3 == 0, "dix_until_first_card": i % 2 == 1}
            state = G.new(f"b{i}", 2, options)
            for _ in range(100 if level == "expert" else 400):
                if not G.to_move(state):
                    break
                seat = min(G.turn(state))
                view = G.view(state, seat)
                action = bot.choose(view, seat, rng)
                assert G.check(state, seat, action), (level, G.to_text(view), action)
                state = G.apply(state, seat, action)


def test_the_expert_values_a_decision_as_it_decides_it():
    """Bot.values for the review: in the bidding the same sampled deals the expert bids by (their
    averages are the values it compares), in the card play every legal card solved exactly in the
    same worlds; nothing for a decision made by rule or with one choice."""
    expert = LEVELS["expert"](G)
    expert.worlds = expert.bid_worlds = 6  # fewer deals than in play: what is checked is how they are used
    weighed = set()
    for i in range(6):
        state = G.new(f"values{i}")
        while G.to_move(state) and state.deal == 1:
            seat = min(G.turn(state))
            view = G.view(state, seat)
            legal = G.legal_actions(view, seat)
            evaluation = expert.values(view, seat, rng_for("values", i, len(state.said)))
            if len(legal) < 2 or view.phase not in ("bid1", "bid2", "play"):
                assert evaluation is None
            else:
                weighed.add(view.phase)
                assert set(evaluation.samples) == set(legal) and evaluation.worlds > 1
                assert evaluation == expert.values(view, seat, rng_for("values", i, len(state.said)))
                if view.phase != "play":
                    suits = {a.choice or view.turned_suit: a for a in legal if a.kind in ("accept", "name")}
                    means = expert._bid_values(view, seat, rng_for("values", i, len(state.said)), [*suits, None])
                    for suit, action in suits.items():
                        assert evaluation.mean(action) == pytest.approx(means[suit])
                    assert evaluation.mean(A("pass")) == pytest.approx(means[None])
            state = G.apply(state, seat, LEVELS["club"](G).choose(view, seat, rng_for("values-play", i)))
    assert weighed == {"bid1", "bid2", "play"}


def test_the_seer_is_a_yardstick_that_sees_all():
    from games.engine import registry
    from games.engine.play import measuring_bots

    assert "seer" in measuring_bots(registry.get("klaberjass"))
    assert getattr(measuring_bots(registry.get("klaberjass"))["seer"], "sees_all", False)
