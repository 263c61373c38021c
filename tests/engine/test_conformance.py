"""The contract every registered game keeps, checked over many seeded random matches.

A game joins these tests by registering itself; nothing here names a game.
"""

import itertools
import os
from collections import Counter

import pytest

from games.engine import registry
from games.engine.actions import Action
from games.engine.bots import RandomBot
from games.engine.game import Game
from games.engine.results import DealResult, Payment, Score, holder_key, ledger
from games.engine.rng import below, rng_for
from games.engine.rules import IllegalAction, NotationError
from games.engine.zones import conserved, shapes

MATCHES = int(os.environ.get("DOJO_CONFORMANCE_MATCHES", "200"))
MAX_ACTIONS = 20_000
# Each (game, players) case plays MATCHES matches or stops starting new ones once this many actions
# have been checked at two players (a game of long random matches, such as Crapette to 300, would
# otherwise take most of the suite); at least MIN_MATCHES are always played to their end. A position
# is checked from every seat (its view, its legal actions, a deal it cannot tell apart), so a table of
# N players gets 2/N of the actions: every case checks about as many seats' positions.
ACTION_BUDGET = int(os.environ.get("DOJO_CONFORMANCE_ACTIONS", "60000"))
MIN_MATCHES = 5
FULL_CHECKS = 40
SAMPLE = 20


def action_budget(players):
    return ACTION_BUDGET * 2 // max(players, 2)

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


def known(cards) -> Counter:
    return Counter(c for c in cards if c is not None)


def check_view(game, state, seat, rng):
    """The view shows exactly the cards the game says the seat sees (per card, not per pile), is
    the generic view even where a game builds it faster, and every imagined world keeps each card
    the seat has seen where it saw it."""
    zones = game.zones(state)
    masked = game.masked_zones(state, seat)
    view = game.view(state, seat)
    assert view == Game.view(game, state, seat), "the game's own view differs from the generic one"
    vzones = game.zones(view)
    assert shapes(vzones) == shapes(zones)
    for name in zones:
        # Hands may be put back in their own order (hidden cards last); what is seen is the same.
        assert known(vzones[name]) == known(masked[name]), (name, seat)
        assert known(vzones[name]) <= known(zones[name]), (name, seat)
    vtext = game.to_text(view)
    assert game.from_text(vtext) == view
    if getattr(state, "seed", None):
        assert f"={state.seed} " not in vtext + " ", "the view reveals the match seed"
    world = game.determinize(view, seat, rng)
    assert conserved(game.zones(world), game.pack(state))
    # The world agrees with everything the seat has seen, zone by zone, shown cards included.
    assert game.view(world, seat) == view
    for name, cards in game.zones(world).items():
        assert known(vzones[name]) <= known(cards), (name, "a card the seat saw is elsewhere in a world")
    return view, world


# The public view is checked in this share of the positions (every position would cost the suite a
# quarter more time for this test, most of it in Crapette's long matches).
PUBLIC_SHARE = 0.2


def check_public_view(game, state, views):
    """The view for nobody's seat shows a card exactly where every seat's view shows it (`views`:
    each seat's view), and no secret; its notation reads back."""
    zones = game.zones(state)
    public = game.public_view(state)
    pzones = game.zones(public)
    assert shapes(pzones) == shapes(zones)
    vzones = [game.zones(view) for view in views]
    for name in zones:
        everybody = known(zones[name])
        for v in vzones:
            everybody &= known(v[name])
        assert known(pzones[name]) == everybody, (name, "the public view differs from what every seat sees")
    text = game.to_text(public)
    assert game.from_text(text) == public
    if getattr(state, "seed", None):
        assert f"={state.seed} " not in text + " ", "the public view reveals the match seed"


def check_position(game, state, rng):
    """Everything that must hold in any position of any game."""
    pack = game.pack(state)
    zones = game.zones(state)
    assert conserved(zones, pack), f"cards not conserved in {game.to_text(state)}"
    held = game.held_zones(state)
    assert set(held) <= set(zones) and all(0 <= s < game.players(state) for s in held.values())

    text = game.to_text(state)
    assert game.from_text(text) == state
    assert game.to_text(game.from_text(text)) == text

    movers = game.to_move(state)
    turn = game.turn(state)
    assert turn <= movers and bool(turn) == bool(movers), "the game waits for a seat that may not act"
    assert game.interrupters(state) == movers - turn
    views = []
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

        view, world = check_view(game, state, seat, rng)
        assert game.legal_actions(world, seat) == game.legal_actions(view, seat) == legal
        views.append(view)

    if rng.random() < PUBLIC_SHARE:
        check_public_view(game, state, views)

    for deal in game.outcome(state).deals:
        assert isinstance(deal, DealResult) and all(isinstance(s, Score) for s in deal.scores)
        assert all(isinstance(p, Payment) for p in deal.payments)
        assert type(deal).parse(str(deal)) == deal
    check_chips(game, state)


