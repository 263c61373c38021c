"""Learning progress, per browser (and per user once accounts exist)."""

from django.db import models


class Progress(models.Model):
    """One browser's progress on one lesson or puzzle.

    lesson data: {"done": [step numbers], "at": step to resume, "finished": bool}
    puzzle data: {"status": "solved" | "failed", "tries": n, "hints": n}
    """

    LESSON, PUZZLE = "lesson", "puzzle"

    browser = models.CharField(max_length=40, db_index=True)
    game = models.CharField(max_length=20)
    kind = models.CharField(max_length=10, choices=[(LESSON, "lesson"), (PUZZLE, "puzzle")])
    item = models.CharField(max_length=60)
    data = models.JSONField(default=dict)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["browser", "game", "kind", "item"], name="one_progress_row")]

    def __str__(self):
        return f"{self.game}/{self.kind}/{self.item}: {self.data}"
