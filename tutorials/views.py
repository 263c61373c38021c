"""Rules pages with live examples (lessons and puzzles join here)."""

import re
from functools import lru_cache

from django.core.cache import cache
from django.http import Http404
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from dojo import shared
from dojo.context import anchored_url
from dojo.shared import shared_page
from dojo.deployment import DEPLOYMENT

from games.catalogue import BY_SLUG
from games.controls import decode
from games.engine import registry
from games.engine.rules import NotationError
from games.ui import game_ui
from judge import core as judge

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


class Side:
    """Where a rules page's text is drawn: the page's own language alone, or beside the other
    language (?both=1), as its first column or as the other language's column. The other column's
    ids get a prefix, so that no id repeats on the page; its examples answer in its language."""

    def __init__(self, slug, lang, both=False, other=False):
        self.slug, self.lang, self.both, self.other = slug, lang, both or other, other
        self.prefix = "other-" if other else ""
        self.query = "?both=1&other=1" if other else "?both=1" if both else ""

    def page_url(self):
        return reverse("rules", args=[self.slug]) + ("?both=1" if self.both else "")


def example_context(slug, example: Example, lang, result=None, error=None, side=None):
    """What templates/tutorials/partials/example.html needs for one live example."""
    side = side or Side(slug, lang)
    fields = example.fields
    ui = game_ui(slug)
    game = ui.game
    state = game.from_text(fields["position"])
    seat = int(fields.get("seat", min(game.turn(state) or {0})))
    open_hands = fields.get("open") == "yes"
    facts = example_facts(fields)
    dom_id = f"{side.prefix}example-{example.id}"
    ctx = {
        "id": example.id,
        "dom_id": dom_id,
        "anchor_prefix": side.prefix,  # the example's rule links lead to its own column's rules
        "board_template": ui.board_template,
        "pack": ui.pack,
        "post_url": reverse("rules-example", args=[slug, example.id]) + side.query,
        "again_url": anchored_url(side.page_url(), dom_id),
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


SECTION_LINK = {  # in the language it leads to, as the language switch says it (templates/base.html)
    "ja": ("日本語", "この節を日本語で読む"),
    "en": ("English", "Read this section in English"),
}
HEADING = re.compile(r'(<h([23]) id="([^"]+)">.*?</h\2>)', re.DOTALL)


def _with_section_links(html, side):
    """Each section heading with a link to the same section in the other language: the place on
    the page a reader has scrolled or jumped to is never sent to the server, so without JavaScript
    the language switch cannot keep it; this link can."""
    other = OTHER[side.lang]
    with translation.override(other):
        url = reverse("rules", args=[side.slug]) + ("?both=1" if side.both else "")
    name, label = SECTION_LINK[other]

    def link(m):
        return (f'<div class="section-head">{m[1]}<a class="section-lang" href="{anchored_url(url, m[3])}" '
                f'hreflang="{other}" lang="{other}" aria-label="{label}">{name}</a></div>')

    return HEADING.sub(link, html)


def _in_other_column(html):
    """The other language's column: its ids, and the links to them, get a prefix."""
    return re.sub(r' href="#', ' href="#other-', re.sub(r' id="', ' id="other-', html))


# A rules page's text and examples are the same for every reader who has not just moved in one of
# them, but for the CSRF token in each example's form: they are drawn once per language and layout
# with the token's slot (dojo.shared), kept in Django's cache, and filled on the way out (or left
# for the whole page's filling when the page itself is drawn for everyone). The key holds the
# content files' times and the deployment's stamp, so that new content or a new deployment never
# shows an old page.
CSRF_SLOT = shared.mark("csrf")
RULES_CACHE_SECONDS = 24 * 60 * 60


def _drawn(request, slug, lang, both, results, other_results):
    """The rules page's drawn segments: a list of HTML (one language) or of pairs of lists (both)."""
    page = content.rules_page(slug, lang)
    if both:
        other = OTHER[lang]
        mine, theirs = Side(slug, lang, both=True), Side(slug, other, other=True)
        return [(_segments(request, slug, a, mine, results), _segments(request, slug, b, theirs, other_results))
                for a, b in paired_sections(page, content.rules_page(slug, other))]
    return _segments(request, slug, page.segments, Side(slug, lang), results)


def _drawn_for_everyone(request, slug, lang, both):
    """As _drawn with no answer to show, from the cache, with the reader's CSRF token filled in."""
    key = f"rules:{slug}:{lang}:{int(both)}:{content.rules_stamp(slug)}:{DEPLOYMENT}"
    drawn = cache.get(key)
    if drawn is None:
        drawn = _drawn(None, slug, lang, both, None, None)
        cache.set(key, drawn, RULES_CACHE_SECONDS)

    def filled(parts):
        if shared.drawing(request):  # the whole page is drawn for everyone: its filling fills these
            return [mark_safe(str(html)) for html in parts]
        return [mark_safe(shared.fill(str(html), request)) for html in parts]

    return [(filled(a), filled(b)) for a, b in drawn] if both else filled(drawn)


def _segments(request, slug, segments, side, results=None):
    """A rules page's segments as HTML, each drawn in its column's language: its text, and its live
    examples (with the reader's answer, when he has just moved in one). Without a request, each
    example's form carries CSRF_SLOT where the reader's token goes."""
    out = []
    with translation.override(side.lang):
        for seg in segments:
            if isinstance(seg, Example):
                found = (results or {}).get(seg.id)
                ctx = (example_context(slug, seg, side.lang, error=found, side=side) if isinstance(found, str)
                       else example_context(slug, seg, side.lang, found, side=side))
                if request is None:
                    out.append(render_to_string("tutorials/partials/example.html",
                                                {"ex": ctx, "csrf_token": CSRF_SLOT}))
                else:
                    out.append(render_to_string("tutorials/partials/example.html", {"ex": ctx}, request))
            else:
                out.append(mark_safe(_in_other_column(seg) if side.other else _with_section_links(seg, side)))
    return out


def _shape(section):
    return [isinstance(seg, Example) for seg in section.segments]


def paired_sections(page, other_page):
    """The two languages' sections side by side, cut further at each live example so that the
    examples too sit level: [(segments of this language, segments of the other)], one pair a row.
    The two pages have the same headings and examples in the same order (the suite checks it); a
    section that does not match the other's is still shown, beside an empty cell."""
    theirs = {sec.id: sec for sec in other_page.sections}
    rows = []
    for mine in page.sections:
        other = theirs.pop(mine.id, None)
        if other is None:
            rows.append((mine.segments, ()))
        elif _shape(mine) == _shape(other):
            rows.extend(((a,), (b,)) for a, b in zip(mine.segments, other.segments))
        else:
            rows.append((mine.segments, other.segments))
    rows.extend(((), sec.segments) for sec in theirs.values())
    return rows


def _rules_stamp(game):
    return f"{content.rules_stamp(game)}:{content.stamp()}" if content.has_rules(game) else content.stamp()


@shared_page(stamp=_rules_stamp)
def rules(request, game):
    """templates/tutorials/rules.html: the rules page; ?both=1 shows the other language beside it,
    section by section."""
    return _rules_page(request, game)


def _rules_page(request, game, results=None, other_results=None, status=200):
    info = _game(game)
    lang = translation.get_language()
    page = content.rules_page(game, lang)
    both = request.GET.get("both") == "1" or request.GET.get("other") == "1"
    ctx = {
        "game": info,
        "page": page,
        "glossary": content.glossary(game),
        "both": both,
    }
    if results is None and other_results is None:
        drawn = _drawn_for_everyone(request, game, lang, both)
    else:
        drawn = _drawn(request, game, lang, both, results, other_results)
    if both:
        ctx["other_lang"] = OTHER[lang]
        ctx["rows"] = drawn
    else:
        ctx["segments"] = drawn
    return render(request, "tutorials/rules.html", ctx, status=status)


def rules_example(request, game, example_id):
    """A reader's move in a live example: the engine's answer, as a fragment (htmx) or the page.
    ?both=1 when the page shows both languages; ?other=1 for an example of the other language's
    column there. A GET (the address reloaded or opened again) goes back to the example on the
    rules page."""
    _game(game)
    lang = translation.get_language()
    other = request.GET.get("other") == "1"
    side = Side(game, OTHER[lang] if other else lang, both=request.GET.get("both") == "1", other=other)
    if request.method != "POST":
        page = Side(game, lang, both=side.both).page_url()
        return redirect(anchored_url(page, f"{side.prefix}example-{example_id}"))
    example = content.example(game, example_id, side.lang)
    if example is None:
        raise Http404(_("There is no such example."))
    engine = registry.get(game)
    state = engine.from_text(example.fields["position"])
    seat = int(example.fields.get("seat", min(engine.turn(state) or {0})))
    with translation.override(side.lang):
        try:
            answer = judge.answer(game, state, seat, decode(request.POST))
        except NotationError:
            answer = _("That is not a move this example understands. Choose one of the cards or buttons.")
        if request.htmx:
            ctx = (example_context(game, example, side.lang, error=answer, side=side)
                   if isinstance(answer, str) else example_context(game, example, side.lang, answer, side=side))
            return render(request, "tutorials/partials/example.html", {"ex": ctx},
                          status=400 if isinstance(answer, str) else 200)
    found = {example_id: answer}
    return _rules_page(request, game, None if other else found, found if other else None,
                       status=400 if isinstance(answer, str) else 200)
