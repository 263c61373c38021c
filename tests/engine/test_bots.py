"""Every bot level of every registered game decides from a seat's view alone: the view it gets has
no hidden card in it, its choice is legal in the real position, and any other deal the view allows
(a different arrangement of the unseen cards) gets the very same choice from the same luck."""

from collections import Counter

import pytest

from games.engine import registry
from games.engine.play import bot_levels
from games.engine.rng import rng_for

pytestmark = pytest.mark.engine

CASES = [(g.slug, level, players) for g in registry.all_games() for level in bot_levels(g)
         for players in sorted({min(g.player_counts), max(g.player_counts)})]


@pytest.mark.parametrize("slug,level,players", CASES)
def test_bots_decide_from_the_view_alone(slug, level, players):
    game = registry.get(slug)
    bot = bot_levels(game)[level](game)
    matches = 1 if level == "expert" else 4
    decisions = 0
    for m in range(matches):
        state = game.new(f"bots-{level}-{m}", players)
        for _ in range(120 if level == "expert" else 3000):
            if not game.to_move(state):
                break
            seat = min(game.turn(state))
            view = game.view(state, seat)
            masked = game.masked_zones(state, seat)
            for name, cards in game.zones(view).items():  # nothing beyond what the seat sees, zone by zone
                assert Counter(c for c in cards if c) == Counter(c for c in masked[name] if c), name
            action = bot.choose(view, seat, rng_for("bot", slug, level, m, decisions))
            assert game.check(state, seat, action), (level, game.to_text(view), action)
            if decisions % 7 == 0 and len(game.legal_actions(state, seat)) > 1:
                # Another deal the seat cannot tell apart: the same view, the same choice.
                other = game.determinize(view, seat, rng_for("other", slug, m, decisions))
                assert game.view(other, seat) == view
                again = bot.choose(game.view(other, seat), seat, rng_for("bot", slug, level, m, decisions))
                if level != "expert":  # the expert's time budget may cut its search short
                    assert again == action
            state = game.apply(state, seat, action)
            decisions += 1
    assert decisions > 0


@pytest.mark.parametrize("slug", [g.slug for g in registry.all_games()])
def test_matches_between_bots_always_end(slug):
    # Left alone (the reader out of the deal, or in the arena), bots must still finish: a game
    # whose rules allow endless play relies on its bots not repeating themselves for ever.
    from games.engine.play import play_match

    game = registry.get(slug)
    levels = bot_levels(game)
    for players in game.player_counts:
        for m in range(300):
            # The arena's seating and seeds (one seat of a level among the other), both ways round:
            # among them was a deal two beginners once played for ever.
            for one, rest in (("club", "beginner"), ("beginner", "club")):
                bots = [levels[one if s == m % players else rest](game) for s in range(players)]
                final = play_match(game, bots, f"arena{m}", players, max_actions=20_000)
                assert game.outcome(final).finished


def test_only_a_bot_that_says_it_sees_all_is_given_the_whole_state(toy):
    """The arena's yardsticks (MEASURING) get the full state; every level gets only its view."""
    from games.engine import registry
    from games.engine.play import bot_levels, play_match

    game = registry.get(toy)
    club = bot_levels(game)["club"]
    seen = {"full": 0, "views": 0}

    class Seeing(club):
        sees_all = True

        def choose_full(self, state, seat, rng):
            seen["full"] += 1
            assert not game.hidden_cards(state, seat) or state != game.view(state, seat)
            assert state == game.from_text(game.to_text(state))  # a real state, not a view
            return self.choose(game.view(state, seat), seat, rng)

    class Counting(club):
        def choose(self, view, seat, rng):
            seen["views"] += 1
            assert any(c is None for cards in game.zones(view).values() for c in cards) or view.phase != "play"
            return super().choose(view, seat, rng)

    play_match(game, [Seeing(game), Counting(game)], "yardstick")
    assert seen["full"] > 0 and seen["views"] > 0
