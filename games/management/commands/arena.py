"""Bots against bots over seeded matches: python manage.py arena ecarte --a expert --b club --matches 200
(`--options stop_mode=callable,target=100` plays them with other set-up options)."""

import time
from concurrent.futures import ProcessPoolExecutor

from django.core.management.base import BaseCommand, CommandError

from games.engine import registry
from games.engine.play import bot_levels, measuring_bots, play_match, wilson
from games.management.options import parse_options


def _one(args):
    slug, a, b, index, seed_prefix, players, options = args
    game = registry.get(slug)
    levels = {**bot_levels(game), **measuring_bots(game)}
    # Two players: the levels alternate seats. More: one seat of level a among level b, the a seat
    # moving round the table from match to match.
    if players == 2:
        seats = [a if (s + index) % 2 == 0 else b for s in range(players)]
    else:
        seats = [a if s == index % players else b for s in range(players)]
    bots = [levels[name](game) for name in seats]
    final = play_match(game, bots, f"{seed_prefix}{index}", players, game.options(options))
    outcome = game.outcome(final)
    chips = game.chips(final)
    if chips is not None:  # a game of chips: each seat's chips won per deal of the match
        deals = max(1, len(outcome.deals))
        chips = [chips[str(s)] / deals for s in range(players)]
    return seats, outcome.winners, (outcome.scores, chips)


def mean_interval(rows):
    """The mean of independent measurements and its 95% interval (normal approximation)."""
    n = len(rows)
    mean = sum(rows) / n
    var = sum((x - mean) ** 2 for x in rows) / (n - 1) if n > 1 else 0.0
    half = 1.96 * (var / n) ** 0.5
    return mean, mean - half, mean + half


class Command(BaseCommand):
    help = "Play seeded matches between two bot levels and print the first level's win rate (95% interval)."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("--a", default="expert")
        parser.add_argument("--b", default="club")
        parser.add_argument("--matches", type=int, default=100)
        parser.add_argument("--players", type=int, default=None)
        parser.add_argument("--seed", default="arena")
        parser.add_argument("--jobs", type=int, default=2)
        parser.add_argument("--options", metavar="OPTION=VALUE,…", default="",
                            help="set-up options of every match (the game's defaults otherwise)")

    def handle(self, *args, **opts):
        try:
            game = registry.get(opts["game"])
        except KeyError:
            raise CommandError(f"no game {opts['game']!r}; known: {', '.join(g.slug for g in registry.all_games())}")
        levels = {**bot_levels(game), **measuring_bots(game)}  # a yardstick (seer) may play too
        for key in ("a", "b"):
            if opts[key] not in levels:
                raise CommandError(f"--{key} must be one of {', '.join(levels)}")
        players = opts["players"] or game.player_counts[0]
        if players not in game.player_counts:
            raise CommandError(f"{game.slug} is for {game.player_counts} players")
        n = opts["matches"]
        options = parse_options(game, opts["options"]) if opts["options"] else {}
        said = "".join(f", {k}={v}" for k, v in options.items())
        if game.chips(game.new("arena", players, game.options(options))) is not None:
            return self._chips(game, opts, players, n, options, said)
        if players > 2:
            return self._losers(game, opts, players, n, options, said)
        jobs = [(game.slug, opts["a"], opts["b"], i, opts["seed"], players, options) for i in range(n)]
        started = time.perf_counter()
        wins = 0.0
        done = 0
        with ProcessPoolExecutor(max_workers=max(1, opts["jobs"])) as pool:
            for seats, winners, _rest in pool.map(_one, jobs, chunksize=4):
                a_seats = [s for s, name in enumerate(seats) if name == opts["a"]]
                share = sum(1 for w in winners if w in a_seats) / len(winners)
                wins += share
                done += 1
                if done % max(1, n // 10) == 0:
                    self.stderr.write(f"  {done}/{n} matches")
        lo, hi = wilson(wins, n)
        secs = time.perf_counter() - started
        self.stdout.write(
            f"{game.slug}: {opts['a']} vs {opts['b']}{said}, {n} matches: {opts['a']} won {wins:g} "
            f"({wins / n:.1%}, 95% interval {lo:.1%}–{hi:.1%}) in {secs:.0f}s"
        )

    def _chips(self, game, opts, players, n, options, said):
        """In a game of chips: the chips the level-a seat wins per deal, as a mean over the matches
        with its 95% interval (each match one measurement: its chips divided by its deals), beside
        the mean of the level-b seats (all the chips a wins come from them or the pot)."""
        jobs = [(game.slug, opts["a"], opts["b"], i, opts["seed"], players, options) for i in range(n)]
        started = time.perf_counter()
        a_rows, b_rows = [], []
        with ProcessPoolExecutor(max_workers=max(1, opts["jobs"])) as pool:
            for seats, _winners, (_scores, chips) in pool.map(_one, jobs, chunksize=2):
                a_rows += [chips[s] for s, name in enumerate(seats) if name == opts["a"]]
                b_rows += [chips[s] for s, name in enumerate(seats) if name != opts["a"]]
                if len(a_rows) % max(1, n // 10) == 0:
                    self.stderr.write(f"  {len(a_rows)}/{n} matches")
        mean, low, high = mean_interval(a_rows)
        secs = time.perf_counter() - started
        self.stdout.write(
            f"{game.slug}, {players} players{said}: one {opts['a']} seat among {opts['b']} seats, {n} matches: "
            f"the {opts['a']} seat won {mean:+.3f} chips a deal (95% interval {low:+.3f} to {high:+.3f}); "
            f"each {opts['b']} seat {sum(b_rows) / len(b_rows):+.3f} in {secs:.0f}s"
        )

    def _losers(self, game, opts, players, n, options, said):
        """With more than two players: how often the one seat of level a loses the match (is the
        shithead), against the 1-in-players of chance and the rate of each level-b seat."""
        jobs = [(game.slug, opts["a"], opts["b"], i, opts["seed"], players, options) for i in range(n)]
        started = time.perf_counter()
        a_lost = 0
        done = 0
        with ProcessPoolExecutor(max_workers=max(1, opts["jobs"])) as pool:
            for seats, winners, _rest in pool.map(_one, jobs, chunksize=4):
                loser = next(s for s in range(players) if s not in winners)
                a_lost += seats[loser] == opts["a"]
                done += 1
                if done % max(1, n // 10) == 0:
                    self.stderr.write(f"  {done}/{n} matches")
        lo, hi = wilson(a_lost, n)
        b_rate = (n - a_lost) / (n * (players - 1))
        secs = time.perf_counter() - started
        self.stdout.write(
            f"{game.slug}, {players} players{said}: one {opts['a']} seat among {opts['b']} seats, "
            f"{n} matches: "
            f"the {opts['a']} seat lost {a_lost} ({a_lost / n:.1%}, 95% interval {lo:.1%}–{hi:.1%}); "
            f"chance alone 1 in {players} ({1 / players:.1%}); each {opts['b']} seat lost {b_rate:.1%} "
            f"in {secs:.0f}s"
        )
