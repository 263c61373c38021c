"""Browser tests: pytest-playwright driving Debian's Chromium against pytest-django's live_server.

Run them alone with `make e2e`. Set DOJO_SCREENSHOTS=/some/folder to keep a screenshot of each
page the tests visit.
"""

import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.compiled import ensure_compiled

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's chromium instead of a downloaded browser (pytest-playwright has no option for it)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk")
    args = list(browser_type_launch_args.get("args", [])) + CHROMIUM_FLAGS
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": args}


@pytest.fixture(scope="session")
def playwright(playwright):
    """Sync Playwright keeps an event loop running in this thread, and Django's async-unsafe guard
    would then refuse all database work (even the test database). Switch the guard off only while
    the browser is alive."""
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        yield playwright
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="session", autouse=True)
def _catalogue_compiled():
    ensure_compiled()


class Problems(list):
    """Everything that went wrong in the page: console errors, uncaught exceptions, failed or
    refused requests (a CSP violation is a console error)."""

    def watch(self, page):
        page.on("console", lambda msg: msg.type == "error" and self.append(f"console: {msg.text}"))
        page.on("pageerror", lambda exc: self.append(f"pageerror: {exc}"))
        page.on("requestfailed", self._failed)
        page.on("response", lambda res: res.status >= 400 and self.append(f"HTTP {res.status}: {res.url}"))
        return page

    def _failed(self, request):
        # A navigation cancels what the previous page was still loading (often its favicon): that
        # is the browser moving on, not a broken request.
        if request.failure != "net::ERR_ABORTED":
            self.append(f"requestfailed: {request.url} ({request.failure})")


@pytest.fixture
def problems():
    return Problems()


@pytest.fixture
def watched(page, problems):
    """The pytest-playwright page, with every problem recorded in `problems`."""
    return problems.watch(page)


@pytest.fixture
def shot():
    """shot(page, name): a full-page screenshot in $DOJO_SCREENSHOTS, when that is set."""
    folder = os.environ.get("DOJO_SCREENSHOTS")

    def take(page, name):
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)

    return take


# A button that completes a decision made on the cards (ticked cards, or one card picked in each
# group) rather than making one by itself (games/templatetags/controls.py).
COMPLETES = "[data-least], [data-picks]"
WHOLE = 'button[name="action"].is-legal:not([data-least]):not([data-picks])'


def card_of(button):
    """The card a place button belongs to (a card to move, then its place: games/templatetags/controls.py)."""
    return button.locator("xpath=ancestor::*[contains(concat(' ', @class, ' '), ' move-card ')][1]/*[1]")


def press(button):
    """Press a button of a board the way a person does. A card's places show once the card is
    chosen (static/js/pick.js): then the card is clicked first. Without JavaScript they are shown
    beside it."""
    if not button.is_visible() and card_of(button).count():
        card_of(button).click()
    button.click()


def make_a_move(page):
    """At a practice table, make one of the highlighted legal decisions the way a person does: tick
    the first card that may be played (or chosen) and press the button that goes with the ticks,
    or press a highlighted button or card."""
    board = page.locator("form.table-board")
    legal_ticks = board.locator("label.card-check.is-legal input[type=checkbox]")
    if legal_ticks.count():
        legal_ticks.first.check(force=True)
        board.locator("button[data-least]").first.click()
        return
    press(board.locator(WHOLE).first)


def act(page, action, scope="body"):
    """Make an action on a board the way a person does: press its button or card if the board has
    one; else tick or pick each of its cards and press the button that completes it."""
    from games.engine.actions import Action

    root = page.locator(scope)
    action = Action.parse(action) if isinstance(action, str) else action
    button = root.locator(f'button[name="action"][value="{action}"]')
    if button.count():
        press(button.first)
        return
    for n in range(len(action.cards) + 1):
        base = Action(action.kind, action.cards[:n], action.source, action.target, action.choice)
        submit = root.locator(f'button[name="complete"][value="{base}"]')
        if submit.count():
            for code in action.cards[n:]:
                root.locator(f'input[type=checkbox][name="cards"][value="{code}"], '
                             f'input[type=radio][value="{code}"]').first.check(force=True)
            submit.first.click()
            return
    pytest.fail(f"no way to make {action} on this board")


def wait_until(page, function, arg=None, timeout=15_000):
    """Wait until `function` (JavaScript, evaluated in the page with `arg`) is true. The site's CSP
    forbids the eval that Playwright's wait_for_function polls with, so this asks from here."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(function, arg):
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {function}")
        page.wait_for_timeout(20)  # the pace of asking, not a wait for something to happen


def show_next_move(page):
    """Press the table's "Show the next move" link if it is on the page at this instant. The bots'
    timer may swap the frame (and its link) at any moment: done inside the page, finding the link
    and pressing it is one step, so the press never reaches a link the timer has just replaced."""
    page.evaluate("() => { const link = document.querySelector('.bot-frames a.btn'); if (link) link.click(); }")


def play_until(page, selector, move=make_a_move, limit=1500):
    """At a practice table, make decisions with `move` until `selector` is on the page; fail if it
    never comes within `limit` decisions of the reader. The bots' moves are counted apart (a Crapette
    turn is dozens of them): they come by themselves, or at once when the reader presses the link
    that shows the bots' next move."""
    table = page.locator("#table")
    decisions = 0
    while decisions <= limit:
        if page.locator(selector).count():
            return
        version = table.get_attribute("data-moment")
        if page.locator(".bot-frames").count():
            show_next_move(page)
        elif page.locator("form.bot-step").count() == 0:
            decisions += 1
            move(page)
        expect(table).not_to_have_attribute("data-moment", version)
    pytest.fail(f"{selector} never came within {limit} decisions")


PASSWORD = "plum-kettle-93"  # the password the browser tests give the people they make


def log_in(page, live_server, username):
    """Log in through the site's own form, as a person types it."""
    page.goto(f"{live_server.url}/en/account/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[name=password]").press("Enter")
