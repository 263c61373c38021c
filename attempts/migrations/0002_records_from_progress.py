"""The learning progress kept before records (tutorials.Progress, one JSON row per lesson or puzzle)
turned into records: each lesson step done becomes a right LessonAnswer; a puzzle solved becomes a
solved PuzzleMove in one try, a puzzle missed a wrong move in one try (missed, then solved: a wrong
try and a solved one). The old rows keep no times of their own beyond their last change."""

from django.db import migrations


def forward(apps, schema_editor):
    Progress = apps.get_model("tutorials", "Progress")
    LessonAnswer = apps.get_model("attempts", "LessonAnswer")
    PuzzleMove = apps.get_model("attempts", "PuzzleMove")
    answers, moves = [], []
    for row in Progress.objects.all().iterator():
        data = row.data or {}
        base = {"owner": row.browser, "game": row.game, "at": row.updated}
        if row.kind == "lesson":
            for step in sorted({n for n in data.get("done", []) if isinstance(n, int) and n > 0}):
                answers.append(LessonAnswer(**base, lesson=row.item, step=step, correct=True, answer="read",
                                            once=f"progress:{row.pk}:{step}"))
        elif row.kind == "puzzle":
            hints = int(data.get("hints", 0) or 0)
            status = data.get("status")
            common = {**base, "puzzle": row.item, "ply": 0, "action": "", "hints": hints}
            if status == "failed":
                moves.append(PuzzleMove(**common, attempt=1, verdict="wrong", once=f"progress:{row.pk}:1"))
                if data.get("solved"):
                    moves.append(PuzzleMove(**common, attempt=2, verdict="solved", once=f"progress:{row.pk}:2"))
            elif status == "solved" or data.get("solved"):
                moves.append(PuzzleMove(**common, attempt=1, verdict="solved", once=f"progress:{row.pk}:1"))
    LessonAnswer.objects.bulk_create(answers, ignore_conflicts=True)
    PuzzleMove.objects.bulk_create(moves, ignore_conflicts=True)


class Migration(migrations.Migration):

    dependencies = [
        ("attempts", "0001_initial"),
        ("tutorials", "0001_initial"),
    ]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
