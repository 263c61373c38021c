"""Two gunicorn servers sharing one PostgreSQL database serve one practice table alternately, request
by request, and one of them is restarted in the middle of a hand: every move lands exactly once and
the event log never diverges, because the log in the database is the only truth.

Runs where the suite runs on PostgreSQL (`make test` does both); skipped on SQLite, whose test
database lives in memory where no other process can see it.
"""

import os
import re
import random
import socket
from urllib.parse import quote

import pytest
from django.db import connection

from games.engine import registry
from games.engine.play import bot_levels
from games.management.commands.loadrun import Browser, Server
from games.models import Table
from tests.tables import form_for, match_of, quick, setup_form, tables

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url():
    d = connection.settings_dict
    auth = quote(d["USER"] or "", safe="") + (":" + quote(d["PASSWORD"], safe="") if d["PASSWORD"] else "")
    host = quote(d["HOST"] or "localhost", safe="")
    port = f":{d['PORT']}" if d["PORT"] else ""
    return f"postgres://{auth}@{host}{port}/{d['NAME']}"


def _one_table_per_game():
    """Each game once, at a player count between its fewest and most."""
    out = {}
    for slug, players in tables(every_count=True):
        out.setdefault(slug, []).append(players)
    return [(slug, counts[len(counts) // 2]) for slug, counts in out.items()]


@pytest.mark.parametrize("slug,players", _one_table_per_game())
def test_two_servers_one_table_and_a_restart(tmp_path, slug, players):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (the suite's second run)")
    env = {**os.environ, "DATABASE_URL": _database_url(), "DJANGO_DEBUG": "0", "DJANGO_SSL_REDIRECT": "0",
           "DJANGO_SECRET_KEY": "two-servers-" + "x" * 40, "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "DJANGO_STATIC_MANIFEST": "0", "DJANGO_HSTS_SECONDS": "0"}
    servers = [Server(_free_port(), env, tmp_path / f"gunicorn-{i}.log") for i in range(2)]
    game = registry.get(slug)
    try:
        for s in servers:
            s.start()
        ports = [s.port for s in servers]
        browser = Browser(ports)
        browser.request("GET", f"/en/{slug}/play/")
        status, headers, _ = browser.request("POST", f"/en/{slug}/play/", setup_form(slug, players, **quick(slug)))
        assert status == 302
        url = headers["Location"]
        token = url.rstrip("/").rsplit("/", 1)[1]
        reader = bot_levels(game)["club"](game)
        rng = random.Random(slug)
        expected = []
        restarted = False
        for i in range(3000):
            match = match_of(url)
            table = match.table
            # The log is exactly the moves made, in order, and only grows.
            assert table.actions[:len(expected)] == expected
            expected = list(table.actions)
            if not game.to_move(match.state) and table.shown == match.length:
                break
            if i == 12 and not restarted:
                servers[1].stop()  # mid-hand: the next requests go to a server that is starting again
                servers[1].start()
                restarted = True
            port = ports[i % 2]
            if table.shown < match.length:  # the bots' moves, one at a time, from either server
                status, _, _ = browser.request("GET", url + f"?at={table.shown + 1}", port=port, hx=True)
                assert status == 200 and Table.objects.get(token=token).shown == table.shown + 1
            elif match.reader_awaited():
                action = reader.choose(match.view(), match.human, rng)
                status, _, body = browser.request("POST", url + "act/", form_for(match, action), port=port, hx=True)
                assert status == 200, body[:500]
                after = Table.objects.get(token=token)
                assert after.actions[:len(expected) + 1] == expected + [[match.human, str(action)]]
                assert after.version == table.version + 1
            else:
                status, _, _ = browser.request("POST", url + "step/", {"version": table.version}, port=port, hx=True)
                assert status == 200
                assert Table.objects.get(token=token).version == table.version + 1
            # Both servers show the same table after every move.
            pages = [browser.request("GET", url + f"?at={Table.objects.get(token=token).shown}", port=p)[2]
                     for p in ports]
            versions = [int(re.search(rb'data-version="(\d+)"', page).group(1)) for page in pages]
            assert versions[0] == versions[1] == Table.objects.get(token=token).version
        else:
            pytest.fail("the match did not end")
        assert restarted and Table.objects.get(token=token).finished
        assert Table.objects.get(token=token).actions[:len(expected)] == expected
    finally:
        for s in servers:
            s.stop()
