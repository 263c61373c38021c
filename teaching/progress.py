"""The answers a member gave at a club's teaching table, on his My progress page (attempts.hooks):
the latest first, each with the judge's word once the organiser has revealed the answers."""

from django.template.loader import render_to_string

from attempts.hooks import progress_section
from homework.items import game_name

from .models import Answer
from .room import answer_rows

LATEST = 20


@progress_section
def room_answers(request):
    if not request.user.is_authenticated:
        return ""
    answers = list(Answer.objects.filter(user=request.user).select_related("question__table__club")
                   .order_by("-updated", "-pk")[:LATEST])
    if not answers:
        return ""
    rows = [{"club": a.question.table.club.name, "game": game_name(a.question.table.game), "when": a.updated,
             **answer_rows(a)} for a in answers]
    return render_to_string("teaching/_progress.html", {"rows": rows}, request=request)
