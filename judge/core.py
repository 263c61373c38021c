"""The engine answers an action: the core of the judge for every page where a reader acts (the
practice table, lessons, puzzles, rules examples).

A legal action gives the position after it and the sentences that tell it; a refused one gives the
rule that refuses it, explained in the page language, with a link to that rule on the rules page.
"""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import ngettext
from dojo.context import anchored_url

from games.engine import registry
from games.engine.rules import IllegalAction
from games.ui import explain, game_ui


@dataclass
class Answer:
    """The engine's answer to one action: legal (with the position after it) or refused."""

    action: object
    legal: bool
    explanation: dict | None = None  # a refusal: rule, title, text, url
    after: object = None  # the full state after a legal action
    narration: tuple = ()  # sentences saying what happened
    given_away: str = ""  # what a legal action surely gives up, in a sentence (Game.given_away)


def why_not(slug, verdict) -> dict:
    """A refusal in words, with the address of its rule on the rules page."""
    out = explain(slug, verdict)
    out["url"] = anchored_url(reverse("rules", args=[slug]), verdict.rule)
    return out


def answer(slug, state, seat, action, *, names=None, viewer=None) -> Answer:
    """Check `action` for `seat` in `state`; if legal, play it and tell it (to `viewer`, the seat
    itself unless another is given)."""
    game = registry.get(slug)
    verdict = game.check(state, seat, action)
    if not verdict:
        return Answer(action, False, why_not(slug, verdict))
    try:
        after = game.apply(state, seat, action)
    except IllegalAction as err:  # check said yes: apply must agree
        raise AssertionError(err) from None
    ui = game_ui(slug)
    viewer = seat if viewer is None else viewer
    names = names or ui.seat_names(viewer, game.players(state))
    return Answer(action, True, None, after, tuple(ui.narrate(game, state, seat, action, after, names, viewer)),
                  given_away_text(ui, game.view(state, seat), seat, action))


def given_away_text(ui, view, seat, action) -> str:
    """What a legal action surely gives up, as far as the seat can tell, in a sentence; "" when
    nothing."""
    given = ui.game.given_away(view, seat, action)
    if not given:
        return ""
    points, instead = given
    return ngettext("This gives away %(n)s point, which you would have scored had you chosen to %(instead)s.",
                    "This gives away %(n)s points, which you would have scored had you chosen to %(instead)s.",
                    points) % {"n": points, "instead": ui.describe(view, seat, instead)}


def tell(slug, states, moves, viewer, names=None) -> list:
    """The sentences telling a line of moves: states[i] --moves[i]--> states[i + 1]."""
    game = registry.get(slug)
    ui = game_ui(slug)
    names = names or ui.seat_names(viewer, game.players(states[0]))
    out = []
    for i, (seat, action) in enumerate(moves):
        out += ui.narrate(game, states[i], seat, action, states[i + 1], names, viewer)
    return out
