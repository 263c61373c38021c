"""The review of the reader's decisions in a finished deal, without hindsight.

For each decision of the reader the expert bot is given only what the reader could see then (the
view of that position, never the real hidden cards): it deals the unseen cards many ways consistent
with that view and values every action it would compare, and the reader's own, in the same worlds
(``Bot.values``). The review keeps, for each decision, the action the expert valued most, what the
reader's choice cost on average against it, the standard error of that average, and how many worlds
it rests on. The rng of a decision is keyed by the view itself, so a review is reproducible and two
positions that look the same to the reader are judged alike.

A whole deal may take longer than one request should (a long deal with many players): the review is
stored per deal (``DealReview``) and filled a slice of time per request, the page showing how far it
has got; htmx asks again until it is done, and without JavaScript a reload does the same.
"""

import hashlib
import json
import math
import time
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine.rng import rng_for
from games.models import DealReview

from . import played

REVIEW_LEVEL = "expert"  # the bot whose judgement the review gives
SLICE = 0.8  # seconds of reviewing per request (always at least one decision)
MARKED = 3  # the costliest decisions marked in the move list
NO_COST = 0.005  # a smaller average loss is rounding, not a cost
CLEAR = 2.0  # a loss larger than this many standard errors is clear; a smaller one is too close to call

# What the values of each unit (games.engine.bots.UNITS) count, said once beside the review.
UNIT_LEGENDS = {
    "points": gettext_lazy("Values and costs are in points of the deal."),
    "finish": gettext_lazy(
        "Values and costs are on a finishing scale: 1 for finishing first, 0 for finishing last."),
    "chips": gettext_lazy("Values and costs are in chips: what the seat wins or pays in the deal."),
}
# Said once beside the review's figures: what "about" and "±" mean.
ROUGH = gettext_lazy("Each figure is an average over the deals the expert tried, so it is rough: ± gives "
                     "its standard error, and a loss within twice that is too close to call.")


def clear(verdict):
    """Is the loss of a weighed decision larger than the noise of the worlds it rests on? One world
    has no noise to measure: a loss found in it alone is never clear."""
    return verdict.get("worlds", 2) > 1 and verdict["cost"] > CLEAR * verdict["error"]


def decisions(match, deal):
    """The indices of the reader's actions inside a deal (not the one that deals the next)."""
    first, last = match.deal_span(deal)
    return [i for i in range(first, last) if match.table.actions[i][0] == match.human]


