"""Lessons and puzzles: the learner acts, the engine answers."""

from hashlib import blake2b

from django.http import Http404
from django.utils.http import url_has_allowed_host_and_scheme
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from attempts import record, summary
from attempts.models import LessonAnswer, PuzzleMove
from games import service
from games.catalogue import BY_SLUG
from games.controls import decode
from games.engine import registry
from games.engine.rules import NotationError
from games.owner import owner_key
from games.ui import game_ui, join_sentences

from . import lessons as lesson_data
from . import puzzles as puzzle_data
from .lessons import expected_after, interrupt_fault, question_at, quiz_truth, step_states
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

def lessons_index(request, game):
    """templates/tutorials/lessons.html: every lesson with the browser's progress."""
    info = _info(game)
    found = lesson_data.lessons(game)
    if not found:
        raise Http404(_("There are no lessons for this game yet."))
    answers = record.lesson_rows_by_item(owner_key(request, create=False), game)
    lang = _lang()
    rows = []
    for lesson in found:
        mine = answers.get(lesson.id)
        done = summary.lesson(mine or [], len(lesson.steps))
        rows.append({"lesson": lesson, "title": lesson.title[lang], "summary": lesson.summary[lang],
                     "steps": len(lesson.steps), "done": len(done.done),
                     "finished": done.finished, "at": done.at if mine else None})
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
    """Store the learner's judged answer to step n (a LessonAnswer), once per posted form: a right
    answer that completes the step, or one refused (with the rule that refused it, if a rule did).
    A right move of a longer expected sequence ("more") is not an answer to the step yet."""
    if not result or result.get("more"):
        return
    rule = (result.get("explanation") or {}).get("rule", "") if not result["ok"] else ""
    owner = owner_key(request)
    key = record.once(record.posted_nonce(request), owner, game, lesson.id, n, " ".join(made), place)
    record.save(LessonAnswer(owner=owner, game=game, lesson=lesson.id, step=n, correct=bool(result["ok"]),
                             answer=answer[:200], rule=rule[:60], once=key))


def _next_lesson(game, lesson, lang):
    """The lesson after this one (its title and address), or None after the last."""
    every = lesson_data.lessons(game)
    ids = [x.id for x in every]
    i = ids.index(lesson.id) + 1 if lesson.id in ids else len(ids)
    if i >= len(every):
        return None
    return {"title": every[i].title[lang], "url": reverse("lesson", args=[game, every[i].id])}


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
           "total": len(found.steps), "text": step.text[lang], "result": None, "made": "",
           "prev_url": reverse("lesson-step", args=[game, lesson, n - 1]) if n > 1 else None,
           "next_url": reverse("lesson-step", args=[game, lesson, n + 1]) if n < len(found.steps) else None,
           "post_url": reverse("lesson-step", args=[game, lesson, n]), "board_template": ui.board_template}
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
        ctx["quiz_told"] = _told(ui, states, step, names, 0, asked)
        ctx["quiz_next"] = _named(ui, states, step, names, asked)
    if step.kind == "interrupt":
        drill, state, _done_now, status = _interrupt(request, game, step, states, lang, names)
        ctx.update(drill)
        if request.method == "POST" and drill.get("result"):
            _record_answer(request, game, found, n, drill["result"], answer=f"{request.POST.get('answer')}@{drill['at']}",
                           place=request.POST.get("at", ""))
    offer = step.kind == "act"
    if request.method == "POST" and step.kind in ("act", "quiz"):
        if step.kind == "act":
            ctx["result"], state = _act_result(game, step, state, request, lang, names)
        else:
            ctx["result"] = _quiz_result(game, step, request, lang)
            if ctx["result"] and ctx["result"]["ok"]:
                state = states[-1]
                ctx["quiz_told"] += _told(ui, states, step, names, asked, len(step.line))
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
    ctx["progress"] = _lesson_summary(request, game, found)
    ctx["done_count"] = len(ctx["progress"].done)
    ctx["nonce"] = record.new_nonce()
    # A read step, or a watch step seen to its end, is done by going on: its Next is a POST.
    ctx["done_by_going_on"] = step.kind == "read" or (step.kind == "watch" and ctx["at"] == len(step.line))
    if step.kind == "quiz":
        ctx["choices_quiz"] = [{"value": c["value"], "label": c[lang]} for c in step.choices]
    template = "tutorials/lesson_step.html#step" if request.htmx else "tutorials/lesson_step.html"
    return render(request, template, ctx, status=status)


