"""A load run against the real production stack: python manage.py loadrun [--seconds 20] [--servers 1]

It starts gunicorn (--workers each, 2 by default) on loopback with production settings (DEBUG off,
hashed static files) on the database the environment names (DATABASE_URL, or SQLite), then measures in one run:
- the floor: wrk on /healthz/ (an empty view behind the same middleware);
- a mixed workload with wrk: rules pages, hubs, lessons, puzzle pages and puzzle answers (POSTs
  with a CSRF token), in both languages, from --phones browsers in turn (40: a club evening), each
  with its own token, so that its pages carry its marks and its answers read and add its records;
- at the same time, practice tables played by clients that read the legal moves from the event log
  and post real decisions and bot steps, as fast as the server answers or (--pace) each waiting as a
  person would (with --servers 2 they alternate between two servers, and one server is restarted
  mid-run, unless --no-restart); with --warm they start during the warm run, so that the measured
  run finds them playing.
It prints requests per second and latency (p50/p99, and for wrk's runs p99.9 and the slowest) of
each, errors (anything but 2xx/3xx, and any stale answer to a move that was current), the ratio of
the mix to the floor, and the processor time the table clients themselves took from the machine.
It needs `wrk` (apt-get install wrk). Figures, never tests: nothing here asserts on time.
"""

import http.client
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.controls import encode
from games.ui import site_games

LUA = """
local requests = {}
local i = 0
init = function(args)
%(items)s
end
request = function()
  i = i %% #requests + 1
  return requests[i]
end
done = function(summary, latency, requests_)
  io.write(string.format("RESULT requests=%%d seconds=%%f p50=%%f p99=%%f p999=%%f max=%%f errors=%%d non2xx=%%d\\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(99) / 1e3,
    latency:percentile(99.9) / 1e3, latency.max / 1e3,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
"""


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(p / 100 * len(values) + 0.5) - 1))] if values else 0.0


class Server:
    """One gunicorn on loopback with production settings."""

    def __init__(self, port, env, log, workers=2):
        self.port, self.env, self.log, self.workers = port, env, log, workers
        self.proc = None

    def start(self):
        root = Path(settings.BASE_DIR)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--pythonpath", str(root / "site"), "dojo.serve:application",
             "--preload", "--workers", str(self.workers), "--bind", f"127.0.0.1:{self.port}",
             "--error-logfile", str(self.log)],
            cwd=root, env=self.env, start_new_session=True)
        for _ in range(300):  # it loads everything before it listens (dojo.ready)
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/healthz/")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise CommandError(f"gunicorn did not start on port {self.port} (see {self.log})")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(20)


