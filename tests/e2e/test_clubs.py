"""Clubs and homework end to end in Chromium, as an organiser and a member use them.

An organiser signs up, makes a club with its descriptions, adds three members from a list of names
and prints their slips, makes a homework set of one lesson, one puzzle and one deal (of a game the
registry and the content offer: none is named) for every member; a member logs in with the code from
his slip, chooses a password, finds the club, its notice board and his homework, does steps of the
lesson, solves the puzzle and starts the deal; the organiser's grid shows it in words, sorts, opens the
member's attempt and downloads the CSV. On the way: the main forms by keyboard, axe on the club's
pages in both languages, and screenshots of them on a desktop and a phone (set DOJO_SCREENSHOTS to
keep them). Then joining and answering a lesson step with JavaScript switched off.
"""

import csv
import io
import os
import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from games.table.codes import deal_code
from tests.e2e.conftest import act
from tests.e2e.test_accessibility import audit
from tests.homework_world import a_game
from tutorials import lessons, puzzles

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
NAMES = ["Aiko Sato", "Ben Ito", "Chika Mori"]
PASSWORD = "plum-kettle-93"


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # quick, for tests


def said(lang, text):
    """A message of the site's catalogue in one language."""
    with translation.override(lang):
        return gettext(text)


def other(lang):
    return "en" if lang == "ja" else "ja"


def in_lang(url, lang):
    """The same page in another language (every page is under /<lang>/)."""
    return re.sub(r"/(ja|en)/", f"/{lang}/", url, count=1)


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


def snap(page, name, **extra):
    """Full-page screenshots at both sizes in $DOJO_SCREENSHOTS (when set); the page must not
    scroll sideways at either size."""
    folder = os.environ.get("DOJO_SCREENSHOTS")
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        assert no_sideways_scroll(page), f"{name} scrolls sideways at {size}"
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / f"{name}-{size}.png"), full_page=True, **extra)
    page.set_viewport_size(SIZES["desktop"])


def tab_reaches_every_control(page, form):
    """Tab from the form's first control visits every control of the form, in the order they are
    on the page (a group of radio buttons is one stop, as in every browser)."""
    keys = page.locator(form).evaluate(
        """form => {
            const all = [...form.querySelectorAll('input:not([type=hidden]), select, textarea, button')]
                .filter(e => !e.disabled && e.getClientRects().length);
            const keys = [];
            all.forEach((e, i) => {
                e.dataset.stop = e.type === 'radio' ? 'radio:' + e.name : 'c' + i;
                if (!keys.includes(e.dataset.stop)) keys.push(e.dataset.stop);
            });
            const first = all.find(e => e.type !== 'radio' || e.checked) || all[0];
            first.focus();
            return keys;
        }"""
    )
    seen = []
    for _ in range(len(keys) * 3):
        key = page.evaluate("document.activeElement && document.activeElement.dataset.stop || null")
        if key and key not in seen:
            seen.append(key)
        if len(seen) == len(keys):
            break
        page.keyboard.press("Tab")
    assert seen == keys, f"{form}: Tab visited {seen}, the form has {keys}"


def homework_game():
    """A game with a lesson, a puzzle and a deal code (the registry's first such one)."""
    game = a_game()
    return game, deal_code(game, "clubseed7", game.player_counts[0], {})


def do_lesson_steps(page, lesson, count):
    """The first `count` steps of a lesson, as a reader does them: a read step is done by going on,
    an act step by making its moves, a quiz by choosing its answer."""
    from tutorials.lessons import quiz_truth

    for n, step in enumerate(lesson.steps[:count], start=1):
        expect(page.locator(".lesson-progress").first).to_contain_text(str(n))
        if step.kind == "act":
            for move in step.expect[0]:
                page.evaluate("document.querySelectorAll('#lesson-step .result').forEach(e => e.dataset.seen = '1')")
                act(page, move)
                expect(page.locator("#lesson-step .result.is-ok:not([data-seen])")).to_be_visible()
        elif step.kind == "quiz":
            page.locator(f'button[name="choice"][value="{quiz_truth(lesson.game, step)}"]').click()
            expect(page.locator(".result.is-ok")).to_be_visible()
        elif step.kind == "watch":
            for at in range(1, len(step.line) + 1):
                page.locator(".watch-nav a.btn:not(.btn-quiet)").click()
                expect(page.locator(".watch-count")).to_contain_text(str(at))
        page.locator('#lesson-step [data-key="next"]').click()
        page.wait_for_url(re.compile(rf"/{lesson.id}/{n + 1}/$"))


