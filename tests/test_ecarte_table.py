"""Écarté's own table tests: the decisions only it has (the proposal and its answer, the exchange
of cards), its hint reasons, and the undo rules they bring: another player's choice seen, cards
drawn. The table's generic behaviour is tested on the toy game (tests/test_table.py)."""

import random
import re
from collections import Counter
from html import unescape

import pytest

from games.engine import registry
from games.engine.play import bot_levels
from games.table.codes import deal_code
from tests.compiled import ensure_compiled
from tests.tables import HX, match_of, setup_form, table_of

pytestmark = pytest.mark.django_db
GAME = registry.get("ecarte")


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def create(client, code):
    response = client.post("/en/ecarte/play/", setup_form("ecarte", code=code))
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def code_for(seed):
    return deal_code(GAME, seed, 2, {})


def nondealer_seed():
    """A seed whose first deal has seat 0 (the reader) as non-dealer, so the reader decides first."""
    return next(f"t{i}" for i in range(100) if GAME.new(f"t{i}").dealer == 1)


def discard_boxes(html):
    return re.findall(r'<input type="checkbox" name="cards" value="(\w\w)"', html)


def test_hint_reasons_exist_for_every_kind_of_decision():
    from games.ui.ecarte import describe, hint_reason

    club = bot_levels(GAME)["club"](GAME)
    kinds = Counter()
    for i in range(60):
        state = GAME.new(f"h{i}")
        rng = random.Random(i)
        while GAME.to_move(state) and state.deal == 1:
            seat = min(GAME.to_move(state))
            view = GAME.view(state, seat)
            action = club.choose(view, seat, rng)
            assert describe(view, seat, action) and hint_reason(view, seat, action)
            kinds[action.kind] += 1
            state = GAME.apply(state, seat, action)
    assert {"propose", "stand", "accept", "refuse", "discard", "play"} <= set(kinds)


def test_undo_is_refused_once_another_players_choice_was_seen(client):
    """The dealer's accept or refuse shows no card, but it tells how the dealer likes his hand."""
    url = create(client, code_for(nondealer_seed()))
    client.post(url + "act/", {"version": 0, "action": "propose"}, follow=True)  # a whole page: the answer shown
    before = table_of(url)
    assert before.shown == len(before.actions) == 2 and before.actions[1][1] in ("accept", "refuse")
    response = client.post(url + "undo/", {"version": before.version})
    assert response.status_code == 409
    html = unescape(response.content.decode())
    assert "seen another player choose" in html
    assert ("Your opponent accepts the proposal." in html) or ("Your opponent refuses the exchange." in html)
    after = table_of(url)
    assert (after.version, after.actions) == (before.version, before.actions)


def test_undo_after_drawing_cards_is_refused(client):
    club = bot_levels(GAME)["club"](GAME)
    for i in range(200):  # a deal where the reader proposes first and the club dealer accepts
        state = GAME.new(f"d{i}")
        if state.dealer == 1:
            after = GAME.apply(state, 0, GAME.parse_action("propose"))
            if str(club.choose(GAME.view(after, 1), 1, random.Random(0))) == "accept":
                break
    url = create(client, code_for(f"d{i}"))
    client.post(url + "act/", {"version": 0, "action": "propose"})  # the dealer accepts at once
    html = client.get(url).content.decode()
    assert table_of(url).actions[1] == [1, "accept"] and discard_boxes(html)
    client.post(url + "act/", {"version": 1, "complete": "discard", "cards": discard_boxes(html)[:2]})
    table = table_of(url)
    assert table.actions[2][0] == 0 and table.actions[2][1].startswith("discard:")
    response = client.post(url + "undo/", {"version": table.version}, **HX)
    html = response.content.decode()
    assert "cannot take that decision back" in html
    drawn = set(match_of(url).view().hands[0]) - set(match_of(url).state_at(2).hands[0])
    from games.cardnames import card_name

    assert all(str(card_name(c)) in html for c in drawn)
    assert table_of(url).actions == table.actions
