"""A toy game for the platform's own tests: small enough to read at a glance, complete enough that
every generic part (tables, learn views, lesson steps, refusals) can be tried on it. It is never on
the site: the suite registers it while a test asks for it (tests/conftest.py, the ``toy`` fixture).

The rules: two players, six cards (ace, king, queen of spades and of hearts), three each. The
elder (the seat that did not deal; the seed decides who deals first) sets the stake (1 or 2 points) and leads,
then three tricks are played: the leader plays any card, the other must follow suit when he can,
the higher card of the suit led wins (ace high) and its winner leads next. All three tricks are
played; whoever takes two wins the stake. The match goes on, the deal passing to the other seat,
until a seat has the target: 1 point (one deal, the default) or 3.
"""

from .game import Toy

GAME = Toy()
