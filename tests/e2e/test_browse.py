"""Browsing the site in real Chromium: the five games in both languages, the language switch, the
four-colour suits, and not one console error or failed request on the way."""

import re

import pytest
from playwright.sync_api import expect

from games.catalogue import CATALOGUE
from games.engine import registry
from tutorials.content import has_rules

pytestmark = pytest.mark.e2e

OTHER = {"ja": "en", "en": "ja"}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_home_lists_the_five_games_and_switches_language(live_server, watched, problems, shot, lang):
    page = watched
    page.goto(f"{live_server.url}/{lang}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    tiles = page.locator(".game-tile")
    expect(tiles).to_have_count(5)
    for game in CATALOGUE:
        tile = page.locator(f'.game-tile[data-game="{game.slug}"]')
        expect(tile.locator(".game-name")).to_have_text(game.name(lang))
        expect(tile.locator(".game-other")).to_have_text(game.other_name(lang))
    shot(page, f"home-{lang}")

    other = OTHER[lang]
    page.locator("[data-lang-switch]").first.click()
    page.wait_for_url(f"{live_server.url}/{other}/")
    expect(page.locator("html")).to_have_attribute("lang", other)
    expect(page.locator(".game-tile")).to_have_count(5)
    assert problems == []


@pytest.mark.parametrize("slug", [g.slug for g in CATALOGUE if has_rules(g.slug)])
def test_a_game_from_home_to_hub_and_back_in_the_other_language(live_server, watched, problems, shot, slug):
    page = watched
    game = next(g for g in CATALOGUE if g.slug == slug)
    page.goto(f"{live_server.url}/ja/")
    # The whole tile is the link: click on its description, not on the name. (force: the click
    # lands on the link that covers the tile, which is the point.)
    page.locator(f'.game-tile[data-game="{slug}"] .game-special').click(force=True)
    page.wait_for_url(f"{live_server.url}/ja/{slug}/")
    expect(page.locator("h1")).to_have_text(game.name_ja)
    shot(page, f"hub-{slug}-ja")
    page.locator("[data-lang-switch=en]").first.click()
    page.wait_for_url(f"{live_server.url}/en/{slug}/")
    expect(page.locator("h1")).to_have_text(game.name_en)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    shot(page, f"hub-{slug}-en")
    assert problems == []


@pytest.mark.parametrize("slug", [g.slug for g in CATALOGUE if has_rules(g.slug)][:1])
def test_switching_language_keeps_the_place_on_the_rules_page(live_server, watched, problems, slug):
    page = watched
    rule = registry.get(slug).rules.ids()[-1]
    page.goto(f"{live_server.url}/en/{slug}/rules/#{rule}")
    page.locator("[data-lang-switch=ja]").first.click()
    page.wait_for_url(f"{live_server.url}/ja/{slug}/rules/#{rule}")
    expect(page.locator(f'[id="{rule}"]')).to_be_in_viewport()
    assert problems == []


def test_four_colour_suits_toggle_and_stay(live_server, watched, problems, shot):
    page = watched
    page.goto(f"{live_server.url}/en/ecarte/")
    html = page.locator("html")
    toggle = page.locator("button.suits-toggle")
    expect(html).not_to_have_class(re.compile(r"\bfour-colour\b"))
    expect(toggle).to_have_attribute("aria-pressed", "false")

    page.evaluate("window.stillHere = true")
    toggle.click()
    expect(html).to_have_class(re.compile(r"\bfour-colour\b"))
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.stillHere === true"), "with JavaScript the page should not reload"
    expect(toggle).to_contain_text("on")
    shot(page, "four-colour-on")

    page.reload()  # the choice is remembered (a cookie), and the server renders it
    expect(html).to_have_class(re.compile(r"\bfour-colour\b"))
    page.goto(f"{live_server.url}/ja/")
    expect(html).to_have_class(re.compile(r"\bfour-colour\b"))

    page.locator("button.suits-toggle").click()
    expect(html).not_to_have_class(re.compile(r"\bfour-colour\b"))
    page.reload()
    expect(html).not_to_have_class(re.compile(r"\bfour-colour\b"))
    assert problems == []


def test_four_colour_suits_without_javascript(live_server, browser, problems):
    context = browser.new_context(java_script_enabled=False)
    page = problems.watch(context.new_page())
    try:
        page.goto(f"{live_server.url}/en/frepe/")
        page.locator("button.suits-toggle").click()
        page.wait_for_url(f"{live_server.url}/en/frepe/")
        expect(page.locator("html")).to_have_class(re.compile(r"\bfour-colour\b"))
        expect(page.locator("button.suits-toggle")).to_have_attribute("aria-pressed", "true")
    finally:
        context.close()
    assert problems == []


def test_keyboard_reaches_the_skip_link_first(live_server, watched, problems):
    page = watched
    page.goto(f"{live_server.url}/en/")
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"#main$"))
    assert problems == []


def test_phone_and_projector_sizes(live_server, watched, problems, shot):
    page = watched
    for name, size in (("phone", {"width": 390, "height": 844}), ("projector", {"width": 1920, "height": 1080})):
        page.set_viewport_size(size)
        for path in ("/ja/", "/en/klaberjass/"):
            page.goto(f"{live_server.url}{path}")
            # Nothing may stick out sideways.
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, (name, path, overflow)
            shot(page, f"{name}{path.replace('/', '-').rstrip('-')}")
    assert problems == []


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_lesson_quiz_shows_its_answer_only_once_answered(live_server, watched, problems, shot, lang):
    """Écarté lesson 1 step 4: the ace of clubs is on the table and the ten is named, but nothing
    says who takes the trick until the learner has answered (with htmx, then without a reload)."""
    page = watched
    page.goto(f"{live_server.url}/{lang}/ecarte/lessons/the-deal/4/")
    board = page.locator("#lesson-step .board")
    expect(board.locator('.trick [data-card="AC"]')).to_have_count(1)
    expect(board.locator(".last-trick")).to_have_count(0)
    expect(page.locator(".quiz-line .is-asked")).to_have_count(1)
    shot(page, f"lesson-quiz-question-{lang}")
    page.locator('button[name="choice"][value="me"]').click()
    expect(page.locator(".result.is-ok")).to_be_visible()
    expect(board.locator('.last-trick [data-card="TC"]')).to_have_count(1)
    expect(page.locator(".quiz-line .is-asked")).to_have_count(0)
    shot(page, f"lesson-quiz-answered-{lang}")
    assert problems == []


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
