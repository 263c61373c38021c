"""The shared shape of an action and its short text form.

An action is a kind, optionally some cards and optionally a place: ``propose``, ``play:QH``,
``discard:7S8H``, ``flip@2``, ``move:QH@house.3``. The text is used in URLs, forms, logs,
lessons and puzzles, and round-trips through ``Action.parse``.
"""

import re
from dataclasses import dataclass

from .cards import is_card
from .rules import NotationError

_TEXT = re.compile(r"^([a-z][a-z-]*)(?::((?:[A-Z0-9?]{2})+|-))?(?:@([A-Za-z0-9.]+))?$")


@dataclass(frozen=True, order=True)
class Action:
    kind: str
    cards: tuple[str, ...] = ()
    where: str | None = None

    def __str__(self):
        text = self.kind
        if self.cards:
            text += ":" + "".join(self.cards)
        if self.where is not None:
            text += "@" + self.where
        return text

    def __repr__(self):
        return f"Action({str(self)!r})"

    @property
    def card(self) -> str:
        """The single card of a one-card action."""
        if len(self.cards) != 1:
            raise ValueError(f"{self} does not hold exactly one card")
        return self.cards[0]

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read an action's text form; raises NotationError for anything malformed."""
        if not isinstance(text, str):
            raise NotationError("an action is text")
        m = _TEXT.match(text.strip())
        if not m:
            raise NotationError(f"not an action: {text[:40]!r}")
        kind, cards, where = m.groups()
        codes = ()
        if cards and cards != "-":
            codes = tuple(cards[i : i + 2] for i in range(0, len(cards), 2))
            bad = [c for c in codes if not is_card(c)]
            if bad:
                raise NotationError(f"not a card: {bad[0]!r}")
        return cls(kind, codes, where)
