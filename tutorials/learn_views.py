"""Lessons and puzzles: the learner acts, the engine answers."""

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from attempts import record, summary
from attempts.models import LessonAnswer, PuzzleMove
from games.catalogue import BY_SLUG
from games.controls import decode
from games.engine.rules import NotationError
from games.owner import is_new, owner_key
from games.ui import game_ui
from judge import lessons as judge_lessons
from judge import puzzles as judge_puzzles
from judge.lessons import drill_version  # noqa: F401  (the version an interrupt form carries)
from dojo import shared
from dojo.shared import shared_page

from . import content, fillers
from . import lessons as lesson_data
from . import puzzles as puzzle_data
from .lessons import question_at, step_states
from .views import board_context

MADE = "made"  # the hidden field holding the learner's moves so far in a step or puzzle
DRILL = "drill"  # the hidden field naming the version of an interrupt step a page was drawn from


def _info(game):
    info = BY_SLUG.get(game)
    if info is None:
        raise Http404(_("There is no such game."))
    return info


def _lang():
    return "ja" if translation.get_language() == "ja" else "en"


def _made(request):
    """The learner's moves so far (action texts), as posted back by the page."""
    text = request.POST.get(MADE, request.GET.get(MADE, ""))
    if len(text) > 2000:
        raise NotationError("too long")
    return [t for t in text.split() if t]


# --- lessons ------------------------------------------------------------------------------------

@shared_page(stamp=lambda game: content.stamp())
def lessons_index(request, game):
    """templates/tutorials/lessons.html: every lesson with the browser's progress."""
    info = _info(game)
    found = lesson_data.lessons(game)
    if not found:
        raise Http404(_("There are no lessons for this game yet."))
    lang = _lang()
    # Each row's progress is the reader's own: filled per request (tutorials/fillers.py).
    rows = [{"lesson": lesson, "title": lesson.title[lang], "summary": lesson.summary[lang],
             "steps": len(lesson.steps)} for lesson in found]
    return render(request, "tutorials/lessons.html", {"game": info, "rows": rows})


def _lesson(game, lesson_id):
    lesson = lesson_data.lesson(game, lesson_id)
    if lesson is None:
        raise Http404(_("There is no such lesson."))
    return lesson


def lesson_start(request, game, lesson):
    """Resume at the first step this learner has not done yet."""
    _info(game)
    found = _lesson(game, lesson)
    return redirect("lesson-step", game=game, lesson=lesson, n=_lesson_summary(request, game, found).at)


def _lesson_summary(request, game, lesson):
    return summary.lesson(record.lesson_rows(owner_key(request, create=False), game, lesson.id), len(lesson.steps))


@require_POST
def lesson_reset(request, game, lesson):
    """Start the lesson again: a restart row (summary.RESTART), after which no step counts as done."""
    _info(game)
    _lesson(game, lesson)
    record.save(LessonAnswer(owner=owner_key(request), game=game, lesson=lesson, step=summary.RESTART,
                             correct=False, answer="restart"))
    return redirect("lesson-step", game=game, lesson=lesson, n=1)


def _go(request, fallback):
    """The address a "done, go on" form names (go=), if it is one of this site's; else fallback."""
    go = request.POST.get("go", "")
    if go and url_has_allowed_host_and_scheme(go, allowed_hosts={request.get_host()}, require_https=False) \
            and go.startswith("/"):
        return go
    return fallback


def _record_answer(request, game, lesson, n, result, *, made=(), answer="", place=""):
    """Store the learner's judged answer to step n (a LessonAnswer, as judge.lessons.to_record
    says), once per posted form."""
    stored = judge_lessons.to_record(result)
    if stored is None:
        return
    correct, rule = stored["correct"], stored["rule"]
    owner = owner_key(request)
    key = record.once(record.posted_nonce(request), owner, game, lesson.id, n, " ".join(made), place)
    record.save(LessonAnswer(owner=owner, game=game, lesson=lesson.id, step=n, correct=correct,
                             answer=answer[:200], rule=rule[:60], once=key))


