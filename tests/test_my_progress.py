"""The learner's own progress page: figures from their records only, over the chosen window, with an
activity chart (inline SVG) and the same figures in a table; nothing written by looking."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.conf import settings
from django.http import HttpResponse
from django.utils import timezone

from attempts.models import DealPlayed, LessonAnswer, PuzzleMove
from games.owner import COOKIE, SALT, user_key
from games.ui import game_ui, site_games
from tests.compiled import ensure_compiled
from tests.test_pages import XMLNS, Tags
from tutorials import lessons, puzzles

pytestmark = pytest.mark.django_db

TOKEN = "browser-token-of-the-test-0001"


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def a_game():
    """A game of the site with two lessons and three puzzles at least (none is named)."""
    for game in site_games():
        if len(lessons.lessons(game.slug)) >= 2 and len(puzzles.puzzles(game.slug)) >= 3:
            return game.slug
    pytest.skip("no game with lessons and puzzles")


def url(lang, window=None):
    return f"/{lang}/account/progress/" + (f"?window={window}" if window else "")


def browser(client, token=TOKEN):
    """Make the test client a browser that is not signed in and holds this token (games.owner)."""
    signed = HttpResponse()
    signed.set_signed_cookie(COOKIE, token, salt=SALT)
    client.cookies[COOKIE] = signed.cookies[COOKIE].value
    return token


def ago(days, hours=0):
    return timezone.now() - timedelta(days=days, hours=hours)


def finish_lesson(owner, game, lesson, when, steps=None):
    for n in steps or range(1, len(lesson.steps) + 1):
        LessonAnswer.objects.create(owner=owner, game=game, lesson=lesson.id, step=n, correct=True, at=when)


def move(owner, game, puzzle, verdict, when, attempt=1, hints=0):
    PuzzleMove.objects.create(owner=owner, game=game, puzzle=puzzle.id, attempt=attempt, hints=hints,
                              action="x", verdict=verdict, at=when)


_deal_numbers = iter(range(1, 10_000))


def deal(owner, game, level, when, won=False, target_met=None):
    DealPlayed.objects.create(owner=owner, game=game, table="t", deal=next(_deal_numbers), level=level,
                              result={"won": won}, target="x" if target_met is not None else "",
                              target_met=target_met, at=when)


def page(client, lang="en", window=None):
    response = client.get(url(lang, window))
    assert response.status_code == 200
    return unescape(response.content.decode())


def section(html, game):
    """The part of the page about one game."""
    found = re.search(rf'<section class="game-progress" data-game="{game}".*?</section>', html, re.S)
    assert found, f"no section for {game}"
    return found.group(0)


def stat(html, game, name):
    found = re.search(rf'data-stat="{name}"><dt>.*?</dt><dd><span class="stat-value">(\d+)</span>',
                      section(html, game), re.S)
    return int(found.group(1)) if found else None


def bars(html):
    """The SVG's bars: [{kind: value}] oldest first."""
    svg = re.search(r"<svg class=\"chart-svg\".*?</svg>", html, re.S).group(0)
    out = []
    for group in re.findall(r'<g class="chart-bar".*?</g>', svg, re.S):
        out.append({k: int(v) for k, v in re.findall(r'data-kind="(\w+)" data-value="(\d+)"', group)})
    return out


def table_totals(html):
    foot = re.search(r"<tfoot>.*?</tfoot>", html, re.S).group(0)
    return [int(n) for n in re.findall(r'<td class="num">(\d+)</td>', foot)]


# --- nothing yet -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, words", [("en", "Nothing here yet"), ("ja", "まだ記録がありません")])
def test_a_new_browser_sees_a_friendly_empty_state_and_gets_no_cookie(client, lang, words):
    response = client.get(url(lang))
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert words in html
    assert "<svg" not in html
    for game in site_games():  # a way in to every game
        assert f"/{lang}/{game.slug}/" in html
    assert settings.SESSION_COOKIE_NAME not in response.cookies


