"""A browser's records and tables move into an account (games.owner.adopt and the merge rules of
attempts/merge.py and games/merge.py): nothing lost, nothing counted twice, adopting twice harmless."""

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from attempts import summary
from attempts.models import DealPlayed, LessonAnswer, PuzzleMove
from games.models import Table
from games.owner import adopt, token_in, user_key
from tests.compiled import ensure_compiled
from tests.tables import create, table_of
from tutorials import lessons, puzzles

pytestmark = pytest.mark.django_db
GAME = "toy"  # the toy game (tests/toy/), registered for every test here


@pytest.fixture(autouse=True)
def _toy(toy):
    assert toy == GAME


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def nonce(client, url):
    return re.search(r'name="nonce" value="([^"]+)"', unescape(client.get(url).content.decode())).group(1)


def two():
    """(browser client and its key, signed-in client and its key)."""
    browser = Client()
    browser.get(f"/en/{GAME}/play/")
    user = get_user_model().objects.create_user("learner", password="a long pass phrase")
    account = Client()
    account.force_login(user)
    return browser, account, user_key(user)


def solve(client, p, wrong_first=False):
    url = f"/en/{GAME}/puzzles/{p.id}/"
    if wrong_first:
        client.post(url, {"action": next(iter(p.wrong)), "nonce": nonce(client, url)})
    client.post(url, {"action": p.answers[0], "nonce": nonce(client, url)})


def test_a_puzzle_solved_in_both_is_solved_with_each_try_counted_once():
    browser, account, key = two()
    p = next(p for p in puzzles.puzzles(GAME) if p.wrong and len(p.moves()) == 1)
    solve(account, p)  # first try, in the account
    solve(browser, p, wrong_first=True)  # two more tries, in the browser
    old = token_in(browser.cookies)
    assert summary.puzzle(PuzzleMove.objects.filter(owner=old)).attempts == 2
    adopt(old, key)
    rows = PuzzleMove.objects.filter(owner=key, puzzle=p.id)
    done = summary.puzzle(rows)
    assert done.solved and done.status == summary.FIRST_TRY  # the account's try came first
    assert done.attempts == 3 and [t["attempt"] for t in done.tries] == [1, 2, 3]
    assert rows.count() == 3 and not PuzzleMove.objects.filter(owner=old).exists()
    adopt(old, key)  # again: harmless
    assert summary.puzzle(PuzzleMove.objects.filter(owner=key, puzzle=p.id)).tries == done.tries


def test_tries_are_numbered_in_the_order_they_were_begun():
    browser, account, key = two()
    p = next(p for p in puzzles.puzzles(GAME) if p.wrong and len(p.moves()) == 1)
    solve(browser, p, wrong_first=True)  # the browser's tries first: missed, then solved
    solve(account, p)
    adopt(token_in(browser.cookies), key)
    done = summary.puzzle(PuzzleMove.objects.filter(owner=key, puzzle=p.id))
    assert done.status == summary.AFTER_HINTS and done.attempts == 3 and done.wrong == 1


def test_a_lesson_half_done_in_each_is_the_union_of_its_steps():
    browser, account, key = two()
    lesson = lessons.lessons(GAME)[0]
    reads = [n for n, s in enumerate(lesson.steps, start=1) if s.kind == "read"]
    assert len(reads) >= 2
    url = f"/en/{GAME}/lessons/{lesson.id}/{{}}/"
    browser.post(url.format(reads[0]), {"nonce": nonce(browser, url.format(reads[0]))})
    account.post(url.format(reads[1]), {"nonce": nonce(account, url.format(reads[1]))})
    account.post(url.format(reads[0]), {"nonce": nonce(account, url.format(reads[0]))})
    adopt(token_in(browser.cookies), key)
    adopt(token_in(browser.cookies), key)
    done = summary.lesson(LessonAnswer.objects.filter(owner=key, lesson=lesson.id), len(lesson.steps))
    assert done.done == {reads[0], reads[1]}
    page = unescape(account.get(f"/en/{GAME}/lessons/").content.decode())
    assert f'max="{len(lesson.steps)}" value="2"' in page


def test_tables_and_their_deals_move_to_the_account():
    browser, account, key = two()
    url = create(browser, GAME)
    table = table_of(url)
    DealPlayed.objects.create(owner=table.owner, game=GAME, table=table.token, deal=1, level=table.level)
    assert account.get(url).status_code == 404  # not the account's yet
    adopt(table.owner, key)
    adopt(table.owner, key)
    assert Table.objects.get(pk=table.pk).owner == key
    assert DealPlayed.objects.get().owner == key
    assert account.get(url).status_code == 200
    assert browser.get(url).status_code == 404  # the browser alone no longer holds it
