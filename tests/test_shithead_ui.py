"""What the Shithead table says and offers in particular positions (notation in the rules tests)."""

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
