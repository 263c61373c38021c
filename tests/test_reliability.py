"""No lost and no doubled moves: two tabs of one browser submitting the same move at the same moment,
with real threads and real database connections, on a database configured as in production (a file
in write-ahead-log mode on SQLite; the suite runs again on PostgreSQL). And when the database cannot
be had in time, the reader is told to try again, with nothing lost."""

import random
import sqlite3
import threading

import pytest
from django.db import connection
from django.test import Client

from tests.tables import HX, advance, create, form_for, match_of, table_of, tables

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = tables()


def _to_the_readers_turn(client, url):
    """Let the bots play until the reader is to move, and the page shows it."""
    for _ in range(400):
        match = match_of(url)
        if match.table.shown == match.length and match.reader_awaited():
            return match
        advance(client, url, match)
    raise AssertionError("the reader never came to move")


def _at_once(n, fn):
    """Run fn(i) in n threads released together; their results in order."""
    barrier = threading.Barrier(n)
    results = [None] * n

    def run(i):
        try:
            barrier.wait()
            results[i] = fn(i)
        finally:
            connection.close()  # each thread had its own connection

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_the_test_database_is_configured_as_in_production():
    if connection.vendor == "sqlite":
        assert connection.settings_dict["NAME"] not in (":memory:", "") and "mode=memory" not in str(
            connection.settings_dict["NAME"]), "the concurrency tests need a file database"
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
        assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


@pytest.mark.parametrize("slug,players", TABLES)
def test_two_tabs_submit_the_same_move_at_once(slug, players, rounds=3):
    client = Client()
    url = create(client, slug, players)
    rng = random.Random(slug)
    for _ in range(rounds):
        match = _to_the_readers_turn(client, url)
        before = match.table
        action = rng.choice(match.game.legal_actions(match.view(), match.human))
        form = form_for(match, action)

        def submit(i):
            tab = Client()
            tab.cookies = client.cookies  # the same browser, two tabs
            return tab.post(url + "act/", form).status_code

        statuses = _at_once(2, submit)
        # One is applied (and redirects to the table); the other is refused as stale.
        assert sorted(statuses) == [302, 409], statuses
        after = table_of(url)
        assert after.version == before.version + 1
        assert after.actions[:len(before.actions) + 1] == before.actions + [[match.human, str(action)]]
        assert [a for a in after.actions[len(before.actions):] if a[0] == match.human] == [[match.human, str(action)]]


def _hold_the_database(settings_dict):
    """Another writer holding the database (SQLite: the write lock of the whole file; PostgreSQL:
    every table row), until released."""
    if connection.vendor == "sqlite":
        other = sqlite3.connect(settings_dict["NAME"], timeout=5, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        return other
    import psycopg

    other = psycopg.connect(host=settings_dict["HOST"], port=settings_dict["PORT"] or 5432,
                            user=settings_dict["USER"], password=settings_dict["PASSWORD"] or None,
                            dbname=settings_dict["NAME"])
    other.execute("SELECT id FROM games_table FOR UPDATE")
    return other


def _release(other):
    if isinstance(other, sqlite3.Connection):
        other.execute("ROLLBACK")
    else:
        other.rollback()
    other.close()


@pytest.mark.parametrize("lang,words", [("en", "try again"), ("ja", "もう一度")])
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_database_held_too_long_answers_try_again_and_loses_nothing(lang, words, htmx):
    slug, players = TABLES[0]
    client = Client()
    url = create(client, slug, players, lang=lang)
    match = _to_the_readers_turn(client, url)
    before = match.table
    form = form_for(match, match.game.legal_actions(match.view(), match.human)[0])
    # The database waits only briefly in this test (20 s on SQLite and 5 s on PostgreSQL when serving).
    if connection.vendor == "sqlite":
        connection.close()
        connection.settings_dict["OPTIONS"]["timeout"] = 0.2
    else:
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '200ms'")
    other = _hold_the_database(connection.settings_dict)
    try:
        response = client.post(url + "act/", form, **(HX if htmx else {}))
    finally:
        _release(other)
        if connection.vendor == "sqlite":
            connection.close()
            connection.settings_dict["OPTIONS"]["timeout"] = 20
    assert response.status_code == 503 and response["Retry-After"]
    body = response.content.decode()
    assert words in body and 'id="table"' in body and url in body
    after = table_of(url)
    assert (after.version, after.actions) == (before.version, before.actions)
    # Sent again once the database is free, the same move is applied once.
    assert client.post(url + "act/", form).status_code == 302
    assert table_of(url).version == before.version + 1


def test_only_a_held_database_is_try_again_not_a_real_fault():
    """A database fault that waiting will not cure (here, a missing table) is an error like any
    other, logged and answered 500, not disguised as "busy, try again"."""
    from django.db import OperationalError

    from games.table import views

    slug, players = TABLES[0]
    client = Client(raise_request_exception=False)
    url = create(client, slug, players)

    def broken(execute, sql, params, many, context):
        # The table's own reads fail, whichever way the view makes them; nothing else does.
        if "games_table" in sql:
            raise OperationalError("no such table: games_table")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(broken):
        assert client.post(url + "undo/").status_code == 500
    assert views.is_busy(OperationalError("database is locked"))
    assert not views.is_busy(OperationalError("no such table: games_table"))