def _told(ui, states, step, names, start, end):
    """The moves start..end of a step's line, each told as the learner sees it (one text each)."""
    engine = ui.game
    told = []
    for i, (seat, text) in enumerate(step.line[start:end], start):
        action = engine.parse_action(text)
        said = ui.narrate(engine, states[i], seat, action, states[i + 1], names, step.seat)
        told.append(join_sentences(said))
    return told


def _named(ui, states, step, names, at):
    """The move `at` of a step's line named without its result ({who, what}), or None when there
    is none or naming it would show the learner a card he cannot see (another player's discard)."""
    if at >= len(step.line):
        return None
    engine = ui.game
    seat, text = step.line[at]
    action = engine.parse_action(text)
    seen = set()
    for state in states[at:at + 2]:
        view = state if step.open else engine.view(state, step.seat)
        seen.update(c for cards in engine.zones(view).values() for c in cards if c is not None)
    if any(c not in seen for c in action.cards):
        return None
    view = states[at] if step.open else engine.view(states[at], seat)
    return {"who": names[seat], "mine": seat == step.seat, "what": ui.describe(view, seat, action)}


def _act_result(game, step, start, request, lang, names):
    """(result, position to show) for a move in an act step. The learner's earlier moves of an
    expected sequence come back in the form; a wrong move leaves the position as it was."""
    engine = registry.get(game)
    try:
        made = _made(request)
        action = decode(request.POST)
    except NotationError:
        return None, start
    state = start
    try:
        for text in made:
            state = engine.apply(state, step.seat, engine.parse_action(text))
    except ValueError:
        return None, start
    if expected_after(step, made) is None:
        return None, start
    answer = service.answer(game, state, step.seat, action, names=names, viewer=step.seat)
    where = expected_after(step, made + [str(action)])
    if where is not None:
        said = list(answer.narration)
        after = answer.after
        if where == "more":
            return {"ok": True, "more": True, "narration": said, "made": made + [str(action)]}, after
        for seat, text in step.replies:
            said += service.answer(game, after, seat, engine.parse_action(text), names=names,
                                   viewer=step.seat).narration
            after = engine.apply(after, seat, engine.parse_action(text))
        return {"ok": True, "text": step.success[lang], "narration": said}, after
    words = step.feedback.get(str(action), {}).get(lang)
    if not answer.legal:  # the rule that refuses it, and the author's word if the step invites it
        return {"ok": False, "explanation": answer.explanation, "text": words, "action": str(action),
                "made": made}, state
    return {"ok": False, "text": words or _("That is allowed, but it is not the move this step asks for. Read the "
                                            "instruction again."), "action": str(action), "made": made}, state


def drill_version(step) -> str:
    """A short fingerprint of an interrupt step (its position, line and action): a page drawn from
    an earlier version of the step posts another, and is shown the step afresh."""
    text = "\n".join([step.position, step.interrupt, str(step.seat)] + [f"{s} {a}" for s, a in step.line])
    return blake2b(text.encode(), digest_size=6).hexdigest()


