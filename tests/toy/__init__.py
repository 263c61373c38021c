"""A toy game for the platform's own tests: small enough to read at a glance, complete enough that
every generic part (tables, learn views, lesson steps, refusals) can be tried on it. It is never on
the site: the suite registers it while a test asks for it (tests/conftest.py, the ``toy`` fixture).

The rules: two players, six cards (ace, king, queen of spades and of hearts), three each. The
elder (the seat that did not deal; the seed decides who deals first) sets the stake (1 or 2 points) and leads,
then three tricks are played: the leader plays any card, the other must follow suit when he can,
the higher card of the suit led wins (ace high) and its winner leads next. All three tricks are
played; whoever takes two wins the stake. The match goes on, the deal passing to the other seat,
until a seat has the target: 1 point (one deal, the default) or 3.

In the stop mode (an option) the elder may stake 2 only after losing the last deal; staking 2
otherwise is allowed but is a fault, and the dealer may call "Stop!" right after the stake, before the
lead (an interruption: the game does not wait for it): the stake then goes back to 1. A Stop! called
when the stake kept the limit has no effect.
"""

from .game import Toy

GAME = Toy()
