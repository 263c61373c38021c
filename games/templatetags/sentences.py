"""``{{ lines|sentences }}``: sentences told one after another as one text, spaced as the page
language writes them (games.ui.join_sentences); ``{{ lines|sentences:first }}`` puts `first` before them.
``{{ text|gap }}``: the space to put after `text` before what follows: none after a Japanese full
stop or colon, one after English.
``{% story_items log %}``: the practice table's story (Match.log's lines) as the items of its list.
"""

from django import template
from django.utils.safestring import mark_safe

from dojo.markup import escaped
from games.ui import FULL_WIDTH_ENDS, join_sentences

register = template.Library()


@register.filter
def sentences(lines, first=None):
    return join_sentences(([first] if first else []) + list(lines or ()))


@register.filter
def gap(text):
    text = str(text or "")
    return "" if text and text[-1] in FULL_WIDTH_ENDS + "：、" else " "


@register.simple_tag
def story_items(lines):
    """Each line of a deal's story as a list item, classed by who acted (none: the deal's opening)
    and the latest marked: built here rather than in a loop of the template, as the table sends up
    to Match.LOG_LINES of them after every move."""
    last = len(lines) - 1
    return mark_safe("".join(
        f'<li class="{"is-deal" if line["seat"] is None else "is-mine" if line["mine"] else "is-theirs"}'
        f'{" is-latest" if i == last else ""}">{escaped(line["text"])}</li>'
        for i, line in enumerate(lines)))
