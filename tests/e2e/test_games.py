"""Every game with learning content, end to end in real Chromium and in both languages: a live
example on the rules page, a whole lesson, a puzzle solved and one missed, a whole match against the
club bot (in one language, taken in turn), and one deal with JavaScript switched off. A new game
joins by having its content."""

import re

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.ui import site_games
from tests.e2e.conftest import act, make_a_move, press, show_next_move, wait_until
from tests.tables import quick, setup_form
from tutorials import lessons, puzzles
from tutorials.content import examples, has_rules
from tutorials.lessons import quiz_truth

pytestmark = pytest.mark.e2e

LANGS = ["ja", "en"]
GAMES = [g.slug for g in site_games() if has_rules(g.slug)]
CASES = [(slug, lang) for slug in GAMES for lang in LANGS]
# A whole match is long (a Crapette match is thousands of moves): each game plays it in one language,
# the languages taken in turn; every other test here runs in both.
MATCH_CASES = [(slug, LANGS[n % 2]) for n, slug in enumerate(GAMES)]


@pytest.mark.parametrize("slug,lang", CASES)
def test_rules_page_live_example(live_server, watched, problems, shot, slug, lang):
    page = watched
    page.goto(f"{live_server.url}/{lang}/{slug}/rules/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    # Every rule id is an anchor the reader can land on.
    for rule in registry.get(slug).rules:
        expect(page.locator(f'[id="{rule.id}"]')).to_have_count(1)
    shot(page, f"{slug}-rules-{lang}")
    example_id = next(iter(examples(slug)))
    box = page.locator(f'[id="example-{example_id}"]')
    expect(box).to_be_visible()
    press(box.locator('button[name="action"]').first)
    expect(page.locator(f'[id="example-{example_id}"] .example-result')).to_be_visible()
    shot(page, f"{slug}-rules-example-{lang}")
    assert problems == []


@pytest.mark.parametrize("slug,lang", CASES)
def test_finish_a_lesson(live_server, watched, problems, shot, slug, lang):
    page = watched
    lesson = lessons.lessons(slug)[0]
    page.goto(f"{live_server.url}/{lang}/{slug}/lessons/{lesson.id}/")
    for n, step in enumerate(lesson.steps, start=1):
        expect(page.locator(".lesson-progress").first).to_contain_text(str(n))
        if step.kind == "act":
            # A wrong move first, where the board offers one: it is explained, and the step can
            # be tried again.
            values = page.locator('#lesson-step button[name="action"]:not([data-least]):not([data-picks])') \
                .evaluate_all("els => els.map(e => e.value)")
            others = [v for v in values if v not in {seq[0] for seq in step.expect}]
            if others:
                act(page, others[0])
                expect(page.locator(".result.is-refused")).to_be_visible()
                page.locator(".result.is-refused a.btn").click()
            for move in step.expect[0]:
                # Wait for this move's own verdict, not the one the move before left on the page
                # (pressed too soon, → moves between the chosen card's places instead).
                page.evaluate(
                    "document.querySelectorAll('#lesson-step .result').forEach(e => e.dataset.seen = '1')")
                act(page, move)
                expect(page.locator("#lesson-step .result.is-ok:not([data-seen])")).to_be_visible()
        elif step.kind == "watch":
            # Watch the scripted line to its end, one move at a time.
            for at in range(1, len(step.line) + 1):
                page.locator(".watch-nav a.btn:not(.btn-quiet)").click()
                expect(page.locator(".watch-count")).to_contain_text(str(at))
        elif step.kind == "quiz":
            page.locator(f'button[name="choice"][value="{quiz_truth(slug, step)}"]').click()
            expect(page.locator(".result.is-ok")).to_be_visible()
        if n == 3:
            shot(page, f"{slug}-lesson-step-{lang}")
        if n < len(lesson.steps):
            # The → key moves on, as the page promises.
            page.keyboard.press("ArrowRight")
            page.wait_for_url(re.compile(rf"/{lesson.id}/{n + 1}/$"))
    # Back to the lessons by the step's own button (from a read step it records the step as done).
    back = f'/{lang}/{slug}/lessons/'
    page.locator(f'.step-nav a[href$="{back}"], .step-nav button[name="go"][value$="{back}"]').last.click()
    finished = page.locator(".lesson-item.is-finished")
    expect(finished).to_have_count(1)
    expect(finished.locator("h2")).to_have_text(lesson.title[lang])
    assert problems == []


@pytest.mark.parametrize("slug,lang", CASES)
def test_solve_one_puzzle_and_miss_another(live_server, watched, problems, shot, slug, lang):
    page = watched
    first, second = [p for p in puzzles.puzzles(slug) if p.wrong][:2]
    page.goto(f"{live_server.url}/{lang}/{slug}/puzzles/{first.id}/")
    expect(page.locator("h1")).to_have_text(first.question[lang])
    act(page, first.answers[0])
    expect(page.locator(".result.is-ok")).to_contain_text(first.explanation[lang][:20])
    shot(page, f"{slug}-puzzle-solved-{lang}")

    page.goto(f"{live_server.url}/{lang}/{slug}/puzzles/{second.id}/")
    wrong, words = next(iter(second.wrong.items()))
    act(page, wrong)
    missed = page.locator(".result.is-refused")
    expect(missed).to_contain_text(words[lang])
    shot(page, f"{slug}-puzzle-missed-{lang}")

    page.goto(f"{live_server.url}/{lang}/{slug}/puzzles/")
    expect(page.locator(".puzzle-item.status-solved")).to_have_count(1)
    expect(page.locator(".puzzle-item.status-failed")).to_have_count(1)
    page.locator('a[href="?missed=1"]').click()
    expect(page.locator(".puzzle-item")).to_have_count(1)
    expect(page.locator(".puzzle-item a").first).to_have_attribute("href", re.compile(second.id))
    assert problems == []


def _start_table(page, base, slug, lang, level="club", options=None):
    page.goto(f"{base}/{lang}/{slug}/play/")
    page.locator(f'input[name="level"][value="{level}"]').check()
    # The options as the set-up form posts them (tests/tables.py), chosen on the form.
    posted = setup_form(slug, level=level, **(options or {}))
    for name in options or {}:
        page.locator(f'input[name="opt_{name}"][value="{posted[f"opt_{name}"]}"]').check()
    page.locator("form.table-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/{lang}/{slug}/play/[\w-]+/$"))


