"""Klaberjass (Bela): two players, 32 cards, a maker who must outscore the other (decisions.md §3)."""

from games.engine.registry import register

from .game import Klaberjass

GAME = register(Klaberjass())
