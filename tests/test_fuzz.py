"""Property-based fuzzing (hypothesis) of everything that reads text from outside: every game's
position and action parsers, and the practice table's action endpoint. Whatever arrives, the answer
is a clean refusal (a NotationError/ValueError from a parser, a 4xx page from the site), never a
crash, and a refused request changes nothing."""

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.controls import FIELD_ACTION, FIELD_CARDS, FIELD_COMPLETE, FIELD_PICK
from games.engine import registry
from games.engine.bots import RandomBot
from games.engine.rng import rng_for
from games.engine.rules import NotationError
from games.models import Table
from games.ui import site_games
from tests.tables import create, tables

GAMES = [g.slug for g in site_games()]
TABLES = tables()
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _words():
    """Pieces of the games' own action texts (their kinds, places and choices), taken from random
    play, so the fuzzing speaks each game's language without this file naming any of it."""
    out = set()
    for game in registry.all_games():
        bot = RandomBot(game)
        state = game.new("words", game.player_counts[0])
        rng = rng_for("fuzz-words", game.slug)
        for _ in range(300):
            if not game.to_move(state):
                break
            for seat in game.to_move(state):
                for action in game.legal_actions(state, seat):
                    out.add(action.kind + ":")
                    out.update(f"@{action.source}", f">{action.target}", f"={action.choice}")
            seat = min(game.turn(state))
            state = game.apply(state, seat, bot.choose(game.view(state, seat), seat, rng))
    return sorted(w for w in out if "None" not in w)


# Text that looks like the notation: its own alphabet, separators and fragments, shuffled.
NOTATION_ALPHABET = "0123456789SHDCOEBXTJQKA?-=.,:@>_ abcdefghijklmnopqrstuvwxyz"
tokens = st.sampled_from(_words() + ["7H", "X1", "AS", "TC", "1O", "RB", "=", " ", "-", ">", "@",
                                     "\x00", "é", "😀", "9" * 30])
notationish = st.lists(st.one_of(st.text(NOTATION_ALPHABET, max_size=8), tokens), max_size=12).map("".join)
anything = st.one_of(st.text(max_size=200), notationish, st.binary(max_size=64).map(lambda b: b.decode("latin-1")))


def _mutations(slug):
    """A real position of the game, to be damaged one edit at a time."""
    game = registry.get(slug)
    return game.to_text(game.new("fuzz", game.player_counts[-1]))


@pytest.mark.parametrize("slug", GAMES)
@FUZZ
@given(text=anything)
def test_parse_action_refuses_cleanly(slug, text):
    game = registry.get(slug)
    try:
        action = game.parse_action(text)
    except (NotationError, ValueError):
        return
    # Whatever parses prints back to something that parses to the same action.
    assert game.parse_action(str(action)) == action


@pytest.mark.parametrize("slug", GAMES)
@FUZZ
@given(data=st.data())
def test_from_text_refuses_cleanly(slug, data):
    game = registry.get(slug)
    real = _mutations(slug)
    choice = data.draw(st.sampled_from(["free", "cut", "replace", "insert"]))
    if choice == "free":
        text = data.draw(anything)
    else:
        at = data.draw(st.integers(0, len(real) - 1))
        piece = data.draw(st.one_of(st.text(NOTATION_ALPHABET, max_size=4), tokens))
        if choice == "cut":
            text = real[:at] + real[at + data.draw(st.integers(1, 12)):]
        elif choice == "replace":
            text = real[:at] + piece + real[at + len(piece):]
        else:
            text = real[:at] + piece + real[at:]
    try:
        state = game.from_text(text)
    except (NotationError, ValueError):
        return
    # Whatever is accepted is a whole position: it prints and reads back the same.
    assert game.from_text(game.to_text(state)) == state


@pytest.mark.django_db
@pytest.mark.parametrize("slug,players", TABLES[:1] + [t for t in TABLES if t[0] != TABLES[0][0]][:1])
@FUZZ
@given(
    action=anything,
    cards=st.lists(st.one_of(st.text(max_size=3), tokens), max_size=70),
    version=st.one_of(st.text(max_size=12), st.integers(-5, 5).map(str)),
    path=st.sampled_from(["act/", "step/", "undo/"]),
    field=st.sampled_from([FIELD_ACTION, FIELD_COMPLETE]),
)
def test_the_action_endpoint_refuses_cleanly(slug, players, action, cards, version, path, field):
    client = Client()
    url = create(client, slug, players)
    token = url.rstrip("/").rsplit("/", 1)[1]
    before = Table.objects.get(token=token)
    form = {field: action, FIELD_CARDS: cards, "version": version, f"{FIELD_PICK}0": action[:2],
            f"{FIELD_PICK}1": action[-2:], "at": version}
    response = client.post(url + path, form)
    assert response.status_code < 500
    after = Table.objects.get(token=token)
    if response.status_code >= 400:
        assert (after.version, after.actions) == (before.version, before.actions)
        assert b'class="notice' in response.content or b"table-message" in response.content
    elif (after.version, after.actions) != (before.version, before.actions):
        # Something was applied: then it was a real decision (or the bot's step) made on the
        # version the page showed.
        assert version.strip() == str(before.version)


@pytest.mark.django_db
@pytest.mark.parametrize("slug,players", TABLES[:1])
def test_huge_and_binary_bodies_are_refused_cleanly(slug, players):
    client = Client()
    url = create(client, slug, players)
    token = url.rstrip("/").rsplit("/", 1)[1]
    before = Table.objects.get(token=token)
    big = client.post(url + "act/", {"version": before.version, "action": "x" * 3_000_000})
    assert 400 <= big.status_code < 500
    binary = client.generic("POST", url + "act/", bytes(range(256)) * 64,
                            content_type="application/octet-stream")
    assert 400 <= binary.status_code < 500
    many = client.post(url + "act/", {"version": before.version, FIELD_ACTION: "x", FIELD_CARDS: ["7H"] * 5000})
    assert 400 <= many.status_code < 500
    after = Table.objects.get(token=token)
    assert (after.version, after.actions) == (before.version, before.actions)