def fingerprint(match, deal):
    first, last = match.deal_span(deal)
    text = json.dumps([match.table.seed, match.table.players, match.table.options, first,
                       match.table.actions[:last]], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def same_play(a, b):
    """Do two actions make the same play (the same cards in any order, from and to the same places)?"""
    return (a.kind, sorted(a.cards), a.source, a.target, a.choice) == (b.kind, sorted(b.cards), b.source,
                                                                        b.target, b.choice)


def legal_form(game, view, seat, action):
    """The legal action that `action` names (the same cards in another order make the same play)."""
    legal = game.legal_actions(view, seat)
    if action in legal:
        return action
    return next((a for a in legal if same_play(a, action)), action)


def view_rng(game, seat, view):
    """The rng a decision is weighed with, keyed by the view itself: two positions that look the
    same to the reader are weighed alike, by the review and by the hint."""
    return rng_for("review", game.slug, seat, game.to_text(view))


def view_key(game, seat, view):
    """A short digest of the view a decision was made from, stored with its verdict, so that the
    same position met again (a practice table opened at it) finds what the review said of it."""
    return hashlib.sha256(f"{game.slug}:{seat}:{game.to_text(view)}".encode()).hexdigest()[:24]


def judge(game, bot, view, seat, action):
    """The verdict on `seat` choosing `action` in `view`, as stored: {"kind": "forced"} (nothing to
    choose), {"kind": "unweighed"} (the expert decides this by habit or chance), or {"kind":
    "weighed", "chosen", "best", "cost", "error", "worlds", "unit", "values": [[action, average], ...],
    "view": view_key(...)}."""
    legal = game.legal_actions(view, seat)
    if len(legal) < 2:
        return {"kind": "forced"}
    chosen = legal_form(game, view, seat, action)
    evaluation = bot.values(view, seat, view_rng(game, seat, view), include=(chosen,))
    if evaluation is None or chosen not in evaluation.samples or evaluation.worlds == 0:
        return {"kind": "unweighed"}
    best = evaluation.best()
    cost, error = evaluation.cost(chosen)
    ranked = sorted(evaluation.samples, key=lambda a: (-evaluation.mean(a), a))
    return {"kind": "weighed", "chosen": str(chosen), "best": str(best), "cost": round(cost, 4),
            "error": round(error, 4), "worlds": evaluation.worlds, "unit": evaluation.unit,
            "values": [[str(a), round(evaluation.mean(a), 4)] for a in ranked],
            "view": view_key(game, seat, view)}


@dataclass
class Review:
    """A deal's review as far as it has got: the verdict of each reviewed decision by action index."""

    total: int
    verdicts: dict = field(default_factory=dict)

    @property
    def done(self):
        return len(self.verdicts)

    @property
    def complete(self):
        return self.done >= self.total

    @property
    def percent(self):
        return 100 if not self.total else round(100 * self.done / self.total)

    @property
    def weighed(self):
        """How many of the reviewed decisions the expert weighed (the others were forced, or are
        made by habit or chance)."""
        return sum(1 for v in self.verdicts.values() if v["kind"] == "weighed")

    def costly(self):
        """The decisions with an average loss, costliest first: the clear losses, then those too close
        to call: [(index, verdict)]."""
        lost = [(i, v) for i, v in self.verdicts.items() if v["kind"] == "weighed" and v["cost"] >= NO_COST]
        return sorted(lost, key=lambda item: (not clear(item[1]), -item[1]["cost"], item[0]))

    def marked(self):
        """{index: rank} of the MARKED costliest decisions (rank 1 the costliest), once complete."""
        if not self.complete:
            return {}
        return {i: rank for rank, (i, _v) in enumerate(self.costly()[:MARKED], start=1)}


def _row(match, deal, key, total):
    """The stored review of this deal, started afresh if it was made of other actions."""
    table = match.table
    row = DealReview.objects.filter(table_id=table.pk, deal=deal).first()
    if row is None:
        try:
            with transaction.atomic():
                row = DealReview.objects.create(table_id=table.pk, deal=deal, key=key, total=total)
        except IntegrityError:  # another request made it first
            row = DealReview.objects.get(table_id=table.pk, deal=deal)
    if row.key != key:
        DealReview.objects.filter(pk=row.pk).update(key=key, total=total, done=0, decisions=[])
        row.key, row.total, row.done, row.decisions = key, total, 0, []
    return row


def review(match, deal, seconds=None):
    """The review of a finished deal, after up to `seconds` (SLICE by default) more work on it, and
    at least one more decision while any is left; with seconds=0, only what is stored."""
    seconds = SLICE if seconds is None else seconds
    indices = decisions(match, deal)
    key = fingerprint(match, deal)
    row = _row(match, deal, key, len(indices)) if seconds else \
        DealReview.objects.filter(table_id=match.table.pk, deal=deal, key=key).first()
    verdicts = list(row.decisions) if row else []
    if seconds and len(verdicts) < len(indices):
        game, ui = match.game, match.ui
        bot = ui.levels[REVIEW_LEVEL](game)
        stop = time.perf_counter() + seconds
        before = len(verdicts)
        while len(verdicts) < len(indices) and (len(verdicts) == before or time.perf_counter() < stop):
            i = indices[len(verdicts)]
            action = game.parse_action(match.table.actions[i][1])
            verdicts.append(judge(game, bot, match.view(i), match.human, action))
        # Whoever stores first wins; the verdicts are the same whoever computes them.
        DealReview.objects.filter(pk=row.pk, key=key, done=before).update(decisions=verdicts,
                                                                          done=len(verdicts))
    out = Review(total=len(indices), verdicts=dict(zip(indices, verdicts)))
    if seconds and out.complete:
        played.fill_costliest(match.table, deal, out)  # the deal's record gets its costliest decision
    return out


def reviewed(match, view):
    """The weighed verdict a review of one of this reader's deals already gave of this very view (a
    practice table opened at a reviewed decision, the same deal code played again), or None. Only
    tables of the same owner and seed can hold the same position."""
    table = match.table
    key = view_key(match.game, match.human, view)
    rows = DealReview.objects.filter(table__owner=table.owner, table__game=table.game, table__seed=table.seed)
    for decisions in rows.values_list("decisions", flat=True):
        for verdict in decisions:
            if verdict.get("view") == key and verdict["kind"] == "weighed":
                return verdict
    return None


# --- in words -----------------------------------------------------------------------------------
def number(value, places=None):
    """A value as the review prints it, with a true minus sign: rounded to `places` decimals (a
    negative number of places rounds to tens, hundreds…), or by default to two decimals at most."""
    if places is None:
        text = f"{abs(value):.2f}".rstrip("0").rstrip(".")
    else:  # halves rounded up, as a reader rounds (25 to tens is 30)
        text = format(Decimal(repr(abs(value))).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP), "f")
    return text if value >= 0 or not float(text) else "\u2212" + text


