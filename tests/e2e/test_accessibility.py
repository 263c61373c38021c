"""axe-core in Chromium over every kind of page, in both languages: no serious or critical finding.

The axe script is evaluated through the browser's debugging protocol (not a <script> tag), so the
site's Content-Security-Policy stays exactly as it is in production.
"""

import re
from pathlib import Path

import axe_playwright_python
import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.ui import has_ui, site_games
from tests.e2e.conftest import WHOLE, card_of, play_until
from tutorials import content, lessons, puzzles

pytestmark = pytest.mark.e2e

AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
SERIOUS = {"serious", "critical"}


def audit(page):
    """The serious and critical axe findings of the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE)
    result = page.evaluate(
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:4])
        for v in result["violations"] if v["impact"] in SERIOUS
    ]


def pages_of(slug):
    """Every page type a game has: hub, rules (alone and beside the other language), lessons and a
    step (an act step and an interrupt drill too, when its lessons have them), puzzles and one
    puzzle."""
    out = [f"{slug}/"]
    if content.has_rules(slug):
        out += [f"{slug}/rules/", f"{slug}/rules/?both=1"]
    found = lessons.lessons(slug)
    if found:
        out += [f"{slug}/lessons/", f"{slug}/lessons/{found[0].id}/1/"]
        act = next((n for n, s in enumerate(found[0].steps, 1) if s.kind == "act"), None)
        if act:
            out.append(f"{slug}/lessons/{found[0].id}/{act}/")
        drill = next((f"{slug}/lessons/{lesson.id}/{n}/" for lesson in found
                      for n, s in enumerate(lesson.steps, 1) if s.kind == "interrupt"), None)
        if drill:
            out.append(drill)
    every = puzzles.puzzles(slug)
    if every:
        out += [f"{slug}/puzzles/", f"{slug}/puzzles/{every[0].id}/"]
    if has_ui(slug):
        out.append(f"{slug}/play/")
    return out


STATIC_PAGES = ["", "cards/"] + [p for g in registry.all_games() for p in pages_of(g.slug)]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_page_type_has_no_serious_findings(live_server, page, lang):
    problems = {}
    for path in STATIC_PAGES:
        page.goto(f"{live_server.url}/{lang}/{path}")
        found = audit(page)
        if found:
            problems[path] = found
    assert not problems, problems


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_table_and_its_replay_have_no_serious_findings(live_server, page, lang):
    page.set_default_timeout(15_000)
    for game in site_games():
        page.goto(f"{live_server.url}/{lang}/{game.slug}/play/")
        page.locator("form.table-setup button[type=submit]").click()
        page.wait_for_url(re.compile(rf"/{game.slug}/play/[\w-]+/$"))
        assert audit(page) == [], game.slug
        # Play on until a deal is over, then audit the summary and the replay.
        play_until(page, ".deal-summary, .match-result")
        assert audit(page) == [], f"{game.slug} end of deal"
        # The replay page is audited, not the click: open its address (on a busy machine the
        # replay of a long deal may take longer to draw than a click waits for its navigation).
        href = page.locator('a[href*="/replay/"]').first.get_attribute("href")
        page.goto(live_server.url + href, timeout=90_000)
        assert audit(page) == [], f"{game.slug} replay"


# --- the keyboard alone ---------------------------------------------------------------------------
def _focused(locator):
    return locator.evaluate("el => el === document.activeElement")


def _tab_to(page, target, limit=200):
    """Press Tab (as a keyboard user does) until the target has the focus."""
    for _ in range(limit):
        if _focused(target):
            return
        page.keyboard.press("Tab")
    pytest.fail("the control could not be reached with Tab")


def _keyboard_move(page):
    """One legal decision by keyboard: tick a card that may be played (or chosen) with Space and press
    the button that goes with the ticks with Enter, or press a highlighted button with Enter."""
    board = page.locator("form.table-board")
    tick = board.locator("label.card-check.is-legal input[type=checkbox]").first
    if tick.count():
        _tab_to(page, tick)
        page.keyboard.press("Space")
        expect(tick).to_be_checked()
        done = board.locator("button[data-least]").first
        _tab_to(page, done)
        page.keyboard.press("Enter")
        return
    button = board.locator(WHOLE).first
    card = card_of(button)
    if card.count() and not button.is_visible():
        # A card to move, then its place (static/js/pick.js): choose the card, then Tab to the place.
        _tab_to(page, card)
        page.keyboard.press("Enter")
    _tab_to(page, button)
    page.keyboard.press("Enter")


@pytest.mark.slow
@pytest.mark.parametrize("slug", [g.slug for g in site_games() if content.has_rules(g.slug)])
def test_a_whole_deal_by_keyboard_alone(live_server, watched, problems, slug):
    page = watched
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/en/{slug}/play/")
    # The set-up form, by keyboard: Tab to the start button and press Enter.
    start = page.locator("form.table-setup button[type=submit]")
    _tab_to(page, start, limit=400)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"/en/{slug}/play/[\w-]+/$"))
    play_until(page, ".deal-summary", move=_keyboard_move)
    expect(page.locator(".deal-summary li").first).to_be_visible()
    assert problems == []
