"""Écarté: two players, 32 cards, five tricks (decisions.md §4)."""

from games.engine.registry import register

from .game import Ecarte

GAME = register(Ecarte())
