"""The shared shape of an action and its short text form.

An action is a kind, optionally some cards, where they come from, where they go and a choice that
is not a card (a suit named, a word)::

    propose                       a decision without a card
    play:QH                       one card
    discard:7S8H                  several cards
    flip@2                        a place to take from (here the third face-down card)
    move:QH@house.3>foundation.5  a card, where it comes from and where it goes
    name=H                        a choice without a card (a suit named in a bidding round)

The text is used in URLs, forms, logs, lessons and puzzles, and round-trips through ``Action.parse``:
``Action.parse(str(a)) == a`` for every action.
"""

import re
from dataclasses import dataclass

from .cards import is_card
from .rules import NotationError

_PLACE = r"[A-Za-z0-9][A-Za-z0-9.]*"
_TEXT = re.compile(
    rf"^([a-z][a-z-]*)(?::((?:[A-Z0-9]{{2}})+|-))?(?:@({_PLACE}))?(?:>({_PLACE}))?(?:=([A-Za-z0-9][A-Za-z0-9-]*))?$"
)


@dataclass(frozen=True, eq=True)
class Action:
    kind: str
    cards: tuple[str, ...] = ()
    source: str | None = None  # where the card(s) come from (a zone, or a place in one)
    target: str | None = None  # where they go
    choice: str | None = None  # a choice that is not a card: a suit, a word

    def __str__(self):
        text = self.kind
        if self.cards:
            text += ":" + "".join(self.cards)
        if self.source is not None:
            text += "@" + self.source
        if self.target is not None:
            text += ">" + self.target
        if self.choice is not None:
            text += "=" + self.choice
        return text

    def __repr__(self):
        return f"Action({str(self)!r})"

    def _key(self):
        return (self.kind, self.cards, self.source or "", self.target or "", self.choice or "")

    def __lt__(self, other):
        return self._key() < other._key()

    def __le__(self, other):
        return self._key() <= other._key()

    def __gt__(self, other):
        return self._key() > other._key()

    def __ge__(self, other):
        return self._key() >= other._key()

    @property
    def card(self) -> str:
        """The single card of a one-card action."""
        if len(self.cards) != 1:
            raise ValueError(f"{self} does not hold exactly one card")
        return self.cards[0]

    @property
    def places(self) -> bool:
        """True when the action names a source, a target or a choice."""
        return self.source is not None or self.target is not None or self.choice is not None

    def with_cards(self, extra) -> "Action":
        """The same action with more cards after its own (a form's ticked cards)."""
        return Action(self.kind, self.cards + tuple(extra), self.source, self.target, self.choice)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read an action's text form; raises NotationError for anything malformed."""
        if not isinstance(text, str):
            raise NotationError("an action is text")
        m = _TEXT.match(text.strip())
        if not m:
            raise NotationError(f"not an action: {text[:40]!r}")
        kind, cards, source, target, choice = m.groups()
        codes = ()
        if cards and cards != "-":  # "-" is an empty list, as in positions
            codes = tuple(cards[i : i + 2] for i in range(0, len(cards), 2))
            bad = [c for c in codes if not is_card(c)]
            if bad:
                raise NotationError(f"not a card: {bad[0]!r}")
        return cls(kind, codes, source, target, choice)