def _interrupt(request, game, step, states, lang, names):
    """An interrupt step: (context, position to show, done now, status). A GET shows the position
    before the line. Each POST answers after the move `at` of the line: "go" lets it by (the next
    move is shown; after the last move, or after the fault, the answer is judged), "stop" makes
    the interrupting action there, and the engine judges it (Game.interruption_verdict)."""
    ui = game_ui(game)
    engine = ui.game
    action = engine.parse_action(step.interrupt)
    moves = len(step.line)
    view = engine.view(states[0], step.seat)
    ctx = {"at": 0, "moves": moves, "drill": drill_version(step), "drill_told": [], "drill_now": None,
           "interrupt_label": ui.action_label(view, step.seat, action)}
    if request.method != "POST":
        return ctx, states[0], False, 200
    answer = request.POST.get("answer")
    try:
        at = int(request.POST.get("at", ""))
    except ValueError:
        at = -1
    if answer not in ("stop", "go") or not 0 <= at <= moves or (answer, at) == ("stop", 0) \
            or not request.POST.get(DRILL):
        ctx["error"] = _("That answer could not be read. Choose one of the offered buttons.")
        return ctx, states[0], False, 400
    if request.POST[DRILL] != ctx["drill"]:
        ctx["error"] = _("This exercise has changed since the page was loaded. Here it is again from the "
                         "start.")
        return ctx, states[0], False, 409
    fault = interrupt_fault(game, step, states)
    told = _told(ui, states, step, names, 0, moves)

    def after_move(k, **more):
        ctx.update(at=k, drill_told=told[:k - 1], drill_now=told[k - 1], **more)

    if answer == "go" and at < moves and not (fault and at >= fault):
        after_move(at + 1, focus=True)  # the next move, and the same question about it
        return ctx, states[at + 1], False, 200
    if fault and (at > fault or (at == fault and answer == "go")):
        # The fault let by (or, from a forged form, a call after a later move): which move it
        # was, and what a call right after it does.
        called = service.answer(game, states[fault], step.seat, action, names=names, viewer=step.seat)
        after_move(fault, result={"ok": False, "late": True, "fault": fault,
                                  "narration": [join_sentences(called.narration)]})
        return ctx, states[fault], False, 200
    after_move(at)
    if answer == "go":  # the last move let by, and nothing in the line to call
        ctx["result"] = {"ok": True, "text": step.success[lang]}
        return ctx, states[at], True, 200
    verdict = engine.interruption_verdict(states[at], step.seat, action)
    if verdict:  # the first move after which the engine upholds it: the fault
        called = service.answer(game, states[at], step.seat, action, names=names, viewer=step.seat)
        ctx["result"] = {"ok": True, "text": step.success[lang],
                         "narration": [join_sentences(called.narration)]}
        return ctx, called.after, True, 200
    words = step.feedback.get(str(at), {}).get(lang)
    ctx["result"] = {"ok": False, "early": True, "explanation": service.why_not(game, verdict), "text": words}
    return ctx, states[at], False, 200


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
    done = {item: summary.puzzle(rows)
            for item, rows in record.puzzle_rows_by_item(owner_key(request, create=False), game).items()}
    marks = {item: _mark(d) for item, d in done.items()}
    theme = request.GET.get("theme", "")
    level = request.GET.get("level", "")
    missed = request.GET.get("missed") == "1"
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
        rows.append({"puzzle": p, "question": p.question[lang], "status": status,
                     "theme": puzzle_data.theme_name(game, p.theme, lang), "proof": puzzle_data.proof(p),
                     "deals": f"{p.sampled:,}"})
    themes = [(t, puzzle_data.theme_name(game, t, lang)) for t in puzzle_data.themes(game)]
    return render(request, "tutorials/puzzles.html", {
        "game": info, "rows": rows, "themes": themes, "theme": theme, "level": level,
        "missed": missed, "failed_count": sum(1 for m in marks.values() if m == "failed"),
        "solved_count": sum(1 for d in done.values() if d.solved), "total": len(every),
    })


def _mark(done):
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


