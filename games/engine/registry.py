"""The games by slug.

A game registers itself when its package is imported (``GAME = register(MyGame())`` in
``games/<slug>/__init__.py``). The packages are found, not listed: every package under ``games/``
beside this engine that holds a ``game.py`` is a game, so adding one edits nothing here.
"""

import importlib
import os
from pathlib import Path

from .game import Game

_GAMES: dict[str, Game] = {}
_ROOT = Path(__file__).resolve().parent.parent  # games/
_ENGINE = Path(__file__).resolve().parent.name


def register(game: Game) -> Game:
    if not game.slug or game.slug in _GAMES:
        raise ValueError(f"bad or duplicate slug {game.slug!r}")
    _GAMES[game.slug] = game
    return game


def unregister(slug: str) -> None:
    """Take a game off the registry (a test that registered a game of its own puts things back)."""
    del _GAMES[slug]


def get(slug: str) -> Game:
    _load()
    if slug not in _GAMES or _left_out(_GAMES[slug]):
        raise KeyError(slug)
    return _GAMES[slug]


def all_games() -> list[Game]:
    """Every registered game, in the order of their package names."""
    _load()
    return [_GAMES[slug] for slug in sorted(_GAMES) if not _left_out(_GAMES[slug])]


def _found() -> list[str]:
    return sorted(p.parent.name for p in _ROOT.glob("*/game.py")
                  if p.parent.name != _ENGINE and (p.parent / "__init__.py").exists())


def game_packages() -> list[str]:
    """The names of the game packages under games/ (those with a game.py). DOJO_GAMES=a,b keeps
    only those (to work on a few games quickly; never set in CI)."""
    found = _found()
    only = [g for g in os.environ.get("DOJO_GAMES", "").split(",") if g]
    return [g for g in found if g in only] if only else found


def left_out_packages() -> list[str]:
    """The game packages under games/ that DOJO_GAMES leaves out (none when it is not set)."""
    kept = game_packages()
    return [g for g in _found() if g not in kept]


def _left_out(game: Game) -> bool:
    """Whether the game comes from a package DOJO_GAMES leaves out. Importing such a package (a
    test of its engine does) registers it, but it stays off every list, so that a restricted run
    sees only the games it keeps."""
    if not os.environ.get("DOJO_GAMES"):
        return False
    parts = type(game).__module__.split(".")
    return len(parts) > 1 and parts[0] == _ROOT.name and parts[1] in left_out_packages()


_loaded = False


def _load():
    global _loaded
    if _loaded:
        return
    for name in game_packages():
        importlib.import_module(f"{_ROOT.name}.{name}")
    _loaded = True
