"""Shithead at the practice table: its scoreboard and an empty play."""

from html import unescape

import pytest

from tests.compiled import ensure_compiled
from tests.tables import HX, advance, match_of, table_of
from tests.tables import create as create_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def test_the_shithead_scoreboard_says_what_it_counts(client):
    url = create_table(client, "shithead", 4)
    assert "times the shithead" in client.get(url).content.decode()
    assert "シットヘッドになった回数" in client.get(url.replace("/en/", "/ja/")).content.decode()


def test_playing_with_nothing_ticked_says_so_and_changes_nothing(client):
    """The Shithead play button with no card ticked: refused with the reason (nothing chosen),
    not "you do not hold that card"; the table is unchanged."""
    url = create_table(client, "shithead", 2)
    match = match_of(url)
    for _ in range(40):  # the swap, then on to the reader's first play from the hand
        view = match.view()
        if match.table.shown == match.length and match.human in match.game.turn(view):
            if view.phase == "play":
                break
            client.post(url + "act/", match.form_for(next(a for a in match.game.legal_actions(view, match.human)
                                                           if a.kind == "ready")), **HX)
        else:
            advance(client, url, match)
        match = match_of(url)
    assert match.view().phase == "play" and match.view().turn == match.human
    fields = {"complete": "play", "version": match.table.version, "at": match.table.shown}  # the tick form's button
    version = match.table.version
    response = client.post(url + "act/", fields, **HX)
    page = unescape(response.content.decode())
    assert "Nothing was chosen: tick the cards you want to play" in page
    assert "You do not hold that card there" not in page
    assert table_of(url).version == version
