"""Helpers over a game's zones: counting cards and checking they are all there once."""

from collections import Counter


def card_counts(zones) -> Counter:
    return Counter(c for cards in zones.values() for c in cards)


def conserved(zones, pack) -> bool:
    """True when the zones hold exactly the pack (as a multiset)."""
    return card_counts(zones) == Counter(pack)


def shapes(zones) -> dict[str, int]:
    """How many cards each zone holds: public in every game."""
    return {name: len(cards) for name, cards in zones.items()}