def test_a_signed_in_user_with_no_records_sees_the_empty_state(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("learner", password="pw-12345678"))
    assert "Nothing here yet" in page(client)


# --- the figures -----------------------------------------------------------------------------------

def test_lessons_puzzles_and_deals_are_counted_per_game(client):
    owner = browser(client)
    game = a_game()
    first, second = lessons.lessons(game)[:2]
    p1, p2, p3 = puzzles.puzzles(game)[:3]
    finish_lesson(owner, game, first, ago(1))
    finish_lesson(owner, game, second, ago(1), steps=[1, 2])  # begun, not finished
    LessonAnswer.objects.create(owner=owner, game=game, lesson=second.id, step=3, correct=False, at=ago(1))
    move(owner, game, p1, PuzzleMove.SOLVED, ago(2))  # first try
    move(owner, game, p2, PuzzleMove.WRONG, ago(2))  # missed, then solved at the second try
    move(owner, game, p2, PuzzleMove.SOLVED, ago(2), attempt=2)
    move(owner, game, p3, PuzzleMove.WRONG, ago(2))  # missed
    levels = list(game_ui(game).levels)
    deal(owner, game, levels[0], ago(3), won=True)
    deal(owner, game, levels[0], ago(3), won=False)
    deal(owner, game, levels[-1], ago(3), won=True)

    html = page(client)
    assert stat(html, game, "lessons-finished") == 1
    assert stat(html, game, "steps") == len(first.steps) + 2
    assert stat(html, game, "first-try") == 1
    assert stat(html, game, "after-hints") == 1
    assert stat(html, game, "missed") == 1
    assert stat(html, game, "deals") == 3
    mine = section(html, game)
    assert f"1 of {len(lessons.lessons(game))} in all" in mine
    assert "3 won" not in mine and "2 won" in mine
    row = re.search(rf'<tr data-level="{levels[0]}"><th scope="row">[^<]+</th>'
                    r'<td class="num">(\d+)</td><td class="num">(\d+)</td>', mine)
    assert row and row.groups() == ("2", "1")
    assert "Target met" not in mine  # no deal had a target
    for other in site_games():
        if other.slug != game:
            assert "Nothing in this period." in section(html, other.slug)


def test_targets_are_shown_when_a_deal_had_one(client):
    owner = browser(client)
    game = a_game()
    level = list(game_ui(game).levels)[0]
    deal(owner, game, level, ago(1), target_met=True)
    deal(owner, game, level, ago(1), target_met=False)
    deal(owner, game, level, ago(1))
    mine = section(page(client), game)
    assert "Target met" in mine
    assert "1 of 2" in mine


