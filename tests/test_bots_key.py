"""A practice table's bots keyed by a shared key (Table.bots_key) rather than by the table: tables of
the same deal, options, level and key whose actions so far are the same get the same bot replies,
in every game; without a key each table keeps bots of its own, as before."""

import random

import pytest

from games.table.match import Match, start_table
from games.ui import game_ui, site_games
from tests.compiled import ensure_compiled

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def play(match, pick, decisions, bot_moves=None):
    """Let the bots and the reader play `decisions` of the reader's decisions through the table's
    own write path (or fewer, once the bots have made `bot_moves` moves); pick(legal actions, n)
    chooses the reader's nth."""
    game = match.game
    for n in range(decisions):
        if bot_moves is not None and len(bot_actions(match)) >= bot_moves:
            return
        if match.bots_to_move():
            moves, states = match.run_bots(match.state, match.length)
            assert match.record(moves, states, shown=match.length + len(moves))
        if not match.reader_awaited():
            return
        legal = game.legal_actions(match.view(), match.human)
        action = pick(legal, n)
        after = game.apply(match.state, match.human, action)
        moves, states = match.run_bots(after, match.length + 1)
        assert match.record([(match.human, action)] + moves, [after] + states)


def first(legal, n):
    return legal[0]


def last(legal, n):
    return legal[-1]


def seeded(legal, n):
    """Any legal action, the same for the same legal actions at the reader's nth decision."""
    return random.Random(f"reader:{n}").choice(legal)


def table(slug, bots_key, seed="same", owner="o", level="beginner", players=None):
    ui = game_ui(slug)
    players = players or min(ui.game.player_counts)
    made = start_table(ui, owner=owner, seed=seed, players=players, options={}, level=level, bots_key=bots_key)
    return Match(made, ui)


def bot_actions(match):
    return [tuple(a) for a in match.table.actions if a[0] != match.human]


@pytest.mark.parametrize("decisions", [3, 6, 40])
def test_two_tables_with_one_bots_key_get_the_same_replies_to_the_same_moves(toy, decisions):
    one, two = table(toy, "deal-7", owner="a"), table(toy, "deal-7", owner="b")
    assert one.table.token != two.table.token
    play(one, first, decisions)
    play(two, first, decisions)
    assert one.table.actions == two.table.actions
    assert bot_actions(one)


def test_the_key_decides_the_bots_random_choices(toy):
    """The beginner chooses at random: over a few deals, tables of other keys (or of none: each
    its own token) choose otherwise somewhere, and the same key never does."""
    seeds = [f"s{i}" for i in range(12)]
    differs = {"other key": False, "no key": False}
    for seed in seeds:
        base = table(toy, "k1", seed)
        again = table(toy, "k1", seed, owner="p")
        other = table(toy, "k2", seed)
        own, own2 = table(toy, "", seed), table(toy, "", seed, owner="p")
        for match in (base, again, other, own, own2):
            play(match, first, 40)
        assert base.table.actions == again.table.actions
        differs["other key"] |= base.table.actions != other.table.actions
        differs["no key"] |= own.table.actions != own2.table.actions
    assert differs == {"other key": True, "no key": True}


def test_different_moves_may_get_different_replies_and_the_shared_prefix_stays(toy):
    one, two = table(toy, "k"), table(toy, "k", owner="p")
    play(one, first, 40)
    play(two, last, 40)
    a, b = one.table.actions, two.table.actions
    split = next(i for i in range(min(len(a), len(b))) if a[i] != b[i])
    assert a[split][0] == one.human  # the first difference is a decision of the reader's
    assert a[:split] == b[:split]


def test_a_practice_copy_keeps_the_bots_key(toy):
    match = table(toy, "k")
    play(match, first, 3)
    copy = match.practice_from(1, "other")
    assert copy.bots_key == "k"
    assert table(toy, "").table.bots_key == ""


@pytest.mark.parametrize("slug", [g.slug for g in site_games()])
def test_every_game_answers_the_same_moves_alike_under_one_key(slug):
    """Each game at its fewest players, the beginner bots (random choices), until the bots have
    made a dozen moves."""
    one, two = table(slug, "every", seed="e1", owner="a"), table(slug, "every", seed="e1", owner="b")
    play(one, seeded, 500, bot_moves=12)
    play(two, seeded, 500, bot_moves=12)
    assert one.table.actions == two.table.actions
    assert bot_actions(one)
