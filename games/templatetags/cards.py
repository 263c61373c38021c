"""``{% card %}``: one playing card, drawn from the sprite of its pack.

    {% load cards %}
    {% card "QH" %}                                  a card shown as an image
    {% card code pack="spanish" size="l" %}            (without pack=, the context's ``pack``: a board
                                                     never names its pack, its page gives the game's)
    {% card None %}  {% card code face_down=True %}  a hidden card: data-card="?", no code anywhere
    {% card code button=True name="play" value=code selected=True extra_class="in-hand" %}

Every card carries ``data-card`` and an accessible name in the page language. A button is a
submit button, so a plain form works without JavaScript; ``selected`` adds the ``is-selected``
class and, on a button, ``aria-pressed``.
"""

from django import template
from django.core.signals import setting_changed
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from games.cardnames import PACKS, card_name

register = template.Library()

SIZES = ("s", "m", "l")


def card_context(
    code,
    pack="french",
    face_down=False,
    size="m",
    button=False,
    name="",
    value=None,
    selected=None,
    extra_class="",
):
    if pack not in PACKS:
        raise template.TemplateSyntaxError(f"card: unknown pack {pack!r}")
    hidden = face_down or code is None or code == "?"
    shown = "?" if hidden else str(code)
    classes = ["card", f"card-{size if size in SIZES else 'm'}"]
    if hidden:
        classes.append("is-down")
    if selected:
        classes.append("is-selected")
    if extra_class:
        classes.append(str(extra_class))
    if value is None:
        value = "" if hidden else shown
    elif hidden and code is not None and str(value) == str(code):
        value = ""  # never let a hidden card's code leak through its button
    return {
        "button": bool(button),
        "classes": " ".join(classes),
        "data_card": shown,
        "label": card_name(None if hidden else shown, pack),
        "href": f"{static(f'cards/{pack}.svg')}#{'back' if hidden else shown}",
        "name": name,
        "value": value,
        "pressed": None if selected is None or not button else ("true" if selected else "false"),
    }


@register.simple_tag(takes_context=True)
def card(context, code, *args, **kwargs):
    """The card element, in the pack given or else the context's ``pack`` (the game's)."""
    if not args and "pack" not in kwargs:
        kwargs["pack"] = context.get("pack") or "french"
    return card_html(code, *args, **kwargs)


# card_html's answers by (language, arguments): the same card, place and language make the same
# markup, and a board sent after every move draws the same cards again and again. Emptied when a
# setting changes (the static files' addresses, the languages) and when it is full.
_drawn = {}
DRAWN_MAX = 4096


def _forget_drawn(**kwargs):
    _drawn.clear()


setting_changed.connect(_forget_drawn)


def card_html(code, *args, **kwargs):
    """The card element. Built here rather than through a template: a board draws dozens of cards
    and a rules page hundreds, so this is the site's hottest piece of markup:
        <span class="card card-m" data-card="QH" role="img" aria-label="Queen of hearts"><svg …><use href="…#QH"/></svg></span>
        <button type="submit" class="card card-l" name="action" value="play:QH" data-card="QH" aria-label="…">…</button>"""
    try:
        key = (get_language(), code, args, tuple(sorted(kwargs.items())))
        html = _drawn.get(key)
    except TypeError:  # an argument that cannot be a key: drawn each time
        return _card_html(code, *args, **kwargs)
    if html is None:
        if len(_drawn) >= DRAWN_MAX:
            _drawn.clear()
        html = _drawn[key] = _card_html(code, *args, **kwargs)
    return html


def _card_html(code, *args, **kwargs):
    c = card_context(code, *args, **kwargs)
    svg = format_html('<svg aria-hidden="true" viewBox="0 0 100 140"><use href="{}"/></svg>', c["href"])
    if not c["button"]:
        return format_html('<span class="{}" data-card="{}" role="img" aria-label="{}">{}</span>',
                           c["classes"], c["data_card"], c["label"], svg)
    name = format_html(' name="{}"', c["name"]) if c["name"] else ""
    value = format_html(' value="{}"', c["value"]) if c["value"] != "" else ""
    attrs = mark_safe(name + value)  # both built by format_html just above
    pressed = format_html(' aria-pressed="{}"', c["pressed"]) if c["pressed"] else ""
    return format_html('<button type="submit" class="{}"{} data-card="{}" aria-label="{}"{}>{}</button>',
                       c["classes"], attrs, c["data_card"], c["label"], pressed, svg)


@register.filter(name="card_name")
def card_label(code, pack="french"):
    """``{{ code|card_name:"spanish" }}``: the card's accessible name in the page language."""
    return card_name(code, pack)
