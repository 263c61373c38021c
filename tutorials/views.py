"""Rules pages with live examples (lessons and puzzles join here)."""

import re
from functools import lru_cache

from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.catalogue import BY_SLUG
from games.engine import registry
from games.engine.rules import NotationError
from games.ui import game_ui

from . import content, live
from .markdown import Example

OTHER = {"ja": "en", "en": "ja"}


def _game(slug):
    info = BY_SLUG.get(slug)
    if info is None or not content.has_rules(slug):
        raise Http404(_("There is no rules page for this game."))
    return info


def compose_action(request):
    """The action text a form sent: a button's value; for a discard or a play of several cards,
    with the ticked cards; for a swap, with the two chosen cards (hand, then face up)."""
    action = request.POST.get("action", "")
    if action in ("discard", "play"):
        cards = request.POST.getlist("cards")
        if len(cards) > 60:
            raise NotationError("too many cards")
        return f"{action}:" + "".join(cards) if cards else action
    if action == "swap":
        chosen = [request.POST.get("swap_hand", ""), request.POST.get("swap_up", "")]
        return "swap:" + "".join(c for c in chosen if c) if any(chosen) else "swap"
    return action


@lru_cache(maxsize=512)
def _untouched_board(slug, board_template, position, seat, open_hands, lang):
    """An example's board before the reader moves: the same for every reader, so drawn once per
    position and language (a rules page has several; drawing them was most of its cost). The form
    around it, with its CSRF token, is drawn per request."""
    game = registry.get(slug)
    ui = game_ui(slug)
    state = game.from_text(position)
    shown = state if open_hands else game.view(state, seat)
    with translation.override(lang):
        return render_to_string(board_template, {"board": ui.board(shown, seat),
                                                 "choices": ui.choices(game, state, seat)})


def action_form(action, version=None):
    """What a board's form posts for an engine Action (the inverse of compose_action): its button,
    with the ticked cards of a play or discard, or the two cards of a swap."""
    data = {"action": str(action)}
    if action.kind in ("play", "discard") and action.cards:
        data = {"action": action.kind, "cards": list(action.cards)}
    elif action.kind == "swap" and action.cards:
        data = {"action": "swap", "swap_hand": action.cards[0], "swap_up": action.cards[1]}
    if version is not None:
        data["version"] = version
    return data


def example_context(slug, example: Example, lang, result=None, error=None):
    """What templates/tutorials/partials/example.html needs for one live example."""
    fields = example.fields
    game = registry.get(slug)
    ui = game_ui(slug)
    state = game.from_text(fields["position"])
    seat = int(fields.get("seat", min(game.to_move(state) or {0})))
    ctx = {
        "id": example.id,
        "board_template": f"games/{slug}/board.html",
        "post_url": reverse("rules-example", args=[slug, example.id]),
        "result": None,
        "error": error,
    }
    if result is None and error is None:
        ctx["board_html"] = _untouched_board(slug, ctx["board_template"], fields["position"], seat,
                                             fields.get("open") == "yes", lang)
    else:
        shown = state if fields.get("open") == "yes" else game.view(state, seat)
        ctx["board"] = ui.board(shown, seat)
        ctx["choices"] = ui.choices(game, state, seat)
    if result is not None:
        ctx["result"] = result
        ctx["choices"] = None
        if result.legal:
            after = result.after if fields.get("open") == "yes" else game.view(result.after, seat)
            ctx["after_board"] = ui.board(after, seat)
    return ctx


def _segments(slug, page, lang, results=None):
    out = []
    for seg in page.segments:
        if isinstance(seg, Example):
            found = (results or {}).get(seg.id)
            if isinstance(found, str):  # a move that could not be read: say so, keep the board
                out.append({"example": example_context(slug, seg, lang, error=found)})
            else:
                out.append({"example": example_context(slug, seg, lang, found)})
        else:
            out.append({"html": seg})
    return out


def rules(request, game):
    """templates/tutorials/rules.html: the rules page; ?both=1 adds the other language beside it."""
    return _rules_page(request, game)


def _rules_page(request, game, results=None, status=200):
    info = _game(game)
    lang = translation.get_language()
    page = content.rules_page(game, lang)
    ctx = {
        "game": info,
        "page": page,
        "segments": _segments(game, page, lang, results),
        "glossary": content.glossary(game),
        "both": request.GET.get("both") == "1",
    }
    if ctx["both"]:
        other = OTHER[lang]
        with translation.override(other):
            ctx["other_lang"] = other
            # The other language's headings and rule anchors get their own ids, so no id repeats.
            ctx["other_segments"] = [re.sub(r' id="', ' id="other-', s["html"])
                                     for s in _segments(game, content.rules_page(game, other), other)
                                     if "html" in s]
    return render(request, "tutorials/rules.html", ctx, status=status)


@require_POST
def rules_example(request, game, example_id):
    """A reader's move in a live example: the engine's answer, as a fragment (htmx) or the page."""
    _game(game)
    lang = translation.get_language()
    example = content.example(game, example_id, lang)
    if example is None:
        raise Http404(_("There is no such example."))
    fields = example.fields
    state = registry.get(game).from_text(fields["position"])
    seat = int(fields.get("seat", min(registry.get(game).to_move(state) or {0})))
    try:
        result = live.answer(game, state, seat, compose_action(request))
    except NotationError:
        message = _("That is not a move this example understands. Choose one of the cards or buttons.")
        if request.htmx:
            return render(request, "tutorials/partials/example.html",
                          {"ex": example_context(game, example, lang, error=message)}, status=400)
        return _rules_page(request, game, {example_id: message}, status=400)
    if request.htmx:
        return render(request, "tutorials/partials/example.html",
                      {"ex": example_context(game, example, lang, result)})
    return _rules_page(request, game, {example_id: result})