def check_chips(game, state):
    """A game played for chips: every chip is where the payments of the match put it (counted from
    nothing), each payment names a holder the game knows and a rule of its book, and reads back
    from its text."""
    chips = game.chips(state)
    payments = game.payments(state)
    if chips is None:
        assert not payments, "payments made in a game without chips"
        assert not any(d.payments for d in game.outcome(state).deals)
        return
    recorded = [p for d in game.outcome(state).deals for p in d.payments]
    assert list(payments[:len(recorded)]) == recorded, "the deal records do not begin the payments"
    for p in payments:
        assert Payment.from_text(p.to_text()) == p
        assert holder_key(p.payer) in chips and holder_key(p.payee) in chips, p
        assert p.rule in game.rules, f"payment names unknown rule {p.rule}"
    moved = ledger(payments, {key: 0 for key in chips})
    assert moved == dict(chips), "the chips are not where the payments put them"


def check_exact_values(game, state):
    """Where a game can value a position exactly, it values exactly the legal actions."""
    for seat in game.to_move(state):
        values = game.exact_values(state, seat)
        if values is not None:
            assert set(values) == set(game.legal_actions(state, seat)), game.to_text(state)


@pytest.mark.parametrize("slug,players", CASES)
def test_random_matches(slug, players):
    game = registry.get(slug)
    bot = RandomBot(game)
    total_actions = 0
    budget = action_budget(players)
    for m in range(MATCHES):
        if m >= MIN_MATCHES and total_actions >= budget:
            break
        rng = rng_for("conformance", slug, players, m)
        options = random_options(game, rng)
        seed = f"c{m}"
        state = game.new(seed, players, options)
        assert game.to_text(game.new(seed, players, options)) == game.to_text(state), "new() not deterministic"
        replayed = []
        steps = 0
        chips = game.chips(state)
        total_chips = sum(chips.values()) if chips is not None else None
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
            if total_chips is not None:
                assert sum(game.chips(after).values()) == total_chips, "chips appeared or vanished"
                made = game.payments(state)
                assert game.payments(after)[:len(made)] == made, "a payment was taken back"
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
    print(f"{slug}/{players}: {m + 1} matches, {total_actions} actions")


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


def option_combinations(game):
    names = list(game.option_choices())
    return [dict(zip(names, values)) for values in itertools.product(*game.option_choices().values())]


@pytest.mark.parametrize("slug", [g.slug for g in registry.all_games()])
def test_exact_values_are_the_legal_actions_under_every_option(slug):
    """The exact solvers derive their moves from the rules: under every combination of options
    the game offers, wherever a position can be valued exactly, the values are keyed by exactly
    the legal actions (a solver with its own copy of the follow rules fails here)."""
    game = registry.get(slug)
    bot = RandomBot(game)
    valued = 0
    for n, options in enumerate(option_combinations(game)):
        players = min(game.player_counts)
        rng = rng_for("exact", slug, players, n)
        state = game.new(f"x{n}", players, options)
        seen = []
        while game.to_move(state):
            seen.append(state)
            seat = min(game.turn(state))
            state = game.apply(state, seat, bot.choose(game.view(state, seat), seat, rng))
        # The last positions of a match are the small ones a solver proves. Of those that are a
        # choice, the ones with fewest cards left in hands first (the smallest search: ordering by
        # choices alone took Frepe's 512 combinations 15 minutes), then fewest choices.
        def choices(st):
            return len(game.legal_actions(st, min(game.turn(st))))

        def held(st):
            zones = game.zones(st)
            return sum(len(zones[name]) for name in game.held_zones(st))

        late = sorted((st for st in seen[-30:] if choices(st) > 1), key=lambda st: (held(st), choices(st)))
        tried = here = 0
        for state in late:
            if here >= 1 or tried >= 2:
                break
            tried += 1
            if game.exact_values(state, min(game.turn(state))) is not None:
                check_exact_values(game, state)
                here += 1
        valued += here
    if type(game).exact_values is not Game.exact_values:
        assert valued > 0, "no position was valued"


@pytest.mark.parametrize("slug", [g.slug for g in registry.all_games()])
def test_every_option_combination_plays_to_the_end(slug):
    game = registry.get(slug)
    bot = RandomBot(game)
    for n, options in enumerate(option_combinations(game)):
        players = game.player_counts[n % len(game.player_counts)]
        rng = rng_for("combos", slug, n)
        state = game.new(f"o{n}", players, options)
        for _ in range(MAX_ACTIONS):
            if not game.to_move(state):
                break
            seat = min(game.turn(state))
            state = game.apply(state, seat, bot.choose(game.view(state, seat), seat, rng))
        assert game.outcome(state).finished
