"""Deal a game's sampled puzzles and store their figures: python manage.py sample_puzzles klaberjass

Every puzzle of the game with ``sampled = N`` is played out over its N deals (the game's
sampled_values, seeded by the puzzle's seed) and the results, deal by deal, with each action's
summary, are written to tutorials/content/<game>/sampled.json, which the puzzle pages show and the
suite checks.
"""

import time
from concurrent.futures import ProcessPoolExecutor

from django.core.management.base import BaseCommand, CommandError

from games.engine import registry
from games.engine.sampling import Sample
from tutorials import puzzles


def _deal(args):
    """One run of deals of one puzzle (in a worker): per action text, the values and ahead flags."""
    slug, puzzle_id, start, stop = args
    found = puzzles.sample(puzzles.puzzle(slug, puzzle_id), range(start, stop))
    return (found.policy, found.unit,
            {str(a): (tuple(v), tuple(found.ahead[a])) for a, v in found.values.items()})


class Command(BaseCommand):
    help = ("Play a game's sampled puzzles out over their deals and write "
            "tutorials/content/<game>/sampled.json.")

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("--puzzle", action="append", default=[],
                            help="only this puzzle (may be repeated); the others keep their stored figures")
        parser.add_argument("--jobs", type=int, default=1, help="worker processes")
        parser.add_argument("--chunk", type=int, default=50, help="deals per piece of work")

    def handle(self, *args, **opts):
        slug = opts["game"]
        try:
            game = registry.get(slug)
        except KeyError:
            raise CommandError(f"no game {slug!r}; known: {', '.join(g.slug for g in registry.all_games())}")
        every = [p for p in puzzles.puzzles(slug) if p.sampled]
        chosen = [p for p in every if not opts["puzzle"] or p.id in opts["puzzle"]]
        unknown = set(opts["puzzle"]) - {p.id for p in chosen}
        if unknown:
            raise CommandError(f"not sampled puzzles of {slug}: {', '.join(sorted(unknown))}")
        if not chosen:
            raise CommandError(f"{slug} has no sampled puzzle")
        kept = {p.id for p in every}
        records = {pid: rec for pid, rec in puzzles.sampled_data(slug).items() if pid in kept}
        started = time.perf_counter()
        with ProcessPoolExecutor(max_workers=max(1, opts["jobs"])) as pool:
            for p in chosen:
                records[p.id] = self._sample(pool, game, p, max(1, opts["chunk"]), started)
                puzzles.write_sampled(slug, records)  # kept as each puzzle is done
        self.stdout.write(f"{slug}: {len(chosen)} puzzles sampled in {time.perf_counter() - started:.0f} s; "
                          f"written to {puzzles.sampled_path(slug)}")
        problems = [problem for p in chosen for problem in puzzles.validate(p)]
        if problems:
            raise CommandError("the figures do not back these puzzles as written:\n  "
                               + "\n  ".join(problems))

    def _sample(self, pool, game, p, chunk, started):
        n = p.sampled
        pieces = [(game.slug, p.id, i, min(i + chunk, n)) for i in range(0, n, chunk)]
        values, ahead, done, kind = {}, {}, 0, None
        for (policy, unit, part), (_s, _p, start, stop) in zip(pool.map(_deal, pieces), pieces):
            kind = (policy, unit)
            for text, (v, a) in part.items():
                values.setdefault(text, []).extend(v)
                ahead.setdefault(text, []).extend(a)
            done = stop
            seconds = time.perf_counter() - started
            self.stderr.write(f"  {game.slug}/{p.id}: {done}/{n} deals ({seconds:.0f} s)")
        found = Sample(policy=kind[0], unit=kind[1], first=0,
                       values={game.parse_action(t): tuple(v) for t, v in values.items()},
                       ahead={game.parse_action(t): tuple(a) for t, a in ahead.items()})
        rec = puzzles.record(p, found)
        for text, a in sorted(rec["actions"].items(), key=lambda kv: -kv[1]["figures"]["mean"]):
            f = a["figures"]
            self.stdout.write(f"{game.slug}/{p.id} {text}: mean {f['mean']:+.1f} (95% {f['low']:+.1f} to "
                              f"{f['high']:+.1f}), ahead in {f['ahead']}/{f['deals']} "
                              f"({f['ahead_low']:.1%}–{f['ahead_high']:.1%})")
        return rec
