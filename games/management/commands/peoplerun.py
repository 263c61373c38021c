"""A load run of tables of people on the production stack: python manage.py peoplerun [--tables 20]
[--servers 1] [--seconds 60]

It starts gunicorn (2 workers each) on loopback with production settings on the database the
environment names (DATABASE_URL, or SQLite), sets up `tables` tables of people, every game in turn
and from two to seven people each (as many as the game seats), logs every person in, then for
`seconds` every person's page asks every 2 s whether the table changed (the poll, as htmx does)
and, when it is their turn, plays a legal move at once, the way a person's board posts it. An
empty view (/healthz/) is asked alongside, as the floor. It prints the p50/p95 of a move (with the
bots' and the page's work), of a poll, and of the floor, the moves made, the conflicts (a move on a
position someone else had just changed: refused, as it must be) and the errors. Figures, never
tests: nothing here asserts on time. It writes to the database it is given: use a throwaway one.
"""

import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games.controls import encode
from games.management.commands.loadrun import Browser, Server, pct, production_env
from games.models import PeopleSeat, PeopleTable
from games.people import play
from games.ui import game_ui, site_games
from teaching.management.commands.roomrun import free_port

PASSWORD = "peoplerun-plum-kettle-93"
POLL = 2.0
VERSION = re.compile(rb'id="people-table"[^>]*data-version="(\d+)"')


