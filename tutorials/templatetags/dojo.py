"""Small template helpers shared by every page."""

from django import template
from django.utils.safestring import mark_safe

from dojo import shared
from dojo.markup import escaped
from dojo.context import anchored_url

register = template.Library()


@register.simple_tag(takes_context=True)
def reader(context, name, *args):
    """{% reader "account" %}: the reader's own part of a page (dojo.shared): filled now, or
    marked for each request to fill when the page is drawn once for every reader."""
    return shared.slot(context.get("request"), name, *args)


@register.filter
def anchored(url, anchor):
    """{{ rules_url|anchored:rule }}: the address of a place on a page, known to the server too
    (dojo.context.anchored_url)."""
    return anchored_url(str(url), str(anchor))


@register.filter
def lookup(mapping, key):
    """mapping[key], or None: for dicts keyed by card codes or seats."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def times(n):
    """range(n), for repeating something n times (face-down cards)."""
    try:
        return range(int(n))
    except (TypeError, ValueError):
        return range(0)


@register.filter
def index(sequence, i):
    """sequence[i], or None when there is no such item."""
    try:
        return sequence[i]
    except (IndexError, TypeError, KeyError):
        return None


# A cell as the `cells` filter writes it, by the tag asked for: what comes before and after its value.
CELLS = {"td": ("<td>", "</td>"), "th": ('<th scope="col">', "</th>")}


@register.filter
def cells(values, tag="td"):
    """{{ row|cells }}: each value as a table cell, escaped as the template would escape it, in one
    string; {{ heads|cells:"th" }} the column headers (scope="col"). For a table of figures (a
    deal's summary may hold a hundred cells): a loop in the template, or format_html for each cell,
    costs several times as much per cell (dojo.markup)."""
    if tag not in CELLS:
        raise ValueError(f"cells writes td or th cells, not {tag!r}")
    before, after = CELLS[tag]
    return mark_safe("".join(f"{before}{escaped(value)}{after}" for value in values))
