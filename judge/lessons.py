"""Judging lesson steps: an act step's move, a quiz's choice, an interrupt drill's call.

Each function takes the game's slug, the step (tutorials.lessons.Step) and the learner's answer,
and returns the verdict with its explanation in the page language; ``to_record`` says what a
judged answer stores (attempts.models.LessonAnswer). Texts are the engine's and the author's.
"""

from hashlib import blake2b

from django.utils.translation import gettext as _

from games.engine import registry
from games.ui import game_ui, join_sentences
from tutorials.lessons import expected_after, interrupt_fault, quiz_truth

from . import core


def to_record(result):
    """What a judged answer stores: {"correct", "rule"}; None when there is nothing to store yet
    (unreadable, or a right move of a longer expected sequence, which is not the step's answer)."""
    if not result or result.get("more"):
        return None
    rule = "" if result["ok"] else (result.get("explanation") or {}).get("rule", "")
    return {"correct": bool(result["ok"]), "rule": rule}


def told(ui, states, step, names, start, end):
    """The moves start..end of a step's line, each told as the learner sees it (one text each)."""
    engine = ui.game
    told = []
    for i, (seat, text) in enumerate(step.line[start:end], start):
        action = engine.parse_action(text)
        said = ui.narrate(engine, states[i], seat, action, states[i + 1], names, step.seat)
        told.append(join_sentences(said))
    return told


def named(ui, states, step, names, at):
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


def act(game, step, start, made, action, lang, names):
    """(result, position to show) for `action` in an act step, after the learner's earlier moves
    `made` of an expected sequence (action texts); None for a result when `made` is not a
    beginning of what the step expects. A wrong move leaves the position as it was.

    result: {"ok": True, "more": True, "narration", "made"} (right, more to come), {"ok": True,
    "text", "narration"} (the step done), or {"ok": False, "explanation" (a rule refused it) or
    not, "text", "action", "made"}."""
    engine = registry.get(game)
    state = start
    try:
        for text in made:
            state = engine.apply(state, step.seat, engine.parse_action(text))
    except ValueError:
        return None, start
    if expected_after(step, made) is None:
        return None, start
    answer = core.answer(game, state, step.seat, action, names=names, viewer=step.seat)
    where = expected_after(step, made + [str(action)])
    if where is not None:
        said = list(answer.narration)
        after = answer.after
        if where == "more":
            return {"ok": True, "more": True, "narration": said, "made": made + [str(action)]}, after
        for seat, text in step.replies:
            said += core.answer(game, after, seat, engine.parse_action(text), names=names,
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


def interrupt(game, step, states, lang, names, posted=None):
    """An interrupt step: (context, position to show, done now, status). Without `posted` (a
    GET), the position before the line. `posted` ({"answer", "at", "drill"}, as the form sent
    them) answers after the move `at` of the line: "go" lets it by (the next move is shown; after
    the last move, or after the fault, the answer is judged), "stop" makes the interrupting
    action there, and the engine judges it (Game.interruption_verdict). A judged answer is in
    context["result"]."""
    ui = game_ui(game)
    engine = ui.game
    action = engine.parse_action(step.interrupt)
    moves = len(step.line)
    view = engine.view(states[0], step.seat)
    ctx = {"at": 0, "moves": moves, "drill": drill_version(step), "drill_told": [], "drill_now": None,
           "interrupt_label": ui.action_label(view, step.seat, action)}
    if posted is None:
        return ctx, states[0], False, 200
    answer = posted.get("answer")
    try:
        at = int(posted.get("at", ""))
    except (TypeError, ValueError):
        at = -1
    if answer not in ("stop", "go") or not 0 <= at <= moves or (answer, at) == ("stop", 0) \
            or not posted.get("drill"):
        ctx["error"] = _("That answer could not be read. Choose one of the offered buttons.")
        return ctx, states[0], False, 400
    if posted["drill"] != ctx["drill"]:
        ctx["error"] = _("This exercise has changed since the page was loaded. Here it is again from the "
                         "start.")
        return ctx, states[0], False, 409
    fault = interrupt_fault(game, step, states)
    said = told(ui, states, step, names, 0, moves)

    def after_move(k, **more):
        ctx.update(at=k, drill_told=said[:k - 1], drill_now=said[k - 1], **more)

    if answer == "go" and at < moves and not (fault and at >= fault):
        after_move(at + 1, focus=True)  # the next move, and the same question about it
        return ctx, states[at + 1], False, 200
    if fault and (at > fault or (at == fault and answer == "go")):
        # The fault let by (or, from a forged form, a call after a later move): which move it
        # was, and what a call right after it does.
        called = core.answer(game, states[fault], step.seat, action, names=names, viewer=step.seat)
        after_move(fault, result={"ok": False, "late": True, "fault": fault,
                                  "narration": [join_sentences(called.narration)]})
        return ctx, states[fault], False, 200
    after_move(at)
    if answer == "go":  # the last move let by, and nothing in the line to call
        ctx["result"] = {"ok": True, "text": step.success[lang]}
        return ctx, states[at], True, 200
    verdict = engine.interruption_verdict(states[at], step.seat, action)
    if verdict:  # the first move after which the engine upholds it: the fault
        called = core.answer(game, states[at], step.seat, action, names=names, viewer=step.seat)
        ctx["result"] = {"ok": True, "text": step.success[lang],
                         "narration": [join_sentences(called.narration)]}
        return ctx, called.after, True, 200
    words = step.feedback.get(str(at), {}).get(lang)
    ctx["result"] = {"ok": False, "early": True, "explanation": core.why_not(game, verdict), "text": words}
    return ctx, states[at], False, 200


def quiz(game, step, value, lang):
    """The verdict on choosing `value` in a quiz step: {"ok", "text" (why), "chosen"}; None for a
    value that is not one of its choices."""
    chosen = next((c for c in step.choices if c["value"] == value), None)
    if chosen is None:
        return None
    truth = quiz_truth(game, step)
    return {"ok": value == truth, "text": chosen.get(f"why_{lang}", ""), "chosen": chosen[lang]}
