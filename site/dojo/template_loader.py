"""Django's cached template loader, keeping one compiled copy of each template per language, in which
every fixed translation is already translated.

A page's ``{% translate "Hint" %}`` looks its text up in the catalogue each time the page is drawn:
a practice table's answer after a move does so some twenty times, and a counted
``{% blocktranslate %}`` with nothing in it to fill in as well. A text that is the same for every
reader of a language needs looking up once per language, not once per reader: this loader keys its
cache by the active language as well as the template's name, and in each newly compiled template
replaces every such node by the text it draws (rendered by the node itself, so the text, its
escaping and its percent signs are exactly what the node would give).

Left as they are (drawn on every render as before): a translation with a variable, a filter, a
counted plural, ``noop`` or ``as``; anything inside ``{% language %}`` (another language than the
one the copy is for) or ``{% autoescape %}`` (escaped otherwise). Templates made from a string
rather than loaded are not touched.
"""

from django.template import Context
from django.template.base import NodeList, TextNode, TokenType, Variable
from django.template.defaulttags import AutoEscapeControlNode, IfNode
from django.template.loaders import base, cached
from django.templatetags.i18n import BlockTranslateNode, LanguageNode, TranslateNode
from django.utils.translation import get_language

# Nodes whose insides are drawn in another language or with other escaping than the page's.
_LEAVE = (LanguageNode, AutoEscapeControlNode)


def _fixed_context(expression):
    """A message context given as a quoted text (or none)."""
    return expression is None or (not expression.is_var and not expression.filters)


def fixed(node):
    """Whether `node` draws the same text for every reader of a language."""
    if isinstance(node, TranslateNode):
        expression = node.filter_expression
        return (not node.noop and not node.asvar and not expression.filters
                and isinstance(expression.var, Variable) and expression.var.literal is not None
                and _fixed_context(node.message_context))
    if isinstance(node, BlockTranslateNode):
        return (not node.extra_context and not node.plural and node.countervar is None and node.asvar is None
                and all(token.token_type == TokenType.TEXT for token in node.singular)
                and _fixed_context(node.message_context))
    return False


def _nodelists(node):
    if isinstance(node, IfNode):  # its `nodelist` is made afresh on each reading
        return [nodelist for _condition, nodelist in node.conditions_nodelists]
    found = (getattr(node, name, None) for name in getattr(node, "child_nodelists", ()))
    return [nodelist for nodelist in found if isinstance(nodelist, NodeList)]


def translate_fixed(template):
    """Replace, in place, each node of `template` that draws a fixed translation by its text in the
    active language. Returns how many were replaced."""
    context = Context(autoescape=True)
    context.template = template
    done = 0
    pending = [template.nodelist]
    while pending:
        nodelist = pending.pop()
        for i, node in enumerate(nodelist):
            if fixed(node):
                text = TextNode(node.render(context))
                text.token, text.origin = node.token, node.origin
                nodelist[i] = text
                done += 1
            elif not isinstance(node, _LEAVE):
                pending.extend(_nodelists(node))
    return done


class _Translating(base.Loader):
    """Below the cache: a template compiled afresh has its fixed translations made text before the
    cached loader keeps it (so only a new copy is worked on, and none is changed once shared)."""

    def get_template(self, template_name, skip=None):
        template = super().get_template(template_name, skip)
        translate_fixed(template)
        return template


class Loader(cached.Loader, _Translating):
    """The cached loader, one copy of a template per language, its fixed translations made text."""

    def cache_key(self, template_name, skip=None):
        return f"{super().cache_key(template_name, skip)}@{get_language()}"
