"""The shared seat ring (templates/games/partials/seat_ring.html): every other seat of a table of
three to seven with what the game gives of it, and nothing of a hidden hand but how many cards."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.ui import ring_words


def _seat(s, chips=None, tricks=None, cards=None, **facts):
    return {"seat": s, "name": f"Player {s + 1}", "cards": cards, **ring_words(chips, tricks, cards), **facts}


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
    assert chips == [s * 3 - 4 for s in range(1, others + 1)]
    # A hidden hand shows as a back and its count: never a card code.
    assert set(re.findall(r'data-card="([^"]+)"', html)) == {"?"}
    assert html.count("×5") == others


def test_statuses_turn_and_warnings_are_marked():
    seats = [_seat(1, status="x", status_label="passed", cards=5),
             _seat(2, status="o", status_label="sitting out"),
             _seat(3, status="p", status_label="playing", to_move=True, warning="sure",
                   warning_label="doomed", dealer=True, cards=2),
             _seat(4, status="p", status_label="playing", warning="risk", warning_label="at risk",
                   shown=("7H",), cards=5)]
    with translation.override("en"):
        html = render_to_string("games/partials/seat_ring.html", {"seats": seats, "pack": "spanish"})
    items = re.findall(r'<li class="([^"]+)" data-seat="(\d)"', html)
    classes = {int(s): c.split() for c, s in items}
    assert "is-idle" in classes[1] and "is-idle" in classes[2]
    assert "is-to-move" in classes[3] and "is-sure" in classes[3]
    assert "is-risk" in classes[4] and "is-idle" not in classes[4]
    assert "passed" in html and "sitting out" in html and "dealer" in html
    # A warning is worded by the game (its label), marked by how sure it is.
    assert '<span class="badge badge-warn">doomed</span>' in html
    assert '<span class="badge badge-risk">at risk</span>' in html
    # The one card everybody knows of seat 4 is drawn face up, from the page's pack.
    assert 'data-card="7H"' in html and "cards/spanish.svg#7H" in html


def test_counts_are_worded_in_the_pages_language_and_only_when_there_are_any():
    with translation.override("en"):
        words = ring_words(chips=1, tricks=0, cards=3)
        seats = [_seat(1, chips=-2, tricks=1, cards=1)]
        html = render_to_string("games/partials/seat_ring.html", {"seats": seats, "pack": "french"})
    assert words == {"chips_text": "1 chip", "tricks_text": None, "cards_text": "3 cards in hand"}
    assert ring_words() == {"chips_text": None, "tricks_text": None, "cards_text": None}
    assert ">-2 chips<" in html and ">1 trick<" in html and 'aria-label="1 card in hand"' in html
    with translation.override("ja"):
        assert ring_words(chips=0, tricks=2, cards=5) == {"chips_text": "0枚", "tricks_text": "2トリック",
                                                          "cards_text": "手札5枚"}


def test_the_shared_ring_names_no_game():
    from pathlib import Path

    from django.conf import settings

    from games.engine import registry

    source = (Path(settings.BASE_DIR) / "templates/games/partials/seat_ring.html").read_text().lower()
    for game in registry.all_games():
        assert game.slug not in source and game.name.lower() not in source
