"""Drawing typed controls (games/controls.py) as form fields, the same for every game.

    {% load controls %}
    {% control_card code zone size="l" %}     a card of the board: a button, a box to tick, a
                                             radio to pick, a card with its move targets, or a
                                             plain card when no control covers it
    {% control_card None zone index=i %}     a face-down place (a blind flip)
    {% control_card code zone mini="♠" %}    a small box to tick, labelled by a sign (compact hands)
    {% control_bar %}                        the decision's buttons under the board
    <script src="…/pick.js" {% pick_texts %}>  what static/js/pick.js says when a card is chosen

Both read ``controls`` and ``pack`` from the context; ``highlight`` (the practice table) marks the
legal choices; ``marks`` draws a count on the choices it names (the room's answers at the teaching
table). Built in Python (dojo.markup, Django's format_html for less) rather than sub-templates: a
board draws dozens of cards and is sent after every move.
"""

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from dojo import markup
from games.cardnames import card_name
from games.controls import (FIELD_ACTION, FIELD_CARDS, FIELD_COMPLETE, FIELD_PICK, Button, CardButton, ChoiceGroup,
                            MoveCard, PickCards, TickCards)

from .cards import card_html as card

register = template.Library()


def _css(*parts):
    return " ".join(p for p in parts if p)


def _legal_css(context, legal):
    return "is-legal" if legal and context.get("highlight") else ""


def _mark(context, action):
    """A count drawn on a choice: ``marks`` in the context maps an action's text to {"n", "verdict"}
    (the room's answers, revealed at the teaching table); "" for a choice nobody gave."""
    found = (context.get("marks") or {}).get(str(action))
    if not found:
        return ""
    return markup.html('<span class="answer-mark is-{}" title="{}">{}</span>', found["verdict"],
                       ngettext("%(n)s answer", "%(n)s answers", found["n"]) % {"n": found["n"]}, found["n"])


def _marked(context, action, html):
    mark = _mark(context, action)
    return markup.html('<span class="answer-marked">{}{}</span>', html, mark) if mark else html


def _card_css(item, code):
    return " ".join(css for c, css in getattr(item, "card_css", ()) if c == code)


@register.simple_tag(takes_context=True)
def control_card(context, code, zone, size="m", index=None, mini=None):
    controls = context.get("controls")
    pack = context.get("pack", "french")
    item = None
    if controls:
        item = controls.for_place(zone, index) if code is None and index is not None else controls.for_card(code, zone)
    if item is None:
        if mini is not None:
            return markup.html('<span class="card-mini" data-card="{}" role="img" aria-label="{}">{}</span>',
                               code, card_name(code, pack), mini)
        return card(code, pack=pack, size=size)
    if isinstance(item, CardButton):
        css = _css(_legal_css(context, item.legal), item.css)
        if code is None:
            return _marked(context, item.action, markup.html(
                '<button type="submit" name="{}" value="{}" class="card-button {}" aria-label="{}">{}</button>',
                FIELD_ACTION, str(item.action), css, item.label or card_name(None, pack), card(None, pack=pack, size=size)))
        return _marked(context, item.action, card(code, pack=pack, size=size, button=True, name=FIELD_ACTION,
                                                  value=str(item.action), extra_class=css))
    if isinstance(item, TickCards):
        css = _css(_legal_css(context, code in item.legal), _card_css(item, code))
        if mini is not None:
            return markup.html('<label class="card-check card-check-mini {}" data-card="{}"><input type="checkbox" '
                               'name="{}" value="{}" aria-label="{}">{}</label>', css, code, FIELD_CARDS, code,
                               card_name(code, pack), mini)
        return markup.html('<label class="card-check {}">{}<input type="checkbox" name="{}" value="{}"></label>',
                           css, card(code, pack=pack, size=size), FIELD_CARDS, code)
    if isinstance(item, PickCards):
        n, label = next((i, g[1]) for i, g in enumerate(item.groups) if g[0] == zone)
        css = _css(_card_css(item, code))
        return markup.html('<label class="card-check {}">{}<input type="radio" name="{}{}" value="{}">'
                           '<span class="visually-hidden">{}</span></label>', css, card(code, pack=pack, size=size),
                           FIELD_PICK, n, code, label)
    if isinstance(item, MoveCard):
        targets = markup.html_join('<button type="submit" name="{}" value="{}" class="btn btn-target {}" '
                               'data-target="{}">{}{}</button>',
                               ((FIELD_ACTION, str(t.action), _css(_legal_css(context, t.legal), t.css), t.zone,
                                 t.label, _mark(context, t.action)) for t in item.targets))
        css = _css(_legal_css(context, item.legal), item.css)
        return markup.html('<div class="move-card {}" data-card="{}" data-zone="{}">{}<div class="move-targets" '
                           'role="group" aria-label="{}">{}</div></div>', css, code, zone,
                           card(code, pack=pack, size=size),
                           gettext("Move the %(card)s to …") % {"card": card_name(code, pack)}, targets)
    return card(code, pack=pack, size=size)


@register.simple_tag
def pick_texts():
    """The words of static/js/pick.js (a card to move is chosen, then a place), as attributes of its
    script element: the page's language, once per page. The script fills in %(card)s and
    %(places)s."""
    return markup.html(
        ' data-hint="{}" data-chosen="{}" data-nowhere="{}" data-places="{}" data-refused="{}"',
        gettext("Choose it, then choose where it goes."),
        gettext("%(card)s chosen. It may go to: %(places)s."),
        gettext("%(card)s chosen. The rules let it go nowhere just now: choose a place to see why."),
        gettext("%(card)s chosen. Where does it go? %(places)s."),
        gettext("not allowed now: choose it to see why"))


def _button(context, action, label, legal, css, extra="", field=FIELD_ACTION):
    """A submit button: a whole action (field `action`), or the start of one that the ticked or
    picked cards complete (field `complete`)."""
    return markup.html('<button type="submit" name="{}" value="{}" class="btn {}"{}>{}{}</button>', field,
                       str(action), _css(_legal_css(context, legal), css), extra, label,
                       _mark(context, action) if field == FIELD_ACTION else "")


@register.simple_tag(takes_context=True)
def control_bar(context):
    controls = context.get("controls")
    if not controls:
        return ""
    out = []
    for item in controls.bar():
        if isinstance(item, Button):
            out.append(_button(context, item.action, item.label, item.legal, item.css))
        elif isinstance(item, ChoiceGroup):
            buttons = mark_safe("".join(_button(context, b.action, b.label, b.legal, b.css) for b in item.buttons))
            out.append(markup.html('<fieldset class="choice-group"><legend>{}</legend>{}</fieldset>', item.label,
                                   buttons))
        elif isinstance(item, TickCards):
            extra = markup.html(' data-least="{}" data-most="{}"', item.least, item.most)
            out.append(_button(context, item.action, item.label, bool(item.legal), item.css, extra, FIELD_COMPLETE))
        elif isinstance(item, PickCards):
            extra = markup.html(' data-picks="{}"', len(item.groups))
            out.append(_button(context, item.action, item.label, item.legal, item.css, extra, FIELD_COMPLETE))
    if not out:
        return ""
    return markup.html('<div class="decision">{}</div>', mark_safe("".join(out)))