class Browser:
    """A minimal browser: cookies, CSRF token, one keep-alive connection per server."""

    def __init__(self, ports):
        self.ports = ports
        self.cookies = {}
        self.conns = {}

    def request(self, method, path, form=None, port=None, hx=False):
        port = port or self.ports[0]
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                   "Referer": f"http://127.0.0.1:{port}/", "Host": "127.0.0.1"}
        body = None
        if form is not None:
            body = urlencode({**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        if hx:
            headers["HX-Request"] = "true"
        for attempt in range(2):
            conn = self.conns.get(port) or http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            self.conns[port] = conn
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                data = response.read()
                break
            except (http.client.HTTPException, OSError):
                conn.close()
                self.conns.pop(port, None)
                if attempt:
                    raise
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, response.headers, data

    def log_in(self, username, password, port=None):
        """Log in through the site's own form; True when it took."""
        self.request("GET", "/en/account/login/", port=port)
        status, _headers, _body = self.request("POST", "/en/account/login/",
                                               {"username": username, "password": password}, port=port)
        return status == 302


def production_env(prefix):
    """The environment of a server with production settings on loopback (plain HTTP), for a run."""
    return {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SSL_REDIRECT": "0",
            "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY") or f"{prefix}-" + "x" * 40,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", "DJANGO_HSTS_SECONDS": "0"}


class Command(BaseCommand):
    help = "Load-run the production stack (gunicorn) with wrk: floor and a mixed workload."

    def add_arguments(self, parser):
        parser.add_argument("--seconds", type=int, default=20, help="length of each wrk run")
        parser.add_argument("--connections", type=int, default=8)
        parser.add_argument("--servers", type=int, choices=(1, 2), default=1)
        parser.add_argument("--tables", type=int, default=2, help="clients playing practice tables")
        parser.add_argument("--pace", type=float, default=0, metavar="SECONDS",
                            help="each table client waits this long on average before each request, as "
                                 "a person plays: a time drawn afresh each time, from none to twice as "
                                 "long, so that the clients act independently rather than all at once "
                                 "(0, the default: as fast as the server answers)")
        parser.add_argument("--phones", type=int, default=40,
                            help="browsers the mix's requests come from in turn, each with its own cookies "
                                 "(its records and marks); 0: one browser that never keeps a token")
        parser.add_argument("--no-restart", action="store_true",
                            help="with --servers 2, leave the second server running (by default it is "
                                 "restarted mid-run, and its start takes processor time from the first)")
        parser.add_argument("--workers", type=int, default=2,
                            help="gunicorn's worker processes per server (2, as the README's server runs)")
        parser.add_argument("--port", type=int, default=8790)
        parser.add_argument("--warm", type=int, default=0, metavar="SECONDS",
                            help="run the mix this long unmeasured first (each worker draws the pages it keeps)")

    def handle(self, *args, **opts):
        if not shutil.which("wrk"):
            raise CommandError("wrk is not installed (apt-get install wrk)")
        work = Path(tempfile.mkdtemp(prefix="loadrun-"))
        env = production_env("loadrun")
        manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py")]
        for step in (["collectstatic", "--noinput", "-v0"], ["migrate", "-v0"]):
            subprocess.run(manage + step, env=env, check=True)
        ports = [opts["port"] + i for i in range(opts["servers"])]
        servers = [Server(p, env, work / f"gunicorn-{p}.log", opts["workers"]) for p in ports]
        try:
            for s in servers:
                s.start()
            self.stdout.write(f"gunicorn, {opts['workers']} workers x {len(servers)} server(s), database "
                              f"{settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}, "
                              f"wrk {opts['connections']} connections, {opts['seconds']} s per run")
            floor = self.wrk(work, ports[0], [("GET", "/healthz/", None)], opts)
            self.report("floor: empty view /healthz/", floor)
            items = self.mix(ports[0], opts["phones"])
            stop = threading.Event()
            drivers = [TableDriver(i, ports, stop, opts["pace"]) for i in range(opts["tables"])]
            threads = [threading.Thread(target=d.run) for d in drivers]
            # With --warm the tables sit down during the warm run, so the measured run finds them
            # already playing, as on a server that has been up a while.
            for t in threads:
                t.start()
            if opts["warm"]:
                self.wrk(work, ports[0], items, {**opts, "seconds": opts["warm"]})
                playing = ", the tables playing" if drivers else ""
                self.stdout.write(f"  (the mix run {opts['warm']} s unmeasured first{playing})")
            measured = time.perf_counter()
            restarter = None
            if len(servers) == 2 and not opts["no_restart"]:
                restarter = threading.Timer(opts["seconds"] / 2, self.restart, args=(servers[1],))
                restarter.start()
            cpu = resource.getrusage(resource.RUSAGE_SELF)
            mixed = self.wrk(work, ports[0], items, opts)
            used = resource.getrusage(resource.RUSAGE_SELF)
            client_cpu = used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime
            stop.set()
            for t in threads:
                t.join(60)
            if restarter:
                restarter.join()
            self.report(f"mixed pages and puzzle answers ({len(items)} requests, {max(opts['phones'], 1)} browsers)", mixed)
            self.stdout.write(f"  mixed / floor: {mixed['rps'] / floor['rps']:.2f} of the floor's requests per second, "
                              f"p99 {mixed['p99'] / max(floor['p99'], 1e-9):.1f}x the floor's")
            times = [t for d in drivers for start, t in d.times if start >= measured]
            errors = sum(d.errors for d in drivers)
            diverged = sum(d.diverged for d in drivers)
            moves = sum(1 for d in drivers for sent in d.moves if sent >= measured)
            paced = f" (each waiting {opts['pace']:g} s on average before each request)" if opts["pace"] else ""
            self.stdout.write(
                f"  practice tables, {len(drivers)} clients alongside{paced}: {len(times)} requests ({moves} moves), "
                f"p50 {pct(times, 50) * 1000:.1f} ms, p99 {pct(times, 99) * 1000:.1f} ms; over the whole run (warm "
                f"included) errors {errors}, event logs diverged {diverged}")
            self.stdout.write(f"  (the table clients themselves used {client_cpu:.1f} s of processor time in the "
                              f"{mixed['seconds']:.0f} s run, of the machine's {os.cpu_count()} cores)")
            for d in drivers:
                for line in d.problems[:3]:
                    self.stdout.write(f"    {line}")
        finally:
            for s in servers:
                s.stop()
            shutil.rmtree(work, ignore_errors=True)

    def restart(self, server):
        server.stop()
        server.start()
        self.stdout.write(f"  (server on port {server.port} restarted mid-run)")

    def mix(self, port, phones):
        """The requests of the mixed workload: GETs of content pages and POSTs of puzzle answers,
        each from the next of `phones` browsers in turn (each has answered a puzzle before, so has
        its token and records: its pages carry its marks and its answers read its rows)."""
        from tutorials import lessons, puzzles
        from tutorials.content import has_rules

        items = []
        for game in site_games():
            slug = game.slug
            for lang in ("ja", "en"):
                items.append(("GET", f"/{lang}/{slug}/", None))
                if has_rules(slug):
                    items += [("GET", f"/{lang}/{slug}/rules/", None)] * 2
                for lesson in lessons.lessons(slug)[:2]:
                    items.append(("GET", f"/{lang}/{slug}/lessons/{lesson.id}/2/", None))
                for p in puzzles.puzzles(slug)[:4]:
                    items.append(("GET", f"/{lang}/{slug}/puzzles/{p.id}/", None))
                    form = encode(game.parse_action(p.answers[0]))
                    items.append(("POST", f"/{lang}/{slug}/puzzles/{p.id}/", form))
            items.append(("GET", "/en/", None))
        browsers = []
        for _ in range(max(phones, 1)):
            browser = Browser([port])
            browser.request("GET", "/en/")  # a CSRF cookie
            if phones:
                method, path, form = next(item for item in items if item[2] is not None)
                browser.request(method, path, form)  # a first answer: the browser's token
            browsers.append(browser)
        out = []
        for i, (method, path, form) in enumerate(items * len(browsers) if phones > 1 else items):
            browser = browsers[i % len(browsers)]
            token = browser.cookies.get("csrftoken", "")
            cookie = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
            if form is None:
                out.append((method, path, None, {"Cookie": cookie}))
            else:
                body = urlencode({**form, "csrfmiddlewaretoken": token}, doseq=True)
                out.append((method, path, body, {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
                                                 "Referer": f"http://127.0.0.1:{port}/"}))
        return out

    def wrk(self, work, port, items, opts):
        lines = []
        for item in items:
            method, path, body = item[:3]
            headers = item[3] if len(item) > 3 else {}
            hdr = "{" + ", ".join(f'["{k}"] = "{v}"' for k, v in headers.items()) + "}"
            body_lua = "nil" if body is None else '"' + body.replace("\\", "\\\\").replace('"', '\\"') + '"'
            lines.append(f'  requests[#requests + 1] = wrk.format("{method}", "{path}", {hdr}, {body_lua})')
        script = work / "mix.lua"
        script.write_text(LUA % {"items": "\n".join(lines)})
        run = subprocess.run(["wrk", "-t", "2", "-c", str(opts["connections"]), "-d", f"{opts['seconds']}s",
                              "-s", str(script), f"http://127.0.0.1:{port}"], capture_output=True, text=True)
        m = re.search(r"RESULT requests=(\d+) seconds=([\d.]+) p50=([\d.]+) p99=([\d.]+) p999=([\d.]+) "
                      r"max=([\d.]+) errors=(\d+) "
                      r"non2xx=(\d+)", run.stdout)
        if not m:
            raise CommandError(f"wrk said: {run.stdout}\n{run.stderr}")
        n, secs, p50, p99, p999, most, errors, non2xx = m.groups()
        return {"rps": int(n) / float(secs), "seconds": float(secs), "p50": float(p50), "p99": float(p99),
                "p999": float(p999), "max": float(most), "n": int(n),
                "errors": int(errors) + int(non2xx)}

    def report(self, label, r):
        self.stdout.write(f"  {label:<56} {r['rps']:8.0f} req/s   p50 {r['p50']:6.1f} ms   p99 {r['p99']:6.1f} ms   "
                          f"p99.9 {r['p999']:6.1f} ms   max {r['max']:6.1f} ms   "
                          f"errors {r['errors']} of {r['n']}")


class TableDriver:
    """Plays practice tables through the servers: reads the position from the event log (the
    database every server shares), posts the club bot's choice for the reader or a bot step,
    alternating servers request by request. Checks that every move lands exactly once."""

    def __init__(self, index, ports, stop, pace=0):
        self.index, self.ports, self.stop, self.pace = index, ports, stop, pace
        self.pauses = random.Random(f"pauses {index}")  # its own draws: the moves stay those of rng
        self.times, self.errors, self.diverged, self.moves = [], 0, 0, []  # times: (sent, took)
        self.problems = []

    def run(self):
        from django.db import connection

        try:
            games = site_games()
            rng = random.Random(self.index)
            n = 0
            while not self.stop.is_set():
                game = games[n % len(games)]
                self.play(game, rng, n)
                n += 1
        finally:
            connection.close()

    def pause(self):
        """Wait before a request as a person does; True once the run is over. People at tables act
        independently: a pause drawn from none to twice the pace (the same pause for every client
        would bring them back all at once, after the first requests, and measure a queue of forty
        rather than a table's request)."""
        return self.stop.wait(self.pauses.uniform(0, 2 * self.pace) if self.pace else 0)

    def play(self, game, rng, n):
        from games.models import Table
        from games.table.forms import setup_data
        from games.table.match import Match
        from games.ui import game_ui

        ui = game_ui(game.slug)
        browser = Browser(self.ports)
        # A person opens the set-up page and fills it in at their own pace too: forty clients all
        # sitting down in the same instant would measure one burst of eighty requests instead.
        if self.pause():
            return
        browser.request("GET", f"/en/{game.slug}/play/")
        players = game.player_counts[min(n, len(game.player_counts) - 1)]
        if self.pause():
            return
        status, headers, _ = browser.request("POST", f"/en/{game.slug}/play/", setup_data(ui, players))
        if status != 302:
            self.errors += 1
            self.problems.append(f"creating a {game.slug} table: HTTP {status}")
            return
        url = headers["Location"]
        token = url.rstrip("/").rsplit("/", 1)[1]
        reader = ui.levels["club"](game)
        after = None  # the table as read after the last request (nobody else writes it in between)
        for i in range(6000):
            if self.pause():
                return
            table = after or Table.objects.get(token=token)
            after = None
            match = Match(table, ui)
            if not game.to_move(match.state) and table.shown == match.length:
                return
            match.remember()  # this client's next read starts from these positions, as a server's does
            port = self.ports[i % len(self.ports)]
            method, data = "POST", None
            if table.shown < match.length:  # a bot move shown
                method, path = "GET", url + f"?at={table.shown + 1}"
            elif match.reader_awaited():
                data, path = match.form_for(reader.choose(match.view(), match.human, rng)), url + "act/"
            else:
                data, path = {"version": table.version}, url + "step/"
            t = time.perf_counter()
            try:
                status, _, _ = browser.request(method, path, data, port=port, hx=True)
            except (OSError, http.client.HTTPException) as e:
                # A server being restarted: the move either landed or not; the log says which.
                self.problems.append(f"port {port} unreachable ({e.__class__.__name__}); carried on")
                continue
            self.times.append((t, time.perf_counter() - t))
            after = Table.objects.get(token=token)
            if status >= 400:
                self.errors += 1
                self.problems.append(f"{path}: HTTP {status}")
            elif method == "GET":
                if after.shown != table.shown + 1 or after.actions != table.actions:
                    self.diverged += 1
                    self.problems.append(f"{path}: shown {table.shown} -> {after.shown}")
            elif after.version != table.version + 1 or after.actions[: len(table.actions)] != table.actions:
                self.diverged += 1
                self.problems.append(f"{path}: version {table.version} -> {after.version}")
            else:
                self.moves.append(t)