def _my_move(page):
    """Choose one of the highlighted legal decisions (for a discard, the first card)."""
    make_a_move(page)


def _try_a_forbidden_card(page):
    """Offer a card the rules forbid, as a person might (click it, tick it and press Play, or send
    a card to a place it may not go). False when no card on the board is forbidden just now."""
    board = page.locator("form.table-board")
    button = board.locator(".hand-me button.card:not(.is-legal)")
    if button.count():
        button.first.click()
        return True
    target = board.locator("button.btn-target:not(.is-legal)")
    if target.count():
        press(target.first)
        return True
    tick = board.locator("label.card-check:not(.is-legal) input[name=cards]")
    if tick.count() and board.locator("button[data-least]").count():
        tick.first.check(force=True)
        board.locator("button[data-least]").first.click()
        return True
    return False


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 700)])
@pytest.mark.parametrize("slug", GAMES)
def test_the_page_stays_where_the_reader_was_looking(live_server, watched, problems, slug, width, height):
    """A move and the bots' replies swap the table in place: the page does not scroll away from
    the board the reader was looking at (it used to land on the log and the footer)."""
    page = watched
    page.set_viewport_size({"width": width, "height": height})
    page.set_default_timeout(15_000)
    # The bots move one step at a time, when the reader asks: the page then changes only by the
    # reader's own presses (a bots' timer could swap the table between the scroll and the press,
    # and the request would leave from a place the reader had not yet scrolled to).
    page.context.add_cookies([{"name": "botspeed", "value": "step", "url": live_server.url}])
    _start_table(page, live_server.url, slug, "en")
    table = page.locator("#table")
    moves = 0
    for _ in range(200):
        if moves == 4 or page.locator(".deal-summary, .match-result").count():
            break
        version = table.get_attribute("data-moment")
        # Where the page was when the request left (the click itself may scroll the button into
        # view, as a reader's finger would have found it).
        page.evaluate("""() => { window.scrolledAt = []; window.settled = false; if (!window.watchingScroll) {
            window.watchingScroll = true;
            document.addEventListener('htmx:beforeRequest', () => window.scrolledAt.push(window.scrollY));
            document.addEventListener('htmx:afterSettle', () => { window.settled = true; });
        } }""")
        board = page.locator(".table-board .board")
        if board.count():
            board.first.scroll_into_view_if_needed()
            start = page.evaluate("window.scrollY")
            page.mouse.wheel(0, 120)  # a reader scrolled a little, then acts
            # The wheel scrolls when the browser gets to it: wait until it has (or the page could
            # not go further), so the request leaves from where the reader now is.
            wait_until(page, """start => window.scrollY !== start
                || window.scrollY >= document.documentElement.scrollHeight - window.innerHeight""", start)
        if page.locator(".bot-frames").count():
            page.locator(".bot-frames a.btn").click()  # the bots' next move, shown when asked
        elif page.locator("form.bot-step").count():
            page.locator("form.bot-step button").click()
        else:
            _my_move(page)
            moves += 1
        expect(table).not_to_have_attribute("data-moment", version)
        wait_until(page, "() => window.settled")  # htmx has swapped and settled the new table
        before = page.evaluate("window.scrolledAt[0]")
        after = page.evaluate("window.scrollY")
        limit = page.evaluate("document.documentElement.scrollHeight - window.innerHeight")
        # Where the page is shorter now, the browser may only clamp to the new bottom.
        assert after == min(before, limit), f"scrolled from {before} to {after} (bottom {limit})"
    assert moves, "no move was made"
    assert problems == []


