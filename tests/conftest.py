"""Test-wide fixtures. The settings are dojo.settings_test (see pyproject.toml)."""

import os
import sys
from pathlib import Path

import pytest

from games.engine import registry

TOY = Path(__file__).resolve().parent / "toy"


def left_out_test_file(name):
    """Whether a test file is one game's own (test_<game>.py, test_<game>_*.py) and DOJO_GAMES
    leaves that game out of this run."""
    return any(name == f"test_{game}.py" or name.startswith(f"test_{game}_")
               for game in registry.left_out_packages())


def pytest_ignore_collect(collection_path, config):
    """A game's own tests are not collected when DOJO_GAMES leaves the game out (importing them
    would need the game)."""
    if collection_path.suffix == ".py" and left_out_test_file(collection_path.name):
        return True
    return None


# The fixtures through which a test may reach the database (pytest-django refuses any query to a
# test that has neither these nor the django_db mark).
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
                     "live_server"}


def reaches_the_database(item):
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & set(item.fixturenames))


def pytest_collection_modifyitems(config, items):
    """With DOJO_DATABASE_TESTS_ONLY=1 (`make test`'s second run, on PostgreSQL) only the tests that
    may reach the database are run: any other is refused every query, so it sees no difference
    between databases and has run already, on SQLite."""
    if os.environ.get("DOJO_DATABASE_TESTS_ONLY") != "1":
        return
    kept, left = [], []
    for item in items:
        (kept if reaches_the_database(item) else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(autouse=True)
def _an_empty_cache():
    """Each test starts with an empty cache and reads the content's stamp afresh: a page drawn for
    everyone in one test (with a catalogue patched by that test, say) is never served in another."""
    from django.core.cache import cache

    from tutorials import content

    cache.clear()
    content._last["at"] = float("-inf")


@pytest.fixture
def toy(monkeypatch):
    """The toy game (tests/toy/) registered for one test with all its parts, as a game under
    games/ would be: its engine and bots, its ui, its catalogue entry and its content folder (its
    templates are always found: dojo.settings_test). Gives its slug; everything is put back after."""
    import tests.toy
    import tests.toy.bots
    import tests.toy.ui
    from games.catalogue import BY_SLUG, GameInfo
    from tutorials import content

    slug = tests.toy.GAME.slug
    registry.register(tests.toy.GAME)
    monkeypatch.setitem(sys.modules, f"games.{slug}", tests.toy)
    monkeypatch.setitem(sys.modules, f"games.{slug}.bots", tests.toy.bots)
    monkeypatch.setitem(sys.modules, f"games.ui.{slug}", tests.toy.ui)
    monkeypatch.setitem(BY_SLUG, slug, GameInfo(slug, "Toy", "トイ", "2 players", "6 cards", "a minute",
                                                "Two tricks of three win.", "french"))
    monkeypatch.setitem(content.FOLDERS, slug, TOY / "content")
    yield slug
    registry.unregister(slug)
