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


def test_two_servers_ask_the_room_and_a_restart(tmp_path):
    """A question of a club's teaching table, asked on one server and answered by members on both,
    one server restarted in the middle: every member's answer is counted once (a double tap and a
    changed answer included), both servers count the same, and the reveal on the other server
    closes the question for both."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (the suite's second run)")
    from clubs import services
    from clubs.models import Membership
    from django.contrib.auth import get_user_model
    from teaching import positions
    from teaching.models import Answer, Question, TeachingTable

    env = {**os.environ, "DATABASE_URL": _database_url(), "DJANGO_DEBUG": "0", "DJANGO_SSL_REDIRECT": "0",
           "DJANGO_SECRET_KEY": "two-servers-" + "x" * 40, "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "DJANGO_STATIC_MANIFEST": "0", "DJANGO_HSTS_SECONDS": "0"}
    users = get_user_model()
    organiser = users.objects.create_user("olga", password="plum-kettle-93")
    club = services.create_club(organiser, "Tuesday club")
    names = [f"member{i}" for i in range(5)]
    for name in names:
        Membership.objects.create(club=club, user=users.objects.create_user(name, password="plum-kettle-93"))
    slug, players = _one_table_per_game()[0]
    game = registry.get(slug)
    table = TeachingTable.objects.create(club=club, created_by=organiser, game=slug, players=players, code="",
                                         start=game.to_text(game.new("two-servers", players)))
    servers = [Server(_free_port(), env, tmp_path / f"gunicorn-{i}.log") for i in range(2)]
    try:
        for s in servers:
            s.start()
        ports = [s.port for s in servers]

        def logged_in(name, port):
            b = Browser(ports)
            assert b.log_in(name, "plum-kettle-93", port), name
            return b

        teacher = logged_in("olga", ports[0])
        base = f"/en/clubs/{club.code}/teach/{table.token}/"
        assert teacher.request("POST", base + "ask/", {"step": "0"}, port=ports[0])[0] == 302
        question = Question.objects.get(table=table)
        state = positions.states(table)[0]
        legal = [str(a) for a in game.legal_actions(state, question.seat)]
        members = [logged_in(name, ports[i % 2]) for i, name in enumerate(names)]
        for i, member in enumerate(members):
            if i == 2:
                servers[1].stop()  # between answers: the next ones go to a server that is starting again
                servers[1].start()
            port = ports[i % 2]
            room = f"/en/room/{question.code}/"
            assert member.request("GET", room, port=port)[0] == 200
            answer = {"action": legal[i % len(legal)]}
            assert member.request("POST", room, answer, port=port)[0] == 302
            assert member.request("POST", room, answer, port=ports[(i + 1) % 2])[0] == 302  # a double tap
        changed = {"action": legal[-1]}
        assert members[0].request("POST", f"/en/room/{question.code}/", changed, port=ports[1])[0] == 302
        assert Answer.objects.filter(question=question).count() == len(names)
        assert Answer.objects.get(question=question, user__username="member0").action == legal[-1]
        for port in ports:  # both servers count the same
            body = teacher.request("GET", base + f"ask/{question.pk}/count/", port=port)[2].decode()
            assert f"{len(names)} answers" in body
        assert teacher.request("POST", base + f"ask/{question.pk}/reveal/", {}, port=ports[1])[0] == 302
        late = members[1].request("POST", f"/en/room/{question.code}/", {"action": legal[0]}, port=ports[0])
        assert late[0] == 409 and Answer.objects.filter(question=question).count() == len(names)
        assert all(a.verdict for a in Answer.objects.filter(question=question))
    finally:
        for s in servers:
            s.stop()


def test_two_servers_a_table_of_people_and_a_restart(tmp_path):
    """Two people at one table, each on another server, one server restarted in the middle: every
    move lands once, each person's poll on either server sees the other's moves, and a double
    submit across the servers is refused once."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (the suite's second run)")
    from django.contrib.auth import get_user_model

    from games.controls import encode
    from games.models import PeopleSeat, PeopleTable
    from games.people import play
    from games.ui import game_ui

    env = {**os.environ, "DATABASE_URL": _database_url(), "DJANGO_DEBUG": "0", "DJANGO_SSL_REDIRECT": "0",
           "DJANGO_SECRET_KEY": "two-servers-" + "x" * 40, "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "DJANGO_STATIC_MANIFEST": "0", "DJANGO_HSTS_SECONDS": "0"}
    users = get_user_model()
    slug = next(s for s, n in _one_table_per_game() if 2 in registry.get(s).player_counts)
    table = PeopleTable.objects.create(game=slug, seed="two-servers", players=2, options={},
                                       seats=[{"kind": "person"}, {"kind": "person"}])
    for seat, name in enumerate(("olga", "mika")):
        PeopleSeat.objects.create(table=table, seat=seat, user=users.objects.create_user(name, password="plum-kettle-93"))
    servers = [Server(_free_port(), env, tmp_path / f"gunicorn-{i}.log") for i in range(2)]
    game, ui = registry.get(slug), game_ui(slug)
    try:
        for s in servers:
            s.start()
        ports = [s.port for s in servers]
        people = []
        for seat, name in enumerate(("olga", "mika")):
            b = Browser(ports)
            assert b.log_in(name, "plum-kettle-93", ports[seat]), name
            people.append(b)
        base = f"/en/{slug}/people/{table.token}/"
        for step in range(12):
            if step == 5:
                servers[1].stop()  # mid-match: the next requests to it wait for it to start again
                servers[1].start()
            table.refresh_from_db()
            state = play.replay(table).state
            waiting = sorted(game.turn(state))
            if not waiting:
                break
            seat = waiting[0]
            action = game.legal_actions(state, seat)[step % len(game.legal_actions(state, seat))]
            fields = {**encode(action, ui.controls(game, game.view(state, seat), seat)), "version": table.version}
            assert people[seat].request("POST", base + "act/", fields, port=ports[seat])[0] == 302
            again = people[seat].request("POST", base + "act/", fields, port=ports[1 - seat])[0]
            assert again == 409  # the same form once more, on the other server: refused, nothing twice
            table.refresh_from_db()
            assert table.version == step + 1 and table.actions[-1] == [seat, str(action)]
            for other in (0, 1):  # both servers answer each person's poll with the new position
                status, _h, body = people[other].request("GET", base + f"poll/?v={step}", port=ports[1 - other], hx=True)
                assert status == 200 and f'data-version="{step + 1}"'.encode() in body
    finally:
        for s in servers:
            s.stop()
