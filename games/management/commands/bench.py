"""Benchmarks (figures, never tests): python manage.py bench [--seconds 2] [--game ecarte]

For each registered game it prints
- random-playout matches per second (random bots in every seat);
- each bot level's decision time, p50/p95 over a fixed set of seeded positions, and in a game
  where a seat makes several decisions in a row, the time of the whole run of them (a turn);
- the practice table through the Django test Client: a reader's move (with the club bots'
  replies up to his next decision, played in the same request), one bot move shown, and the hint
  at a decision of the reader's with more than one choice, p50/p95 (at least --moves moves, 100 by
  default), and the move's p95 with its 95% interval and against the floor's;
  with --long, every request of one whole match, the first deal's against the last deal's,
next to the floor measured in the same run: an empty view behind the same middleware.
With --pages it prints only the floor and the learning pages of loadrun's mix (hubs, rules pages,
lesson steps, the puzzle catalogue, puzzle pages and answers, the home page), each kind on its own.

Each measurement stops after its time budget, so the whole run takes a few seconds per game. The
table runs on a throwaway test database, never on the site's own.
"""

import math
import random
import time
from urllib.parse import urlencode

from django.core.management.base import BaseCommand, CommandError
from django.http import HttpResponse
from django.test import Client
from django.test.utils import override_settings, setup_databases, setup_test_environment, teardown_databases
from django.urls import path

from games.engine import registry
from games.engine.bots import RandomBot
from games.engine.play import bot_levels, play_match
from games.engine.rng import rng_for
from games.management.options import parse_options
from games.table.review import REVIEW_LEVEL, view_rng
from games.ui import HINT_BUDGET, HINT_VOICES, game_ui, has_ui

HX = {"HTTP_HX_REQUEST": "true"}
# A reader's request comes after a pause (the time it takes to look at the board), and a process
# answers a request after a pause more slowly than one in a run of requests back to back: its
# processor's caches have gone cold. The floor and the table moves are timed both ways.
PAUSE = 0.04
PAUSED = 200  # requests timed after a pause (each costs PAUSE seconds of waiting)


def post(client, url, data, **extra):
    """POST `data` form-encoded, as a browser's form and htmx send it (the test Client's own
    default is a multipart body, which no page of the site sends and which costs more to read)."""
    return client.post(url, urlencode(data, doseq=True), content_type="application/x-www-form-urlencoded",
                       **extra)


def empty(request):
    return HttpResponse(b"")


def _urlpatterns():
    from dojo.urls import urlpatterns as site

    return [path("bench-empty/", empty)] + list(site)


# Django reads the URLconf from a module: this one is the site's plus the empty view.
urlpatterns = _urlpatterns()


def pct(values, p):
    """The p-th percentile (nearest rank) of a non-empty list."""
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(p / 100 * len(values) + 0.5) - 1))]


def pct_interval(values, p, level=0.95):
    """A distribution-free interval for the p-th percentile: the sample's order statistics between
    which it lies with at least `level` chance, their ranks taken from the binomial law of how many
    of n draws fall below it. (low, high); an end the sample is too small to give is None."""
    values = sorted(values)
    n, q = len(values), p / 100
    below, cdf = 0.0, []  # cdf[k]: the chance that at most k of the n draws fall below the percentile
    for k in range(n + 1):
        below += math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                          + k * math.log(q) + (n - k) * math.log1p(-q))
        cdf.append(below)
    tail = (1 - level) / 2
    lows = [rank for rank in range(1, n + 1) if cdf[rank - 1] <= tail]
    highs = [rank for rank in range(1, n + 1) if cdf[rank - 1] >= 1 - tail]
    return (values[max(lows) - 1] if lows else None), (values[min(highs) - 1] if highs else None)


def ms(seconds):
    return f"{seconds * 1000:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"


def timed(budget, fn, at_least=3, at_most=100_000):
    """Run fn() repeatedly until the budget is spent; the list of durations."""
    out = []
    stop = time.perf_counter() + budget
    while len(out) < at_most and (len(out) < at_least or time.perf_counter() < stop):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def after_pauses(count, fn):
    """The times of `count` calls of fn, each made after PAUSE seconds of waiting."""
    values = []
    for _ in range(count):
        time.sleep(PAUSE)
        t = time.perf_counter()
        fn()
        values.append(time.perf_counter() - t)
    return values


def positions(game, count, players, seed="bench"):
    """A fixed list of (state, seat) to decide in, from seeded random playouts."""
    rng = rng_for("bench-positions", game.slug, seed)
    bot = RandomBot(game)
    out = []
    match = 0
    while len(out) < count:
        state = game.new(f"{seed}{match}", players)
        match += 1
        for _ in range(10_000):
            movers = game.to_move(state)
            if not movers:
                break
            seat = min(game.turn(state))
            legal = game.legal_actions(state, seat)
            if len(legal) > 1 and rng.random() < 0.3:
                out.append((state, seat))
                if len(out) >= count:
                    break
            state = game.apply(state, seat, bot.choose(game.view(state, seat), seat, rng))
    return out


