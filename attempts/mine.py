"""A learner's own progress over a window of time, game by game, read from their records.

One query per kind of record (lesson answers, puzzle moves, deals played), then every figure is
derived with attempts.summary, item by item, so that "finished" and "solved first try" mean here
what they mean everywhere else:

- a lesson counts as finished in the window when it is finished now and was not before the window
  opened (its summary over all its answers, and over those before the window);
- a puzzle counts as solved in the window the same way, with its status (first try or after hints)
  from all its moves; it counts as missed when it was tried in the window and is still unsolved;
- deals are those played in the window, by the bot level they were played against.

The activity chart counts, per day, week or month of the window: lesson steps done (answers taken
as right), puzzle moves solved (moves that were the answer or completed the puzzle) and deals.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from django.utils import timezone

from games.ui import LEVEL_LABELS, game_ui, site_games
from tutorials import lessons as lesson_data
from tutorials import puzzles as puzzle_data

from . import summary
from .models import DealPlayed, LessonAnswer, PuzzleMove

WINDOWS = {"7": 7, "30": 30, "365": 365, "all": None}  # the choice in the address -> days (None: all)
DEFAULT_WINDOW = "30"
KINDS = ("lessons", "puzzles", "deals")
DAY, WEEK, MONTH = "day", "week", "month"


@dataclass
class LevelResult:
    level: str
    label: str
    deals: summary.DealSummary


@dataclass
class GameProgress:
    slug: str
    lessons_total: int = 0
    lessons_finished: int = 0  # in the window
    lessons_finished_ever: int = 0
    steps: int = 0  # lesson steps done in the window
    puzzles_total: int = 0
    first_try: int = 0
    after_hints: int = 0
    missed: int = 0
    puzzles_solved_ever: int = 0
    deals: summary.DealSummary = field(default_factory=summary.DealSummary)
    levels: list = field(default_factory=list)  # LevelResult, in the game's order of levels

    @property
    def active(self):
        """Anything done in the window."""
        return bool(self.steps or self.lessons_finished or self.first_try or self.after_hints
                    or self.missed or self.deals.played)

    @property
    def targets_judged(self):
        return any(level.deals.judged for level in self.levels)


@dataclass
class Bucket:
    start: date  # the first day of the day, week or month
    counts: dict  # kind -> number

    @property
    def total(self):
        return sum(self.counts.values())


@dataclass
class Progress:
    window: str
    since: datetime | None  # when the window opens (None: all time)
    today: date
    unit: str  # DAY, WEEK or MONTH
    games: list  # GameProgress, one per game of the site
    buckets: list  # Bucket, oldest first, every one in the window (empty ones too)
    anything: bool  # any record at all, in or out of the window

    @property
    def totals(self):
        return {kind: sum(b.counts[kind] for b in self.buckets) for kind in KINDS}

    @property
    def active(self):
        return any(b.total for b in self.buckets)


def window_start(window, today):
    """The first day of the window (None for all time)."""
    days = WINDOWS[window]
    return None if days is None else today - timedelta(days=days - 1)


def _local_midnight(day):
    return timezone.make_aware(datetime.combine(day, time.min))


def _unit_for(first, today):
    span = (today - first).days + 1
    if span <= 31:
        return DAY
    if span <= 366:
        return WEEK
    return MONTH


def _bucket_start(day, unit):
    if unit == DAY:
        return day
    if unit == WEEK:
        return day - timedelta(days=day.weekday())
    return day.replace(day=1)


def _next(start, unit):
    if unit == DAY:
        return start + timedelta(days=1)
    if unit == WEEK:
        return start + timedelta(days=7)
    return (start.replace(day=28) + timedelta(days=4)).replace(day=1)


def _buckets(first, today, unit):
    out = {}
    start = _bucket_start(first, unit)
    while start <= today:
        out[start] = Bucket(start, dict.fromkeys(KINDS, 0))
        start = _next(start, unit)
    return out


def read(owner, window=DEFAULT_WINDOW, now=None):
    """What `owner` did, game by game, in the window ("7", "30", "365" or "all" days)."""
    now = now or timezone.now()
    today = timezone.localtime(now).date()
    first_day = window_start(window, today)
    since = _local_midnight(first_day) if first_day else None
    games = [game.slug for game in site_games()]

    answers, moves, played = [], [], []
    if owner:
        answers = list(LessonAnswer.objects.filter(owner=owner, game__in=games)
                       .only("game", "lesson", "step", "correct", "at"))
        moves = list(PuzzleMove.objects.filter(owner=owner, game__in=games)
                     .only("game", "puzzle", "attempt", "hints", "verdict", "at"))
        deals = DealPlayed.objects.filter(owner=owner, game__in=games)
        if since:
            deals = deals.filter(at__gte=since)
        played = list(deals.only("game", "level", "result", "target", "target_met", "at"))

    def in_window(row):
        return since is None or row.at >= since

    anything = bool(answers or moves or played)
    if not anything and owner and since:  # deals before the window are not read: are there any?
        anything = DealPlayed.objects.filter(owner=owner, game__in=games).exists()
    if first_day is None:
        stamps = [row.at for row in (*answers, *moves, *played)]
        first_day = timezone.localtime(min(stamps)).date() if stamps else today
    unit = _unit_for(first_day, today) if WINDOWS[window] is None else (DAY if WINDOWS[window] <= 31 else WEEK)
    buckets = _buckets(first_day, today, unit)

    def count(row, kind):
        day = timezone.localtime(row.at).date()
        bucket = buckets.get(_bucket_start(day, unit))
        if bucket is not None and day >= first_day:
            bucket.counts[kind] += 1

    by_lesson, by_puzzle, by_level = defaultdict(list), defaultdict(list), defaultdict(list)
    for row in answers:
        by_lesson[row.game, row.lesson].append(row)
        if row.correct and in_window(row):
            count(row, "lessons")
    for row in moves:
        by_puzzle[row.game, row.puzzle].append(row)
        if row.verdict in (PuzzleMove.RIGHT, PuzzleMove.SOLVED) and in_window(row):
            count(row, "puzzles")
    for row in played:
        by_level[row.game, row.level].append(row)
        count(row, "deals")

    out = []
    for slug in games:
        g = GameProgress(slug)
        for lesson in lesson_data.lessons(slug):
            g.lessons_total += 1
            rows = by_lesson.get((slug, lesson.id), [])
            if not rows:
                continue
            total = len(lesson.steps)
            now_done = summary.lesson(rows, total)
            g.lessons_finished_ever += now_done.finished
            g.steps += sum(1 for row in rows if row.correct and in_window(row))
            if now_done.finished and not summary.lesson([r for r in rows if not in_window(r)], total).finished:
                g.lessons_finished += 1
        for puzzle in puzzle_data.puzzles(slug):
            g.puzzles_total += 1
            rows = by_puzzle.get((slug, puzzle.id), [])
            if not rows:
                continue
            result = summary.puzzle(rows)
            g.puzzles_solved_ever += result.solved
            if not any(in_window(row) for row in rows):
                continue
            if result.status == summary.MISSED:
                g.missed += 1
            elif not summary.puzzle([r for r in rows if not in_window(r)]).solved:
                g.first_try += result.status == summary.FIRST_TRY
                g.after_hints += result.status == summary.AFTER_HINTS
        g.deals = summary.deals([row for row in played if row.game == slug])
        ui = game_ui(slug)
        known = list(ui.levels)
        extra = sorted({level for (game, level) in by_level if game == slug and level not in known})
        for level in known + extra:
            rows = by_level.get((slug, level))
            if rows:
                label = LEVEL_LABELS.get(level) or ui.level_label(level)  # the short name of a level
                g.levels.append(LevelResult(level, str(label), summary.deals(rows)))
        out.append(g)

    return Progress(window, since, today, unit, out, list(buckets.values()), anything)
