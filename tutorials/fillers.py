"""The reader's own parts of the learning pages drawn once for everyone (dojo.shared): a form's
nonce, a puzzle's mark, a lesson's progress, and the catalogues' marks. The views and the cached
pages both get them from here."""

from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.translation import gettext

from attempts import record, summary
from dojo.shared import filler
from games.owner import owner_key


@filler("nonce", kind="once")
def nonce(request):
    """A fresh nonce for a form that records an answer (a second post of it is the same answer)."""
    return record.new_nonce()


def _memo(request, name, compute):
    """One computation per request, however many slots of a page ask for it."""
    memo = request.__dict__.setdefault("_reader_parts", {})
    if name not in memo:
        memo[name] = compute()
    return memo[name]


def puzzle_mark(done):
    """The mark a puzzle carries in the pages, from its summary (attempts.summary.puzzle): None
    before any try; "failed" (missed) when a wrong move came before it was first solved, or it
    never was; else "solved". Solving it later does not erase that it was missed first."""
    if not done.tries:
        return None
    for t in done.tries:
        if t["wrong"]:
            return "failed"
        if t["solved"]:
            return "solved"
    return None  # tries begun, none wrong and none finished yet


def puzzle_marks(request, game):
    """{puzzle id: its summary} of the reader's tries at the game's puzzles."""
    return _memo(request, f"puzzles:{game}", lambda: {
        item: summary.puzzle(rows)
        for item, rows in record.puzzle_rows_by_item(owner_key(request, create=False), game).items()})


def _badge(mark):
    # Written here rather than in a template: a page may carry dozens, each filled per request.
    if mark == "solved":
        return format_html('<strong class="badge badge-ok">✓ {}</strong>', gettext("solved"))
    if mark == "failed":
        return format_html('<strong class="badge badge-warn">✗ {}</strong>', gettext("missed"))
    return ""


def puzzle_rows(request, game, puzzle):
    """The reader's rows of one puzzle (attempts.record.puzzle_rows), read once a request."""
    return _memo(request, f"puzzle:{game}:{puzzle}",
                 lambda: record.puzzle_rows(owner_key(request, create=False), game, puzzle))


def rows_now(request, game, puzzle, rows):
    """The reader's rows of one puzzle as this request has just left them (read, then one added)."""
    request.__dict__.setdefault("_reader_parts", {})[f"puzzle:{game}:{puzzle}"] = rows


@filler("puzzle-badge")
def puzzle_badge(request, game, puzzle):
    """The ✓ solved / ✗ missed badge of one puzzle, for this reader."""
    return _badge(puzzle_mark(summary.puzzle(puzzle_rows(request, game, puzzle))))


@filler("catalogue-badge")
def catalogue_badge(request, game, puzzle):
    """As puzzle-badge, from the reader's marks of the whole catalogue (one query a page)."""
    found = puzzle_marks(request, game).get(puzzle)
    return _badge(puzzle_mark(found) if found else None)


@filler("catalogue-status")
def catalogue_status(request, game, puzzle):
    """A catalogue row's status class: status-new, status-solved or status-failed."""
    found = puzzle_marks(request, game).get(puzzle)
    return f"status-{(puzzle_mark(found) if found else None) or 'new'}"


@filler("catalogue-progress")
def catalogue_progress(request, game, total, missed):
    """The catalogue's head: how many puzzles this reader has solved and missed."""
    marks = puzzle_marks(request, game)
    failed = sum(1 for d in marks.values() if puzzle_mark(d) == "failed")
    return render_to_string("tutorials/partials/catalogue_progress.html", {
        "solved_count": sum(1 for d in marks.values() if d.solved), "failed_count": failed, "total": int(total),
        "missed": missed == "1"})


def lesson_progress(request, game, lesson, steps):
    """The reader's summary of one lesson (attempts.summary.lesson)."""
    return _memo(request, f"lesson:{game}:{lesson}", lambda: summary.lesson(
        record.lesson_rows(owner_key(request, create=False), game, lesson), int(steps)))


@filler("lesson-progress")
def lesson_progress_bar(request, game, lesson, steps):
    """A lesson step's progress bar: the steps of the lesson this reader has done."""
    done = len(lesson_progress(request, game, lesson, steps).done)
    return format_html('<progress max="{}" value="{}">{}/{}</progress>', int(steps), done, done, int(steps))


def lesson_rows(request, game):
    return _memo(request, f"lessons:{game}", lambda: record.lesson_rows_by_item(owner_key(request, create=False), game))


def _lesson_row(request, game, lesson, steps):
    mine = lesson_rows(request, game).get(lesson)
    done = summary.lesson(mine or [], int(steps))
    return {"done": len(done.done), "finished": done.finished, "at": done.at if mine else None}


@filler("lesson-row-class")
def lesson_row_class(request, game, lesson, steps):
    """ is-finished on a catalogue row of a lesson this reader has finished."""
    return " is-finished" if _lesson_row(request, game, lesson, steps)["finished"] else ""


@filler("lesson-row")
def lesson_row(request, game, lesson, steps, url):
    """A catalogue row's progress: steps done, and finished or a link to resume."""
    return render_to_string("tutorials/partials/lesson_row.html",
                            {**_lesson_row(request, game, lesson, steps), "steps": int(steps), "url": url})