def _next_lesson(game, lesson, lang):
    """The lesson after this one (its title and address), or None after the last."""
    every = lesson_data.lessons(game)
    ids = [x.id for x in every]
    i = ids.index(lesson.id) + 1 if lesson.id in ids else len(ids)
    if i >= len(every):
        return None
    return {"title": every[i].title[lang], "url": reverse("lesson", args=[game, every[i].id])}


@shared_page(stamp=lambda game, lesson, n: content.stamp())
def lesson_step(request, game, lesson, n):
    """templates/tutorials/lesson_step.html: one step; POST answers an act, quiz or interrupt step
    (a LessonAnswer is recorded), or says a read or watch step is done and goes on (go=). A GET
    records nothing."""
    info = _info(game)
    found = _lesson(game, lesson)
    if not 1 <= n <= len(found.steps):
        raise Http404(_("There is no such step."))
    step = found.steps[n - 1]
    here = reverse("lesson-step", args=[game, lesson, n])
    if request.method == "POST" and step.kind in ("read", "watch"):
        _record_answer(request, game, found, n, {"ok": True}, answer=step.kind)
        return redirect(_go(request, here))
    lang = _lang()
    ui = game_ui(game)
    engine = ui.game
    states = step_states(game, step)
    ctx = {"game": info, "lesson": found, "title": found.title[lang], "step": step, "n": n,
           "lesson_ref": f"{found.id}/{n}",
           "total": len(found.steps), "text": step.text[lang], "result": None, "made": "",
           "prev_url": reverse("lesson-step", args=[game, lesson, n - 1]) if n > 1 else None,
           "next_url": reverse("lesson-step", args=[game, lesson, n + 1]) if n < len(found.steps) else None,
           "post_url": reverse("lesson-step", args=[game, lesson, n]), "board_template": ui.board_template,
           "pack": ui.pack}
    if n == len(found.steps):
        ctx["next_lesson"] = _next_lesson(game, found, lang)
    state = states[0]
    status = 200
    names = ui.seat_names(step.seat, engine.players(states[0]))
    if step.kind == "watch":
        try:
            at = min(max(0, int(request.GET.get("at", 0))), len(step.line))
        except ValueError:
            at = 0
        state = states[at]
        ctx["at"] = at
        ctx["moves"] = len(step.line)
        if at:
            seat, text = step.line[at - 1]
            notes = step.notes.get(lang) or ()
            ctx["move_note"] = notes[at - 1] if notes else None
            ctx["narration"] = ui.narrate(engine, states[at - 1], seat, engine.parse_action(text), states[at],
                                          names, step.seat)
        ctx["watch_prev"] = f"?at={at - 1}" if at > 0 else None
        ctx["watch_next"] = f"?at={at + 1}" if at < len(step.line) else None
    if step.kind == "quiz":
        # The board shows the position before the move whose result is asked; the moves up to it
        # are told, that move is named, and its result comes only with a right answer.
        asked = question_at(step)
        state = states[asked]
        ctx["quiz_told"] = judge_lessons.told(ui, states, step, names, 0, asked)
        ctx["quiz_next"] = judge_lessons.named(ui, states, step, names, asked)
    if step.kind == "interrupt":
        posted = {k: request.POST.get(k) for k in ("answer", "at", DRILL)} if request.method == "POST" else None
        drill, state, _done_now, status = judge_lessons.interrupt(game, step, states, lang, names, posted)
        ctx.update(drill)
        if request.method == "POST" and drill.get("result"):
            _record_answer(request, game, found, n, drill["result"], answer=f"{request.POST.get('answer')}@{drill['at']}",
                           place=request.POST.get("at", ""))
    offer = step.kind == "act"
    if request.method == "POST" and step.kind in ("act", "quiz"):
        if step.kind == "act":
            try:
                made, action = _made(request), decode(request.POST)
            except NotationError:
                made = action = None
            if action is not None:
                ctx["result"], state = judge_lessons.act(game, step, state, made, action, lang, names)
        else:
            ctx["result"] = judge_lessons.quiz(game, step, request.POST.get("choice", ""), lang)
            if ctx["result"] and ctx["result"]["ok"]:
                state = states[-1]
                ctx["quiz_told"] += judge_lessons.told(ui, states, step, names, asked, len(step.line))
                ctx["quiz_next"] = None
        if ctx["result"] is None:
            # Unreadable input: the same step again, with the reason, and nothing recorded.
            ctx["error"] = _("That answer could not be read. Choose one of the offered moves.")
            status = 400
        elif step.kind == "act":
            made = _made(request)
            _record_answer(request, game, found, n, ctx["result"], made=made,
                           answer=" ".join(made + [str(decode(request.POST))]))
        else:
            _record_answer(request, game, found, n, ctx["result"], answer=request.POST.get("choice", ""))
        done_now = bool(ctx["result"] and ctx["result"]["ok"] and not ctx["result"].get("more"))
        offer = step.kind == "act" and not done_now
        if ctx["result"] and "made" in ctx["result"]:
            ctx["made"] = " ".join(ctx["result"]["made"])
    ctx.update(board_context(ui, state, step.seat, step.open, controls=offer, facts=step.show))
    # A read step, or a watch step seen to its end, is done by going on: its Next is a POST.
    ctx["done_by_going_on"] = step.kind == "read" or (step.kind == "watch" and ctx["at"] == len(step.line))
    if step.kind == "quiz":
        ctx["choices_quiz"] = [{"value": c["value"], "label": c[lang]} for c in step.choices]
    template = "tutorials/lesson_step.html#step" if request.htmx else "tutorials/lesson_step.html"
    return render(request, template, ctx, status=status)


