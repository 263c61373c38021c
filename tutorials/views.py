"""Rules pages with live examples (lessons and puzzles join here)."""

import re
from functools import lru_cache

from django.http import Http404
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from games.catalogue import BY_SLUG
from games import service
from games.controls import decode
from games.engine import registry
from games.engine.rules import NotationError
from games.ui import game_ui

from . import content
from .markdown import Example

OTHER = {"ja": "en", "en": "ja"}


def _game(slug):
    info = BY_SLUG.get(slug)
    if info is None or not content.has_rules(slug):
        raise Http404(_("There is no rules page for this game."))
    return info


def board_context(ui, state, seat, open_hands=False, controls=True, facts=None):
    """What a board template needs for a reader at `seat` (his view unless the step is open):
    the board, the controls of his decision (none when controls is False) and the pack. `facts`
    names the facts of ui.board_facts the board shows (a lesson step, example or puzzle shows
    those it is about); the others come as None. None shows them all."""
    game = ui.game
    shown = state if open_hands else game.view(state, seat)
    board = ui.board(shown, seat, ui.seat_names(seat, game.players(state)))
    if facts is not None:
        for fact, keys in ui.board_facts.items():
            if fact not in facts:
                board.update(dict.fromkeys(keys))
    return {"board": board, "controls": ui.controls(game, state, seat) if controls else None, "pack": ui.pack}


def example_facts(fields) -> tuple:
    """The board facts a live example is about: its `show:` line, names separated by spaces."""
    return tuple(fields.get("show", "").replace(",", " ").split())


@lru_cache(maxsize=512)
def _untouched_board(slug, position, seat, open_hands, facts, lang):
    """An example's board before the reader moves: the same for every reader, so drawn once per
    position and language (a rules page has several; drawing them was most of its cost). The form
    around it, with its CSRF token, is drawn per request."""
    ui = game_ui(slug)
    state = ui.game.from_text(position)
    with translation.override(lang):
        return render_to_string(ui.board_template, board_context(ui, state, seat, open_hands, facts=facts))


def example_context(slug, example: Example, lang, result=None, error=None):
    """What templates/tutorials/partials/example.html needs for one live example."""
    fields = example.fields
    ui = game_ui(slug)
    game = ui.game
    state = game.from_text(fields["position"])
    seat = int(fields.get("seat", min(game.turn(state) or {0})))
    open_hands = fields.get("open") == "yes"
    facts = example_facts(fields)
    ctx = {
        "id": example.id,
        "board_template": ui.board_template,
        "pack": ui.pack,
        "post_url": reverse("rules-example", args=[slug, example.id]),
        "result": None,
        "error": error,
    }
    if result is None and error is None:
        ctx["board_html"] = _untouched_board(slug, fields["position"], seat, open_hands, facts, lang)
    else:
        ctx.update(board_context(ui, state, seat, open_hands, facts=facts))
    if result is not None:
        ctx["result"] = result
        ctx["controls"] = None
        if result.legal:
            ctx["after_board"] = board_context(ui, result.after, seat, open_hands, controls=False,
                                               facts=facts)["board"]
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


def rules_example(request, game, example_id):
    """A reader's move in a live example: the engine's answer, as a fragment (htmx) or the page.
    A GET (the address reloaded or opened again) goes back to the example on the rules page."""
    _game(game)
    if request.method != "POST":
        return redirect(reverse("rules", args=[game]) + f"#example-{example_id}")
    lang = translation.get_language()
    example = content.example(game, example_id, lang)
    if example is None:
        raise Http404(_("There is no such example."))
    engine = registry.get(game)
    state = engine.from_text(example.fields["position"])
    seat = int(example.fields.get("seat", min(engine.turn(state) or {0})))
    try:
        result = service.answer(game, state, seat, decode(request.POST))
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
