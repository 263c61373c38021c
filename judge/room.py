"""The verdict on a room's answers to a teaching-table question ("what would you play here?").

``answer(slug, state, seat, action)`` -> {"legal", "rule"}: what an answer stores (the rule that
refuses it, when it is not allowed). ``best(slug, state, seat)`` -> the set of the best actions'
texts where every card that matters is known and the game's solver can say (``exact_values``), else
None. ``verdict(stored, best)`` -> "illegal" | "best" | "worse" | "legal": the word the reveal shows.
"""

from games.engine import registry


def answer(slug, state, seat, action) -> dict:
    verdict = registry.get(slug).check(state, seat, action)
    return {"legal": bool(verdict), "rule": "" if verdict else verdict.rule}


def best(slug, state, seat):
    values = registry.get(slug).exact_values(state, seat)
    if not values:
        return None
    top = max(values.values())
    return {str(a) for a, v in values.items() if v == top}


def verdict(stored, best_actions, action_text) -> str:
    if not stored["legal"]:
        return "illegal"
    if best_actions is None:
        return "legal"
    return "best" if action_text in best_actions else "worse"
