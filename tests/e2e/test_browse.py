"""Browsing the site in real Chromium: every game in both languages, the language switch, the
four-colour suits, lessons and tables (on the toy game), and not one console error or failed request
on the way."""

import re

import pytest
from playwright.sync_api import expect

from games.catalogue import CATALOGUE
from games.engine import registry
from tutorials.content import has_rules

pytestmark = pytest.mark.e2e

OTHER = {"ja": "en", "en": "ja"}
# A game hub to try the site-wide parts on (the suits' colours, the page sizes): the first with rules.
HUB = next((g.slug for g in CATALOGUE if has_rules(g.slug)), None)


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


@pytest.mark.parametrize("slug", [g.slug for g in CATALOGUE if has_rules(g.slug)][:1])
def test_without_javascript_the_switch_keeps_a_rule_a_link_led_to(live_server, browser, problems, slug):
    """A refusal's link to its rule names the rule in the query as well as after the #: without
    JavaScript the language switch of the rules page leads to the same rule."""
    rule = registry.get(slug).rules.ids()[-1]
    context = browser.new_context(java_script_enabled=False)
    page = problems.watch(context.new_page())
    try:
        page.goto(f"{live_server.url}/en/{slug}/rules/?anchor={rule}#{rule}")
        expect(page.locator(f'[id="{rule}"]')).to_be_in_viewport()
        page.locator("[data-lang-switch=ja]").first.click()
        page.wait_for_url(f"{live_server.url}/ja/{slug}/rules/?anchor={rule}#{rule}")
        expect(page.locator(f'[id="{rule}"]')).to_be_in_viewport()
    finally:
        context.close()
    assert problems == []


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_without_javascript_a_section_leads_to_itself_in_the_other_language(live_server, browser, problems, lang):
    """Reached from the contents (the server never learns where): the section's own language link."""
    slug = next(g.slug for g in CATALOGUE if has_rules(g.slug))
    other = OTHER[lang]
    context = browser.new_context(java_script_enabled=False)
    page = problems.watch(context.new_page())
    try:
        page.goto(f"{live_server.url}/{lang}/{slug}/rules/")
        toc = page.locator("nav.toc a")
        section = toc.nth(toc.count() - 3).get_attribute("href")[1:]  # a late section
        toc.nth(toc.count() - 3).click()
        head = page.locator(f".section-head:has(#{section})")
        expect(head).to_be_in_viewport()
        head.locator(f"a.section-lang[hreflang={other}]").click()
        page.wait_for_url(f"{live_server.url}/{other}/{slug}/rules/?anchor={section}#{section}")
        expect(page.locator(f"#{section}")).to_be_in_viewport()
        expect(page.locator("html")).to_have_attribute("lang", other)
    finally:
        context.close()
    assert problems == []


@pytest.mark.parametrize("width", [1280, 1600])
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("slug", [g.slug for g in CATALOGUE if has_rules(g.slug)])
def test_side_by_side_the_two_languages_stay_level(live_server, watched, problems, shot, slug, lang, width):
    """The two columns keep level section by section: a late section's heading, and its last live
    example, start at the same height in both (they drifted thousands of pixels apart)."""
    page = watched
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/{slug}/rules/?both=1")
    top = "(el) => el.getBoundingClientRect().top + window.scrollY"
    headings = page.locator(".rules-pair > .rules-cell:not(.rules-other) h2")
    last = headings.nth(headings.count() - 2).get_attribute("id")
    examples = page.locator(".rules-pair > .rules-cell:not(.rules-other) .example")
    example = examples.nth(examples.count() - 1).get_attribute("id")
    for mine in (last, example):
        a = page.locator(f"#{mine}").evaluate(top)
        b = page.locator(f"#other-{mine}").evaluate(top)
        assert a > 2000 and abs(a - b) < 8, (mine, a, b)
        box_a, box_b = page.locator(f"#{mine}").bounding_box(), page.locator(f"#other-{mine}").bounding_box()
        assert box_a["x"] + box_a["width"] <= box_b["x"], "side by side, this language first"
    shot(page, f"{slug}-rules-both-{lang}-{width}")
    assert problems == []


