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


def get(slug: str) -> Game:
    _load()
    return _GAMES[slug]


def all_games() -> list[Game]:
    """Every registered game, in the order of their package names."""
    _load()
    return [_GAMES[slug] for slug in sorted(_GAMES)]


def game_packages() -> list[str]:
    """The names of the game packages under games/ (those with a game.py). DOJO_GAMES=a,b keeps
    only those (to work on a few games quickly; never set in CI)."""
    found = sorted(p.parent.name for p in _ROOT.glob("*/game.py")
                   if p.parent.name != _ENGINE and (p.parent / "__init__.py").exists())
    only = [g for g in os.environ.get("DOJO_GAMES", "").split(",") if g]
    return [g for g in found if g in only] if only else found


_loaded = False


def _load():
    global _loaded
    if _loaded:
        return
    for name in game_packages():
        importlib.import_module(f"{_ROOT.name}.{name}")
    _loaded = True
