"""Judging a puzzle as an organiser writes it, before it may be saved: each accepted answer must be
legal (else the rule that refuses it), and the answers must be exactly the best ones: proved by the
exact solver where every card that matters is known (Game.exact_values), else judged over deals
dealt from what the seat sees (Game.sampled_values) by the same test as the site's sampled puzzles
(tutorials.puzzles.sample_verdict). A position the engine can neither solve nor sample is refused.

A sample is dealt a few deals at a time (``sample_more``), so that a page can show its progress;
what it has dealt is kept in the shape of tutorials.puzzles.record, so the puzzle's page shows its
figures as it shows the site's.
"""

import dataclasses

from games.engine import registry
from games.engine.rules import NotationError
from games.engine.sampling import Figures, figures
from tutorials.puzzles import MIN_DEALS, sample_verdict

from . import core

SAMPLE_DEALS = 400  # deals a written puzzle is judged over (the site's own use 1,000)
PROVED, SAMPLED, PENDING, UNJUDGED = "proved", "sampled", "pending", "unjudged"


def how(slug, position, seat):
    """How the answers of a puzzle at this position can be backed: PROVED, SAMPLED, or UNJUDGED."""
    game = registry.get(slug)
    state = game.from_text(position)
    if game.exact_values(state, seat) is not None:
        return PROVED
    if game.sampled_values(state, seat, "probe", range(0)) is not None:
        return SAMPLED
    return UNJUDGED


def sample_more(slug, position, seat, seed, record, upto):
    """The sample `record` (None to begin) with its deals dealt on to `upto`: the deals numbered from
    where it stopped, each action's values and ahead flags appended, its figures summed up again."""
    game = registry.get(slug)
    state = game.from_text(position)
    done = record["deals"] if record else 0
    found = game.sampled_values(state, seat, seed, range(done, upto))
    if found is None:
        raise ValueError("this position cannot be sampled")
    actions = dict(record["actions"]) if record else {}
    for action in sorted(found.values, key=str):
        old = actions.get(str(action), {"values": [], "ahead": ""})
        values = old["values"] + [int(v) if float(v).is_integer() else float(v) for v in found.values[action]]
        ahead = old["ahead"] + "".join("1" if a else "0" for a in found.ahead[action])
        actions[str(action)] = {"figures": dataclasses.asdict(figures(values, [c == "1" for c in ahead])),
                                "ahead": ahead, "values": values}
    return {"position": position, "seat": seat, "seed": seed, "deals": upto, "policy": found.policy,
            "unit": found.unit, "actions": actions}


def rows(record):
    """[(action text, Figures)] of a sample, the best average first."""
    out = [(text, Figures(**a["figures"])) for text, a in record["actions"].items()]
    return sorted(out, key=lambda row: (-row[1].mean, row[0]))


def judge(slug, position, seat, answers, record=None, target=SAMPLE_DEALS):
    """The judge's word on the accepted `answers` (action texts) of a puzzle at `position` for
    `seat`: {"how", "ok", "problems", "values"}. Each problem is a dict with its "code":
    "none" (no answer chosen), "illegal" (with the rule's "explanation"), "not-best" and
    "also-best" (proved: an answer below the best value, a best action not accepted; with the
    values), "tie", "below" and "close" (sampled, as tutorials.puzzles.sample_verdict),
    "unjudged" (neither proved nor sampled). "pending" while the sample is still being dealt.
    "values" gives each legal action's value (proved) or figures (sampled)."""
    game = registry.get(slug)
    state = game.from_text(position)
    problems, chosen = [], []
    for text in answers:
        try:
            action = game.parse_action(text)
        except (NotationError, ValueError):
            problems.append({"code": "unreadable", "action": text})
            continue
        verdict = game.check(state, seat, action)
        if not verdict:
            problems.append({"code": "illegal", "action": str(action), "explanation": core.why_not(slug, verdict)})
        else:
            chosen.append(str(action))
    if not answers:
        problems.append({"code": "none"})
    values = game.exact_values(state, seat)
    if values is not None:
        best = max(values.values())
        good = {str(a) for a, v in values.items() if v == best}
        problems += [{"code": "not-best", "action": t, "value": values[game.parse_action(t)], "best": best}
                     for t in chosen if t not in good]
        if chosen:
            problems += [{"code": "also-best", "action": t, "best": best} for t in sorted(good - set(chosen))]
        shown = sorted(((str(a), v) for a, v in values.items()), key=lambda kv: (-kv[1], kv[0]))
        return {"how": PROVED, "ok": not problems, "problems": problems, "values": shown}
    if game.sampled_values(state, seat, "probe", range(0)) is None:
        return {"how": UNJUDGED, "ok": False, "problems": problems + [{"code": "unjudged"}], "values": []}
    if record is None or record["deals"] < max(target, MIN_DEALS):
        return {"how": PENDING, "ok": False, "problems": problems, "values": [],
                "done": record["deals"] if record else 0, "target": target}
    found = rows(record)
    for code, best_text, other in sample_verdict(found, chosen):
        problem = {"code": {"not-best": "below"}.get(code, code), "best": best_text}
        if other:
            problem.update(action=other[0], figures=other[1], best_figures=dict(found)[best_text])
        problems.append(problem)
    return {"how": SAMPLED, "ok": not problems, "problems": problems, "values": found}
