"""Finished deals of a practice table as records (attempts.models.DealPlayed).

The table's write path (Match.record) calls ``record_finished`` with the positions it has just
stored; each deal scored among them becomes one DealPlayed of the table's owner: its result for the
reader, the deal code, and, for a table with a target (a homework deal), the engine's judgement of
it. When the review of that deal is complete (games/table/review.py), ``fill_costliest`` adds the
reader's costliest decision.

One record per deal (unique table + deal): a deal taken back after it was scored (undo) and played
again to a different end keeps its first record, the deal as it was first played; the record
is history, not the table's present state.
"""

from attempts import record
from attempts.models import DealPlayed

from .codes import deal_code


def target_met(game, state, seat, target):
    """The engine's judgement of the table's target for the deal just finished in `state`; None
    without a target, for a target the engine does not know, or where the deal gives no answer."""
    if not target:
        return None
    try:
        return game.deal_target_met(state, seat, target)
    except KeyError:
        return None


def record_finished(match, before, states):
    """A DealPlayed for every deal scored between `before` and the last of `states` (the positions
    after each new action, in order)."""
    game, table = match.game, match.table
    seen = len(game.outcome(before).deals)
    for state in states:
        results = game.outcome(state).deals
        for result in results[seen:]:
            code = deal_code(game, table.seed, table.players, table.options) or ""
            record.save(DealPlayed(
                owner=table.owner, game=table.game, table=table.token, deal=result.deal, level=table.level,
                code=code,
                result={"scores": [game.deal_score(result, s) for s in range(table.players)],
                        "won": game.deal_won(result, match.human)},
                target=table.target or "", target_met=target_met(game, state, match.human, table.target)))
        seen = max(seen, len(results))


def costliest(review, table_actions):
    """The reader's costliest decision of a complete review (games.table.review.Review): {"index":
    action index, "loss": average loss, "unit": its unit, "text": the action played}; {} when no
    decision lost anything."""
    lost = review.costly()
    if not lost:
        return {}
    index, verdict = max(lost, key=lambda item: (item[1]["cost"], -item[0]))
    return {"index": index, "loss": verdict["cost"], "unit": verdict["unit"],
            "text": verdict.get("chosen") or table_actions[index][1]}


def fill_costliest(table, deal, review):
    """Write the costliest decision into the deal's record, once its review is complete (only
    into a record that has none yet)."""
    if review.complete:
        DealPlayed.objects.filter(table=table.token, deal=deal, costliest__isnull=True).update(
            costliest=costliest(review, table.actions))
