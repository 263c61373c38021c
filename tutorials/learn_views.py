"""Lessons and puzzles: the learner acts, the engine answers."""

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.catalogue import BY_SLUG
from games.engine import registry
from games.engine.rules import NotationError
from games.ui import explain, game_ui

from . import lessons as lesson_data
from . import progress
from . import puzzles as puzzle_data
from .lessons import quiz_truth, step_states
from .views import compose_action


def _info(game):
    info = BY_SLUG.get(game)
    if info is None:
        raise Http404(_("There is no such game."))
    return info


def _lang():
    return "ja" if translation.get_language() == "ja" else "en"


def _board(slug, state, seat, open_hands):
    game = registry.get(slug)
    shown = state if open_hands else game.view(state, seat)
    return game_ui(slug).board(shown, seat)


# --- lessons ------------------------------------------------------------------------------------

def lessons_index(request, game):
    """templates/tutorials/lessons.html: every lesson with the browser's progress."""
    info = _info(game)
    found = lesson_data.lessons(game)
    if not found:
        raise Http404(_("There are no lessons for this game yet."))
    done = progress.all_for(request, game, "lesson")
    lang = _lang()
    rows = []
    for lesson in found:
        p = done.get(lesson.id, {})
        rows.append({"lesson": lesson, "title": lesson.title[lang], "summary": lesson.summary[lang],
                     "steps": len(lesson.steps), "done": len(p.get("done", [])),
                     "finished": p.get("finished", False), "at": p.get("at")})
    return render(request, "tutorials/lessons.html", {"game": info, "rows": rows})


def _lesson(game, lesson_id):
    lesson = lesson_data.lesson(game, lesson_id)
    if lesson is None:
        raise Http404(_("There is no such lesson."))
    return lesson


def lesson_start(request, game, lesson):
    """Resume where this browser left the lesson."""
    _info(game)
    found = _lesson(game, lesson)
    at = progress.get(request, game, "lesson", lesson).get("at", 1)
    at = min(max(1, int(at)), len(found.steps))
    return redirect("lesson-step", game=game, lesson=lesson, n=at)


@require_POST
def lesson_reset(request, game, lesson):
    _info(game)
    _lesson(game, lesson)
    progress.reset(request, game, "lesson", lesson)
    return redirect("lesson-step", game=game, lesson=lesson, n=1)


def _mark(request, game, lesson, n, done_now=False):
    data = progress.get(request, game, "lesson", lesson.id)
    data.setdefault("done", [])
    data["at"] = n
    if done_now and n not in data["done"]:
        data["done"] = sorted(data["done"] + [n])
    data["finished"] = len(data["done"]) >= len(lesson.steps)
    progress.save(request, game, "lesson", lesson.id, data)
    return data


def lesson_step(request, game, lesson, n):
    """templates/tutorials/lesson_step.html: one step; POST answers an act or quiz step."""
    info = _info(game)
    found = _lesson(game, lesson)
    if not 1 <= n <= len(found.steps):
        raise Http404(_("There is no such step."))
    step = found.steps[n - 1]
    lang = _lang()
    engine = registry.get(game)
    ui = game_ui(game)
    states = step_states(game, step)
    ctx = {"game": info, "lesson": found, "title": found.title[lang], "step": step, "n": n,
           "total": len(found.steps), "text": step.text[lang], "result": None,
           "prev_url": reverse("lesson-step", args=[game, lesson, n - 1]) if n > 1 else None,
           "next_url": reverse("lesson-step", args=[game, lesson, n + 1]) if n < len(found.steps) else None,
           "post_url": reverse("lesson-step", args=[game, lesson, n]), "board_template": f"games/{game}/board.html"}
    state = states[0]
    status = 200
    done_now = step.kind == "read"
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
                                          ui.seat_names(step.seat, engine.players(states[0])), viewer=step.seat)
        ctx["watch_prev"] = f"?at={at - 1}" if at > 0 else None
        ctx["watch_next"] = f"?at={at + 1}" if at < len(step.line) else None
        done_now = at == len(step.line)
    if step.kind == "quiz" and step.line:
        state = states[-1]
    if request.method == "POST" and step.kind in ("act", "quiz"):
        if step.kind == "act":
            ctx["result"] = _act_result(game, step, state, request, lang)
        else:
            ctx["result"] = _quiz_result(game, step, request, lang)
        if ctx["result"] is None:
            # Unreadable input: the same step again, with the reason, and nothing recorded.
            ctx["error"] = _("That answer could not be read. Choose one of the offered moves.")
            status = 400
        done_now = bool(ctx["result"] and ctx["result"]["ok"])
        if done_now and ctx["result"].get("after") is not None:
            state = ctx["result"]["after"]
        if step.kind == "act" and not done_now:
            ctx["choices"] = ui.choices(engine, state, step.seat)  # try again at once
    elif step.kind == "act":
        ctx["choices"] = ui.choices(engine, state, step.seat)
    ctx["board"] = _board(game, state, step.seat, step.open)
    ctx["progress"] = _mark(request, game, found, n, done_now)
    ctx["done_count"] = len(ctx["progress"]["done"])
    if step.kind == "quiz":
        ctx["choices_quiz"] = [{"value": c["value"], "label": c[lang]} for c in step.choices]
    template = "tutorials/lesson_step.html#step" if request.htmx else "tutorials/lesson_step.html"
    return render(request, template, ctx, status=status)


