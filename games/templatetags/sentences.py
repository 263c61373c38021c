"""``{{ lines|sentences }}``: sentences told one after another as one text, spaced as the page
language writes them (games.ui.join_sentences); ``{{ lines|sentences:first }}`` puts `first` before them.
"""

from django import template

from games.ui import join_sentences

register = template.Library()


@register.filter
def sentences(lines, first=None):
    return join_sentences(([first] if first else []) + list(lines or ()))
