"""The small template helpers every page may use (tutorials/templatetags/dojo.py)."""

import pytest
from django.template import Context, Template
from django.utils.safestring import mark_safe


def draw(source, **context):
    return Template("{% load dojo %}" + source).render(Context(context))


def test_cells_writes_each_value_as_a_cell_escaped():
    assert draw("<tr>{{ row|cells }}</tr>", row=["+3", 0, "<b>&"]) == \
        "<tr><td>+3</td><td>0</td><td>&lt;b&gt;&amp;</td></tr>"


def test_cells_leaves_what_is_already_safe_as_it_is():
    assert draw("{{ row|cells }}", row=[mark_safe("<b>3</b>"), "'\""]) == \
        "<td><b>3</b></td><td>&#x27;&quot;</td>"


def test_cells_writes_column_headers_for_th():
    assert draw('{{ heads|cells:"th" }}', heads=["Deal 1", "Deal 2"]) == \
        '<th scope="col">Deal 1</th><th scope="col">Deal 2</th>'


def test_cells_of_nothing_is_nothing():
    assert draw("{{ row|cells }}", row=[]) == ""


def test_cells_knows_only_table_cells():
    with pytest.raises(ValueError, match="not 'script'"):
        draw('{{ row|cells:"script" }}', row=["x"])