def _act_result(game, step, state, request, lang):
    engine = registry.get(game)
    ui = game_ui(game)
    try:
        action = engine.parse_action(compose_action(request))
    except NotationError:
        return None
    if str(action) in step.expect:
        after = engine.apply(state, step.seat, action)
        said = ui.narrate(engine, state, step.seat, action, after, ui.seat_names(step.seat, engine.players(state)), viewer=step.seat)
        for seat, text in step.replies:
            reply = engine.parse_action(text)
            nxt = engine.apply(after, seat, reply)
            said += ui.narrate(engine, after, seat, reply, nxt, ui.seat_names(step.seat, engine.players(state)), viewer=step.seat)
            after = nxt
        return {"ok": True, "text": step.success[lang], "narration": said, "after": after}
    verdict = engine.check(state, step.seat, action)
    if not verdict:
        return {"ok": False, "explanation": explain(game, verdict), "action": str(action)}
    words = step.feedback.get(str(action), {}).get(lang)
    return {"ok": False, "text": words or _("That is allowed, but it is not the move this step asks for. Read the instruction again."),
            "action": str(action)}


def _quiz_result(game, step, request, lang):
    value = request.POST.get("choice", "")
    chosen = next((c for c in step.choices if c["value"] == value), None)
    if chosen is None:
        return None
    truth = quiz_truth(game, step)
    return {"ok": value == truth, "text": chosen.get(f"why_{lang}", ""), "chosen": chosen[lang]}


# --- puzzles ------------------------------------------------------------------------------------

def puzzles_index(request, game):
    """templates/tutorials/puzzles.html: the catalogue, filtered by theme, level and missed ones."""
    info = _info(game)
    every = puzzle_data.puzzles(game)
    if not every:
        raise Http404(_("There are no puzzles for this game yet."))
    marks = progress.all_for(request, game, "puzzle")
    theme = request.GET.get("theme", "")
    level = request.GET.get("level", "")
    missed = request.GET.get("missed") == "1"
    lang = _lang()
    rows = []
    for p in every:
        status = marks.get(p.id, {}).get("status")
        if theme and p.theme != theme:
            continue
        if level and str(p.level) != level:
            continue
        if missed and status != "failed":
            continue
        rows.append({"puzzle": p, "question": p.question[lang], "status": status,
                     "theme": puzzle_data.theme_name(game, p.theme, lang)})
    themes = [(t, puzzle_data.theme_name(game, t, lang)) for t in puzzle_data.themes(game)]
    return render(request, "tutorials/puzzles.html", {
        "game": info, "rows": rows, "themes": themes, "theme": theme, "level": level,
        "missed": missed, "failed_count": sum(1 for m in marks.values() if m.get("status") == "failed"),
        "solved_count": sum(1 for m in marks.values() if m.get("status") == "solved"), "total": len(every),
    })


def _puzzle_state(game, p, ply):
    """The position after the learner's first `ply` moves of the main line (with the replies)."""
    engine = registry.get(game)
    state = engine.from_text(p.position)
    if ply == 0:
        return state
    moves = [(p.seat, p.answers[0])] + list(p.line)
    made = 0
    for seat, text in moves:
        if seat == p.seat:
            if made == ply:
                break
            made += 1
        state = engine.apply(state, seat, engine.parse_action(text))
    return state


