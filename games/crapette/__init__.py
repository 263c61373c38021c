"""Crapette (Russian Bank): two players, two packs, a shared layout of eight houses and eight
foundations; each tries to be first to empty his reserve, talon and waste (decisions.md §1).

Not offered: the pagat variations grouped as ``strictPriorities`` (decisions.md §1.5). Variation
(b), "load the opponent whenever possible", and (c), "create as many spaces as possible", are
stated as aims over a whole turn ("as many as possible", "whenever possible" without saying
which of several loads or in what order), and (a), "uncover buried cards that could reach a
foundation", does not say how many moves uncovering may take or whether it outranks the other
obligations. None can be enforced move by move without inventing the missing half of the rule, so
the engine leaves the option out rather than offer a guess under pagat's name.
"""

from games.engine.registry import register

from .game import Crapette

GAME = register(Crapette())
