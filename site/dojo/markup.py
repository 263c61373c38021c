"""Markup built in Python by the tags that draw a board or a table of figures, after every move:
what django.utils.html's format_html and conditional_escape give, for less.

Django's escaping checks each value through a lazy-text wrapper before escaping it, which costs
several times the escaping itself; a board's controls escape hundreds of values a request. These
functions escape exactly as Django does (a value with __html__ is kept as it is, lazy text is made
text, anything else is made text and escaped by the standard library's html.escape, as Django's
escape does) and mark the result safe once."""

from html import escape

from django.utils.functional import Promise
from django.utils.safestring import mark_safe


def escaped(value):
    """The value as a page shows it: conditional_escape(value), as a plain string."""
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return value.__html__()
    return escape(str(value))


def html(template, *values):
    """format_html(template, *values): the template (markup of our own) with each value escaped."""
    return mark_safe(template.format(*[escaped(value) for value in values]))


def html_join(template, rows):
    """format_html_join("", template, rows): each row's values into the template, joined."""
    return mark_safe("".join(template.format(*[escaped(value) for value in row]) for row in rows))
