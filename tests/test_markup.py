"""dojo.markup builds the same HTML as Django's format_html, faster: checked on values of every kind
a board or a table of figures gives it."""

import pytest
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy, override

from dojo.markup import escaped, html, html_join

VALUES = ["plain", "<b>&amp;</b>", "'\"", mark_safe("<svg/>"), 3, -2, 0, None, True, 1.5, "", "＜全角＞",
          gettext_lazy("Hint"), format_html("<i>{}</i>", "<x>")]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_is_escaped_as_django_escapes_it(value):
    with override("ja"):
        assert escaped(value) == conditional_escape(value)


def test_html_is_format_html():
    template = '<button name="{}" value="{}" class="{}">{}</button>'
    for i in range(len(VALUES) - 3):
        values = VALUES[i:i + 4]
        made = html(template, *values)
        assert made == format_html(template, *values)
        assert isinstance(made, SafeString)


def test_html_join_is_format_html_join():
    rows = [(VALUES[i], VALUES[-1 - i]) for i in range(len(VALUES))]
    made = html_join("<td>{}</td><td>{}</td>", rows)
    assert made == format_html_join("", "<td>{}</td><td>{}</td>", rows)
    assert isinstance(made, SafeString)
    assert html_join("<td>{}</td>", []) == ""
