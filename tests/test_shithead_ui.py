"""What the Shithead table says and offers in particular positions (notation in the rules tests)."""

import pytest
from django.utils import translation

from games.controls import Button, TickCards
from games.ui import game_ui
from tests.engine.test_shithead_rules import BASIC, DOWN, G

UI = game_ui("shithead")


def test_with_only_face_down_cards_the_prompt_and_controls_are_a_blind_flip():
    state = G.from_text(DOWN)
    view = G.view(state, 0)
    with translation.override("en"):
        prompt = UI.phase_text(view, 0)
        controls = UI.controls(G, view, 0)
    assert "turn one over, blind" in prompt and "pick up" not in prompt.lower()
    assert not any(isinstance(item, (TickCards, Button)) for item in controls.items)
    flips = {item.action for item in controls.items}
    assert flips == set(G.legal_actions(view, 0))


def test_with_cards_in_hand_the_prompt_offers_play_or_pick_up():
    view = G.view(G.from_text(BASIC), 0)
    with translation.override("en"):
        assert "pick up" in UI.phase_text(view, 0)
    assert any(isinstance(item, TickCards) for item in UI.controls(G, view, 0).items)


@pytest.mark.django_db
def test_done_swapping_is_taken_with_a_card_ticked_to_swap(client):
    """At the swap a card is ticked, then "Done swapping" pressed: the board posts the tick with
    the button, and the table takes the button's action as it is."""
    from tests.compiled import ensure_compiled
    from tests.tables import HX, create, match_of

    ensure_compiled()
    url = create(client, "shithead", 2)
    match = match_of(url)
    view = match.view()
    assert view.phase == "swap" and match.reader_awaited()
    ready = next(a for a in G.legal_actions(view, match.human) if a.kind == "ready")
    fields = {**match.form_for(ready), "pick0": view.hands[match.human][0]}
    page = client.post(url + "act/", fields, **HX).content.decode()
    assert "Not allowed" not in page
    assert [match.human, "ready"] in match_of(url).table.actions