def places(error):
    """How many decimals a figure known to within `error` (a standard error) deserves: the error
    to one significant digit, two when it begins with a 1 (13, 0.17, but 5, 0.4); negative rounds
    to tens and beyond. None for an error of 0, which leaves the figure as it is."""
    if error <= 0:
        return None
    exponent = math.floor(math.log10(error))
    leading = int(error / 10 ** exponent + 0.5)  # its first digit, rounded (9.6 makes 10)
    return (1 if leading < 2 else 0) - exponent


def amount(value, unit, about=False):
    """A value with its unit ("0.3 points", "0.12 on the finishing scale"), printed as given;
    about=True says it is an estimate ("about 80 points")."""
    n = value if isinstance(value, str) else number(value)
    if unit == "finish":
        return (_("about %(n)s on the finishing scale") if about else _("%(n)s on the finishing scale")) % {"n": n}
    if unit == "chips":
        if about:
            return ngettext("about %(n)s chip", "about %(n)s chips", 1 if n == "1" else 2) % {"n": n}
        return ngettext("%(n)s chip", "%(n)s chips", 1 if n == "1" else 2) % {"n": n}
    if about:
        return ngettext("about %(n)s point", "about %(n)s points", 1 if n == "1" else 2) % {"n": n}
    return ngettext("%(n)s point", "%(n)s points", 1 if n == "1" else 2) % {"n": n}


def figure(value, error, worlds, unit):
    """An average over sampled worlds with the precision it has: rounded to its standard error and
    said with it ("about 80 points, ± 13"); from a single world, only "about" (one world measures
    no error: never "± 0"); where every world agreed (an error of 0), the value itself."""
    if worlds < 2:
        return amount(value, unit, about=True)
    p = places(error)
    if p is None:
        return amount(value, unit)
    return _("%(amount)s, ± %(error)s") % {"amount": amount(number(value, p), unit, about=True),
                                          "error": number(error, p)}


def in_words(match, index, verdict):
    """The stored verdict on the reader's decision at action `index`, for the replay: its kind
    ("pending" while not yet reviewed) and, once weighed, the actions described in the page
    language, the cost with the precision the worlds give it, and the worlds it rests on."""
    if verdict is None:
        return {"kind": "pending"}
    if verdict["kind"] != "weighed":
        return {"kind": verdict["kind"]}
    game, ui = match.game, match.ui
    view = match.view(index)

    def what(text):
        return ui.describe(view, match.human, game.parse_action(text))

    cost, error, unit, worlds = verdict["cost"], verdict["error"], verdict["unit"], verdict["worlds"]
    p = places(error) if worlds > 1 else None
    return {
        "kind": "weighed",
        "same": cost < NO_COST,
        "close": cost >= NO_COST and not clear(verdict),
        "chosen_what": what(verdict["chosen"]),
        "best_what": what(verdict["best"]),
        "cost": figure(cost, error, worlds, unit),
        "short_cost": short_cost(verdict),
        "worlds": worlds,
        "values": [{"what": what(a), "value": number(v, p), "chosen": a == verdict["chosen"]}
                   for a, v in verdict["values"]],
    }


def margin(match, view, evaluation):
    """What a reckoning (an Evaluation of the reader's decision in `view`) says of its best choice
    against its next, in one sentence of the page language, with the precision its worlds give."""
    ranked = sorted(evaluation.samples, key=lambda a: (-evaluation.mean(a), a))
    if len(ranked) < 2:
        return ""
    best = evaluation.best()
    other = next(a for a in ranked if a != best)
    cost, error = evaluation.cost(other)
    n = evaluation.worlds
    facts = {"n": n, "other": match.ui.describe(view, match.human, other),
             "figure": figure(cost, error, n, evaluation.unit)}
    if cost < NO_COST:
        return ngettext("By its reckoning over %(n)s deal you could not rule out, its next choice, to %(other)s, "
                        "does as well.",
                        "By its reckoning over %(n)s deals you could not rule out, its next choice, to %(other)s, "
                        "does as well.", n) % facts
    if clear({"cost": cost, "error": error, "worlds": n}):
        return ngettext("By its reckoning over %(n)s deal you could not rule out, this beats its next choice, to "
                        "%(other)s, by %(figure)s.",
                        "By its reckoning over %(n)s deals you could not rule out, this beats its next choice, to "
                        "%(other)s, by %(figure)s.", n) % facts
    return ngettext("By its reckoning over %(n)s deal you could not rule out, it is too close to call against its "
                    "next choice, to %(other)s: the difference is %(figure)s.",
                    "By its reckoning over %(n)s deals you could not rule out, it is too close to call against its "
                    "next choice, to %(other)s: the difference is %(figure)s.", n) % facts


def short_cost(verdict):
    """The cost as the move list prints it beside a move ("80"), to the precision of its error."""
    return number(verdict["cost"], places(verdict["error"]) if verdict["worlds"] > 1 else None)
