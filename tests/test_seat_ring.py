"""The shared seat ring (templates/games/partials/seat_ring.html): every other seat of a table of
three to seven with what the game gives of it, and nothing of a hidden hand but how many cards."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation


def _seat(s, **facts):
    return {"seat": s, "name": f"Player {s + 1}", **facts}


@pytest.mark.parametrize("others", [2, 4, 6])
def test_every_seat_is_drawn_with_its_facts(others):
    seats = [_seat(s, chips=s * 3 - 4, status="p", status_label="playing", tricks=s % 3, cards=5)
             for s in range(1, others + 1)]
    html = render_to_string("games/partials/seat_ring.html", {"seats": seats, "pack": "spanish"})
    assert html.count('class="ring-seat') == others
    assert "style=" not in html  # the site's Content-Security-Policy allows no inline style
    for s in seats:
        assert s["name"] in html
        assert re.search(rf'data-seat="{s["seat"]}"', html)
    chips = [int(x) for x in re.findall(r'class="ring-chips">(-?\d+)', html)]
    assert chips == [s["chips"] for s in seats]
    # A hidden hand shows as a back and its count: never a card code.
    assert set(re.findall(r'data-card="([^"]+)"', html)) == {"?"}
    assert html.count("×5") == others


def test_statuses_turn_and_warnings_are_marked():
    seats = [_seat(1, status="x", status_label="passed", cards=5),
             _seat(2, status="o", status_label="sitting out"),
             _seat(3, status="p", status_label="playing", to_move=True, warning="sure", dealer=True, cards=2),
             _seat(4, status="p", status_label="playing", warning="risk", shown=("7H",), cards=5)]
    with translation.override("en"):
        html = render_to_string("games/partials/seat_ring.html", {"seats": seats, "pack": "spanish"})
    items = re.findall(r'<li class="([^"]+)" data-seat="(\d)"', html)
    classes = {int(s): c.split() for c, s in items}
    assert "is-idle" in classes[1] and "is-idle" in classes[2]
    assert "is-to-move" in classes[3] and "is-sure" in classes[3]
    assert "is-risk" in classes[4] and "is-idle" not in classes[4]
    assert "passed" in html and "sitting out" in html and "dealer" in html
    # The one card everybody knows of seat 4 is drawn face up, from the page's pack.
    assert 'data-card="7H"' in html and "cards/spanish.svg#7H" in html