def test_organiser_and_member_through_a_homework_set(live_server, browser, problems, tmp_path):
    base = live_server.url
    lang = "ja"  # the organiser's language; the member reads in the other
    game, code = homework_game()
    findings = {}
    org_context = browser.new_context(viewport=SIZES["desktop"], accept_downloads=True)
    page = problems.watch(org_context.new_page())

    # --- the organiser signs up; the header leads to "My clubs" ---------------------------------
    page.goto(f"{base}/{lang}/account/signup/")
    page.locator("#id_username").fill("olga")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.locator("#id_password2").press("Enter")
    expect(page.locator(".account-name")).to_contain_text("olga")
    page.locator(f'.account-nav a[href="/{lang}/clubs/"]').click()
    expect(page.locator("h1")).to_have_text("マイクラブ")
    expect(page.locator(f'.account-nav a[href="/{lang}/clubs/"]')).to_have_attribute("aria-current", "page")
    page.locator(f'a[href="/{lang}/clubs/new/"]').click()

    # --- a club with both descriptions, made by keyboard ----------------------------------------
    tab_reaches_every_control(page, "form.club-form")
    page.locator("#id_description_ja").fill("毎週火曜日の夜に集まります。")
    page.locator("#id_description_en").fill("We meet on Tuesday evenings.")
    page.locator("#id_name").fill("Tuesday club")
    page.locator("#id_name").press("Enter")
    expect(page.locator("h1")).to_have_text("Tuesday club")
    expect(page.locator(".club-head .lede")).to_have_text("毎週火曜日の夜に集まります。")
    club_url = page.url
    club_code = page.locator(".club-code").inner_text()
    assert club_url.endswith(f"/{lang}/clubs/{club_code}/")

    page.locator("#id_text").fill("**Welcome!** The first homework is up.")
    page.locator("form.notice-form button[type=submit]").click()
    expect(page.locator(".club-notice strong")).to_have_text("Welcome!")

    # --- three members from a list of names; their slips -----------------------------------------
    page.locator(f'a[href="/{lang}/clubs/{club_code}/members/#add"]').first.click()
    tab_reaches_every_control(page, "#add form")
    page.locator("#id_names").fill("\n".join(NAMES))
    page.locator("#id_names").press("Tab")
    page.keyboard.press("Enter")  # the focus is on the form's button
    slips = page.locator(".slip")
    expect(slips).to_have_count(3)
    expect(page.locator(".slip-name")).to_have_text(NAMES)
    logins = [(slip.locator(".slip-username").inner_text(), slip.locator(".slip-code").inner_text())
              for slip in slips.all()]
    assert all(user and len(code_) >= 6 for user, code_ in logins), logins
    expect(slips.first.locator("svg.slip-qr")).to_be_visible()
    snap(page, f"slips-{lang}")
    slips_print(page, f"slips-{lang}")

    page.goto(f"{base}/{lang}/clubs/{club_code}/members/")
    expect(page.locator(".member-table tbody tr")).to_have_count(4)

    # --- a homework set: one lesson, one puzzle, one deal, for every member ----------------------
    page.goto(club_url)
    page.locator(f'.club-homework a[href="/{lang}/clubs/{club_code}/homework/"]').click()
    page.locator(f'a[href="/{lang}/clubs/{club_code}/homework/new/"]').click()
    tab_reaches_every_control(page, "form.hw-form")
    expect(page.locator('input[name="everyone"][value="all"]')).to_be_checked()
    page.locator("#id_title").fill("Week 1")
    page.locator("#id_title").press("Enter")
    page.wait_for_url(re.compile(rf"/{lang}/clubs/{club_code}/homework/\d+/"))
    set_url = page.url.split("#")[0]
    page.locator(f'.hw-add a[href="?game={game.slug}#add"]').click()
    lesson_id = page.locator("#add-lesson").input_value()
    page.locator("form.hw-add-form:has(#add-lesson) button[type=submit]").click()
    expect(page.locator(".hw-edit-items > li")).to_have_count(1)
    puzzle_id = page.locator("#add-puzzle").input_value()
    page.locator("form.hw-add-form:has(#add-puzzle) button[type=submit]").click()
    expect(page.locator(".hw-edit-items > li")).to_have_count(2)
    tab_reaches_every_control(page, "form.hw-add-form:has(#add-deal)")
    page.locator("#add-deal").fill(code)
    page.locator('form.hw-add-form:has(#add-deal) input[name="level"][value="beginner"]').check()
    page.locator("#add-deal").press("Enter")
    expect(page.locator(".hw-edit-items > li")).to_have_count(3)
    lesson = lessons.lesson(game.slug, lesson_id)
    puzzle = puzzles.puzzle(game.slug, puzzle_id)
    expect(page.locator(".hw-edit-items > li").nth(0)).to_contain_text(lesson.title[lang])
    expect(page.locator(".hw-edit-items > li").nth(1)).to_contain_text(puzzle.question[lang])
    grid_url = set_url + "results/"

    # --- a member logs in with the code from his slip, in the other language --------------------
    mlang = other(lang)
    member_context = browser.new_context(viewport=SIZES["phone"])
    member = problems.watch(member_context.new_page())
    username, login_code = logins[1]  # not the first by name: sorting by most done moves him up
    member.goto(f"{base}/{mlang}/account/code/")
    tab_reaches_every_control(member, "form.club-form")
    member.locator("#id_username").fill(username)
    member.locator("#id_code").fill(login_code)
    member.locator("#id_code").press("Enter")
    member.wait_for_url(f"{base}/{mlang}/account/code/password/")
    tab_reaches_every_control(member, "form.club-form")
    member.locator("#id_new_password1").fill(PASSWORD)
    member.locator("#id_new_password2").fill(PASSWORD)
    member.locator("#id_new_password2").press("Enter")
    member.wait_for_url(f"{base}/{mlang}/clubs/")
    member.locator(".club-list a", has_text="Tuesday club").click()
    expect(member.locator(".club-head .lede")).to_have_text("We meet on Tuesday evenings.")
    expect(member.locator("#notices .club-notice strong")).to_have_text("Welcome!")
    expect(member.locator(".club-homework")).to_contain_text("3 items left to do.")
    member.locator(f'.club-homework a[href="/{mlang}/clubs/{club_code}/homework/"]').click()
    expect(member.locator("h1")).to_have_text("My homework")
    expect(member.locator(".hw-item")).to_have_count(3)
    homework_url = member.url

    # The lesson's first steps, then the puzzle, right first time.
    member.locator(".hw-item").nth(0).locator(".hw-item-head a").click()
    steps = min(3, len(lesson.steps) - 1)
    do_lesson_steps(member, lesson, steps)
    member.goto(homework_url)
    expect(member.locator(".hw-item").nth(0).locator(".hw-cell")).to_have_text(f"{steps}/{len(lesson.steps)} steps")
    member.locator(".hw-item").nth(1).locator(".hw-item-head a").click()
    expect(member.locator("h1")).to_have_text(puzzle.question[mlang])
    previous = None
    for ply, move in enumerate(puzzle.answers):
        act(member, move)
        previous = member.locator(".result.is-ok")
    expect(previous).to_be_visible()
    member.goto(homework_url)
    expect(member.locator(".hw-item").nth(1).locator(".hw-cell")).to_have_text("✓ first try")
    member.locator(".hw-item").nth(2).locator("button[type=submit]").click()
    member.wait_for_url(re.compile(rf"/{mlang}/{game.slug}/play/[\w-]+/$"))
    expect(member.locator("#table")).to_be_visible()
    member.goto(homework_url)
    expect(member.locator(".hw-item").nth(2).locator(".hw-cell")).to_have_text("in play")
    expect(member.locator(".hw-set .small").first).to_contain_text("2 items left to do.")

    # --- the organiser's grid ------------------------------------------------------------------
    page.goto(grid_url)
    rows = page.locator(".hw-grid tbody tr")
    expect(rows).to_have_count(3)
    name = NAMES[1]
    row = page.locator(".hw-grid tbody tr", has=page.locator("th", has_text=name))
    expect(row.locator("td").nth(0)).to_contain_text(f"{steps}/{len(lesson.steps)}")
    expect(row.locator("td").nth(1)).to_contain_text("✓")
    expect(row.locator("td").nth(2)).to_contain_text(said(lang, "in play"))
    expect(row.locator("td.hw-total")).to_have_text("1/3")
    # By name: Aiko, Ben, Chika; by most done: Ben, then the others by name.
    page.locator('a[href="?sort=total"]').first.click()
    expect(page.locator(".hw-grid th[aria-sort]")).to_have_attribute("aria-sort", "descending")
    expect(rows.locator("th")).to_have_text([NAMES[1], NAMES[0], NAMES[2]])
    page.locator('a[href="?sort=name"]').first.click()
    expect(page.locator(".hw-grid th[aria-sort]")).to_have_attribute("aria-sort", "ascending")
    expect(rows.locator("th")).to_have_text(NAMES)

    with page.expect_download() as got:
        page.locator(f'a[href^="/{lang}/clubs/{club_code}/homework/"][href*="results.csv"]').click()
    text = Path(got.value.path()).read_text(encoding="utf-8-sig")
    table = list(csv.reader(io.StringIO(text)))
    assert len(table) == 1 + 3 + 1, table
    assert [r[0] for r in table[1:4]] == NAMES
    assert len(table[0]) == 5 and lesson.title[lang] in table[0][1] and puzzle.question[lang] in table[0][2]
    assert table[2][1].startswith(f"{steps}/{len(lesson.steps)}") and table[2][2].startswith("✓"), table[2]
    assert [r[-1] for r in table[1:4]] == ["0/3", "1/3", "0/3"]
    assert table[4][1:4] == ["0/3", "1/3", "0/3"], table[4]

    row.locator("td").nth(1).locator("a").click()
    expect(page.locator("h1")).to_contain_text(name)
    expect(page.locator(".hw-moves tbody tr")).to_have_count(len(puzzle.answers))

    # --- axe and screenshots of the four pages in both languages --------------------------------
    pages = {
        "club": (page, club_url),
        "members": (page, f"{base}/{lang}/clubs/{club_code}/members/"),
        "grid": (page, grid_url),
        "my-homework": (member, homework_url),
        "member-club": (member, in_lang(club_url, mlang)),
    }
    for what, (who, url) in pages.items():
        for each in ("ja", "en"):
            who.goto(in_lang(url, each))
            who.set_viewport_size(SIZES["desktop"])
            findings[f"{what} {each}"] = audit(who)
            who.set_viewport_size(SIZES["phone"])
            findings[f"{what} {each} phone"] = audit(who)
            snap(who, f"{what}-{each}")

    # Slips in the other language: new codes for the two members who never logged in.
    page.goto(in_lang(f"{base}/{lang}/clubs/{club_code}/members/", mlang))
    for user, _code in (logins[0], logins[2]):
        page.locator(f'tr:has(.club-meta:text-is("{user}")) input[name="user"]').check()
    page.locator('button[form="codes-form"]').click()
    expect(page.locator(".slip")).to_have_count(2)
    findings[f"slips {mlang}"] = audit(page)
    snap(page, f"slips-{mlang}")
    slips_print(page, f"slips-{mlang}")

    assert not {k: v for k, v in findings.items() if v}, findings
    assert problems == []
    org_context.close()
    member_context.close()


