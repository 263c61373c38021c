"""Moving a browser's records into an account (games.owner.adopt, at sign-up or log-in).

Lesson answers and deals played simply change owner: a lesson half done in each becomes the union
of the steps (attempts.summary.lesson), and a deal is one row per table and deal wherever it is.
A puzzle's tries are numbered per owner, so the two owners' tries at one puzzle are numbered again
together, in the order they were begun: each try is still counted once, and the first try is the
first made by either. Adopting twice finds nothing left under the browser's key.
"""

from django.db import transaction

from games.owner import on_merge

from .models import DealPlayed, LessonAnswer, PuzzleMove


@on_merge
def move_records(old_key, new_key):
    with transaction.atomic():
        LessonAnswer.objects.filter(owner=old_key).update(owner=new_key)
        DealPlayed.objects.filter(owner=old_key).update(owner=new_key)
        items = set(PuzzleMove.objects.filter(owner=old_key).values_list("game", "puzzle"))
        for game, puzzle in items:
            rows = list(PuzzleMove.objects.filter(owner__in=[old_key, new_key], game=game, puzzle=puzzle)
                        .order_by("at", "pk"))
            begun = {}  # (owner, attempt) -> when that try began
            for row in rows:
                begun.setdefault((row.owner, row.attempt), (row.at, row.pk))
            order = sorted(begun, key=begun.get)
            number = {key: n for n, key in enumerate(order, start=1)}
            for row in rows:
                row.attempt = number[(row.owner, row.attempt)]
                row.owner = new_key
            PuzzleMove.objects.bulk_update(rows, ["attempt", "owner"])
        PuzzleMove.objects.filter(owner=old_key).update(owner=new_key)  # (none left; for safety)
