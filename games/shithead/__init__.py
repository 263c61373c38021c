"""Shithead (Palace): two to six players, getting rid of every card; the last one left is the
shithead (decisions.md §5)."""

from games.engine.registry import register

from .game import Shithead

GAME = register(Shithead())
