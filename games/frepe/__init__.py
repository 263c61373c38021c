"""Frepe (a Puerto Rican Julepe): five to seven players, 40 cards, five tricks, a pot of chips and the
frepe for whoever takes fewer than two tricks (decisions.md §2)."""

from games.engine.registry import register

from .game import Frepe

GAME = register(Frepe())
