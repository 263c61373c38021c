"""Écarté's learning boards: what its lessons, rules examples and puzzles show and offer."""

import re

import pytest

from tests.compiled import ensure_compiled
from tests.test_lesson_boards import page
from tutorials import puzzles

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def test_ecarte_lesson_one_asks_who_takes_the_trick_before_it_is_taken(client):
    """Steps 4 and 6: the trick is still on the table, no trick counted, no 'last trick' shown."""
    for n, winner in ((4, "me"), (6, "opponent")):
        url = f"/en/ecarte/lessons/the-deal/{n}/"
        html = page(client.get(url))
        board = html[html.index('class="board'):]
        assert "Last trick" not in board and "1 trick" not in board
        assert "You take the trick" not in html and "Your opponent takes the trick" not in html
        assert 'data-card="AC"' in board if n == 4 else 'data-card="KS"' in board
        shown = page(client.post(url, {"choice": winner}))
        mine = "Last trick, taken by you:" if winner == "me" else "Last trick, taken by your opponent:"
        assert mine in shown


def test_ecarte_lesson_boards_show_only_what_was_taught(client):
    step3 = page(client.get("/en/ecarte/lessons/the-deal/3/"))
    assert "vulnerable" not in step3 and "points" not in step3 and "tricks" not in step3
    for at in (0, 1):
        step8 = page(client.get(f"/en/ecarte/lessons/the-deal/8/?at={at}"))
        assert "your discards" not in step8
        assert ("2 points" if at else "1 point") in step8  # the step is about the point of a turned king
    # Where a step is about it, the fact is there.
    assert "vulnerable" in page(client.get("/en/ecarte/lessons/exchange/10/"))
    assert "your discards" in page(client.get("/en/ecarte/lessons/exchange/3/?at=3"))


def test_ecarte_rules_examples_show_the_score_only_where_a_point_is_made(client):
    html = page(client.get("/en/ecarte/rules/"))
    parts = dict(zip(*[iter(re.split(r'<div class="example" id="example-([a-z0-9-]+)">', html)[1:])] * 2))
    for example_id, part in parts.items():
        board = part[:part.index("</form>")]
        assert "vulnerable" not in board and "your discards" not in board, example_id
        assert (" points" in board) == (example_id == "king-of-trumps"), example_id


def test_the_king_of_trumps_is_offered_only_to_its_holder(client):
    html = page(client.get("/en/ecarte/rules/"))
    offered = re.findall(r'id="example-([a-z0-9-]+)"|(value="king")', html)
    holders = []
    current = None
    for example_id, king in offered:
        current = example_id or current
        if king:
            holders.append(current)
    assert holders == ["king-of-trumps"]
    for p in puzzles.puzzles("ecarte"):
        assert 'value="king"' not in page(client.get(f"/en/ecarte/puzzles/{p.id}/")), p.id


def test_enough_content():
    """The least learning content this game sets itself: lessons, steps per lesson, puzzles, themes."""
    from tests.test_learning_content import enough_content

    assert enough_content("ecarte", 4, 8, 15, 3) == []