# --- puzzles ------------------------------------------------------------------------------------

@shared_page(stamp=lambda game: content.stamp(), when=lambda request: request.GET.get("missed") != "1")
def puzzles_index(request, game):
    """templates/tutorials/puzzles.html: the catalogue, filtered by theme, level and missed ones."""
    info = _info(game)
    every = puzzle_data.puzzles(game)
    if not every:
        raise Http404(_("There are no puzzles for this game yet."))
    theme = request.GET.get("theme", "")
    level = request.GET.get("level", "")
    missed = request.GET.get("missed") == "1"
    # The marks are the reader's own: filled per request (tutorials/fillers.py); the list of the
    # missed ones only is his alone, and never drawn for everyone.
    marks = ({item: fillers.puzzle_mark(d) for item, d in fillers.puzzle_marks(request, game).items()}
             if missed else {})
    lang = _lang()
    rows = []
    for p in every:
        status = marks.get(p.id)
        if theme and p.theme != theme:
            continue
        if level and str(p.level) != level:
            continue
        if missed and status != "failed":
            continue
        rows.append({"puzzle": p, "question": p.question[lang],
                     "theme": puzzle_data.theme_name(game, p.theme, lang), "proof": puzzle_data.proof(p),
                     "deals": f"{p.sampled:,}"})
    themes = [(t, puzzle_data.theme_name(game, t, lang)) for t in puzzle_data.themes(game)]
    return render(request, "tutorials/puzzles.html", {
        "game": info, "rows": rows, "themes": themes, "theme": theme, "level": level,
        "missed": missed, "total": len(every),
    })


@shared_page(stamp=lambda game, puzzle: content.stamp())
def puzzle_page(request, game, puzzle):
    """templates/tutorials/puzzle.html: the position and question; POST answers it."""
    p = puzzle_data.puzzle(game, puzzle)
    if p is None:
        raise Http404(_("There is no such puzzle."))
    following = _next_puzzle(game, p)
    return show_puzzle(request, p, post_url=reverse("puzzle", args=[game, p.id]),
                       next_url=reverse("puzzle", args=[game, following]) if following else None,
                       index_url=reverse("puzzles", args=[game]))


