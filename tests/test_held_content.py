"""A game's learning content is published with its ui: until the ui lands, its rules pages,
lessons and puzzles are held back (no page, no hub link, nothing for the site to start on), and
the files are checked against the engine alone, so that what waits is sound when it goes out."""

import tomllib

import pytest

from games.engine import registry
from games.ui import has_ui
from games.views import available_sections
from tutorials import content, lessons, markdown, puzzles

HELD = [g.slug for g in registry.all_games() if not has_ui(g.slug) and content.game_dir(g.slug).exists()]
needs_held = pytest.mark.skipif(not HELD, reason="no game's content is waiting for its ui")


def test_content_is_published_exactly_for_the_games_with_a_ui():
    for game in registry.all_games():
        assert content.published(game.slug) == has_ui(game.slug)


@needs_held
@pytest.mark.parametrize("slug", HELD)
def test_held_content_has_no_page_and_no_hub_link(client, slug):
    assert not content.has_rules(slug) and lessons.lessons(slug) == () and puzzles.puzzles(slug) == ()
    assert content.glossary(slug) == []
    assert available_sections(slug) == {}
    for lang in ("en", "ja"):
        assert client.get(f"/{lang}/{slug}/rules/").status_code == 404
        assert client.get(f"/{lang}/{slug}/lessons/").status_code == 404
        assert client.get(f"/{lang}/{slug}/puzzles/").status_code == 404
        assert client.get(f"/{lang}/{slug}/").status_code == 200


def _legal(game, state, seat, text, where):
    action = game.parse_action(text)
    verdict = game.check(state, seat, action)
    assert verdict, f"{where}: {text} is refused ({verdict.rule})"
    return game.apply(state, seat, action)


@needs_held
@pytest.mark.parametrize("slug", HELD)
def test_held_lessons_and_examples_are_sound_for_the_engine(slug):
    """Every position parses; every answer a lesson expects is legal where it is asked; every line
    of a quiz plays through."""
    game = registry.get(slug)
    steps = 0
    for path in lessons.lesson_files(slug):
        with path.open("rb") as f:
            lesson = lessons.parse_lesson(slug, tomllib.load(f))
        assert lesson.title["en"] and lesson.title["ja"], path.name
        for n, step in enumerate(lesson.steps, 1):
            where = f"{path.name} step {n}"
            state = game.from_text(step.position)
            if step.kind == "act":
                assert step.expect, where
                for answer in step.expect:
                    _legal(game, state, step.seat, answer[0], where)
            for seat, text in step.line:
                state = _legal(game, state, seat, text, where)
            steps += 1
    for lang in content.LANGS:
        path = content.game_dir(slug) / f"rules.{lang}.md"
        if path.exists():
            for seg in markdown.render(path.read_text(encoding="utf-8")).segments:
                if isinstance(seg, markdown.Example):
                    game.from_text(seg.fields["position"])
                    steps += 1
    assert steps, "nothing was checked"



@needs_held
@pytest.mark.parametrize("slug", HELD)
def test_held_puzzles_are_proved_where_every_card_is_shown(slug):
    """Every held puzzle's position parses and its answers are legal; where the game proves answers
    (its exact_values answers), they are exactly the best moves."""
    path = puzzles.game_dir(slug) / "puzzles.toml"
    if not path.exists():
        pytest.skip("no puzzles waiting")
    game = registry.get(slug)
    with path.open("rb") as f:
        raw = tomllib.load(f).get("puzzle", [])
    proved = 0
    for p in raw:
        state = game.from_text(p["position"])
        seat = int(p.get("seat", 0))
        for text in p["answers"]:
            _legal(game, state, seat, text, p["id"])
        values = game.exact_values(state, seat)
        if values is not None and not p.get("sampled"):
            best = max(values.values())
            assert {str(a) for a, v in values.items() if v == best} == set(p["answers"]), p["id"]
            assert set(p.get("wrong", {})) == {str(a) for a in values} - set(p["answers"]), p["id"]
            proved += 1
    assert raw and (proved or all(p.get("sampled") for p in raw))