def test_four_colour_suits_toggle_and_stay(live_server, watched, problems, shot):
    page = watched
    page.goto(f"{live_server.url}/en/{HUB}/")
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
        page.goto(f"{live_server.url}/en/{HUB}/")
        page.locator("button.suits-toggle").click()
        page.wait_for_url(f"{live_server.url}/en/{HUB}/")
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
        for path in ("/ja/", f"/en/{HUB}/"):
            page.goto(f"{live_server.url}{path}")
            # Nothing may stick out sideways.
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, (name, path, overflow)
            shot(page, f"{name}{path.replace('/', '-').rstrip('-')}")
    assert problems == []


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_lesson_quiz_shows_its_answer_only_once_answered(live_server, watched, problems, shot, toy, lang):
    """A quiz step of the toy game's first lesson: the queen of hearts is led and the king named, but
    nothing says who takes the trick until the learner has answered (with htmx, then without a
    reload)."""
    from tutorials import lessons

    lesson = lessons.lesson(toy, "first-deal")
    n = next(n for n, s in enumerate(lesson.steps, 1) if s.kind == "quiz")
    page = watched
    page.goto(f"{live_server.url}/{lang}/{toy}/lessons/{lesson.id}/{n}/")
    board = page.locator("#lesson-step .board")
    expect(board.locator('.trick [data-card="QH"]')).to_have_count(1)
    expect(board.locator('[data-card="KH"]')).to_have_count(0)  # the king is still in the hidden hand
    expect(page.locator(".quiz-line .is-asked")).to_have_count(1)
    shot(page, f"lesson-quiz-question-{lang}")
    page.evaluate("window.stillHere = true")
    page.locator('button[name="choice"][value="opponent"]').click()
    expect(page.locator(".result.is-ok")).to_be_visible()
    expect(board.locator(".trick [data-card]")).to_have_count(0)  # the trick is taken: the position after it
    expect(page.locator(".quiz-line .is-asked")).to_have_count(0)
    assert page.evaluate("window.stillHere === true"), "with JavaScript the page should not reload"
    shot(page, f"lesson-quiz-answered-{lang}")
    assert problems == []


# --- the home page, and the pages that used to look unfinished -----------------------------------
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_home_on_a_phone_puts_the_playable_games_first_and_links_what_each_offers(
        live_server, watched, problems, shot, lang):
    from games.ui import site_games

    page = watched
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/{lang}/")
    tiles = page.locator(".game-tile")
    expect(tiles).to_have_count(len(CATALOGUE))
    # Top to bottom as the reader scrolls: the games with a practice table come first.
    tops = sorted((tiles.nth(i).bounding_box()["y"], tiles.nth(i).get_attribute("data-game"))
                  for i in range(tiles.count()))
    playable = {g.slug for g in site_games()}
    first = [slug for _y, slug in tops][:len(playable)]
    assert set(first) == playable, first
    # A game still being written is no link at all, and says so.
    for coming in page.locator(".game-tile.is-coming").all():
        expect(coming.locator("a")).to_have_count(0)
        expect(coming.locator(".tile-status")).to_be_visible()
    shot(page, f"home-phone-{lang}")
    # Each offer is a link of its own, above the link that covers the tile.
    slug = first[0]
    offer = page.locator(f'.game-tile[data-game="{slug}"] a[data-offer]').last
    href = offer.get_attribute("href")
    offer.click()
    page.wait_for_url(f"{live_server.url}{href}")
    page.go_back()
    page.locator(f'.game-tile[data-game="{slug}"] .game-special').click(force=True)
    page.wait_for_url(f"{live_server.url}/{lang}/{slug}/")
    assert problems == []


def test_card_gallery_is_compact_on_a_phone(live_server, watched, problems, shot):
    from games.engine.cards import french_pack, spanish_pack

    page = watched
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/en/cards/")
    cards = page.locator(".card-gallery [data-card]")
    expect(cards).to_have_count(len(french_pack(2)) + len(spanish_pack()) + 2)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 3000, height  # it was ~10,300 px with two large cards a row
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    widths = page.evaluate("[...document.querySelectorAll('.card-gallery [data-card]')]"
                           ".map(c => c.getBoundingClientRect().width)")
    assert min(widths) >= 40, min(widths)  # small, but every card still there to look at
    shot(page, "gallery-phone")
    assert problems == []


def test_puzzle_catalogue_filters_on_a_phone_and_shows_keyboard_focus(live_server, watched, problems, shot):
    from tutorials import puzzles

    slug = next(g.slug for g in CATALOGUE if puzzles.puzzles(g.slug))
    page = watched
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/en/{slug}/puzzles/")
    for select in page.locator(".filters select").all():
        box = select.bounding_box()
        assert box["height"] >= 40 and box["width"] >= 150, box  # big enough to tap
    page.locator("#filter-level").select_option("3")
    page.locator(".filters button[type=submit]").click()
    page.wait_for_url(re.compile(r"level=3"))
    expect(page.locator(".puzzle-item")).to_have_count(sum(1 for p in puzzles.puzzles(slug) if p.level == 3))
    # Tab from the last filter control to the first puzzle: its row shows the focus ring.
    page.locator(".filter-actions .btn").last.focus()
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('puzzle-link')"):
            break
    assert page.evaluate("document.activeElement.classList.contains('puzzle-link')")
    ring = page.evaluate("getComputedStyle(document.activeElement, '::after').outlineStyle")
    assert ring == "solid", ring
    shot(page, "puzzles-phone-filtered")
    assert problems == []


