"""A load run for clubs: python manage.py clubrun [--seconds 25] [--members 40] [--servers 1|2]

Before starting the servers it makes, through the ORM, one club with an organiser and --members
members (accounts made in bulk) and a homework set with one item of every kind: a lesson, a puzzle
and a deal code, each taken from the registry and the content (no game is named here). Then it
starts gunicorn (2 workers each, production settings, the loadrun command's Server) on the database
the environment names (DATABASE_URL, or SQLite) and runs, all at once:
- one client per member (threads), each logged in through the real log-in page (CSRF; django-axes
  is on, so every log-in must succeed), working through the set through the real pages again and
  again: the homework page, every step of the lesson (the forms' hidden fields read from each page:
  nonce, made, go), the puzzle's right answer, the deal started from the homework page and a few
  moves played at its table (the club bot's choice for the member, as loadrun's TableDriver plays);
- one organiser client reading the grid, its htmx fragment and its CSV in a loop.
With --servers 2 the members alternate between two servers over one database (name a PostgreSQL
one: `bash .ci/with-postgres.sh .venv/bin/python manage.py clubrun --servers 2`).

It prints the floor (/healthz/, an empty view, measured by the same Python client with as many
threads), then per kind of request its count, p50, p95, p95 against the floor's and its errors
(anything but 2xx/3xx, or a page that says something went wrong), and "nothing lost": for every
member, the records in the database (LessonAnswer, PuzzleMove, the human's moves at the tables,
DealPlayed) equal what the client saw accepted, and the grid's final text for the member is the
one their records give. Figures, never tests: nothing here asserts on time.
"""

import os
import random
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.management.commands.loadrun import Browser, Server, pct

KINDS = [
    ("login-page", "log-in page"),
    ("login", "log-in POST"),
    ("homework", "homework page"),
    ("step-get", "lesson step GET"),
    ("step-post", "lesson answer POST"),
    ("puzzle-get", "puzzle page"),
    ("puzzle-post", "puzzle move POST"),
    ("deal-start", "deal start"),
    ("table-move", "table move"),
    ("grid", "grid"),
    ("grid-htmx", "grid fragment (htmx)"),
    ("csv", "CSV"),
]
# What a page says when something went wrong although its status is 2xx/3xx (or says it anyway).
TROUBLE = ('class="notice is-error"', "table-message is-busy", "moved on since that page was shown",
           "That answer could not be read", "Server Error")
PASSWORD = "club-run-pass-7193"
HIDDEN = r'<input type="hidden" name="{}" value="([^"]*)"'


def hidden(page, name):
    m = re.search(HIDDEN.format(re.escape(name)), page)
    return unescape(m.group(1)) if m else None


# --- the world --------------------------------------------------------------------------------------
def choose_items():
    """(lesson game, lesson), (puzzle game, puzzle), (deal game, code, level, target): a lesson
    whose every step a client can answer from the content (read, watch, act, quiz), a puzzle solved
    in one move, and a deal code; taken in the registry's order, the puzzle and the deal from the
    game after the lesson's where there is one, so that the set spans games."""
    from games.table.codes import deal_code
    from games.ui import site_games
    from tutorials import lessons, puzzles

    games = site_games()
    found = None
    for i, game in enumerate(games):
        for lesson in lessons.lessons(game.slug):
            if all(s.kind in ("read", "watch", "act", "quiz") for s in lesson.steps):
                found = i, game, lesson
                break
        if found:
            break
    if found is None:
        raise CommandError("no game has a lesson of read, watch, act and quiz steps")
    i, lesson_game, lesson = found
    for game in games[i + 1:] + games[:i + 1]:
        one_move = [p for p in puzzles.puzzles(game.slug) if not any(s == p.seat for s, _a in p.line)]
        code = deal_code(game, "clubrun7", game.player_counts[0], {})
        if one_move and code:
            targets = list(game.deal_targets())
            return (lesson_game, lesson), (game, one_move[0]), (game, code, "beginner", targets[0] if targets else "")
    raise CommandError("no game has a one-move puzzle and a deal code")