class Command(BaseCommand):
    help = "Load-run tables of people: every person polling, moves made as soon as it is one's turn."

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, default=20)
        parser.add_argument("--servers", type=int, choices=(1, 2), default=1)
        parser.add_argument("--seconds", type=float, default=60.0)

    def handle(self, *args, **opts):
        work = Path(tempfile.mkdtemp(prefix="peoplerun-"))
        env = production_env("peoplerun")
        manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py")]
        for step in (["collectstatic", "--noinput", "-v0"], ["migrate", "-v0"]):
            subprocess.run(manage + step, env=env, check=True)
        users = get_user_model()
        stamp = f"{int(time.time())}"
        games = site_games()
        seating = []  # (table, seat, username)
        for n in range(opts["tables"]):
            g = games[n % len(games)]
            counts = sorted(g.player_counts)
            players = counts[(n // len(games)) % len(counts)]
            table = PeopleTable.objects.create(game=g.slug, seed=f"pr{stamp}{n}", players=players,
                                               options={}, seats=[{"kind": "person"}] * players)
            for seat in range(players):
                user = users.objects.create_user(f"pr-{stamp}-{n}-{seat}", password=PASSWORD)
                PeopleSeat.objects.create(table=table, seat=seat, user=user)
                seating.append((table, seat, user.username))
        servers = [Server(free_port(), env, work / f"gunicorn-{i}.log") for i in range(opts["servers"])]
        try:
            for s in servers:
                s.start()
            ports = [s.port for s in servers]
            browsers = []
            for i, (table, seat, name) in enumerate(seating):
                b = Browser(ports)
                if not b.log_in(name, PASSWORD, ports[i % len(ports)]):
                    raise RuntimeError(f"{name} could not log in")
                browsers.append(b)
            idle, probe = [], Browser(ports)
            for _ in range(100):  # the floor before the run, on a quiet stack
                t = time.monotonic()
                probe.request("GET", "/healthz/")
                idle.append(time.monotonic() - t)
            self.stdout.write(f"gunicorn, 2 workers x {len(servers)} server(s), database "
                              f"{settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}; {opts['tables']} tables, "
                              f"{len(seating)} people polling every {POLL:.0f} s for {opts['seconds']:.0f} s")
            moves, polls, floor, errors, conflicts = [], [], [], [], [0]
            lock = threading.Lock()
            cache = {}  # table pk -> (version, state): one replay per table and version
            end = time.monotonic() + opts["seconds"]

            def position(table_pk):
                table = PeopleTable.objects.get(pk=table_pk)
                with lock:
                    known = cache.get(table_pk)
                if known and known[0] == table.version:
                    return table, known[1]
                state = play.replay(table).state
                with lock:
                    cache[table_pk] = (table.version, state)
                return table, state

            def person(i):
                table0, seat, _name = seating[i]
                browser, port = browsers[i], ports[i % len(ports)]
                rng = random.Random(i)
                ui = game_ui(table0.game)
                game = ui.game
                base = f"/en/{table0.game}/people/{table0.token}/"
                version = -1
                time.sleep(rng.random() * POLL)
                while time.monotonic() < end:
                    t = time.monotonic()
                    status, _h, body = browser.request("GET", base + f"poll/?v={version}", port=port, hx=True)
                    with lock:
                        polls.append(time.monotonic() - t)
                        if status not in (200, 204):
                            errors.append(f"poll {status}")
                    found = VERSION.search(body or b"")
                    if found:
                        version = int(found.group(1))
                    table, state = position(table0.pk)
                    if table.finished:
                        return
                    if seat in game.turn(state) and table.version == version:
                        action = rng.choice(game.legal_actions(state, seat))
                        fields = encode(action, ui.controls(game, game.view(state, seat), seat))
                        t = time.monotonic()
                        status, _h, body = browser.request("POST", base + "act/", {**fields, "version": version},
                                                           port=port, hx=True)
                        with lock:
                            moves.append(time.monotonic() - t)
                            if status == 409:
                                conflicts[0] += 1
                            elif status != 200:
                                errors.append(f"move {status}")
                        found = VERSION.search(body or b"")
                        version = int(found.group(1)) if found else -1
                        continue  # look again at once: it may be one's turn again
                    time.sleep(max(0.0, POLL - (time.monotonic() - t)))

            def empty_view():
                b = Browser(ports)
                while time.monotonic() < end:
                    t = time.monotonic()
                    status, _h, _b = b.request("GET", "/healthz/")
                    with lock:
                        floor.append(time.monotonic() - t)
                        if status != 200:
                            errors.append(f"floor {status}")
                    time.sleep(0.25)

            threads = [threading.Thread(target=person, args=(i,)) for i in range(len(seating))]
            threads.append(threading.Thread(target=empty_view))
            for t in threads:
                t.start()
            for t in threads:
                t.join(opts["seconds"] + 120)

            def ms(values, p):
                return f"{pct(values, p) * 1000:.1f} ms" if values else "-"

            self.stdout.write(f"  moves: {len(moves)}, p50 {ms(moves, 50)}, p95 {ms(moves, 95)}; conflicts "
                              f"(refused, as they must be) {conflicts[0]}")
            self.stdout.write(f"  polls: {len(polls)}, p50 {ms(polls, 50)}, p95 {ms(polls, 95)}")
            self.stdout.write(f"  floor (empty view, alongside): {len(floor)}, p50 {ms(floor, 50)}, p95 {ms(floor, 95)}"
                              + (f"; move p95 {pct(moves, 95) / max(pct(floor, 95), 1e-9):.1f}x, poll p95 "
                                 f"{pct(polls, 95) / max(pct(floor, 95), 1e-9):.1f}x the floor's" if moves and floor else ""))
            self.stdout.write(f"  floor before the run (quiet): p50 {ms(idle, 50)}, p95 {ms(idle, 95)}"
                              + (f"; move p95 {pct(moves, 95) / max(pct(idle, 95), 1e-9):.0f}x, poll p95 "
                                 f"{pct(polls, 95) / max(pct(idle, 95), 1e-9):.0f}x the quiet floor's" if moves and idle else ""))
            finished = PeopleTable.objects.filter(pk__in={t.pk for t, _s, _n in seating}, finished=True).count()
            self.stdout.write(f"  tables finished: {finished} of {opts['tables']}; errors {len(errors)}"
                              + (f": {', '.join(sorted(set(errors)))}" if errors else ""))
        finally:
            for s in servers:
                s.stop()
            shutil.rmtree(work, ignore_errors=True)