def slips_print(page, name):
    """The slips as printed: print media on screen, and the PDF the browser makes (A4)."""
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".slips-intro")).to_be_hidden()
    folder = os.environ.get("DOJO_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}-print.png"), full_page=True)
        page.pdf(path=str(Path(folder) / f"{name}.pdf"), format="A4", print_background=True)
    page.emulate_media(media="screen")


def test_without_javascript_a_member_logs_in_with_his_slip_joins_a_club_and_answers_a_lesson_step(
        live_server, browser, problems):
    from django.contrib.auth import get_user_model

    from clubs import services
    from homework.models import HomeworkItem, HomeworkSet
    from tutorials.lessons import quiz_truth

    game, _code = homework_game()
    olga = get_user_model().objects.create_user("olga")
    club = services.create_club(olga, "Tuesday club")
    friday = services.create_club(olga, "Friday club")
    ((user, login_code),) = services.create_members(club, ["Aiko Sato"], "no-script-1")
    lesson = lessons.lessons(game.slug)[0]
    answer_at = next(n for n, s in enumerate(lesson.steps, 1) if s.kind in ("act", "quiz"))
    hw_set = HomeworkSet.objects.create(club=club, title="Week 1", created_by=olga)
    HomeworkItem.objects.create(set=hw_set, position=1, game=game.slug, kind="lesson", ref=lesson.id)
    context = browser.new_context(java_script_enabled=False, viewport=SIZES["phone"])
    page = problems.watch(context.new_page())
    base = live_server.url

    # The slip's QR code leads to the code login page with both filled in.
    page.goto(f"{base}/en/account/code/?u={user.username}&c={login_code}")
    expect(page.locator("#id_username")).to_have_value(user.username)
    page.locator("form.club-form button[type=submit]").click()
    expect(page.locator("h1")).to_have_text("Choose a password")
    page.locator("#id_new_password1").fill(PASSWORD)
    page.locator("#id_new_password2").fill(PASSWORD + "x")
    page.locator("form.club-form button[type=submit]").click()
    expect(page.locator(".field.has-error")).to_have_count(1)  # two different passwords: said, nothing lost
    page.locator("#id_new_password1").fill(PASSWORD)
    page.locator("#id_new_password2").fill(PASSWORD)
    page.locator("form.club-form button[type=submit]").click()
    page.wait_for_url(f"{base}/en/clubs/")

    page.locator("#id_code").fill(friday.code.lower())
    page.locator("form.club-form button[type=submit]").click()
    expect(page.locator("h1")).to_have_text("Friday club")
    page.locator('.account-nav a[href="/en/clubs/"]').click()
    expect(page.locator(".club-list a")).to_have_text(["Friday club", "Tuesday club"])
    page.locator(".club-list a", has_text="Tuesday club").click()
    page.locator(f'.club-homework a[href="/en/clubs/{club.code}/homework/"]').click()
    page.locator(".hw-item .hw-item-head a").click()

    for n, step in enumerate(lesson.steps[:answer_at], start=1):
        expect(page.locator(".lesson-progress").first).to_contain_text(str(n))
        if n < answer_at:
            page.locator('#lesson-step [data-key="next"]').click()
            continue
        if step.kind == "quiz":
            page.locator(f'button[name="choice"][value="{quiz_truth(lesson.game, step)}"]').click()
            expect(page.locator(".result.is-ok")).to_be_visible()
        else:
            for move in step.expect[0]:
                act(page, move)
                expect(page.locator("#lesson-step .result.is-ok")).to_be_visible()
    page.goto(f"{base}/en/clubs/{club.code}/homework/")
    expect(page.locator(".hw-cell")).to_have_text(f"{answer_at}/{len(lesson.steps)} steps")
    assert problems == []
    context.close()