@pytest.mark.slow
@pytest.mark.parametrize("slug,lang", MATCH_CASES)
def test_play_a_whole_match_against_the_club_bot(live_server, watched, problems, shot, slug, lang):
    page = watched
    page.set_default_timeout(15_000)
    _start_table(page, live_server.url, slug, lang, options=quick(slug))
    table = page.locator("#table")
    seen_summary = tried_illegal = asked_hint = False
    decisions = 0
    # A match is at most 1500 decisions of the reader; the bots' moves between them are counted
    # apart (a Crapette turn is dozens of them, a Crapette match thousands).
    for _ in range(20_000):
        if page.locator(".match-result").count() or decisions > 1500:
            break
        version = table.get_attribute("data-moment")
        if page.locator(".bot-frames").count():
            # A reader in a hurry shows the bots' next move without waiting for the timer.
            show_next_move(page)
        elif page.locator("form.bot-step").count() == 0:
            decisions += 1
            if page.locator(".deal-summary").count() and not seen_summary:
                seen_summary = True
                shot(page, f"{slug}-table-deal-over-{lang}")
            if not tried_illegal and _try_a_forbidden_card(page):
                # "Why not?": a card the rules forbid is refused, explained, and nothing changes.
                tried_illegal = True
                refusal = page.locator(".table-message.is-refused")
                expect(refusal).to_be_visible()
                expect(refusal).to_be_in_viewport()  # in sight, though the reader is down at the hand
                expect(refusal.locator("a[data-rule]")).to_have_attribute("data-rule", re.compile(rf"^{slug}\."))
                expect(table).to_have_attribute("data-moment", version)
                shot(page, f"{slug}-table-refused-{lang}")
                continue
            if not asked_hint and page.locator(".table-tools a", has_text=re.compile("Hint|ヒント")).count():
                asked_hint = True
                page.locator(".table-tools a", has_text=re.compile("Hint|ヒント")).click()
                expect(page.locator(".table-hint")).to_be_visible()
                expect(table).to_have_attribute("data-moment", version)
                continue
            _my_move(page)
        # The bot moves by itself, one action at a time; either way the version moves on.
        expect(table).not_to_have_attribute("data-moment", version)
    if not page.locator(".match-result").count():
        pytest.fail("the match did not end")
    assert tried_illegal and asked_hint
    result = page.locator(".match-result")
    expect(result).to_be_visible()
    expect(result.locator(".deal-code")).to_contain_text(f"{slug}-")
    # The match is decided: the scoreboard has its final figures and the result says who won.
    expect(result.locator("h2")).to_be_visible()
    expect(page.locator(".turn")).to_have_class(re.compile("is-over"))
    shot(page, f"{slug}-table-match-over-{lang}")
    # The replay opens with every hand shown.
    page.locator('a[href*="/replay/"]').first.click()
    expect(page.locator('.hand [data-card="?"]')).to_have_count(0)
    expect(page.locator('.hand [data-card]').first).to_be_visible()
    shot(page, f"{slug}-replay-{lang}")
    assert problems == []


@pytest.mark.parametrize("slug,lang", CASES)
def test_one_deal_without_javascript(live_server, browser, problems, shot, slug, lang):
    context = browser.new_context(java_script_enabled=False)
    page = problems.watch(context.new_page())
    page.set_default_timeout(10_000)
    try:
        _start_table(page, live_server.url, slug, lang)
        for _ in range(1500):
            if page.locator(".deal-summary").count():
                break
            if page.locator("form.bot-step").count():
                page.locator("form.bot-step button").click()
            elif page.locator(".bot-frames a").count():  # a move the reader might interrupt
                page.locator(".bot-frames a").click()
            else:
                _my_move(page)
            page.wait_for_load_state()
        else:
            pytest.fail("the deal did not end")
        expect(page.locator(".deal-summary li").first).to_be_visible()
        shot(page, f"{slug}-table-nojs-{lang}")
    finally:
        context.close()
    assert problems == []
