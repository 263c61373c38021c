"""Shithead's learning content: its swap positions can happen."""


import pytest

from games.ui import game_ui
from tests.compiled import ensure_compiled
from tests.test_lesson_boards import _content_positions, page

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def test_shithead_swap_shows_a_position_that_can_happen(client):
    """Nothing is burned and the stock holds the rest of the pack while everybody swaps; the empty
    pile does not invite a card that may not be played yet."""
    html = page(client.get("/en/shithead/rules/"))
    swap = html[html.index('id="example-swap"'):]
    swap = swap[:swap.index("</form>")]
    assert "burned" not in swap and "stock: 25 cards" in swap
    assert "any card may be played" not in swap
    lesson = page(client.get("/en/shithead/lessons/layout-and-swap/1/"))
    assert "burned" not in lesson and "stock: 25 cards" in lesson


def test_shithead_content_swaps_before_anything_is_burned():
    game = game_ui("shithead").game
    for state, _show in _content_positions("shithead"):
        if state.phase == "swap":
            assert not state.burned and not state.pile, game.to_text(state)
            dealt = sum(len(z) for z in (*state.hands, *state.up, *state.down))
            assert len(state.stock) + dealt == 52 + 2 * game.to_text(state).count("X"), game.to_text(state)


def test_enough_content():
    """The least learning content this game sets itself: lessons, steps per lesson, puzzles, themes."""
    from tests.test_learning_content import enough_content

    assert enough_content("shithead", 4, 8, 12, 3) == []
