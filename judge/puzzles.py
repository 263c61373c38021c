"""Judging puzzle moves: each move of the learner's line judged again from the position (never
trusted), by the engine's rules, the exact values, the goal or the written answers.

``move(p, attempt, action, names, lang)`` gives the verdict with its explanation in the page
language and what the move stores (attempts.models.PuzzleMove); ``Attempt`` is where a learner
stands in a puzzle (his moves so far replayed and judged).

A puzzle's position is fixed, so a judged move is the same for every learner who makes it: each
server keeps the last few thousand (``KEEP``) of them and of the tries replayed, keyed by what the
puzzle is (``tutorials.puzzles.digest``), so that a room answering one puzzle has it judged once.
"""

import threading
from collections import OrderedDict

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games.engine import registry
from games.engine.rules import NotationError
from games.ui import game_ui
from tutorials import puzzles as puzzle_data

from . import core

RIGHT, WRONG, SOLVED = "right", "wrong", "solved"  # the verdicts of attempts.models.PuzzleMove
KEEP = 4096  # judged moves (and replayed tries) kept by each server process


class _Kept(OrderedDict):
    """The last KEEP values asked for, the oldest forgotten first (safe for a threaded server)."""

    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            value = super().get(key)
            if value is not None:
                self.move_to_end(key)
            return value

    def put(self, key, value):
        with self.lock:
            self[key] = value
            if len(self) > KEEP:
                self.popitem(last=False)


_moves, _tries = _Kept(), _Kept()


def move(p, attempt, action, names, lang):
    """(result, stored) for `action` where `attempt` stands (the attempt moves on when it is
    right). result: {"ok": True, "more", "narration", ["text", "figures"]} or {"ok": False,
    "explanation"} (a rule refuses it) or {"ok": False, "text", "refutation", "figures"} (legal but
    not right). stored: {"ply", "verdict", "rule"} for the PuzzleMove. The result is shared by
    every learner who makes the same move: read it, never change it."""
    key = (puzzle_data.digest(p), attempt.line, str(action), lang, repr(names))
    kept = _moves.get(key)
    if kept is None:
        kept = _move(p, attempt, action, names, lang) + (attempt.kept(),)
        _moves.put(key, kept)
    else:
        attempt.restore(kept[2])
    return kept[0], kept[1]


def _move(p, attempt, action, names, lang):
    game = p.game
    ui = game_ui(game)
    engine = ui.game
    state = attempt.state
    ply = attempt.ply
    answer = core.answer(game, state, p.seat, action, names=names)
    right, _how = attempt.judge(action)
    if not answer.legal:
        result = {"ok": False, "explanation": answer.explanation}
    elif right:
        attempt.play(action)
        said = list(answer.narration) + [line for before, seat, reply, after in attempt.replies
                                          for line in ui.narrate(engine, before, seat, reply, after, names, p.seat)]
        if attempt.finished():
            result = {"ok": True, "more": False, "narration": said, "text": p.explanation[lang],
                      "figures": figures(ui, p, lang)}
        else:
            result = {"ok": True, "more": True, "narration": said}
    else:
        words = p.wrong.get(str(action), {}).get(lang)
        default = (_("That move is legal, but after it the goal can no longer be reached.") if p.goal
                   else _("That move is legal, but it does not achieve the best result."))
        result = {"ok": False, "text": words or default,
                  "refutation": refutation(game, state, p.seat, action, names),
                  "figures": figures(ui, p, lang, only=str(action))}
    verdict = (RIGHT if result["more"] else SOLVED) if result["ok"] else WRONG
    return result, {"ply": ply, "verdict": verdict, "rule": (result.get("explanation") or {}).get("rule", "")}


class Attempt:
    """Where a learner stands in a puzzle: the moves he made (each judged again here, never
    trusted), the replies they drew, and whether the puzzle is solved."""

    def __init__(self, p, made):
        self.p = p
        self.game = registry.get(p.game)
        key = (puzzle_data.digest(p), tuple(made))
        kept = _tries.get(key)
        if kept is not None:
            self.restore(kept)
            return
        self.state = self.game.from_text(p.position)
        self.on_line = True  # still on the puzzle's written line (its scripted replies apply)
        self.ply = 0
        self.line = ()  # the learner's moves played, as texts
        self.replies = []  # (before, seat, action, after) of the replies to the last move
        for text in made:
            action = self.game.parse_action(text)
            if not self.judge(action)[0]:
                raise NotationError("a move of the attempt is not right")
            self.play(action)
        _tries.put(key, self.kept())

    def kept(self):
        """Where the attempt stands, to be restored (states are immutable; the lists are copied)."""
        return self.state, self.on_line, self.ply, self.line, tuple(self.replies)

    def restore(self, kept):
        self.state, self.on_line, self.ply, self.line, replies = kept
        self.replies = list(replies)

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
        self.line += (str(action),)
        self.replies = []
        script = self._script_after(self.ply)
        for _step in range(40):
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


def refutation(game, state, seat, action, names):
    """What happens after a wrong move when both sides play their best: the line, in words."""
    engine = registry.get(game)
    ui = game_ui(game)
    current = engine.apply(state, seat, action)
    said = []
    for _step in range(20):
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


def signed(x):
    """+77.4, −4.2 (a true minus sign), 0.0."""
    return "0.0" if round(x, 1) == 0 else f"{x:+.1f}".replace("-", "\u2212")


def figures(ui, p, lang, only=None):
    """What a sampled puzzle's stored figures say of each action (of `only`, if given), the best
    average first, in words of the page: None for a puzzle that is not sampled."""
    if not p.sampled:
        return None
    rec = puzzle_data.record_of(p)
    if rec is None:
        return None
    engine = ui.game
    view = engine.view(engine.from_text(p.position), p.seat)
    answers = {str(engine.parse_action(t)) for t in p.answers}
    number = (lambda x: f"{x:.2f}") if rec["unit"] == "finish" else signed
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
