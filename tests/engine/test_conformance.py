"""The contract every registered game keeps, checked over many seeded random matches.

A game joins these tests by registering itself; nothing here names a game.
"""

import os
from collections import Counter

import pytest

from games.engine import registry
from games.engine.actions import Action
from games.engine.bots import RandomBot
from games.engine.rng import below, rng_for
from games.engine.rules import IllegalAction, NotationError
from games.engine.zones import conserved, shapes

MATCHES = int(os.environ.get("DOJO_CONFORMANCE_MATCHES", "200"))
MAX_ACTIONS = 20_000
FULL_CHECKS = 40
SAMPLE = 20

CASES = [(g.slug, n) for g in registry.all_games() for n in g.player_counts]


def random_options(game, rng):
    return {name: values[below(rng, len(values))] for name, values in game.option_choices().items()}


def junk_actions(game, state, legal):
    """Actions that should mostly be refused: every kind the game uses, with odd cards."""
    kinds = sorted({a.kind for a in legal} | {"play", "discard", "next", "propose", "pickup"})
    yield from (Action(k) for k in kinds)
    yield Action("play", ("X1",))
    yield Action("play", ("AS", "AS"))
    yield Action("nonsense")
    yield Action("play", ("2C",), "nowhere")


def check_position(game, state, rng):
    """Everything that must hold in any position of any game."""
    pack = game.pack(state)
    zones = game.zones(state)
    assert conserved(zones, pack), f"cards not conserved in {game.to_text(state)}"

    text = game.to_text(state)
    assert game.from_text(text) == state
    assert game.to_text(game.from_text(text)) == text

    movers = game.to_move(state)
    for seat in range(game.players(state)):
        legal = game.legal_actions(state, seat)
        assert legal == sorted(legal)
        if seat not in movers:
            assert legal == []
        for action in legal:
            assert game.check(state, seat, action)
            assert game.parse_action(str(action)) == action
        for action in set(game.candidate_actions(state, seat)) | set(junk_actions(game, state, legal)):
            verdict = game.check(state, seat, action)
            assert bool(verdict) == (action in legal and seat in movers), (seat, action, verdict)
            if not verdict:
                assert verdict.rule in game.rules, f"refusal names unknown rule {verdict.rule}"

        # The view: same shapes, true cards where shown, hidden exactly where the game says.
        view = game.view(state, seat)
        vzones = game.zones(view)
        assert shapes(vzones) == shapes(zones)
        hidden = game.hidden_zones(state, seat)
        for name, cards in zones.items():
            for real, seen in zip(cards, vzones[name]):
                assert seen == (None if name in hidden else real), (name, seat)
        vtext = game.to_text(view)
        assert game.from_text(vtext) == view
        if getattr(state, "seed", None):
            assert f"={state.seed} " not in vtext + " ", "the view reveals the match seed"

        # A determinized world agrees with the view and is a whole position.
        world = game.determinize(view, seat, rng)
        assert conserved(game.zones(world), pack)
        assert game.view(world, seat) == view
        assert game.legal_actions(world, seat) == game.legal_actions(view, seat) == legal


@pytest.mark.parametrize("slug,players", CASES)
def test_random_matches(slug, players):
    game = registry.get(slug)
    bot = RandomBot(game)
    total_actions = 0
    for m in range(MATCHES):
        rng = rng_for("conformance", slug, players, m)
        options = random_options(game, rng)
        seed = f"c{m}"
        state = game.new(seed, players, options)
        assert game.to_text(game.new(seed, players, options)) == game.to_text(state), "new() not deterministic"
        replayed = []
        steps = 0
        while game.to_move(state):
            # Every position of the first FULL_CHECKS moves is checked in full, then one in
            # SAMPLE (long matches would otherwise take minutes); conservation, purity and
            # determinism are checked after every action whatever the length.
            if steps < FULL_CHECKS or below(rng, SAMPLE) == 0:
                check_position(game, state, rng)
            seat = sorted(game.to_move(state))[below(rng, len(game.to_move(state)))]
            action = bot.choose(game.view(state, seat), seat, rng)
            before = game.to_text(state)
            after = game.apply(state, seat, action)
            assert game.to_text(state) == before, "apply changed its input"
            assert conserved(game.zones(after), game.pack(after))
            replayed.append((seat, action))
            state = after
            steps += 1
            assert steps < MAX_ACTIONS, "match did not end"
        check_position(game, state, rng)
        outcome = game.outcome(state)
        assert outcome.finished and outcome.winners
        # Determinism: the same seed and actions reach the same end.
        again = game.new(seed, players, options)
        for seat, action in replayed:
            again = game.apply(again, seat, action)
        assert game.to_text(again) == game.to_text(state)
        total_actions += steps
    print(f"{slug}/{players}: {MATCHES} matches, {total_actions} actions")


@pytest.mark.parametrize("slug,players", CASES)
def test_illegal_actions_raise_and_leave_state(slug, players):
    game = registry.get(slug)
    state = game.new("illegal", players)
    seat = min(game.to_move(state))
    other = next((s for s in range(players) if s not in game.to_move(state)), None)
    before = game.to_text(state)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, seat, Action("nonsense"))
    assert err.value.verdict.rule in game.rules
    if other is not None:
        legal = game.legal_actions(state, seat)
        with pytest.raises(IllegalAction):
            game.apply(state, other, legal[0])
    assert game.to_text(state) == before


@pytest.mark.parametrize("slug", [g.slug for g in registry.all_games()])
def test_bad_notation_is_refused(slug):
    game = registry.get(slug)
    text = game.to_text(game.new("bad", game.player_counts[0]))
    bad = ["", "x", text.replace(slug, "other", 1), text + " zz=1", " ".join(text.split()[:-1]),
           text.replace("=", "==", 1), "\x00" * 10]
    for t in bad:
        with pytest.raises(NotationError):
            game.from_text(t)
    for t in ["", "PLAY", "play:ZZ", "play:A", "a b", "play:QH@", "\u00e9"]:
        with pytest.raises(NotationError):
            game.parse_action(t)


@pytest.mark.parametrize("slug", [g.slug for g in registry.all_games()])
def test_every_rule_id_is_well_formed(slug):
    game = registry.get(slug)
    assert len(game.rules) > 0
    for rule in game.rules:
        parts = rule.id.split(".")
        assert parts[0] == slug and len(parts) == 3, rule.id
    assert len(set(game.rules.ids())) == len(game.rules)


def test_deals_differ_between_seeds():
    for game in registry.all_games():
        n = game.player_counts[0]
        texts = Counter(game.to_text(game.hide_secrets(game.new(f"s{i}", n))) for i in range(50))
        assert len(texts) == 50