def make_world(members, tag=None):
    """The club, its organiser and members (made in bulk), and the homework set; returns a dict."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from clubs.models import Club, Membership
    from homework.models import HomeworkItem, HomeworkSet

    User = get_user_model()
    tag = tag or secrets.token_hex(3)
    (lgame, lesson), (pgame, puzzle), (dgame, code, level, target) = choose_items()
    password = make_password(PASSWORD)
    organiser = User.objects.create(username=f"run{tag}-org", first_name="Organiser", password=password)
    User.objects.bulk_create([User(username=f"run{tag}-m{n:02d}", first_name=f"Member {n:02d}", password=password)
                              for n in range(members)])
    users = list(User.objects.filter(username__startswith=f"run{tag}-m").order_by("username"))
    club = Club.objects.create(name=f"Load run {tag}")
    Membership.objects.create(club=club, user=organiser, role=Membership.ORGANISER)
    Membership.objects.bulk_create([Membership(club=club, user=u, role=Membership.MEMBER) for u in users])
    hw = HomeworkSet.objects.create(club=club, title=f"Load run {tag}", created_by=organiser)
    items = [
        HomeworkItem.objects.create(set=hw, position=1, game=lgame.slug, kind=HomeworkItem.LESSON, ref=lesson.id),
        HomeworkItem.objects.create(set=hw, position=2, game=pgame.slug, kind=HomeworkItem.PUZZLE, ref=puzzle.id),
        HomeworkItem.objects.create(set=hw, position=3, game=dgame.slug, kind=HomeworkItem.DEAL, ref=code,
                                    level=level, target=target),
    ]
    return {"club": club, "set": hw, "organiser": organiser, "members": users, "items": items,
            "lesson": lesson, "puzzle": puzzle, "describe":
            f"lesson {lgame.slug}/{lesson.id} ({len(lesson.steps)} steps), puzzle {pgame.slug}/{puzzle.id}, "
            f"deal {code} at {level}" + (f", target {target}" if target else "")}


# --- the clients ------------------------------------------------------------------------------------
class Tally:
    """Every request's kind, time and verdict, from every client (list.append is atomic)."""

    def __init__(self):
        self.times = defaultdict(list)
        self.errors = defaultdict(int)
        self.problems = []
        self.login_seconds = 0.0  # from the first log-in sent to the last one answered
        self.work_seconds = 0.0  # from the clock's start to the last member's last pass

    def add(self, kind, seconds, ok, why=""):
        self.times[kind].append(seconds)
        if not ok:
            self.errors[kind] += 1
            if len(self.problems) < 40:
                self.problems.append(f"{kind}: {why}")


class Client:
    """One person's browser: requests through a Browser (or the Django test client, for tests),
    each timed and judged."""

    def __init__(self, browser, tally, port=None):
        self.browser, self.tally, self.port = browser, tally, port

    def call(self, kind, method, path, form=None, hx=False, expect=(200, 302)):
        t = time.perf_counter()
        try:
            status, headers, data = self.browser.request(method, path, form, port=self.port, hx=hx)
        except OSError as e:
            self.tally.add(kind, time.perf_counter() - t, False, f"{method} {path}: {e.__class__.__name__}")
            return None, None, ""
        seconds = time.perf_counter() - t
        page = data.decode("utf-8", "replace")
        trouble = next((m for m in TROUBLE if m in page), None)
        ok = status in expect and not trouble
        self.tally.add(kind, seconds, ok, f"{method} {path}: HTTP {status}" + (f", says {trouble!r}" if trouble else ""))
        return (status if ok else None), headers, page

    def login(self, username, lang="en"):
        self.call("login-page", "GET", f"/{lang}/account/login/", expect=(200,))
        status, headers, _page = self.call("login", "POST", f"/{lang}/account/login/",
                                           {"username": username, "password": PASSWORD}, expect=(302,))
        return status == 302


