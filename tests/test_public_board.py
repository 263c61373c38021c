"""The view for nobody's seat (Game.public_view) drawn by every game's own board: a projector or an
onlooker shows only what every player sees. At seeded positions of every game at its fewest and most
players, the board of the public view, drawn from any seat's side, holds no card a seat keeps to
itself, and every hand is drawn as backs."""

import random
import re
from collections import Counter

import pytest
from django.template.loader import render_to_string

from games.controls import Controls
from games.engine import registry
from games.engine.bots import RandomBot
from games.ui import game_ui
from tests.tables import tables

CARD = re.compile(r'data-card="([^"]+)"')


def positions(game, players, seed, every=7, limit=12):
    """Every `every`-th position of a seeded random match (at most `limit`)."""
    state, rng, out, n = game.new(seed, players), random.Random(seed), [], 0
    bot = RandomBot(game)
    while not game.is_over(state) and len(out) < limit and n < 3000:
        if n % every == 0:
            out.append(state)
        seat = min(game.turn(state))
        state = game.apply(state, seat, bot.choose(game.view(state, seat), seat, rng))
        n += 1
    return out


@pytest.mark.parametrize("slug,players", tables())
def test_every_board_draws_the_public_view_without_a_private_card(slug, players):
    game, ui = registry.get(slug), game_ui(slug)
    drawn = 0
    for state in positions(game, players, f"public-{slug}-{players}"):
        public = game.public_view(state)
        # What every seat sees, from the seats' own views (not from the public view under test).
        views = [game.zones(game.view(state, s)) for s in range(players)]
        shown = Counter()
        for name, cards in game.zones(state).items():
            everybody = Counter(c for c in cards if c is not None)
            for v in views:
                everybody &= Counter(c for c in v[name] if c is not None)
            shown += everybody
        private = Counter(c for cards in game.zones(state).values() for c in cards) - shown
        hidden_hand = any(None in v[z] for v in views for z in game.held_zones(state))
        for seat in sorted({0, players - 1}):
            names = ui.seat_names(seat, players)
            html = render_to_string(ui.board_template, {"board": ui.board(public, seat, names),
                                                        "controls": Controls(), "pack": ui.pack})
            cards = Counter(c for c in CARD.findall(html) if c != "?")
            leaked = {c for c in cards if c in private and c not in shown}
            assert not leaked, f"{slug}: the public board shows {leaked}, which not every seat sees"
            if hidden_hand:
                assert 'data-card="?"' in html, f"{slug}: a hidden hand is not drawn as backs"
            drawn += 1
    assert drawn >= 6
