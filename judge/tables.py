"""Judging a decision at a practice table: the engine's rules decide; a refusal is explained by the
rule that refuses it (with its address on the rules page), in the page language."""

from games.engine import registry

from . import core


def refusal(slug, state, seat, action):
    """None when `seat` may take `action` in `state`; else {"action": its text, "rule", "title",
    "text", "url"}: the refusal the table shows."""
    verdict = registry.get(slug).check(state, seat, action)
    if verdict:
        return None
    return {"action": str(action), **core.why_not(slug, verdict)}