class Attempt:
    """Where a learner stands in a puzzle: the moves he made (each judged again here, never
    trusted), the replies they drew, and whether the puzzle is solved."""

    def __init__(self, p, made):
        self.p = p
        self.game = registry.get(p.game)
        self.state = self.game.from_text(p.position)
        self.on_line = True  # still on the puzzle's written line (its scripted replies apply)
        self.ply = 0
        self.replies = []  # (before, seat, action, after) of the replies to the last move
        for text in made:
            action = self.game.parse_action(text)
            if not self.judge(action)[0]:
                raise NotationError("a move of the attempt is not right")
            self.play(action)

    def accepted_now(self):
        """The written answers at this point of the line (empty once off it)."""
        moves = self.p.moves()
        return moves[self.ply] if self.on_line and self.ply < len(moves) else ()

    def judge(self, action):
        """(right, how): a move keeps the best value, keeps the goal within reach, or is written."""
        game, p, seat = self.game, self.p, self.p.seat
        if not game.check(self.state, seat, action):
            return False, "illegal"
        if p.goal:
            after = game.apply(self.state, seat, action)
            reach = game.goal_reached(after, seat, p.goal) or game.goal_reachable(after, seat, p.goal)
            if reach is not None:
                return bool(reach), "goal"
        else:
            values = game.exact_values(self.state, seat)
            if values is not None:
                return values[action] == max(values.values()), "value"
        return str(action) in self.accepted_now(), "written"

    def play(self, action):
        game, p = self.game, self.p
        accepted = self.accepted_now()
        self.on_line = self.on_line and bool(accepted) and str(action) == accepted[0]
        self.state = game.apply(self.state, p.seat, action)
        self.ply += 1
        self.replies = []
        script = self._script_after(self.ply)
        for _ in range(40):
            waiting = game.turn(self.state)
            if not waiting or p.seat in waiting or self.finished():
                break
            mover = min(waiting)
            if self.on_line and script and script[0][0] == mover:
                reply = game.parse_action(script.pop(0)[1])
            else:
                values = game.exact_values(self.state, mover)
                if values is None:
                    break
                reply = max(values.items(), key=lambda kv: (kv[1], str(kv[0])))[0]
            before = self.state
            self.state = game.apply(self.state, mover, reply)
            self.replies.append((before, mover, reply, self.state))

    def _script_after(self, ply):
        """The written replies to the learner's ply-th move (1: to the first answer)."""
        out, seen = [], 1
        for s, a in self.p.line:
            if s == self.p.seat:
                seen += 1
                if seen > ply:
                    break
            elif seen == ply:
                out.append((s, a))
        return out

    def finished(self):
        if self.p.goal:
            return self.game.goal_reached(self.state, self.p.seat, self.p.goal)
        return self.ply >= len(self.p.moves()) or not self.game.to_move(self.state)


def _refutation(game, state, seat, action, names):
    """What happens after a wrong move when both sides play their best: the line, in words."""
    engine = registry.get(game)
    ui = game_ui(game)
    current = engine.apply(state, seat, action)
    said = []
    for _ in range(20):
        waiting = engine.turn(current)
        if not waiting or current.phase != state.phase:
            break
        mover = min(waiting)
        values = engine.exact_values(current, mover)
        if values is None:
            return []
        best = max(values.items(), key=lambda kv: (kv[1], str(kv[0])))[0]
        nxt = engine.apply(current, mover, best)
        said += ui.narrate(engine, current, mover, best, nxt, names, seat)
        current = nxt
    return said


def puzzle_page(request, game, puzzle):
    """templates/tutorials/puzzle.html: the position and question; POST answers it."""
    info = _info(game)
    p = puzzle_data.puzzle(game, puzzle)
    if p is None:
        raise Http404(_("There is no such puzzle."))
    lang = _lang()
    ui = game_ui(game)
    engine = ui.game
    error = None
    try:
        attempt = Attempt(p, _made(request))
        hint_level = min(max(0, int(request.GET.get("hint", 0))), len(p.hints[lang]))
    except (ValueError, NotationError):
        attempt, hint_level = Attempt(p, []), 0
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
        state = attempt.state
        answer = service.answer(game, state, p.seat, action, names=names)
        right, _how = attempt.judge(action)
        if not answer.legal:
            result = {"ok": False, "explanation": answer.explanation}
        elif right:
            attempt.play(action)
            said = list(answer.narration) + [line for before, seat, reply, after in attempt.replies
                                              for line in ui.narrate(engine, before, seat, reply, after, names, p.seat)]
            if attempt.finished():
                result = {"ok": True, "more": False, "narration": said, "text": p.explanation[lang],
                          "figures": _figures(ui, p, lang)}
            else:
                result = {"ok": True, "more": True, "narration": said}
        else:
            words = p.wrong.get(str(action), {}).get(lang)
            default = (_("That move is legal, but after it the goal can no longer be reached.") if p.goal
                       else _("That move is legal, but it does not achieve the best result."))
            result = {"ok": False, "text": words or default,
                      "refutation": _refutation(game, state, p.seat, action, names),
                      "figures": _figures(ui, p, lang, only=str(action))}
        _record_move(request, p, attempt.ply - (1 if result["ok"] else 0), action, hints_seen, result)
    mark = _mark(summary.puzzle(record.puzzle_rows(owner_key(request, create=False), game, p.id)))
    finished = bool(result and result["ok"] and not result["more"])
    made = " ".join(request.POST.get(MADE, request.GET.get(MADE, "")).split()) if not error else ""
    if result and result["ok"] and action is not None:
        made = f"{made} {action}".strip()
    ctx = {
        "error": error, "game": info, "p": p, "theme_name": puzzle_data.theme_name(game, p.theme, lang),
        "question": p.question[lang], "made": made, "result": result,
        "board_template": ui.board_template,
        "hints": p.hints[lang][:hints_seen], "more_hints": hints_seen < len(p.hints[lang]),
        "next_hint": hints_seen + 1, "status": mark,
        "hints_seen": hints_seen, "nonce": record.new_nonce(), "proof": puzzle_data.proof(p),
        "deals": f"{p.sampled:,}",
        "post_url": reverse("puzzle", args=[game, p.id]),
        "next_puzzle": _next_puzzle(game, p),
    }
    ctx.update(board_context(ui, attempt.state, p.seat, p.open, controls=not finished, facts=p.show))
    template = "tutorials/puzzle.html#puzzle" if request.htmx else "tutorials/puzzle.html"
    return render(request, template, ctx, status=400 if error else 200)