def _refutation(game, state, seat, action, names):
    """What happens after a wrong move when both sides play their best: the line, in words."""
    engine = registry.get(game)
    ui = game_ui(game)
    after = engine.apply(state, seat, action)
    said = []
    current = after
    for _ in range(20):
        movers = engine.to_move(current)
        if not movers or current.phase != state.phase:
            break
        mover = min(movers)
        values = engine.exact_values(current, mover)
        if values is None:
            return []
        best = max(values.items(), key=lambda kv: (kv[1], str(kv[0])))[0]
        nxt = engine.apply(current, mover, best)
        said += ui.narrate(engine, current, mover, best, nxt, names, viewer=seat)
        current = nxt
    return said


def puzzle_page(request, game, puzzle):
    """templates/tutorials/puzzle.html: the position and question; POST answers it."""
    info = _info(game)
    p = puzzle_data.puzzle(game, puzzle)
    if p is None:
        raise Http404(_("There is no such puzzle."))
    lang = _lang()
    engine = registry.get(game)
    ui = game_ui(game)
    learner_moves = len(p.moves())
    error = None
    try:
        ply = min(max(0, int(request.POST.get("ply", request.GET.get("ply", 0)))), learner_moves - 1)
        hint_level = min(max(0, int(request.GET.get("hint", 0))), len(p.hints[lang]))
    except ValueError:
        ply, hint_level, error = 0, 0, _("That puzzle address is not valid; here is the puzzle from its start.")
    state = _puzzle_state(game, p, ply)
    mark = progress.get(request, game, "puzzle", p.id)
    result = None
    action = None
    if request.method == "POST" and not error:
        try:
            action = engine.parse_action(compose_action(request))
        except NotationError:
            error = _("That answer could not be read. Choose a card or a button.")
    if action is not None:
        accepted = p.moves()[ply]
        names = ui.seat_names(p.seat, engine.players(state))
        if str(action) in accepted:
            after = engine.apply(state, p.seat, action)
            said = ui.narrate(engine, state, p.seat, action, after, names, viewer=p.seat)
            if ply + 1 < learner_moves and str(action) == accepted[0]:
                # Play the scripted replies up to the learner's next move.
                ply += 1
                state = _puzzle_state(game, p, ply)
                result = {"ok": True, "more": True, "narration": said}
            else:
                state = after
                result = {"ok": True, "more": False, "narration": said, "text": p.explanation[lang]}
                if mark.get("status") != "failed":
                    mark["status"] = "solved"
                mark["solved"] = True
        else:
            verdict = engine.check(state, p.seat, action)
            if not verdict:
                result = {"ok": False, "explanation": explain(game, verdict)}
            else:
                words = p.wrong.get(str(action), {}).get(lang)
                result = {"ok": False, "text": words or _("That move is legal, but it does not achieve the best result."),
                          "refutation": _refutation(game, state, p.seat, action, names)}
            if not mark.get("solved"):
                mark["status"] = "failed"
        mark["tries"] = mark.get("tries", 0) + 1
        progress.save(request, game, "puzzle", p.id, mark)
    elif hint_level:
        mark["hints"] = max(mark.get("hints", 0), hint_level)
        progress.save(request, game, "puzzle", p.id, mark)
    finished = bool(result and result["ok"] and not result["more"])
    ctx = {"error": error,
        "game": info, "p": p, "theme_name": puzzle_data.theme_name(game, p.theme, lang), "question": p.question[lang], "ply": ply, "result": result,
        "board": _board(game, state, p.seat, p.open), "board_template": f"games/{game}/board.html",
        "choices": None if finished else ui.choices(engine, state, p.seat),
        "hints": p.hints[lang][:hint_level], "more_hints": hint_level < len(p.hints[lang]),
        "next_hint": hint_level + 1, "status": mark.get("status"),
        "post_url": reverse("puzzle", args=[game, p.id]),
        "next_puzzle": _next_puzzle(game, p),
    }
    template = "tutorials/puzzle.html#puzzle" if request.htmx else "tutorials/puzzle.html"
    return render(request, template, ctx, status=400 if error else 200)


def _next_puzzle(game, p):
    every = puzzle_data.puzzles(game)
    i = next(i for i, q in enumerate(every) if q.id == p.id)
    return every[i + 1].id if i + 1 < len(every) else None
