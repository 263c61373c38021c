"""A toy game for the platform's own tests: small enough to read at a glance, complete enough that
every generic part (tables, learn views, lesson steps, refusals) can be tried on it. It is never on
the site: the suite registers it while a test asks for it (tests/conftest.py, the ``toy`` fixture).

The rules: two players, six cards (ace, king, queen of spades and of hearts), three each. Seat 0
first sets the stake (1 or 2 points), then three tricks are played: the leader plays any card, the
other must follow suit when he can, the higher card of the suit led wins (ace high) and its winner
leads next. All three tricks are played; whoever takes two wins the stake. One deal is the match.
"""

from .game import Toy

GAME = Toy()
