"""The room's answers drawn on a board's own choices (the `marks` of the controls tags): on every
game's board, each choice that is one button carries the count given for it, coloured by its
verdict, and a board without marks carries none."""

import re
from html import escape, unescape

import pytest
from django.template.loader import render_to_string

from games.controls import encode
from games.engine import registry
from games.ui import game_ui
from tests.tables import tables
from tests.test_public_board import positions


@pytest.mark.parametrize("slug,players", tables())
def test_each_answer_is_counted_on_its_own_button(slug, players):
    game, ui = registry.get(slug), game_ui(slug)
    checked = 0
    for state in positions(game, players, f"marks-{slug}-{players}", every=5, limit=8):
        seat = min(game.turn(state))
        controls = ui.controls(game, state, seat)
        names = ui.seat_names(seat, players)
        buttons = [a for a in game.legal_actions(state, seat) if set(encode(a, controls)) == {"action"}]
        if not buttons:
            continue
        marks = {str(a): {"n": n + 1, "verdict": ("best", "worse", "illegal")[n % 3]} for n, a in enumerate(buttons)}
        context = {"board": ui.board(state, seat, names), "controls": controls, "pack": ui.pack}
        html = render_to_string(ui.board_template, {**context, "marks": marks})
        for text, mark in marks.items():
            found = re.search(r'value="%s"[^>]*>(?:(?!<button|value=").)*?<span class="answer-mark is-(\w+)" title="[^"]+">(\d+)</span>'
                              % re.escape(escape(text)), html, re.S)
            assert found and (found.group(1), int(found.group(2))) == (mark["verdict"], mark["n"]), (slug, text)
        # A board may draw a choice twice (a card and its button): each drawing carries the count.
        marked = re.findall(r'value="([^"]+)"[^>]*>(?:(?!<button|value=").)*?<span class="answer-mark ', html, re.S)
        assert len(marked) == html.count('class="answer-mark ') and {unescape(v) for v in marked} == set(marks)
        assert "answer-mark" not in render_to_string(ui.board_template, context)
        checked += 1
    assert checked, f"{slug}: no position with a choice of buttons"
