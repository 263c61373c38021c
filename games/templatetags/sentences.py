"""``{{ lines|sentences }}``: sentences told one after another as one text, spaced as the page
language writes them (games.ui.join_sentences); ``{{ lines|sentences:first }}`` puts `first` before them.
``{{ text|gap }}``: the space to put after `text` before what follows: none after a Japanese full
stop or colon, one after English.
"""

from django import template

from games.ui import FULL_WIDTH_ENDS, join_sentences

register = template.Library()


@register.filter
def sentences(lines, first=None):
    return join_sentences(([first] if first else []) + list(lines or ()))


@register.filter
def gap(text):
    text = str(text or "")
    return "" if text and text[-1] in FULL_WIDTH_ENDS + "：、" else " "