class Member(Client):
    """A member working through the set, pass after pass; counts what the site accepted."""

    MOVES_PER_PASS = 4

    def __init__(self, browser, tally, world, user, port=None, seed=0):
        super().__init__(browser, tally, port)
        self.world, self.user = world, user
        self.rng = random.Random(seed)
        code, pk = world["club"].code, world["set"].pk
        self.homework_url = f"/en/clubs/{code}/homework/"
        self.lesson_item, self.puzzle_item, self.deal_item = world["items"]
        self.start_url = f"/en/clubs/{code}/homework/{pk}/items/{self.deal_item.pk}/start/"
        self.lesson_answers = 0  # LessonAnswer rows the client saw recorded
        self.lesson_finished = False  # the whole lesson gone through at least once
        self.puzzle_moves = 0
        self.puzzle_first_try = None  # the first try's verdict, as the page said it
        self.table_moves = defaultdict(int)  # table token -> the member's moves accepted there
        self.deals_finished = set()  # tokens of tables whose deal was seen over
        self.tables = set()  # tokens of the tables the deal's start led to
        self.go = 1  # the member's go at the deal (homework-start's number)
        self.logged_in = False
        self.passes = 0

    def sign_in(self):
        if not self.logged_in:
            self.logged_in = self.login(self.user.username)

    def run_pass(self):
        self.sign_in()
        if not self.logged_in:
            return
        self.passes += 1
        self.call("homework", "GET", self.homework_url, expect=(200,))
        self.do_lesson()
        self.do_puzzle()
        self.do_deal()

    # A lesson: every step in turn, answered as its page's forms ask.
    def do_lesson(self):
        from games.engine import registry
        from tutorials.lessons import quiz_truth

        lesson, game = self.world["lesson"], self.lesson_item.game
        engine = registry.get(game)
        finished = True
        for n, step in enumerate(lesson.steps, start=1):
            url = f"/en/{game}/lessons/{lesson.id}/{n}/"
            if step.kind == "watch":
                url_get = f"{url}?at={len(step.line)}"  # seen to its end, its Next records it
            else:
                url_get = url
            status, _h, page = self.call("step-get", "GET", url_get, expect=(200,))
            if status is None:
                finished = False
                continue
            nonce = hidden(page, "nonce")
            if step.kind in ("read", "watch"):
                go = re.search(r'name="go" value="([^"]+)" data-key="next"', page)
                status, _h, _p = self.call("step-post", "POST", url,
                                           {"nonce": nonce, "go": unescape(go.group(1)) if go else ""},
                                           expect=(302,))
                self.lesson_answers += status == 302
                finished &= status == 302
            elif step.kind == "quiz":
                status, _h, page = self.call("step-post", "POST", url,
                                             {"nonce": nonce, "choice": quiz_truth(game, step)}, expect=(200,))
                right = status == 200 and 'class="result is-ok"' in page
                self.lesson_answers += status == 200 and 'class="result' in page
                finished &= right
            else:  # act: the expected moves one by one, each posted with the page's made and nonce
                made = hidden(page, "made") or ""
                right = False
                for text in step.expect[0]:
                    from games.controls import encode

                    form = {**encode(engine.parse_action(text)), "made": made, "nonce": nonce}
                    status, _h, page = self.call("step-post", "POST", url, form, expect=(200,))
                    if status is None or 'class="result is-ok"' not in page:
                        break
                    if "Right — go on." in page:  # a move of a longer sequence: nothing recorded yet
                        made, nonce = hidden(page, "made") or "", hidden(page, "nonce")
                        continue
                    right = True
                self.lesson_answers += right or (status == 200 and 'class="result is-refused"' in page)
                finished &= right
        self.lesson_finished |= finished

    # A puzzle: its page, then its answer.
    def do_puzzle(self):
        from games.controls import encode
        from games.engine import registry

        p, game = self.world["puzzle"], self.puzzle_item.game
        url = f"/en/{game}/puzzles/{p.id}/"
        status, _h, page = self.call("puzzle-get", "GET", url, expect=(200,))
        if status is None:
            return
        form = {**encode(registry.get(game).parse_action(p.answers[0])), "made": hidden(page, "made") or "",
                "hint": hidden(page, "hint") or "0", "nonce": hidden(page, "nonce")}
        status, _h, page = self.call("puzzle-post", "POST", url, form, expect=(200,))
        if status == 200 and 'class="result' in page:
            self.puzzle_moves += 1
            if self.puzzle_first_try is None:
                self.puzzle_first_try = "Solved." in page

    # The deal: started (or found again) from the homework page, then a few moves at the table.
    def do_deal(self):
        from games.models import Table
        from games.table.match import Match
        from games.ui import game_ui

        status, headers, _p = self.call("deal-start", "POST", self.start_url, {"number": str(self.go)},
                                        expect=(302,))
        if status is None:
            return
        table_url = urlsplit(headers.get("Location")).path
        token = table_url.rstrip("/").rsplit("/", 1)[1]
        self.tables.add(token)
        ui = game_ui(self.deal_item.game)
        reader = ui.levels["club"](ui.game)
        moves = 0
        for _i in range(self.MOVES_PER_PASS * 3):
            table = Table.objects.get(token=token)
            match = Match(table, ui)
            if match.deal_finished(1):
                self.deals_finished.add(token)
                self.go += 1
                return
            if moves >= self.MOVES_PER_PASS:
                return
            if table.shown < match.length or not match.reader_awaited():
                # The bots' moves not yet shown (or the bots to move): the table page, as a reload shows it.
                status, _h, _p = self.call("table-move", "GET", table_url, expect=(200,))
                if status is None:
                    return
                after = Table.objects.get(token=token)
                if after.shown == table.shown and after.version == table.version and not match.reader_awaited():
                    status, _h, _p = self.call("table-move", "POST", table_url + "step/",
                                               {"version": table.version}, expect=(302,))
                continue
            data = match.form_for(reader.choose(match.view(), match.human, self.rng))
            status, headers, _p = self.call("table-move", "POST", table_url + "act/", data, expect=(302,))
            if status == 302 and "refused=" not in (headers.get("Location") or ""):
                self.table_moves[token] += 1
                moves += 1
            elif status == 302:
                self.tally.add("table-move", 0, False, f"{table_url}act/: the club bot's move refused")
                return