def _record_move(request, p, ply, action, hints, result):
    """Store one judged move of a puzzle (a PuzzleMove), once per posted form: right, solved, or
    wrong (with the rule that refused it, if a rule did). A move from the start begins a new try."""
    owner = owner_key(request)
    made = " ".join(_made(request))
    key = record.once(record.posted_nonce(request), owner, p.game, p.id, ply, made)
    if result["ok"]:
        verdict = PuzzleMove.RIGHT if result["more"] else PuzzleMove.SOLVED
    else:
        verdict = PuzzleMove.WRONG
    rule = (result.get("explanation") or {}).get("rule", "")
    number = record.attempt_number(record.puzzle_rows(owner, p.game, p.id), ply)
    record.save(PuzzleMove(owner=owner, game=p.game, puzzle=p.id, attempt=number, ply=ply, action=str(action)[:200],
                           hints=hints, verdict=verdict, rule=rule[:60], once=key))


def _signed(x):
    """+77.4, −4.2 (a true minus sign), 0.0."""
    return "0.0" if round(x, 1) == 0 else f"{x:+.1f}".replace("-", "\u2212")


def _figures(ui, p, lang, only=None):
    """What a sampled puzzle's stored figures say of each action (of `only`, if given), the best
    average first, in words of the page: None for a puzzle that is not sampled."""
    if not p.sampled:
        return None
    rec = puzzle_data.sampled_record(p.game, p.id)
    if rec is None:
        return None
    engine = ui.game
    view = engine.view(engine.from_text(p.position), p.seat)
    answers = {str(engine.parse_action(t)) for t in p.answers}
    number = (lambda x: f"{x:.2f}") if rec["unit"] == "finish" else _signed
    rows = []
    for text, f in puzzle_data.stored_figures(p):
        if only is not None and text != only:
            continue
        rows.append({
            "action": capfirst(ui.describe(view, p.seat, engine.parse_action(text))), "best": text in answers,
            "deals": f"{f.deals:,}", "rate": f"{round(100 * f.ahead / f.deals)}%",
            "rate_low": f"{round(100 * f.ahead_low)}%", "rate_high": f"{round(100 * f.ahead_high)}%",
            "mean": number(f.mean), "low": number(f.low), "high": number(f.high),
        })
    if not rows:
        return None
    return {"rows": rows, "unit": rec["unit"], "deals": f"{rec['deals']:,}",
            "policy": puzzle_data.policy_text(p.game, rec["policy"], lang)}


def _next_puzzle(game, p):
    ids = [q.id for q in puzzle_data.puzzles(game)]
    i = ids.index(p.id) if p.id in ids else len(ids)
    return ids[i + 1] if i + 1 < len(ids) else None
