"""A card to move, then its place (static/js/pick.js), on any board whose controls move a card from
a place to a place; here Crapette's, at a practice table and in a lesson. By keyboard alone (Tab,
Enter, the arrows, Enter), by drag and drop, Escape letting go of the card, a place the rules refuse
explained; and without JavaScript each place is a plain button beside its card.

The deal of seed 25 opens with the reader to move: the ace of hearts on house 2 must go to the first
foundation (an obligation, marked on the card), and house 3 and the opponent's reserve are offered
too, so that the rules can say why not."""

import re

import pytest
from playwright.sync_api import expect

from games.table.codes import deal_code
from games.ui import game_ui
from tests.e2e.test_accessibility import _tab_to, audit
from tests.tables import table_of

pytestmark = pytest.mark.e2e

ACE = '.move-card[data-card="AH"][data-zone="house.2"]'
TO_FOUNDATION = "move:AH@house.2>foundation.1"
TO_HOUSE = "move:AH@house.2>house.3"  # refused: an ace on the two of diamonds


def _table(page, base):
    page.goto(f"{base}/en/crapette/play/")
    page.locator("#id_code").fill(deal_code(game_ui("crapette").game, "25", 2, {}))
    page.locator("form.table-setup button[type=submit]").click()
    page.wait_for_url(re.compile(r"/en/crapette/play/[\w-]+/$"))
    return page.url


def _actions(url):
    return [text for _seat, text in table_of(url).actions]


def _place(value):
    return f'button[name="action"][value="{value}"]'


def test_a_move_by_keyboard_alone_and_a_refused_place_explained(live_server, watched, problems):
    page = watched
    url = _table(page, live_server.url)
    ace = page.locator(f"{ACE} > .card")
    # The obligation is marked on the card that must move.
    expect(page.locator(ACE)).to_have_class(re.compile(r"\bis-duty\b"))
    assert page.locator(ACE).evaluate("el => getComputedStyle(el, '::before').content") == '"!"'
    # Only the cards show; their places come when a card is chosen.
    expect(page.locator(_place(TO_FOUNDATION))).to_be_hidden()

    _tab_to(page, ace)
    page.keyboard.press("Enter")
    expect(ace).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".pick-legal")).to_have_count(1)
    expect(page.locator('.f[data-zone="foundation.1"]')).to_have_class(re.compile(r"\bpick-legal\b"))
    expect(page.locator('.h[data-zone="house.3"]')).to_have_class(re.compile(r"\bpick-dest\b"))
    expect(page.locator('.h[data-zone="house.3"]')).not_to_have_class(re.compile(r"\bpick-legal\b"))
    expect(page.locator(".pick-status")).to_have_text(
        "Ace of hearts chosen. It may go to: Foundation 1.")
    assert audit(page) == []
    # The places, one after another with the arrows; the refused one can be pressed all the same.
    page.keyboard.press("ArrowRight")
    expect(page.locator(_place(TO_FOUNDATION))).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator(_place(TO_HOUSE))).to_be_focused()
    page.keyboard.press("Enter")
    refusal = page.locator(".table-message.is-refused")
    expect(refusal).to_be_visible()
    expect(refusal.locator("a[data-rule]")).to_have_attribute("data-rule", "crapette.house.build")
    assert TO_HOUSE not in _actions(url)

    # Choose again: the place the rules allow, and the engine takes the move.
    _tab_to(page, ace)
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    expect(page.locator(_place(TO_FOUNDATION))).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('.f[data-zone="foundation.1"] [data-card="AH"]')).to_be_visible()
    assert _actions(url)[0] == TO_FOUNDATION
    assert problems == []


def test_a_move_by_drag_and_drop(live_server, watched, problems):
    page = watched
    url = _table(page, live_server.url)
    ace = page.locator(f"{ACE} > .card")
    ace.scroll_into_view_if_needed()
    start = ace.bounding_box()
    x, y = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2

    def drag_to(to_x, to_y):
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 20, y + 10, steps=3)
        page.mouse.move(to_x, to_y, steps=6)

    # Dropped where no place of the card is: nothing is posted, the card is let go.
    board = page.locator(".board").bounding_box()
    drag_to(board["x"] + 8, board["y"] + board["height"] - 8)
    expect(page.locator('.f[data-zone="foundation.1"]')).to_have_class(re.compile(r"\bpick-legal\b"))
    page.mouse.up()
    expect(ace).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".pick-legal, .pick-dest, .pick-ghost")).to_have_count(0)
    assert _actions(url) == []

    # Dropped on the foundation: the move is made.
    pile = page.locator('.f[data-zone="foundation.1"]').bounding_box()
    drag_to(pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2)
    expect(page.locator(_place(TO_FOUNDATION))).to_have_class(re.compile(r"\bis-over\b"))
    page.mouse.up()
    expect(page.locator('.f[data-zone="foundation.1"] [data-card="AH"]')).to_be_visible()
    assert _actions(url)[0] == TO_FOUNDATION
    assert problems == []


def test_escape_lets_go_and_the_arrows_stay_on_the_lesson_step(live_server, watched, problems):
    """A lesson's ← and → turn its pages, except while they go from place to place."""
    page = watched
    step = f"{live_server.url}/en/crapette/lessons/building/4/"
    page.goto(step)
    jack = page.locator('.move-card[data-card="JD"] > .card')
    _tab_to(page, jack)
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator(_place("move:JD@reserve.0>house.5"))).to_be_focused()
    assert page.url == step
    page.keyboard.press("Escape")
    expect(jack).to_have_attribute("aria-pressed", "false")
    expect(jack).to_be_focused()
    expect(page.locator(_place("move:JD@reserve.0>house.2"))).to_be_hidden()

    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    expect(page.locator(_place("move:JD@reserve.0>house.2"))).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".result.is-ok")).to_be_visible()
    assert page.url == step
    assert problems == []


def test_without_javascript_each_place_is_a_plain_button(live_server, browser, problems):
    context = browser.new_context(java_script_enabled=False)
    page = problems.watch(context.new_page())
    try:
        url = _table(page, live_server.url)
        expect(page.locator(f"{ACE} > .card")).not_to_have_attribute("tabindex", re.compile(".*"))
        expect(page.locator(_place(TO_HOUSE))).to_be_visible()
        page.locator(_place(TO_FOUNDATION)).click()
        page.wait_for_load_state()
        expect(page.locator('.f[data-zone="foundation.1"] [data-card="AH"]')).to_be_visible()
        assert _actions(url)[0] == TO_FOUNDATION
    finally:
        context.close()
    assert problems == []
