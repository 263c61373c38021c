"""``{% card %}``: one playing card, drawn from the sprite of its pack.

    {% load cards %}
    {% card "QH" %}                                  a card shown as an image
    {% card code pack="spanish" size="l" %}
    {% card None %}  {% card code face_down=True %}  a hidden card: data-card="?", no code anywhere
    {% card code button=True name="play" value=code selected=True extra_class="in-hand" %}

Every card carries ``data-card`` and an accessible name in the page language. A button is a
submit button, so a plain form works without JavaScript; ``selected`` adds the ``is-selected``
class and, on a button, ``aria-pressed``.
"""

from django import template
from django.templatetags.static import static

from games.cardnames import PACKS, card_name

register = template.Library()

SIZES = ("s", "m", "l")


@register.inclusion_tag("partials/card.html")
def card(
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


@register.filter(name="card_name")
def card_label(code, pack="french"):
    """``{{ code|card_name:"spanish" }}``: the card's accessible name in the page language."""
    return card_name(code, pack)