def test_the_chart_and_its_table_give_the_same_figures(client):
    owner = browser(client)
    game = a_game()
    first = lessons.lessons(game)[0]
    p1 = puzzles.puzzles(game)[0]
    finish_lesson(owner, game, first, ago(0), steps=[1, 2, 3, 4])
    LessonAnswer.objects.create(owner=owner, game=game, lesson=first.id, step=5, correct=False, at=ago(0))
    move(owner, game, p1, PuzzleMove.RIGHT, ago(3))
    move(owner, game, p1, PuzzleMove.WRONG, ago(3))
    move(owner, game, p1, PuzzleMove.SOLVED, ago(3))
    deal(owner, game, list(game_ui(game).levels)[0], ago(3))
    deal(owner, game, list(game_ui(game).levels)[0], ago(40))  # outside the window

    html = page(client, window="7")
    assert re.search(r'<svg class="chart-svg" role="img" aria-labelledby="chart-title chart-desc"', html)
    assert re.search(r'<title id="chart-title">[^<]+</title>\s*<desc id="chart-desc">[^<]+</desc>', html)
    drawn = bars(html)
    assert len(drawn) == 7  # a bar a day
    assert drawn[-1] == {"lessons": 4}  # today: the wrong answer is not a step done
    assert drawn[-4] == {"puzzles": 2, "deals": 1}
    assert all(b == {} for i, b in enumerate(drawn) if i not in (3, 6))
    assert table_totals(html) == [4, 2, 1]
    body = re.search(r'<table class="progress-table activity-table">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    assert len(re.findall(r"<tr>", body)) == 2  # the two days with something done
    # The segments stack (deals on puzzles), each as tall as its value: 4 for the tallest bar.
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    group = re.search(r'<g class="chart-bar" data-total="3">.*?</g>', svg, re.S).group(0)
    rects = {k: (float(y), float(h)) for k, y, h in re.findall(
        r'data-kind="(\w+)" data-value="\d+" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"', group)}
    assert set(rects) == {"puzzles", "deals"}
    assert rects["deals"][0] + rects["deals"][1] == pytest.approx(rects["puzzles"][0], abs=0.02)
    assert rects["puzzles"][1] == pytest.approx(2 * rects["deals"][1], abs=0.02)
    today = re.search(r'<g class="chart-bar" data-total="4">.*?height="([\d.]+)"', svg, re.S)
    assert float(today.group(1)) == pytest.approx(4 * rects["deals"][1], abs=0.05)


# --- the window --------------------------------------------------------------------------------------

def test_the_window_filters_every_figure(client):
    owner = browser(client)
    game = a_game()
    first, second = lessons.lessons(game)[:2]
    p1, p2 = puzzles.puzzles(game)[:2]
    finish_lesson(owner, game, first, ago(100))  # finished long ago
    finish_lesson(owner, game, second, ago(100), steps=[1])  # begun long ago ...
    finish_lesson(owner, game, second, ago(2), steps=range(2, len(second.steps) + 1))  # ... finished now
    move(owner, game, p1, PuzzleMove.SOLVED, ago(100))
    move(owner, game, p1, PuzzleMove.SOLVED, ago(2), attempt=2)  # solved again: not new progress
    move(owner, game, p2, PuzzleMove.SOLVED, ago(20))
    level = list(game_ui(game).levels)[0]
    deal(owner, game, level, ago(2))
    deal(owner, game, level, ago(20))
    deal(owner, game, level, ago(100))
    deal(owner, game, level, ago(500))

    expected = {  # window: (lessons finished, steps, first try, deals)
        "7": (1, len(second.steps) - 1, 0, 1),
        "30": (1, len(second.steps) - 1, 1, 2),
        "365": (2, len(first.steps) + len(second.steps), 2, 3),
        "all": (2, len(first.steps) + len(second.steps), 2, 4),
    }
    for window, (finished, steps, first_try, deals) in expected.items():
        html = page(client, window=window)
        got = (stat(html, game, "lessons-finished"), stat(html, game, "steps"), stat(html, game, "first-try"),
               stat(html, game, "deals"))
        assert got == (finished, steps, first_try, deals), window
        assert re.search(rf'<a href="\?window={window}" aria-current="page">', html)
        assert sum(b.get("deals", 0) for b in bars(html)) == deals
    assert len(bars(page(client, window="30"))) == 30
    assert 52 <= len(bars(page(client, window="365"))) <= 54  # a bar a week
    assert len(bars(page(client, window="all"))) in range(16, 19)  # a bar a month since the first record


def test_an_unknown_window_falls_back_to_thirty_days(client):
    owner = browser(client)
    game = a_game()
    deal(owner, game, list(game_ui(game).levels)[0], ago(1))
    html = page(client, window="forever")
    assert '<a href="?window=30" aria-current="page">' in html


def test_a_window_with_nothing_in_it_says_so(client):
    owner = browser(client)
    game = a_game()
    deal(owner, game, list(game_ui(game).levels)[0], ago(100))
    html = page(client, window="7")
    assert "Nothing was done in this period" in html
    assert "<svg" not in html
    assert stat(page(client, window="365"), game, "deals") == 1


# --- whose records --------------------------------------------------------------------------------

def test_another_owners_records_never_show(client, django_user_model):
    game = a_game()
    level = list(game_ui(game).levels)[0]
    other = django_user_model.objects.create_user("other", password="pw-12345678")
    for key in (user_key(other), "someone-elses-browser"):
        finish_lesson(key, game, lessons.lessons(game)[0], ago(1))
        move(key, game, puzzles.puzzles(game)[0], PuzzleMove.SOLVED, ago(1))
        deal(key, game, level, ago(1), won=True)
    browser(client)
    assert "Nothing here yet" in page(client)
    me = django_user_model.objects.create_user("me", password="pw-12345678")
    client.force_login(me)
    deal(user_key(me), game, level, ago(1))
    html = page(client, window="all")
    assert stat(html, game, "deals") == 1
    assert stat(html, game, "lessons-finished") == 0 and stat(html, game, "first-try") == 0
    assert table_totals(html) == [0, 0, 1]


def test_a_signed_in_user_sees_their_own_records_in_few_queries(client, django_user_model,
                                                                django_assert_max_num_queries):
    game = a_game()
    me = django_user_model.objects.create_user("me", password="pw-12345678")
    key = user_key(me)
    for lesson in lessons.lessons(game):
        finish_lesson(key, game, lesson, ago(1))
    for p in puzzles.puzzles(game):
        move(key, game, p, PuzzleMove.SOLVED, ago(2))
    for level in game_ui(game).levels:
        deal(key, game, level, ago(3), won=True)
    client.force_login(me)
    # The session, the user, then one query per kind of record (lessons, puzzles, deals, the answers
    # given at a club's teaching table, and the challenges of his clubs).
    with django_assert_max_num_queries(7):
        html = page(client)
    assert stat(html, game, "lessons-finished") == len(lessons.lessons(game))
    assert stat(html, game, "first-try") == len(puzzles.puzzles(game))


def test_looking_writes_nothing(client):
    owner = browser(client)
    game = a_game()
    deal(owner, game, list(game_ui(game).levels)[0], ago(1))
    counts = [m.objects.count() for m in (LessonAnswer, PuzzleMove, DealPlayed)]
    response = client.get(url("en"))
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert [m.objects.count() for m in (LessonAnswer, PuzzleMove, DealPlayed)] == counts
    assert client.post(url("en")).status_code == 405


# --- both languages --------------------------------------------------------------------------------

def test_japanese_page_with_dates_in_japanese(client):
    owner = browser(client)
    game = a_game()
    deal(owner, game, list(game_ui(game).levels)[0], ago(1))
    html = page(client, "ja")
    assert '<html lang="ja"' in html
    assert "学習の記録" in html
    day = timezone.localtime(ago(1)).date()
    assert re.search(rf'<th scope="row">({day.year}年)?{day.month}月{day.day}日</th>', html)  # the table's row
    today = timezone.localdate()
    assert f">{today.month}月{today.day}日</text>" in html  # the chart's axis
    english = page(client, "en")
    assert day.strftime("%Y") in english and "年" not in re.search(r"<tbody>.*?</tbody>", english, re.S).group(0)


def test_the_chart_needs_no_inline_style_or_script(client):
    """The SVG is drawn with attributes and the site's stylesheet: the CSP stays as strict as ever."""
    owner = browser(client)
    game = a_game()
    finish_lesson(owner, game, lessons.lessons(game)[0], ago(1))
    deal(owner, game, list(game_ui(game).levels)[0], ago(2), won=True)
    html = page(client, window="7")
    assert "<svg" in html
    tags = Tags(html)
    assert not [t for t, attrs in tags.tags if "style" in attrs or any(a.startswith("on") for a in attrs)]
    assert not tags.script_bodies and "<style" not in html
    assert "http" not in XMLNS.sub("", re.search(r"<svg.*?</svg>", html, re.S).group(0))
