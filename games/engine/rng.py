"""Seeded, deterministic shuffling.

The same key gives the same order on every machine and Python version: we seed
random.Random with a string (hashed with SHA-512 since Python 3.2) and draw only with
getrandbits, whose output for a given seed is fixed, through our own Fisher–Yates.
"""

import random


def rng_for(*parts) -> random.Random:
    """A generator for a key such as ("ecarte", seed, deal)."""
    return random.Random(":".join(str(p) for p in parts))


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n), by rejection sampling on getrandbits."""
    if n <= 0:
        raise ValueError("n must be positive")
    bits = n.bit_length()
    while True:
        r = rng.getrandbits(bits)
        if r < n:
            return r


def shuffled(items, rng: random.Random) -> tuple:
    """A new tuple holding items in a uniformly random order (Fisher–Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def deal_seed(match_seed: str, deal: int) -> str:
    """The seed of one deal of a match, derived from the match seed."""
    return f"{match_seed}#{deal}"
