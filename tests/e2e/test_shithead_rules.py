"""Shithead's rules page in real Chromium: an example at the swap shows only what can be there."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_a_swap_example_shows_only_what_can_be_at_the_swap(live_server, watched, problems, shot):
    page = watched
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/en/shithead/rules/#example-swap")
    example = page.locator("#example-swap")
    expect(example).to_contain_text("stock: 25 cards")
    expect(example).not_to_contain_text("burned")
    expect(example).not_to_contain_text("any card may be played")
    expect(example.locator('button[value="ready"]')).to_have_count(1)
    shot(page, "shithead-swap-example-phone")
    assert problems == []
