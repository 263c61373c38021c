"""Crapette at the practice table: when Undo is offered."""

import re
from html import unescape

import pytest

from games.engine import registry
from tests.compiled import ensure_compiled
from tests.tables import HX, match_of, table_of

pytestmark = pytest.mark.django_db
UNDO_FORM = re.compile(r'<form method="post" action="[^"]*/undo/"')


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def test_a_crapette_table_offers_undo_only_when_it_would_be_taken(client):
    """In Crapette nearly every turn of a card shows one more: after it, Undo is not offered (the
    view would refuse); after a move that shows nothing new, it is, and it works."""
    from tests.tables import create as create_any
    from tests.tables import form_for

    crapette = registry.get("crapette")
    options = crapette.options({"stop_mode": "callable"})
    for i in range(200):  # a deal the reader starts with a house card he may move
        state = crapette.new(f"u{i}", 2, options)
        quiet = [a for a in crapette.legal_actions(state, 0) if a.kind == "move" and a.source.startswith("house.")]
        if state.turn == 0 and quiet:
            break
    url = create_any(client, "crapette", seed=f"u{i}", stop_mode="callable")
    client.post(url + "act/", form_for(match_of(url), quiet[0]), **HX)
    page = client.get(url, **HX).content.decode()
    assert len(UNDO_FORM.findall(page)) == 1 and "Undo is not offered" not in page
    assert client.post(url + "undo/", {"version": table_of(url).version}, **HX).status_code == 200
    assert table_of(url).actions == []
    match = match_of(url)
    client.post(url + "act/", form_for(match, crapette.parse_action("turn")), **HX)
    page = unescape(client.get(url, **HX).content.decode())
    assert not UNDO_FORM.findall(page) and page.count("Undo is not offered") == 1
    assert re.search(r"you have seen the \w+ of \w+, and choosing again knowing it would not", page)
    before = table_of(url).actions
    assert client.post(url + "undo/", {"version": table_of(url).version}).status_code == 409
    assert table_of(url).actions == before