def show_puzzle(request, p, *, post_url, next_url, index_url, index_label=None):
    """A puzzle's page, wherever the puzzle is kept: the position and question; POST answers it
    (judged by judge.puzzles, recorded as the learner's PuzzleMove)."""
    game = p.game
    info = _info(game)
    lang = _lang()
    ui = game_ui(game)
    engine = ui.game
    error = None
    try:
        attempt = judge_puzzles.Attempt(p, _made(request))
        hint_level = min(max(0, int(request.GET.get("hint", 0))), len(p.hints[lang]))
    except (ValueError, NotationError):
        attempt, hint_level = judge_puzzles.Attempt(p, []), 0
        error = _("That puzzle address is not valid; here is the puzzle from its start.")
    names = ui.seat_names(p.seat, engine.players(attempt.state))
    try:  # the hints this try has shown so far, as the form carries them
        hints_seen = min(max(hint_level, int(request.POST.get("hint", 0))), len(p.hints[lang]))
    except ValueError:
        hints_seen = hint_level
    result = None
    action = None
    if request.method == "POST" and not error:
        try:
            action = decode(request.POST)
        except NotationError:
            error = _("That answer could not be read. Choose a card or a button.")
    if action is not None:
        result, stored = judge_puzzles.move(p, attempt, action, names, lang)
        _record_move(request, p, action, hints_seen, stored)
    finished = bool(result and result["ok"] and not result["more"])
    made = " ".join(request.POST.get(MADE, request.GET.get(MADE, "")).split()) if not error else ""
    if result and result["ok"] and action is not None:
        made = f"{made} {action}".strip()
    index_label = index_label or _("All puzzles")

    def context():
        ctx = {
            "error": error, "game": info, "p": p, "theme_name": puzzle_data.theme_name(game, p.theme, lang),
            "question": p.question[lang], "made": made, "result": result,
            "board_template": ui.board_template, "pack": ui.pack,
            "hints": p.hints[lang][:hints_seen], "more_hints": hints_seen < len(p.hints[lang]),
            "next_hint": hints_seen + 1,
            "hints_seen": hints_seen, "proof": puzzle_data.proof(p),
            "deals": f"{p.sampled:,}",
            "post_url": post_url, "next_url": next_url, "index_url": index_url, "index_label": index_label,
        }
        ctx.update(board_context(ui, attempt.state, p.seat, p.open, controls=not finished, facts=p.show))
        return ctx

    template = "tutorials/puzzle.html#puzzle" if request.htmx else "tutorials/puzzle.html"
    if action is not None:
        # A judged move of a fixed position reads the same for everyone who makes it (recorded
        # above for this reader): drawn once, with each reader's marks filled (dojo.shared).
        key = "|".join(str(k) for k in (
            request.path, puzzle_data.digest(p), " ".join(_made(request)), action, hints_seen, post_url, next_url,
            index_url, index_label, content.stamp()))
        return shared.render(request, template, context, key)
    return render(request, template, context(), status=400 if error else 200)


def _record_move(request, p, action, hints, stored):
    """Store one judged move of a puzzle (a PuzzleMove, as judge.puzzles.move says), once per
    posted form. A move from the start begins a new try."""
    owner = owner_key(request)
    made = " ".join(_made(request))
    ply, verdict, rule = stored["ply"], stored["verdict"], stored["rule"]
    key = record.once(record.posted_nonce(request), owner, p.game, p.id, ply, made)
    rows = [] if is_new(request) else record.puzzle_rows(owner, p.game, p.id)
    number = record.attempt_number(rows, ply)
    row = PuzzleMove(owner=owner, game=p.game, puzzle=p.id, attempt=number, ply=ply, action=str(action)[:200],
                     hints=hints, verdict=verdict, rule=rule[:60], once=key)
    # The page's badge reads the rows as they are now: the ones read and this one (a second post of
    # the same form stores nothing, and its rows are read again).
    fillers.rows_now(request, p.game, p.id, rows + [row] if record.save(row) else record.puzzle_rows(owner, p.game, p.id))


def _next_puzzle(game, p):
    ids = [q.id for q in puzzle_data.puzzles(game)]
    i = ids.index(p.id) if p.id in ids else len(ids)
    return ids[i + 1] if i + 1 < len(ids) else None
