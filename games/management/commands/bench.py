"""Benchmarks (figures, never tests): python manage.py bench [--seconds 2] [--game ecarte]

For each registered game it prints
- random-playout matches per second (random bots in every seat);
- each bot level's decision time, p50/p95 over a fixed set of seeded positions;
- the practice table through the Django test Client: one request's round trip (a reader's action,
  or one bot step) and a whole turn (the reader's action and the club bot's replies until it is
  the reader's turn again), p50/p95,
next to the floor measured in the same run: an empty view behind the same middleware.

Each measurement stops after its time budget, so the whole run takes a few seconds per game. The
table runs on a throwaway test database, never on the site's own.
"""

import random
import time

from django.core.management.base import BaseCommand, CommandError
from django.http import HttpResponse
from django.test import Client
from django.test.utils import override_settings, setup_databases, setup_test_environment, teardown_databases
from django.urls import path

from games.engine import registry
from games.engine.bots import RandomBot
from games.engine.play import bot_levels, play_match
from games.engine.rng import rng_for

HX = {"HTTP_HX_REQUEST": "true"}


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
            seat = min(movers)
            legal = game.legal_actions(state, seat)
            if len(legal) > 1 and rng.random() < 0.3:
                out.append((state, seat))
                if len(out) >= count:
                    break
            state = game.apply(state, seat, bot.choose(game.view(state, seat), seat, rng))
    return out


class Command(BaseCommand):
    help = "Print speed figures: random playouts, bot decisions, practice-table round trips."

    def add_arguments(self, parser):
        parser.add_argument("--game", help="only this game")
        parser.add_argument("--seconds", type=float, default=2.0, help="budget of each measurement")
        parser.add_argument("--positions", type=int, default=40, help="seeded positions per bot level")
        parser.add_argument("--players", type=int, help="players at the table (default: each game's fewest)")

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
                self.floor(budget)
                for game in games:
                    players = opts["players"] or game.player_counts[0]
                    if players not in game.player_counts:
                        raise CommandError(f"{game.slug} is not played by {players}")
                    self.stdout.write(f"\n{game.slug}, {players} players")
                    self.playouts(game, budget, players)
                    self.bots(game, budget, opts["positions"], players)
                    self.table(game, budget, players)
        finally:
            teardown_databases(old, verbosity=0)

    def line(self, label, values, unit="request"):
        self.stdout.write(f"  {label:<44} p50 {ms(pct(values, 50)):>10}   p95 {ms(pct(values, 95)):>10}   "
                          f"({len(values)} {unit}s)")

    def floor(self, budget):
        client = Client()
        client.get("/bench-empty/")
        self.stdout.write("floor")
        self.line("empty view (same middleware, test Client)",
                  timed(budget, lambda: client.get("/bench-empty/")))
        client.get("/en/")
        self.line("home page (template, translated)", timed(budget, lambda: client.get("/en/")))

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
        for level, cls in bot_levels(game).items():
            bot = cls(game)
            times = []
            stop = time.perf_counter() + budget
            for i, (state, seat) in enumerate(spots):
                if times and time.perf_counter() > stop:
                    break
                view = game.view(state, seat)
                rng = rng_for("bench-bot", level, i)
                t = time.perf_counter()
                bot.choose(view, seat, rng)
                times.append(time.perf_counter() - t)
            self.line(f"bot decision, {level}", times, "position")

    def table(self, game, budget, players):
        """Round trips through the practice table's views, as htmx makes them, club bot replying."""
        from games.models import Table
        from games.tables import Kit, Match
        from tutorials.views import action_form

        kit = Kit(game.slug)
        client = Client()
        form = {"level": "club", "code": "", "players": players}
        for name, values in game.option_choices().items():
            form[f"opt_{name}"] = values.index(getattr(game.options(), name))
        rng = random.Random(1)
        requests, turns = [], []
        stop = time.perf_counter() + budget
        url = None
        while time.perf_counter() < stop or len(turns) < 3:
            if url is None:
                response = client.post(f"/en/{game.slug}/play/", form)
                if response.status_code != 302:
                    raise CommandError(f"could not create a {game.slug} table ({response.status_code})")
                url = response["Location"]
            table = Table.objects.get(token=url.rstrip("/").rsplit("/", 1)[1])
            match = Match(table, kit)
            movers = game.to_move(match.state)
            if not movers:
                url = None  # the match is over: start another
                continue
            turn = time.perf_counter()
            if table.human_seat in movers:
                legal = game.legal_actions(game.view(match.state, table.human_seat), table.human_seat)
                data = action_form(rng.choice(legal), table.version)
                t = time.perf_counter()
                client.post(url + "act/", data, **HX)
                requests.append(time.perf_counter() - t)
                version = table.version + 1
            else:
                version = table.version
            # The bots reply, one step per request, until the reader is to move again.
            while True:
                table = Table.objects.get(pk=table.pk)
                movers = game.to_move(Match(table, kit).state)
                if not movers or table.human_seat in movers:
                    break
                t = time.perf_counter()
                client.post(url + "step/", {"version": version}, **HX)
                requests.append(time.perf_counter() - t)
                version += 1
            turns.append(time.perf_counter() - turn)
        self.line("table request (one action or bot step, htmx)", requests)
        self.line("table turn (action + club replies)", turns, "turn")
