"""Positions the reader can act on (rules-page examples, lessons, puzzles): what to show and
what the engine answers."""

from dataclasses import dataclass

from games.engine import registry
from games.engine.rules import IllegalAction, NotationError
from games.ui import explain, game_ui


@dataclass
class Answer:
    """The engine's answer to one action: legal (with the position after it) or refused."""

    action: str
    legal: bool
    explanation: dict | None = None  # for a refusal: rule, title, text
    after: object = None  # the full state after a legal action
    narration: tuple = ()  # sentences saying what happened


def load_position(slug, text):
    return registry.get(slug).from_text(text)


def answer(slug, state, seat, action_text) -> Answer:
    """Check an action the reader made; raises NotationError for text that is not an action."""
    game = registry.get(slug)
    action = game.parse_action(action_text)
    verdict = game.check(state, seat, action)
    if not verdict:
        return Answer(str(action), False, explain(slug, verdict))
    try:
        after = game.apply(state, seat, action)
    except IllegalAction as err:  # check said yes; apply must agree
        raise AssertionError(err) from None
    narration = tuple(game_ui(slug).narrate(game, state, seat, action, after, viewer=seat))
    return Answer(str(action), True, None, after, narration)


__all__ = ["Answer", "answer", "load_position", "NotationError"]