def _table_waiting_for_the_bots(page, base, slug):
    """A practice table of the toy game where the bot's moves wait for the reader (the bots play
    one move at a time: the "step" speed)."""
    from tests.e2e.conftest import make_a_move

    page.context.add_cookies([{"name": "botspeed", "value": "step", "url": base}])
    page.goto(f"{base}/en/{slug}/play/")
    page.locator("form.table-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/en/{slug}/play/[\w-]+/$"))
    for _ in range(20):
        if page.locator("form.bot-step, .bot-frames").count():
            return
        version = page.locator("#table").get_attribute("data-moment")
        make_a_move(page)
        expect(page.locator("#table")).not_to_have_attribute("data-moment", version)
    pytest.fail("the bots never had a move to make")


def test_bots_speed_applies_as_soon_as_it_is_chosen(live_server, watched, problems, toy):
    page = watched
    page.set_default_timeout(15_000)
    _table_waiting_for_the_bots(page, live_server.url, toy)
    expect(page.locator(".speed-form button")).to_be_hidden()  # no "Set" needed with JavaScript
    page.evaluate("window.stillHere = true")
    page.locator("#bot-speed").focus()
    page.evaluate("document.getElementById('table').dataset.before = 'speed'")
    page.locator("#bot-speed").select_option("fast")
    # The bots carry on by themselves at once: nobody presses "Set" nor "Show the next move". The
    # table is drawn again at once, and the bots' moves go on until the reader's turn.
    expect(page.locator("#table[data-before]")).to_have_count(0)
    expect(page.locator("form.bot-step, .bot-frames")).to_have_count(0)
    expect(page.locator("#bot-speed")).to_have_value("fast")
    expect(page.locator("#bot-speed")).to_be_focused()
    assert page.evaluate("window.stillHere === true"), "the page should not reload"
    assert {c["name"]: c["value"] for c in page.context.cookies()}["botspeed"] == "fast"
    expect(page.locator(".speed-form button")).to_be_hidden()
    assert problems == []


def test_bots_speed_is_set_with_its_button_without_javascript(live_server, browser, problems, toy):
    slug = toy
    context = browser.new_context(java_script_enabled=False)
    page = problems.watch(context.new_page())
    try:
        page.goto(f"{live_server.url}/en/{slug}/play/")
        page.locator("form.table-setup button[type=submit]").click()
        page.wait_for_url(re.compile(rf"/en/{slug}/play/[\w-]+/$"))
        table = page.url
        page.locator("#bot-speed").select_option("slow")
        page.locator(".speed-form button[type=submit]").click()
        page.wait_for_url(table)
        expect(page.locator("#bot-speed")).to_have_value("slow")
    finally:
        context.close()
    assert problems == []


def test_the_log_shows_its_first_line_whole_and_earlier_moves_above_it(live_server, watched, problems, shot):
    """A deal longer than the log shows: the link to the earlier moves sits above the lines, and
    scrolled to the top the first line shows whole, below the heading; at the bottom the newest."""
    from games.table.match import LOG_LINES
    from games.ui import site_games
    from tests.tables import match_of

    game = max(site_games(), key=lambda g: max(g.player_counts))
    page = watched
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/en/{game.slug}/play/")
    players = page.locator(f'input[name="players"][value="{max(game.player_counts)}"]')
    if players.count():
        players.check()
    page.locator("form.table-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/en/{game.slug}/play/[\w-]+/$"))
    # Play the first deal on in the server: the reader's last legal choice, then the bots' replies.
    match = match_of(page.url)
    while match.length < LOG_LINES + 10 and match.game.turn(match.state):
        state = match.state
        if match.human in match.game.turn(state):
            action = match.game.legal_actions(match.view(), match.human)[-1]
            after = match.game.apply(state, match.human, action)
            moves, states = match.run_bots(after, match.length + 1)
            assert match.record([(match.human, action)] + moves, [after] + states)
        else:
            assert match.record(*match.run_bots(state, match.length))
    if match.log()[1] == 0:
        pytest.skip("no deal long enough for the earlier moves' link")
    page.reload()
    log = page.locator(".log-scroll")
    earlier = log.locator(".log-earlier")
    expect(earlier).to_be_visible()
    geometry = """() => { const s = document.querySelector('.log-scroll'), r = e => e.getBoundingClientRect();
        const lines = s.querySelectorAll('li');
        return {box: r(s), head: r(document.getElementById('log-title')), earlier: r(s.querySelector('.log-earlier')),
                first: r(lines[0]), last: r(lines[lines.length - 1])}; }"""
    at = page.evaluate(geometry)
    assert at["last"]["bottom"] <= at["box"]["bottom"] + 0.5, at  # the newest line shows whole
    assert at["earlier"]["bottom"] <= at["first"]["top"], at  # the link comes before the lines
    log.evaluate("s => { s.scrollTop = -s.scrollHeight; }")
    at = page.evaluate(geometry)
    assert at["head"]["bottom"] <= at["box"]["top"], at
    assert at["box"]["top"] <= at["earlier"]["top"] and at["earlier"]["bottom"] <= at["first"]["top"], at
    assert at["first"]["bottom"] <= at["box"]["bottom"], at
    shot(page, "table-log-top-phone")
    assert problems == []
