"""Small template helpers shared by every page."""

from django import template

register = template.Library()


@register.filter
def lookup(mapping, key):
    """mapping[key], or None: for dicts keyed by card codes or seats."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None
