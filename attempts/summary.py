"""What the records say, item by item: the one derivation of progress and results from attempts.

The learner's own pages, the club's grid and the member's homework page all read these summaries,
so a puzzle counts as "solved first try" in the same way everywhere. Each function takes the
records of one owner and one item (any iterable of rows, oldest first).
"""

from dataclasses import dataclass, field

from .models import PuzzleMove

FIRST_TRY, AFTER_HINTS, MISSED, NOT_TRIED = "first-try", "after-hints", "missed", "not-tried"


@dataclass
class LessonSummary:
    done: frozenset = frozenset()  # step numbers answered right (or read)
    wrong: int = 0  # answers refused
    total: int = 0  # steps in the lesson
    last: object = None  # time of the last answer

    @property
    def finished(self):
        return self.total > 0 and len(self.done) >= self.total

    @property
    def at(self):
        """The step to resume at: the first not yet done (the last when all are)."""
        for n in range(1, self.total + 1):
            if n not in self.done:
                return n
        return max(self.total, 1)


RESTART = 0  # the step number of a row that starts a lesson again (attempts.record.restart)


def lesson(rows, total) -> LessonSummary:
    """A lesson's steps done, from its answers. A row at step RESTART marks the learner starting the
    lesson again: the steps done before it no longer count (its wrong answers still do)."""
    done, wrong, last = set(), 0, None
    for row in rows:
        if row.step == RESTART:
            done = set()
        elif row.correct:
            done.add(row.step)
        else:
            wrong += 1
        last = row.at
    return LessonSummary(frozenset(n for n in done if 1 <= n <= total or not total), wrong, total, last)


@dataclass
class PuzzleSummary:
    status: str = NOT_TRIED  # FIRST_TRY, AFTER_HINTS (solved, but with hints or not at the first try), MISSED
    attempts: int = 0  # tries made
    hints: int = 0  # the most hints any try used
    wrong: int = 0  # wrong moves over all tries
    last: object = None
    tries: list = field(default_factory=list)  # per try: {"attempt", "solved", "hints", "wrong"}

    @property
    def solved(self):
        return self.status in (FIRST_TRY, AFTER_HINTS)


def puzzle(rows) -> PuzzleSummary:
    tries = {}
    last = None
    for row in rows:
        t = tries.setdefault(row.attempt, {"attempt": row.attempt, "solved": False, "hints": 0, "wrong": 0})
        t["hints"] = max(t["hints"], row.hints)
        if row.verdict == PuzzleMove.WRONG:
            t["wrong"] += 1
        elif row.verdict == PuzzleMove.SOLVED:
            t["solved"] = True
        last = row.at
    ordered = [tries[k] for k in sorted(tries)]
    if not ordered:
        return PuzzleSummary()
    first = ordered[0]
    if first["solved"] and not first["wrong"] and not first["hints"]:
        status = FIRST_TRY
    elif any(t["solved"] for t in ordered):
        status = AFTER_HINTS
    else:
        status = MISSED
    return PuzzleSummary(status, len(ordered), max(t["hints"] for t in ordered),
                         sum(t["wrong"] for t in ordered), last, ordered)


@dataclass
class DealSummary:
    played: int = 0
    met: int = 0  # deals whose target was met
    judged: int = 0  # deals whose target the engine could judge
    won: int = 0  # deals with result["won"] true
    last: object = None
    rows: list = field(default_factory=list)

    @property
    def target_met(self):
        """True once a deal met the target; False if deals were judged and none did; None before."""
        if self.met:
            return True
        return False if self.judged else None


def deals(rows) -> DealSummary:
    out = DealSummary()
    for row in rows:
        out.played += 1
        out.rows.append(row)
        if row.target_met is not None:
            out.judged += 1
            out.met += bool(row.target_met)
        out.won += bool((row.result or {}).get("won"))
        out.last = row.at
    return out
