"""How the web layer speaks about each game: rule explanations and action labels in the page
language, keyed by the engine's rule ids. One module per game (games/ui/<slug>.py)."""

import importlib
from dataclasses import dataclass, field

from django.utils.translation import pgettext

from games.engine.cards import is_card


@dataclass(frozen=True)
class RuleText:
    """A rule's short title and the explanation of a refusal by it. `text` is a format string over
    the verdict's facts; `reasons` holds other texts chosen by the fact `reason`."""

    title: object
    text: object
    reasons: dict = field(default_factory=dict)

    def explain(self, args):
        template = self.reasons.get(args.get("reason"), self.text)
        return str(template) % args


def game_ui(slug):
    return importlib.import_module(f"games.ui.{slug}")


def format_arg(value, pack="french"):
    """A fact of a verdict in words: cards by their names, lists joined."""
    from games.cardnames import card_in_sentence

    if isinstance(value, str) and is_card(value):
        return str(card_in_sentence(value, pack))
    if isinstance(value, (list, tuple)):
        return pgettext("list separator", ", ").join(format_arg(v, pack) for v in value)
    return str(value)


def explain(slug, verdict):
    """A refusal in words: the rule id, its title and the explanation with its facts."""
    ui = game_ui(slug)
    entry = ui.RULES[verdict.rule]
    args = {k: format_arg(v, ui.PACK) for k, v in verdict.args.items()}
    return {"rule": verdict.rule, "title": str(entry.title), "text": entry.explain(args)}


def rule_title(slug, rule_id):
    return str(game_ui(slug).RULES[rule_id].title)
