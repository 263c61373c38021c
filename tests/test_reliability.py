"""No lost and no doubled moves: two tabs of one browser submitting the same move at the same moment,
with real threads and real database connections (the suite runs on SQLite and on PostgreSQL)."""

import random
import threading

import pytest
from django.db import connection
from django.test import Client

from tests.test_tables_every_game import TABLES, create, form_for, match_of

pytestmark = pytest.mark.django_db(transaction=True)


def _to_the_readers_turn(client, url):
    """Let the bots play (one step per request) until the reader is to move."""
    for _ in range(200):
        match = match_of(url)
        if match.human in match.game.to_move(match.state):
            return match
        client.post(url + "step/", {"version": match.table.version})
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
        t.join(30)
    return results


@pytest.mark.parametrize("slug,players", TABLES)
def test_two_tabs_submit_the_same_move_at_once(slug, players, rounds=3):
    client = Client()
    url = create(client, slug, players)
    rng = random.Random(slug)
    for _ in range(rounds):
        match = _to_the_readers_turn(client, url)
        before = match.table
        action = rng.choice(match.game.legal_actions(match.view(), match.human))
        form = form_for(action, before.version)

        def submit(i):
            tab = Client()
            tab.cookies = client.cookies  # the same browser, two tabs
            return tab.post(url + "act/", form).status_code

        statuses = _at_once(2, submit)
        # One is applied (and redirects to the table); the other is refused as stale.
        assert sorted(statuses) == [302, 409], statuses
        after = match_of(url).table
        assert after.version == before.version + 1
        assert after.actions == before.actions + [[match.human, str(action)]]
