"""Écarté end to end in real Chromium, in both languages: a live example on the rules page, a whole
lesson, a puzzle solved and one missed, a whole match against the club bot, and one deal with
JavaScript switched off."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import make_a_move
from tutorials import lessons, puzzles
from tutorials.content import examples, has_rules
from tutorials.lessons import quiz_truth

pytestmark = pytest.mark.e2e

LANGS = ["ja", "en"]


def act(page, action, scope="body"):
    """Make an action on a board the way a person does: click its card or button, or tick the
    cards of a discard and press the discard button."""
    root = page.locator(scope)
    if action.startswith("discard:"):
        cards = re.findall(r"..", action.split(":", 1)[1])
        for code in cards:
            root.locator(f'input[name="cards"][value="{code}"]').check(force=True)
        root.locator('button[name="action"][value="discard"]').click()
    else:
        root.locator(f'button[name="action"][value="{action}"]').first.click()


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_live_example(live_server, watched, problems, shot, lang):
    if not has_rules("ecarte"):
        pytest.fail("the Écarté rules pages are missing")
    page = watched
    page.goto(f"{live_server.url}/{lang}/ecarte/rules/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    # Every rule id is an anchor the reader can land on.
    expect(page.locator('[id="ecarte.play.must-beat"]')).to_have_count(1)
    shot(page, f"ecarte-rules-{lang}")
    example_id = next(iter(examples("ecarte")))
    box = page.locator(f'[id="example-{example_id}"]')
    expect(box).to_be_visible()
    box.locator('button[name="action"]').first.click()
    expect(page.locator(f'[id="example-{example_id}"] .example-result')).to_be_visible()
    shot(page, f"ecarte-rules-example-{lang}")
    assert problems == []


@pytest.mark.parametrize("lang", LANGS)
def test_finish_a_lesson(live_server, watched, problems, shot, lang):
    page = watched
    lesson = lessons.lessons("ecarte")[0]
    page.goto(f"{live_server.url}/{lang}/ecarte/lessons/{lesson.id}/")
    for n, step in enumerate(lesson.steps, start=1):
        expect(page.locator(".lesson-progress").first).to_contain_text(str(n))
        if step.kind == "act":
            # A wrong move first, where the board offers one: it is explained, and the step can
            # be tried again.
            values = page.locator('#lesson-step button[name="action"]').evaluate_all("els => els.map(e => e.value)")
            others = [v for v in values if v not in step.expect and v != "discard"]
            if others:
                act(page, others[0])
                expect(page.locator(".result.is-refused")).to_be_visible()
                page.locator(".result.is-refused a.btn").click()
            act(page, step.expect[0])
            expect(page.locator(".result.is-ok")).to_be_visible()
        elif step.kind == "watch":
            # Watch the scripted line to its end, one move at a time.
            for at in range(1, len(step.line) + 1):
                page.locator(".watch-nav a.btn:not(.btn-quiet)").click()
                expect(page.locator(".watch-count")).to_contain_text(str(at))
        elif step.kind == "quiz":
            page.locator(f'button[name="choice"][value="{quiz_truth("ecarte", step)}"]').click()
            expect(page.locator(".result.is-ok")).to_be_visible()
        if n == 3:
            shot(page, f"ecarte-lesson-step-{lang}")
        if n < len(lesson.steps):
            # The → key moves on, as the page promises.
            page.keyboard.press("ArrowRight")
            page.wait_for_url(re.compile(rf"/{lesson.id}/{n + 1}/$"))
    page.locator(f'a[href$="/{lang}/ecarte/lessons/"]').last.click()
    finished = page.locator(".lesson-item.is-finished")
    expect(finished).to_have_count(1)
    expect(finished.locator("h2")).to_have_text(lesson.title[lang])
    assert problems == []


@pytest.mark.parametrize("lang", LANGS)
def test_solve_one_puzzle_and_miss_another(live_server, watched, problems, shot, lang):
    page = watched
    first, second = puzzles.puzzles("ecarte")[:2]
    page.goto(f"{live_server.url}/{lang}/ecarte/puzzles/{first.id}/")
    expect(page.locator("h1")).to_have_text(first.question[lang])
    act(page, first.answers[0])
    expect(page.locator(".result.is-ok")).to_contain_text(first.explanation[lang][:20])
    shot(page, f"ecarte-puzzle-solved-{lang}")

    page.goto(f"{live_server.url}/{lang}/ecarte/puzzles/{second.id}/")
    wrong, words = next(iter(second.wrong.items()))
    act(page, wrong)
    missed = page.locator(".result.is-refused")
    expect(missed).to_contain_text(words[lang])
    shot(page, f"ecarte-puzzle-missed-{lang}")

    page.goto(f"{live_server.url}/{lang}/ecarte/puzzles/")
    expect(page.locator(".puzzle-item.status-solved")).to_have_count(1)
    expect(page.locator(".puzzle-item.status-failed")).to_have_count(1)
    page.locator('a[href="?missed=1"]').click()
    expect(page.locator(".puzzle-item")).to_have_count(1)
    expect(page.locator(".puzzle-item a").first).to_have_attribute("href", re.compile(second.id))
    assert problems == []


def _start_table(page, base, lang, level="club"):
    page.goto(f"{base}/{lang}/ecarte/play/")
    page.locator(f'input[name="level"][value="{level}"]').check()
    page.locator("form.table-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/{lang}/ecarte/play/[\w-]+/$"))


def _my_move(page):
    """Choose one of the highlighted legal decisions (for a discard, the first card)."""
    make_a_move(page)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_play_a_whole_match_against_the_club_bot(live_server, watched, problems, shot, lang):
    page = watched
    page.set_default_timeout(15_000)
    _start_table(page, live_server.url, lang)
    table = page.locator("#table")
    seen_summary = tried_illegal = asked_hint = False
    for _ in range(600):
        if page.locator(".match-result").count():
            break
        version = table.get_attribute("data-version")
        if page.locator("form.bot-step").count() == 0:
            if page.locator(".deal-summary").count() and not seen_summary:
                seen_summary = True
                shot(page, f"ecarte-table-deal-over-{lang}")
            illegal = page.locator("form.table-board .hand-me button.card:not(.is-legal)")
            if not tried_illegal and illegal.count():
                # "Why not?": a card the rules forbid is refused, explained, and nothing changes.
                tried_illegal = True
                illegal.first.click()
                refusal = page.locator(".table-message.is-refused")
                expect(refusal).to_be_visible()
                expect(refusal.locator("a[data-rule]")).to_have_attribute("data-rule", re.compile(r"^ecarte\."))
                expect(table).to_have_attribute("data-version", version)
                shot(page, f"ecarte-table-refused-{lang}")
                continue
            if not asked_hint and page.locator(".table-tools a", has_text=re.compile("Hint|ヒント")).count():
                asked_hint = True
                page.locator(".table-tools a", has_text=re.compile("Hint|ヒント")).click()
                expect(page.locator(".table-hint")).to_be_visible()
                expect(table).to_have_attribute("data-version", version)
                continue
            _my_move(page)
        # The bot moves by itself, one action at a time; either way the version moves on.
        expect(table).not_to_have_attribute("data-version", version)
    else:
        pytest.fail("the match did not end")
    assert tried_illegal and asked_hint
    result = page.locator(".match-result")
    expect(result).to_be_visible()
    expect(result.locator(".deal-code")).to_contain_text("ecarte-")
    points = [int(x) for x in page.locator(".score-points").all_inner_texts()]
    assert max(points) >= 5
    expect(page.locator(".turn")).to_have_class(re.compile("is-over"))
    shot(page, f"ecarte-table-match-over-{lang}")
    # The replay opens with every hand shown.
    page.locator('a[href*="/replay/"]').first.click()
    expect(page.locator('.hand [data-card="?"]')).to_have_count(0)
    expect(page.locator('.hand [data-card]').first).to_be_visible()
    shot(page, f"ecarte-replay-{lang}")
    assert problems == []


@pytest.mark.parametrize("lang", LANGS)
def test_one_deal_without_javascript(live_server, browser, problems, shot, lang):
    context = browser.new_context(java_script_enabled=False)
    page = problems.watch(context.new_page())
    page.set_default_timeout(10_000)
    try:
        _start_table(page, live_server.url, lang)
        for _ in range(200):
            if page.locator(".deal-summary").count():
                break
            if page.locator("form.bot-step").count():
                page.locator("form.bot-step button").click()
            else:
                _my_move(page)
            page.wait_for_load_state()
        else:
            pytest.fail("the deal did not end")
        expect(page.locator(".deal-summary .summary-lines li").first).to_be_visible()
        shot(page, f"ecarte-table-nojs-{lang}")
    finally:
        context.close()
    assert problems == []
