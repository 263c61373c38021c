"""The toy game the platform's generic tests run on (tests/toy/): a game like any other, with every
part the web layer asks for, registered only while a test asks for it."""

import sys

from django.template.loader import render_to_string
from django.utils import translation

from games.engine import registry
from games.engine.actions import Action
from games.engine.bots import RandomBot
from games.engine.play import bot_levels
from games.engine.rng import rng_for
from games.ui import check_game_uis, game_ui, site_games
from tutorials import content, lessons


def test_the_toy_is_registered_only_while_a_test_asks_for_it(toy):
    assert toy in [g.slug for g in site_games()] and registry.get(toy).slug == toy


def test_and_is_gone_after_it():
    """(Runs after the test above.) Without the fixture, the toy is nowhere."""
    slug = "toy"
    assert slug not in [g.slug for g in registry.all_games()]
    assert f"games.ui.{slug}" not in sys.modules and slug not in content.FOLDERS


def test_the_toy_game_has_every_part_and_plays_whole_deals(toy):
    assert check_game_uis() == []
    game, ui = registry.get(toy), game_ui(toy)
    assert set(bot_levels(game)) == {"beginner", "club", "expert"}
    for n in range(20):
        state, rng = game.new(f"t{n}"), rng_for("toy-test", n)
        assert game.from_text(game.to_text(state)) == state
        while not game.is_over(state):
            seat = min(game.turn(state))
            view = game.view(state, seat)
            assert None in view.hands[1 - seat] or not view.hands[1 - seat]
            html = render_to_string(ui.board_template, {"board": ui.board(view, seat, ui.seat_names(seat, 2)),
                                                        "controls": ui.controls(game, state, seat)})
            assert "board-toy" in html
            action = RandomBot(game).choose(view, seat, rng)
            state = game.apply(state, seat, action)
        assert game.outcome(state).finished and game.finished_deal(state) is not None


def test_the_toy_game_refuses_a_card_by_its_rule(toy):
    game = registry.get(toy)
    state = game.from_text("toy seed=? ph=play sk=1 ld=1 tk=0,0 h0=QHAHKS h1=QSAS tr=KH w0=- w1=- hist=-")
    verdict = game.check(state, 0, Action("play", ("KS",)))
    assert not verdict and verdict.rule == "toy.play.follow"
    assert game.check(state, 0, Action("play", ("QH",)))


def test_the_toy_content_is_valid_in_both_languages(toy):
    found = lessons.lessons(toy)
    assert [lesson.id for lesson in found] == ["first-deal", "following"]
    assert all(lessons.validate(lesson) == [] for lesson in found)
    assert {s.kind for s in found[0].steps} >= {"read", "act", "quiz", "watch"}
    assert content.has_rules(toy)
    for lang in ("en", "ja"):
        with translation.override(lang):
            assert content.rules_page(toy, lang).segments


def test_the_toy_has_pages_like_any_game(toy, client):
    for lang in ("en", "ja"):
        assert client.get(f"/{lang}/{toy}/rules/").status_code == 200
        assert client.get(f"/{lang}/{toy}/lessons/").status_code == 200
        for n in range(1, len(lessons.lessons(toy)[0].steps) + 1):
            page = client.get(f"/{lang}/{toy}/lessons/first-deal/{n}/")
            assert page.status_code == 200 and "board-toy" in page.content.decode(), n


def test_the_toy_puzzles_are_valid_and_one_is_proved(toy):
    from tutorials import puzzles

    found = puzzles.puzzles(toy)
    assert found and puzzles.validate_themes(toy) == []
    for p in found:
        assert puzzles.validate(p) == []
    assert [puzzles.is_proved(p) for p in found] == [True, False]  # one on the author's word
