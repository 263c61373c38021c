"""Écarté's own words: how its ui tells a kept hand and names discarded cards."""

import pytest
from django.utils import translation

from games.ui import game_ui


def test_a_dealer_keeping_all_five_cards_is_told_so_not_as_a_discard_of_none():
    import random

    ui = game_ui("ecarte")
    game = ui.game
    rng = random.Random(5)
    for i in range(400):
        state = game.new(f"keep{i}", 2)
        while game.to_move(state):
            seat = min(game.to_move(state))
            legal = game.legal_actions(state, seat)
            keep = next((a for a in legal if a.kind == "discard" and not a.cards), None)
            if keep is not None:
                with translation.override("en"):
                    names = ui.seat_names(0, 2)
                    lines = ui.narrate(game, state, seat, keep, game.apply(state, seat, keep), names, 0)
                assert any("keep" in line and "all five cards" in line for line in lines), lines
                assert not any("0 cards" in line for line in lines), lines
                return
            propose = [a for a in legal if a.kind in ("propose", "accept")]
            state = game.apply(state, seat, propose[0] if propose else rng.choice(legal))
    pytest.fail("no dealer ever had the choice to keep all five cards")


def test_a_discard_is_described_with_card_names_as_they_read_in_a_sentence():
    from games.engine.actions import Action

    ui = game_ui("ecarte")
    view = ui.game.new("describe", 2)
    with translation.override("en"):
        text = ui.describe(view, 0, Action("discard", ("QS", "9C")))
    assert text == "discard the queen of spades, the nine of clubs"