class Organiser(Client):
    """The organiser refreshing the grid, its htmx fragment and its CSV."""

    def __init__(self, browser, tally, world, port=None):
        super().__init__(browser, tally, port)
        code, pk = world["club"].code, world["set"].pk
        self.grid_url = f"/en/clubs/{code}/homework/{pk}/results/"
        self.csv_url = f"/en/clubs/{code}/homework/{pk}/results.csv"
        self.username = world["organiser"].username
        self.logged_in = False

    def sign_in(self):
        if not self.logged_in:
            self.logged_in = self.login(self.username)

    def run_pass(self):
        self.sign_in()
        if not self.logged_in:
            return
        self.call("grid", "GET", self.grid_url, expect=(200,))
        self.call("grid-htmx", "GET", self.grid_url, hx=True, expect=(200,))
        self.call("csv", "GET", self.csv_url, expect=(200,))

    def final_csv(self):
        import csv
        import io

        status, _h, page = self.call("csv", "GET", self.csv_url, expect=(200,))
        if status is None:
            return None
        return list(csv.reader(io.StringIO(page.lstrip("\ufeff"))))


# --- the run and its checks -------------------------------------------------------------------------
def run(world, make_browser, ports, *, seconds=None, passes=None, threaded=True, tally=None):
    """Every member and the organiser log in at once, then work until `seconds` have passed (or
    each member has made `passes` passes). make_browser(port) makes one client's browser. Returns (tally, members,
    organiser)."""
    from django.db import connection

    tally = tally or Tally()
    members = [Member(make_browser(ports[i % len(ports)]), tally, world, user, ports[i % len(ports)], seed=i)
               for i, user in enumerate(world["members"])]
    organiser = Organiser(make_browser(ports[0]), tally, world, ports[0])
    stop, start = threading.Event(), threading.Event()
    deadline = []
    if not threaded:
        for person in members + [organiser]:
            person.sign_in()
        for _n in range(passes or 1):
            for m in members:
                m.run_pass()
            organiser.run_pass()
        return tally, members, organiser
    # Everyone logs in at once (a club's evening starting); the run's clock starts when all have.
    signed_in = threading.Barrier(len(members) + 2)

    def more(done):
        return not stop.is_set() and (not deadline or time.monotonic() < deadline[0]) and \
            (passes is None or done < passes)

    def work(person, loop_forever=False):
        try:
            try:
                person.sign_in()
            finally:
                signed_in.wait()
            start.wait()
            done = 0
            while more(done) or (loop_forever and not stop.is_set()):
                person.run_pass()
                done += 1
        except Exception as e:  # a client's own fault: counted, never hidden
            tally.add("client", 0, False, f"{person.__class__.__name__} stopped: {e!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(m,)) for m in members]
    watcher = threading.Thread(target=work, args=(organiser, True))
    began = time.monotonic()
    for t in threads + [watcher]:
        t.start()
    signed_in.wait()
    tally.login_seconds = time.monotonic() - began
    if seconds:
        deadline.append(time.monotonic() + seconds)
    start.set()
    began = time.monotonic()
    for t in threads:
        t.join()
    tally.work_seconds = time.monotonic() - began
    stop.set()
    watcher.join()
    return tally, members, organiser


def check_nothing_lost(world, members, organiser):
    """[(member name, what differs)] between what each client saw accepted, the records in the
    database and the grid's final text; empty when nothing was lost."""
    from attempts.models import DealPlayed, LessonAnswer, PuzzleMove
    from games.models import Table
    from games.owner import user_key
    from homework.models import HomeworkDeal
    from django.utils import translation

    from homework.results import results

    lesson_item, puzzle_item, deal_item = world["items"]
    rows = organiser.final_csv()
    if rows is None:
        return [("organiser", "the final CSV could not be read")]
    by_name = {r[0]: r[1:1 + len(world["items"])] for r in rows[1:-1]}
    with translation.override("en"):  # the organiser's pages are read in English
        cells = results(world["set"], [m.user for m in members])
    lost = []
    for m in members:
        key, name = user_key(m.user), m.user.get_full_name()
        said = []
        n = LessonAnswer.objects.filter(owner=key, game=lesson_item.game, lesson=lesson_item.ref).count()
        if n != m.lesson_answers:
            said.append(f"lesson answers: {n} stored, {m.lesson_answers} accepted")
        n = PuzzleMove.objects.filter(owner=key, game=puzzle_item.game, puzzle=puzzle_item.ref).count()
        if n != m.puzzle_moves:
            said.append(f"puzzle moves: {n} stored, {m.puzzle_moves} accepted")
        links = {d.table for d in HomeworkDeal.objects.filter(item=deal_item, user=m.user)}
        if links != m.tables:
            said.append(f"tables: {sorted(links)} stored, {sorted(m.tables)} started")
        for table in Table.objects.filter(token__in=links):
            mine = sum(1 for seat, _a in table.actions if seat == table.human_seat)
            if mine != m.table_moves.get(table.token, 0):
                said.append(f"table {table.token}: {mine} moves of the member's stored, "
                            f"{m.table_moves.get(table.token, 0)} accepted")
        played = set(DealPlayed.objects.filter(owner=key, table__in=links, deal=1).values_list("table", flat=True))
        if played != m.deals_finished:
            said.append(f"deals played: {sorted(played)} stored, {sorted(m.deals_finished)} seen over")
        # The grid's final text: the records' (results) and what the client saw.
        grid = by_name.get(name)
        expected = [cells[(m.user.pk, item.pk)].text for item in world["items"]]
        if grid != expected:
            said.append(f"grid says {grid}, the records say {expected}")
        elif m.lesson_finished != expected[0].startswith("✓"):
            said.append(f"grid says {expected[0]!r} for the lesson, the client went through it: {m.lesson_finished}")
        elif m.puzzle_first_try is not None and expected[1].startswith("✓ first try") != m.puzzle_first_try:
            said.append(f"grid says {expected[1]!r} for the puzzle, the client's first try solved it: "
                        f"{m.puzzle_first_try}")
        elif bool(m.deals_finished) == (expected[2] in ("in play", "not started")):
            said.append(f"grid says {expected[2]!r} for the deal, the client saw {len(m.deals_finished)} over")
        if said:
            lost.append((name, "; ".join(said)))
    return lost


def floor(make_browser, port, clients, seconds):
    """/healthz/ through the same client, with as many threads as the members."""
    tally = Tally()
    deadline = time.monotonic() + seconds

    def work():
        c = Client(make_browser(port), tally, port)
        while time.monotonic() < deadline:
            c.call("floor", "GET", "/healthz/", expect=(200,))

    threads = [threading.Thread(target=work) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return tally


def ensure_database():
    """Create the PostgreSQL database DATABASE_URL names when the cluster has none of that name
    (a throwaway cluster from .ci/with-postgres.sh has only its own)."""
    from django.db import OperationalError, connection

    if connection.vendor != "postgresql":
        return
    try:
        connection.ensure_connection()
    except OperationalError as err:
        if "does not exist" not in str(err):
            raise
        with connection._nodb_cursor() as cursor:
            cursor.execute(f'CREATE DATABASE "{connection.settings_dict["NAME"]}"')


class Command(BaseCommand):
    help = "Load-run a club's homework: members working through a set while the organiser reads the grid."

    def add_arguments(self, parser):
        parser.add_argument("--seconds", type=int, default=25, help="length of the run")
        parser.add_argument("--members", type=int, default=40)
        parser.add_argument("--servers", type=int, choices=(1, 2), default=1)
        parser.add_argument("--port", type=int, default=8810)

    def handle(self, *args, **opts):
        work = Path(tempfile.mkdtemp(prefix="clubrun-"))
        env = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SSL_REDIRECT": "0",
               "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY") or "clubrun-" + "x" * 40,
               "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", "DJANGO_HSTS_SECONDS": "0"}
        manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py")]
        ensure_database()
        for step in (["collectstatic", "--noinput", "-v0"], ["migrate", "-v0"]):
            subprocess.run(manage + step, env=env, check=True)
        engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
        if opts["servers"] == 2 and engine == "sqlite3":
            self.stderr.write("two servers over SQLite: name a PostgreSQL database in DATABASE_URL to compare")
        world = make_world(opts["members"])
        ports = [opts["port"] + i for i in range(opts["servers"])]
        servers = [Server(p, env, work / f"gunicorn-{p}.log") for p in ports]
        try:
            for s in servers:
                s.start()
            self.stdout.write(f"gunicorn, 2 workers x {len(servers)} server(s), database {engine}; "
                              f"{opts['members']} members and 1 organiser at once for {opts['seconds']} s; "
                              f"{os.cpu_count()} cores")
            self.stdout.write(f"  the set: {world['describe']}")
            base = floor(lambda port: Browser([port]), ports[0], opts["members"] + 1, min(5, max(2, opts["seconds"] // 5)))
            floor_times = base.times["floor"]
            f95 = pct(floor_times, 95)
            self.stdout.write(f"  floor: /healthz/ ({opts['members'] + 1} clients at once, same client code): "
                              f"{len(floor_times)} requests, p50 {pct(floor_times, 50) * 1000:.1f} ms, "
                              f"p95 {f95 * 1000:.1f} ms, errors {sum(base.errors.values())}")
            tally, members, organiser = run(world, lambda port: Browser([port]), ports, seconds=opts["seconds"])
            done = sorted(m.passes for m in members)
            self.stdout.write(f"  all logged in after {tally.login_seconds:.1f} s; then {opts['seconds']} s of work "
                              f"(the last pass ended after {tally.work_seconds:.1f} s): "
                              f"passes through the set per member min {done[0]}, median {done[len(done) // 2]}, "
                              f"max {done[-1]}")
            self.stdout.write(f"  {'request':<24}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p95/floor':>11}{'errors':>8}")
            for kind, label in KINDS + [("client", "client faults")]:
                times = tally.times.get(kind, [])
                if not times and not tally.errors.get(kind):
                    continue
                p95 = pct(times, 95)
                self.stdout.write(f"  {label:<24}{len(times):>7}{pct(times, 50) * 1000:>9.1f}{p95 * 1000:>9.1f}"
                                  f"{p95 / max(f95, 1e-9):>10.0f}x{tally.errors.get(kind, 0):>8}")
            for line in tally.problems[:12]:
                self.stdout.write(f"    {line}")
            lost = check_nothing_lost(world, members, organiser)
            accepted = (sum(m.lesson_answers for m in members), sum(m.puzzle_moves for m in members),
                        sum(sum(m.table_moves.values()) for m in members),
                        sum(len(m.deals_finished) for m in members))
            self.stdout.write(f"  accepted: {accepted[0]} lesson answers, {accepted[1]} puzzle moves, "
                              f"{accepted[2]} table moves, {accepted[3]} deals over; "
                              f"members logged in {sum(m.logged_in for m in members)} of {len(members)}")
            if lost:
                self.stdout.write(f"  nothing lost: NO, {len(lost)} member(s) differ")
                for name, said in lost[:10]:
                    self.stdout.write(f"    {name}: {said}")
            else:
                self.stdout.write(f"  nothing lost: yes, for all {len(members)} members the records equal what "
                                  "the client saw accepted and the grid's final text equals the records'")
        finally:
            for s in servers:
                s.stop()
            shutil.rmtree(work, ignore_errors=True)
