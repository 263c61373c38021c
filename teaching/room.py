"""Ask the room: the organiser asks "what would you play here?" from the seat to move; members
answer on their phones from that seat's view only; the organiser reveals the answers, each with the
engine's verdict. Who may see what is decided in clubs/permissions.py."""

import secrets
from collections import Counter

from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

import segno
from clubs import permissions
from clubs.models import CODE_ALPHABET, display_name
from dojo.context import game_stylesheet
from games.controls import decode
from games.engine.rules import NotationError
from games.ui import game_ui
from homework.items import game_name
from judge import room as judge_room

from . import positions
from .models import Answer, Question

POLL_SECONDS = 2


def new_code():
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def _position(question):
    return positions.states(question.table)[question.step]


@login_required
def ask(request, code, token):
    """The organiser asks the room about the position at the posted step."""
    from .views import _posted_int, _url

    table = permissions.teaching_table(request, code, token)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    step = _posted_int(request, "step")
    every = positions.states(table)
    if step is None or not 0 <= step < len(every):
        raise Http404
    game = positions.game_of(table)
    movers = sorted(game.turn(every[step]))
    if not movers:
        raise Http404
    for _attempt in range(5):
        try:
            with transaction.atomic():
                Question.objects.create(table=table, step=step, seat=movers[0], code=new_code())
            break
        except IntegrityError:  # the code was taken: another one
            continue
    return redirect(_url(table, step))


def verdicts(question):
    """The answers grouped by action, most given first: each with its words, count, the judge's
    verdict (not allowed with its rule, legal, or best where the solver can say) and who gave it."""
    ui = game_ui(question.table.game)
    game = ui.game
    state = _position(question)
    view = game.view(state, question.seat)
    answers = list(question.answers.select_related("user"))
    counts = Counter(a.action for a in answers)
    rows = []
    for text, n in counts.most_common():
        answer = next(a for a in answers if a.action == text)
        verdict = answer.verdict
        title = str(ui.rules[answer.rule].title) if answer.rule in ui.rules else answer.rule
        rows.append({"action": text, "what": ui.describe(view, question.seat, game.parse_action(text)), "n": n,
                     "verdict": verdict, "rule": answer.rule, "title": title if verdict == "illegal" else "",
                     "who": sorted(display_name(a.user) for a in answers if a.action == text)})
    # Read from the words stored at the reveal, not searched again on every view of the page.
    words = {r["verdict"] for r in rows}
    solved = True if words & {"best", "worse"} else False if "legal" in words else None
    return {"rows": rows, "total": len(answers), "solved": solved}


def panel_context(request, question):
    """The organiser's panel of a question: the code and QR for phones, the count, the reveal."""
    room = request.build_absolute_uri(reverse("room", args=[question.code]))
    qr = segno.make(room, error="m").svg_inline(scale=4, border=2, omitsize=True, svgclass="room-qr",
                                                 lineclass=None, title=_("QR code of the answer page"))
    return {"q": question, "room_url": room, "qr": qr, "count": question.answers.count(),
            "poll": POLL_SECONDS, "result": verdicts(question) if question.revealed else None}


@login_required
def count(request, code, token, pk):
    """The number of answers so far (the projector polls this)."""
    table = permissions.teaching_table(request, code, token)
    question = permissions.question_of_table(table, pk)
    return render(request, "teaching/_count.html", {"q": question, "count": question.answers.count(),
                                                    "t": table, "club": table.club, "poll": POLL_SECONDS})


@login_required
def reveal(request, code, token, pk):
    from .views import _url

    table = permissions.teaching_table(request, code, token)
    question = permissions.question_of_table(table, pk)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    with transaction.atomic():
        if Question.objects.filter(pk=question.pk, revealed=None).update(revealed=timezone.now()):
            # The judge's word on each answer, once: the reveal and the members' records read it.
            state = _position(question)
            best = judge_room.best(table.game, state, question.seat)
            for answer in question.answers.all():
                answer.verdict = judge_room.verdict({"legal": answer.legal, "rule": answer.rule}, best, answer.action)
                answer.save(update_fields=["verdict"])
    return redirect(_url(table, question.step))


@login_required
def enter(request):
    """Where a member types the code the organiser shows."""
    code = (request.POST.get("code") or request.GET.get("code") or "").strip().upper()
    error = None
    if code:
        if Question.objects.filter(code=code).exists():
            return redirect("room", code)
        error = _("No question has that code. Check it on the projector.")
    return render(request, "teaching/enter.html", {"code": code, "error": error}, status=400 if error else 200)


@login_required
def room(request, code):
    """A member's phone: the position from the asking seat's view only, with the same controls as a
    table; an answer is kept once per member (answering again replaces it) until the reveal."""
    question = permissions.question_for_member(request, code)
    ui = game_ui(question.table.game)
    game = ui.game
    state = _position(question)
    seat = question.seat
    message = status = None
    mine = Answer.objects.filter(question=question, user=request.user).first()
    if request.method == "POST":
        if question.revealed:
            message, status = _("The answers have been revealed: this question is closed."), 409
        else:
            try:
                action = decode(request.POST)
            except NotationError:
                action = None
                message, status = _("That answer could not be read. Choose a card or a button."), 400
            if action is not None:
                stored = judge_room.answer(question.table.game, state, seat, action)
                Answer.objects.update_or_create(question=question, user=request.user,
                                                defaults={"action": str(action), **stored})
                return redirect("room", question.code)
    view = game.view(state, seat)
    names = {s: _("Player %(n)s") % {"n": s + 1} for s in range(question.table.players)}
    names[seat] = _("You")
    mine_words = ui.describe(view, seat, game.parse_action(mine.action)) if mine else None
    result = verdicts(question) if question.revealed else None
    own = None
    if result and mine:
        own = next((r for r in result["rows"] if r["action"] == mine.action), None)
    context = {
        "q": question, "club": question.table.club, "game_name": game_name(question.table.game),
        "game_css": game_stylesheet(question.table.game), "pack": ui.pack, "board_template": ui.board_template,
        "board": ui.board(view, seat, names),
        "controls": ui.controls(game, view, seat) if not question.revealed else None,
        "mine": mine, "mine_words": mine_words, "message": message, "own": own,
    }
    return render(request, "teaching/room.html", context, status=status or 200)


def answer_rows(answer):
    """One answer in words for its member's records: what he answered and, once revealed, the word."""
    question = answer.question
    ui = game_ui(question.table.game)
    view = ui.game.view(_position(question), question.seat)
    return {"what": ui.describe(view, question.seat, ui.game.parse_action(answer.action)),
            "verdict": answer.verdict if question.revealed else None,
            "title": str(ui.rules[answer.rule].title) if answer.rule in ui.rules else answer.rule}
