"""Learning from a finished deal, in real Chromium, for every game with a practice table: the
replay's list of moves and its keys (← → Home End), the review filling in by itself, a decision
opened as a practice table, the list on a phone below the board, the links without JavaScript, and
a shared deal opened by a browser that has never seen the table."""

import re

import pytest
from playwright.sync_api import expect

from games.ui import site_games
from tests.e2e.conftest import play_until

pytestmark = pytest.mark.e2e

GAMES = [g.slug for g in site_games()]


def _first_deal(page, base, slug):
    """A club table played by the reader to the end of its first deal; on its replay."""
    page.context.add_cookies([{"name": "botspeed", "value": "fast", "url": base}])
    page.goto(f"{base}/en/{slug}/play/")
    page.locator('input[name="level"][value="club"]').check()
    page.locator("form.table-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/en/{slug}/play/[\w-]+/$"))
    play_until(page, ".deal-summary")
    page.locator('a[href*="/replay/"]').first.click()
    page.wait_for_url(re.compile(r"/replay/"))


def _step(page):
    return int(re.search(r"step=(\d+)", page.url).group(1))


@pytest.mark.parametrize("slug", GAMES)
def test_the_replay_of_a_deal_its_review_practice_and_sharing(live_server, browser, watched, problems, shot,
                                                              slug):
    page = watched
    page.set_default_timeout(20_000)
    _first_deal(page, live_server.url, slug)
    replay_url = page.url.split("?")[0]

    # The review fills in by itself (htmx asks again while it is being computed).
    expect(page.locator(".review-progress")).to_have_count(0, timeout=90_000)
    expect(page.locator(".review-summary")).to_be_visible()
    steps = int(page.locator(".move-list").get_attribute("data-steps"))  # the list may show a page of them
    assert steps > 1 and page.locator(".move-list a").count() > 2
    shot(page, f"{slug}-replay-review-en")

    # Keys: End, Home, → and ←; each position is a page of its own.
    page.keyboard.press("End")
    page.wait_for_url(re.compile(rf"step={steps}$"))
    page.keyboard.press("Home")
    page.wait_for_url(re.compile(r"step=0$"))
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"step=1$"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"step=0$"))
    # A move of the list opens the position before it, marked as the current one.
    page.locator(".move-list a").nth(2).click()
    page.wait_for_url(re.compile(r"step=2$"))
    marked = page.locator('.move-list a[aria-current="step"]')
    expect(marked).to_have_attribute("href", re.compile(r"step=2$"))

    # On a phone the board comes before the list, and the list scrolls in its own box.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{replay_url}?deal=1&step={(steps + 1) // 2}")
    board = page.locator(".table-live.is-replay").bounding_box()
    assert board["y"] < 844, f"the board starts below the screen ({board['y']} px)"
    box = page.locator(".move-list-scroll").bounding_box()
    assert box["y"] > board["y"] and box["height"] <= 0.5 * 844
    assert page.evaluate("window.scrollY") == 0  # the list scrolled to its move, not the page
    current = page.locator('.move-list a[aria-current="step"]').bounding_box()
    assert box["y"] <= current["y"] <= box["y"] + box["height"]
    page.set_viewport_size({"width": 1280, "height": 800})

    # Without JavaScript the list is plain links.
    plain = browser.new_context(java_script_enabled=False)
    plain.add_cookies(page.context.cookies())
    nojs = problems.watch(plain.new_page())
    nojs.goto(f"{replay_url}?deal=1&step=0")
    nojs.locator(".move-list a").nth(1).click()
    nojs.wait_for_url(re.compile(r"step=1$"))
    expect(nojs.locator(".replay-pos")).to_contain_text("Step 1 of")
    plain.close()

    # Share the deal, and open the link in a browser that has never seen the table.
    page.goto(f"{replay_url}?deal=1&step=1")
    listed = page.locator(".move-list a").count()
    page.locator(".replay-share button").click()
    link = page.locator("#shared-link").input_value()
    assert re.search(rf"/en/{slug}/deal/[\w-]+/$", link)
    stranger = browser.new_context()
    other = problems.watch(stranger.new_page())
    response = other.goto(link)
    assert response.status == 200 and "noindex" in response.headers["x-robots-tag"]
    expect(other.locator('.hand [data-card="?"]')).to_have_count(0)
    expect(other.locator(".hand [data-card]").first).to_be_visible()
    expect(other.locator(".move-list a")).to_have_count(listed)
    expect(other.locator("form.practice-form, .replay-share")).to_have_count(0)
    other.keyboard.press("End")
    # What this needs is the last step shown (its address and its words), not every file of the page
    # loaded: nothing more is pressed on this page.
    expect(other).to_have_url(re.compile(rf"step={steps}$"), timeout=30_000)
    expect(other.locator(".replay-pos")).to_have_text(f"Step {steps} of {steps}", timeout=30_000)
    shot(other, f"{slug}-shared-deal-en")
    stranger.close()

    # One of the reader's decisions opens as a new practice table, at that moment.
    page.goto(f"{replay_url}?deal=1&step=0")
    page.locator(".move-list li.is-mine a").last.click()
    page.locator(".review-verdict form.practice-form button").click()
    page.wait_for_url(re.compile(rf"/en/{slug}/play/[\w-]+/$"))
    assert page.url.rstrip("/") != replay_url.rsplit("/replay", 1)[0]
    expect(page.locator(".turn.is-yours")).to_be_visible()
    expect(page.locator('form[action$="/undo/"]')).to_have_count(0)
    assert problems == []
