"""Test-wide fixtures. The settings are dojo.settings_test (see pyproject.toml)."""

from games.engine import registry


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
