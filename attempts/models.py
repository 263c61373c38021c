"""Attempts as records: every judged answer a learner gives, with its time.

Progress as the learner sees it (steps done, puzzles solved, deals played) and every club's results
are derived from these rows; nothing else stores it. Each row belongs to an owner key
(games.owner.owner_key: a user's ``u.<pk>`` or a browser's token) and is written only by a POST.

``once`` makes a submission idempotent: the same form posted twice (a double click, two tabs, a
stale page sent again) carries the same key, and the unique constraint keeps its second copy out.
"""

from django.db import models
from django.utils import timezone


class Record(models.Model):
    owner = models.CharField(max_length=40, db_index=True)
    game = models.CharField(max_length=20)
    at = models.DateTimeField(default=timezone.now, db_index=True)
    once = models.CharField(max_length=64, unique=True, null=True, blank=True)

    class Meta:
        abstract = True


class LessonAnswer(Record):
    """One answer to one lesson step: a move made, a quiz answered, a step read (correct=True), or
    a move refused by a rule (correct=False, with the rule)."""

    lesson = models.CharField(max_length=60)
    step = models.PositiveSmallIntegerField()
    correct = models.BooleanField()
    answer = models.CharField(max_length=200, blank=True)  # the action text (or the quiz choice)
    rule = models.CharField(max_length=60, blank=True)  # the rule that refused a wrong answer

    class Meta:
        indexes = [models.Index(fields=["owner", "game", "lesson"], name="lesson_answers")]
        ordering = ["at", "pk"]


class PuzzleMove(Record):
    """One move of one try at a puzzle. `attempt` numbers the learner's tries at that puzzle (from
    1); `hints` is how many hints that try had shown before this move; `verdict` says whether the
    move was the engine's answer (right), was refused or lost the goal (wrong, with its rule), or
    completed the puzzle (solved)."""

    RIGHT, WRONG, SOLVED = "right", "wrong", "solved"
    VERDICTS = [(RIGHT, RIGHT), (WRONG, WRONG), (SOLVED, SOLVED)]

    puzzle = models.CharField(max_length=60)
    attempt = models.PositiveSmallIntegerField(default=1)
    ply = models.PositiveSmallIntegerField(default=0)
    action = models.CharField(max_length=200)
    hints = models.PositiveSmallIntegerField(default=0)
    verdict = models.CharField(max_length=8, choices=VERDICTS)
    rule = models.CharField(max_length=60, blank=True)

    class Meta:
        indexes = [models.Index(fields=["owner", "game", "puzzle"], name="puzzle_moves")]
        ordering = ["at", "pk"]


class DealPlayed(Record):
    """One finished deal of a practice table: its result for the learner, the target a homework
    set named (judged by the engine) and, where the game has a review, the learner's costliest
    decision (filled when the deal's review is complete)."""

    table = models.CharField(max_length=16)  # games.models.Table.token
    deal = models.PositiveIntegerField()
    level = models.CharField(max_length=12)
    code = models.CharField(max_length=120, blank=True)  # the deal code, to play the deal again
    result = models.JSONField(default=dict)  # {"scores": [...], "won": bool | None, ...}
    target = models.CharField(max_length=40, blank=True)
    target_met = models.BooleanField(null=True)
    costliest = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "deal"], name="one_record_per_deal")]
        indexes = [models.Index(fields=["owner", "game"], name="deals_played")]
        ordering = ["at", "pk"]
