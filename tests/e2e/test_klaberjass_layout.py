"""Klaberjass on a phone and on a laptop: when the reader is to play a card, his hand and the trick
are on the screen together, where his last decision left the page."""

import re

import pytest
from playwright.sync_api import expect

from games.engine.registry import get
from games.table.codes import deal_code
from games.ui import site_games

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif("klaberjass" not in [g.slug for g in site_games()], reason="Klaberjass is not on the site"),
]

SIZES = [(390, 844), (1280, 700)]


def _reader_bids_first():
    """A deal code whose first deal the reader opens the bidding of (he is the non-dealer): he
    answers with the buttons under his hand before the first card, as a reader does."""
    game = get("klaberjass")
    seed = next(f"layout{n}" for n in range(100) if game.new(f"layout{n}", 2).nondealer == 0)
    return deal_code(game, seed, 2, {})


def _press(page, button):
    """Press a button as a reader's finger does: brought to the middle of the screen (at once: the
    site scrolls smoothly otherwise), then tapped where it shows (a card of the fanned hand near its
    left edge: the next card covers its right). A tap where the button is, never a scroll of the
    test's own making."""
    button.evaluate("e => e.scrollIntoView({block: 'center', behavior: 'instant'})")
    box = button.bounding_box()
    page.mouse.click(box["x"] + min(box["width"] / 2, 12), box["y"] + box["height"] / 2)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width,height", SIZES)
def test_the_hand_and_the_trick_are_in_view_together(live_server, watched, problems, width, height, lang):
    page = watched
    page.set_viewport_size({"width": width, "height": height})
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/{lang}/klaberjass/play/")
    page.locator('input[name="code"]').fill(_reader_bids_first())
    page.locator("form.table-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/{lang}/klaberjass/play/[\w-]+/$"))
    table = page.locator("#table")
    board = page.locator(".board-klaberjass")
    checked, led = 0, 0
    for _ in range(40):
        if checked >= 3 and led:
            break
        version = table.get_attribute("data-moment")
        mine = page.locator(".turn.is-yours").count() and page.locator(".bot-frames, form.bot-step").count() == 0
        if mine and board.get_attribute("data-phase") == "play":
            # The reader is to play a card: the trick (the card led, or its empty place) and his
            # hand are both wholly on the screen, without scrolling.
            expect(page.locator(".board-klaberjass .trick")).to_be_in_viewport(ratio=1)
            expect(page.locator(".board-klaberjass .hand-me")).to_be_in_viewport(ratio=1)
            checked += 1
            led += page.locator(".trick > .trick-card").count() > 0  # a card led, not the last trick
            _press(page, page.locator(".hand-me button.card.is-legal").first)
        elif mine:
            _press(page, page.locator('form.table-board button[name="action"].is-legal').first)
        # Else the bots' moves are shown one after another by themselves: wait for them.
        expect(table).not_to_have_attribute("data-moment", version)
    assert checked >= 3 and led, (checked, led)
    assert problems == []