def whole_turn(game, bot, state, seat, rng, limit=1000):
    """The bot makes every decision `seat` has in a row from `state` (in a game of many moves a
    turn, the rest of its turn); returns the number of decisions and the state after them."""
    made = 0
    while made < limit and game.to_move(state) and min(game.turn(state)) == seat:
        state = game.apply(state, seat, bot.choose(game.view(state, seat), seat, rng))
        made += 1
    return made, state


def _match(url):
    from games.models import Table
    from games.table.match import Match

    table = Table.objects.get(token=url.rstrip("/").rsplit("/", 1)[1])
    return Match(table, game_ui(table.game))


class Command(BaseCommand):
    help = "Print speed figures: random playouts, bot decisions, practice-table round trips."

    def add_arguments(self, parser):
        parser.add_argument("--game", help="only this game")
        parser.add_argument("--seconds", type=float, default=2.0, help="budget of each measurement")
        parser.add_argument("--positions", type=int, default=40, help="seeded positions per bot level")
        parser.add_argument("--moves", type=int, default=100,
                            help="table moves timed at least, whatever the budget (the p95 needs a sample)")
        parser.add_argument("--players", type=int, help="players at the table (default: each game's fewest)")
        parser.add_argument("--pages", action="store_true",
                            help="only the floor and the learning pages of loadrun's mix, each kind on its own")
        parser.add_argument("--long", metavar="OPTION=VALUE,…",
                            help="also time every request of one whole match with these options (e.g. deals=5)")

    def handle(self, *args, **opts):
        games = registry.all_games()
        if opts["game"]:
            games = [g for g in games if g.slug == opts["game"]]
            if not games:
                raise CommandError(f"no game {opts['game']!r}")
        budget = opts["seconds"]
        setup_test_environment()
        old = setup_databases(verbosity=0, interactive=False)
        try:
            # The test Client speaks plain HTTP: no redirect to HTTPS, or every figure is a redirect.
            with override_settings(ROOT_URLCONF=__name__, SECURE_SSL_REDIRECT=False):
                floor = self.floor(budget)
                if opts["pages"]:
                    self.pages(budget, floor)
                    return
                for game in games:
                    players = opts["players"] or game.player_counts[0]
                    if players not in game.player_counts:
                        raise CommandError(f"{game.slug} is not played by {players}")
                    self.stdout.write(f"\n{game.slug}, {players} players")
                    self.playouts(game, budget, players)
                    self.bots(game, budget, opts["positions"], players)
                    if not has_ui(game.slug):
                        self.stdout.write("  (no ui yet: no table figures)")
                        continue
                    # The floor again, timed just before the table it is compared with: this machine's
                    # pace drifts over minutes, and a game's playouts and bots take that long.
                    floor_now = self.floor(budget, "  floor again, just before the table")
                    self.table(game, budget, players, floor_now, opts["moves"])
                    if opts["long"]:
                        self.long_match(game, players, parse_options(game, opts["long"]))
        finally:
            teardown_databases(old, verbosity=0)

    def line(self, label, values, unit="request"):
        self.stdout.write(f"  {label:<44} p50 {ms(pct(values, 50)):>10}   p95 {ms(pct(values, 95)):>10}   "
                          f"({len(values)} {unit}s)")

    def floor(self, budget, heading="floor"):
        client = Client()
        client.get("/bench-empty/")
        self.stdout.write(heading)
        floor = timed(budget, lambda: client.get("/bench-empty/"))
        self.line("empty view (same middleware, test Client)", floor)
        client.get("/en/")
        self.line("home page (template, translated)", timed(budget, lambda: client.get("/en/")))
        self.paused_floor = after_pauses(PAUSED, lambda: client.get("/bench-empty/"))
        self.line(f"empty view, each after a {PAUSE * 1000:.0f} ms pause", self.paused_floor)
        return floor

    def pages(self, budget, floor):
        """The kinds of request of loadrun's mix, in both languages over every game, by one reader
        who has answered before (a session, marks to fill): p50/p95 and p95 against the floor's."""
        from games.controls import encode
        from tutorials import lessons, puzzles
        from tutorials.content import has_rules

        kinds = {}
        for ui_game in registry.all_games():
            slug = ui_game.slug
            if not has_ui(slug):
                continue
            for lang in ("ja", "en"):
                kinds.setdefault("hub", []).append(("get", f"/{lang}/{slug}/", None))
                if has_rules(slug):
                    kinds.setdefault("rules page", []).append(("get", f"/{lang}/{slug}/rules/", None))
                for lesson in lessons.lessons(slug)[:2]:
                    kinds.setdefault("lesson step", []).append(("get", f"/{lang}/{slug}/lessons/{lesson.id}/2/", None))
                kinds.setdefault("puzzle catalogue", []).append(("get", f"/{lang}/{slug}/puzzles/", None))
                for p in puzzles.puzzles(slug)[:4]:
                    kinds.setdefault("puzzle page", []).append(("get", f"/{lang}/{slug}/puzzles/{p.id}/", None))
                    form = encode(ui_game.parse_action(p.answers[0]))
                    kinds.setdefault("puzzle answer (POST)", []).append(("post", f"/{lang}/{slug}/puzzles/{p.id}/", form))
        kinds["home"] = [("get", "/en/", None), ("get", "/ja/", None)]
        client = Client()
        for method, url, form in kinds["puzzle answer (POST)"]:  # the reader's session and marks
            post(client, url, form)
        self.stdout.write("\npages (one reader with a session and marks; each kind round-robin over its addresses)")
        base = pct(floor, 95)
        for kind, requests in kinds.items():
            at = [0]

            def one():
                method, url, form = requests[at[0] % len(requests)]
                at[0] += 1
                answer = post(client, url, form) if method == "post" else client.get(url)
                if answer.status_code >= 400:
                    raise CommandError(f"{url}: {answer.status_code}")

            for _ in requests:  # each address drawn once before the count begins
                one()
            values = timed(budget, one)
            self.line(f"{kind} ({len(requests)} addresses)", values)
            self.stdout.write(f"  {'':<44} p95 {pct(values, 95) / base:.1f}x the floor's")

    def playouts(self, game, budget, players):
        bots = [RandomBot(game) for _ in range(players)]
        n = 0
        started = time.perf_counter()
        while n < 3 or time.perf_counter() - started < budget:
            play_match(game, bots, f"bench{n}", players)
            n += 1
        secs = time.perf_counter() - started
        self.stdout.write(f"  {'random playouts':<44} {n / secs:10.1f} matches/s   ({n} matches)")

    def bots(self, game, budget, count, players):
        spots = positions(game, count, players)

        def over_spots(level, measure):
            """measure(bot, state, view, seat, rng) at each spot (the view made before the clock
            starts), a fresh bot of the level, within the budget; returns the times and what each
            measure returned."""
            bot = bot_levels(game)[level](game)
            times, said = [], []
            stop = time.perf_counter() + budget
            for i, (state, seat) in enumerate(spots):
                if times and time.perf_counter() > stop:
                    break
                view, rng = game.view(state, seat), rng_for("bench-bot", level, i)
                t = time.perf_counter()
                said.append(measure(bot, state, view, seat, rng))
                times.append(time.perf_counter() - t)
            return times, said

        within = []  # the levels whose decisions fit the hint's time budget
        for level in bot_levels(game):
            times, _ = over_spots(level, lambda bot, state, view, seat, rng: bot.choose(view, seat, rng))
            self.line(f"bot decision, {level}", times, "position")
            if level == REVIEW_LEVEL:
                # As the hint weighs a decision the review weighs: the review's reckoning, within
                # the hint's budget, with the review's rng for the view.
                reckoned, _ = over_spots(level, lambda bot, state, view, seat, rng: bot.values_within(
                    view, seat, view_rng(game, seat, view), HINT_BUDGET))
                self.line(f"{level}'s reckoning within the hint's budget", reckoned, "position")
                times = times + reckoned
            if pct(times, 95) <= HINT_BUDGET and level in HINT_VOICES:
                within.append(level)
        declared = game_ui(game.slug).hint_level if has_ui(game.slug) else None
        self.stdout.write(f"  {'hint: strongest level within ' + ms(HINT_BUDGET) + ' (p95)':<44} "
                          f"{within[-1] if within else 'none':>10}   (the ui declares {declared or '—'})")
        # A bot that plans a turn of many moves spends its time on the turn's first decisions:
        # the whole turn is what a reader waits for.
        for level in bot_levels(game):
            times, made = over_spots(
                level, lambda bot, state, view, seat, rng: whole_turn(game, bot, state, seat, rng)[0])
            if max(made) > 1:
                self.line(f"bot's whole turn, {level} (≤{max(made)} moves)", times, "position")

    def _new_table(self, client, game, players, options=None):
        from games.table.forms import setup_data

        offered = game.option_choices()
        form_options = {k: v for k, v in (options or {}).items() if v in offered.get(k, ())}
        response = client.post(f"/en/{game.slug}/play/", setup_data(game_ui(game.slug), players, **form_options))
        if response.status_code != 302:
            raise CommandError(f"could not create a {game.slug} table ({response.status_code})")
        url = response["Location"]
        if form_options != (options or {}):
            # A value the form does not offer (a longer match, to measure): set on the new table
            # before its first move, as the form would have.
            from games.models import Table

            table = Table.objects.get(token=url.rstrip("/").rsplit("/", 1)[-1])
            if table.actions:
                raise CommandError("the new table has moved before its options could be set")
            table.options = {**table.options, **options}
            table.save(update_fields=["options"])
        return url

    def _drive(self, client, url, rng, record, hint=True, pause=0):
        """One request of a reader playing at random through htmx: a move (the bots' replies come in
        the same request; the hint asked first unless hint is False; after `pause` seconds), one
        bot move shown, or the bots' first run. record(kind, seconds, match). False once the match
        is over."""
        match = _match(url)
        game, table = match.game, match.table
        if not game.to_move(match.state) and table.shown == match.length:
            return False
        if table.shown == match.length and match.reader_awaited():
            legal = game.legal_actions(match.view(), match.human)
            if hint and len(legal) > 1:
                t = time.perf_counter()
                client.get(url + "?hint=1", **HX)
                record("hint", time.perf_counter() - t, match)
            data = match.form_for(rng.choice(legal))
            if pause:
                time.sleep(pause)
            t = time.perf_counter()
            post(client, url + "act/", data, **HX)
            record("move", time.perf_counter() - t, match)
        elif table.shown < match.length:
            t = time.perf_counter()
            client.get(url + f"?at={table.shown + 1}", **HX)
            record("frame", time.perf_counter() - t, match)
        else:
            t = time.perf_counter()
            post(client, url + "step/", {"version": table.version}, **HX)
            record("bots", time.perf_counter() - t, match)
        return True

    def table(self, game, budget, players, floor, moves=100):
        """Round trips through the practice table's views, as htmx makes them, club bots replying: a
        reader's move (with every bot reply up to his next decision, played in the same request),
        each bot move then shown one at a time, and the hint the reader may ask for before a move."""
        client = Client()
        rng = random.Random(1)
        times = {"move": [], "frame": [], "hint": []}
        stop = time.perf_counter() + budget
        url = None
        while time.perf_counter() < stop or len(times["move"]) < max(3, moves):
            if url is None:
                url = self._new_table(client, game, players)
            if not self._drive(client, url, rng, lambda kind, secs, m: times.setdefault(kind, []).append(secs)):
                url = None  # the match is over: start another
        for kind, label in (("move", "table: a move and the bots' replies (htmx)"),
                            ("frame", "table: one bot move shown (htmx)"), ("hint", "table: the hint (htmx)")):
            if times[kind]:  # a short run may end before the bots have moved
                self.line(label, times[kind])
        self.against_floor(times["move"], floor)
        # The same moves as a reader makes them, each after a pause and without the hint, against
        # the floor timed the same way.
        client, rng, url, paused = Client(), random.Random(2), None, []
        while len(paused) < PAUSED:
            if url is None:
                url = self._new_table(client, game, players)
            if not self._drive(client, url, rng, lambda kind, secs, m: kind == "move" and paused.append(secs),
                               hint=False, pause=PAUSE):
                url = None
        self.line(f"table: a move, each after a {PAUSE * 1000:.0f} ms pause", paused)
        self.against_floor(paused, self.paused_floor, "the paused floor's")

    def against_floor(self, values, floor, name="the floor's"):
        """The p95 of `values` with its 95% interval, and against the floor's p95 (the ratio's
        range from the two intervals)."""
        low, high = pct_interval(values, 95)
        f_low, f_high = pct_interval(floor, 95)
        ratio = pct(values, 95) / pct(floor, 95)
        span = (f"{low / f_high:.1f}–{high / f_low:.1f}x" if low and high and f_low and f_high
                else "the sample is too small for a range")
        shown = f"{ms(low)} to {ms(high)}" if low and high else "the sample is too small for an interval"
        self.stdout.write(f"  {'':<44} p95's 95% interval {shown}; p95 {ratio:.1f}x {name} ({span})")

    def long_match(self, game, players, options):
        """One whole match with these options, every request timed: the first deal's against the
        last deal's, so that a request's cost is seen not to grow with the match."""
        client = Client()
        rng = random.Random(2)
        by_deal = {}

        def record(kind, secs, match):
            by_deal.setdefault(match.game.deal_number(match.state), []).append(secs)

        url = self._new_table(client, game, players, options)
        requests = 0
        while self._drive(client, url, rng, record):
            requests += 1
        length = _match(url).length
        first, last = min(by_deal), max(by_deal)
        self.stdout.write(f"  long match {options}: {len(by_deal)} deals, {length} actions, {requests} requests")
        self.line(f"table request in deal {first}", by_deal[first])
        self.line(f"table request in deal {last}", by_deal[last])
        ratio = pct(by_deal[last], 95) / pct(by_deal[first], 95)
        self.stdout.write(f"  {'p95 last deal / first deal':<44} {ratio:10.2f}")
