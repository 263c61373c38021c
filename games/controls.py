"""Typed controls: what a board offers for the current decision, and the one place that turns them
into form fields and a posted form back into an action.

A game's ui returns a ``Controls`` for a seat and a position (``GameUI.controls``); boards draw it
with the tags in games/templatetags/controls.py, and every page that takes an action (the practice
table, lessons, puzzles, rules examples) reads the posted form back with ``decode``. The field names
are the platform's own, the same for every game:

    action    a whole action: the value of the button pressed (a button, a card, a place)
    complete  the start of an action that the ticked or picked cards complete: the value of the
              button that goes with the ticks or picks (a discard, a play of several cards, a swap)
    cards     ticked cards, added to the action's cards in the order posted
    pick0, pick1, …   one card chosen in each group of a pick (a swap: a hand card, then a face-up one)

So ``complete=play`` with ``cards=7H`` and ``cards=7S`` posts ``play:7H7S``; ``complete=swap`` with
``pick0=AH`` and ``pick1=KS`` posts ``swap:AHKS``; a card button posts its whole action
(``play:QH``, ``move:QH@house.3>foundation.5``). A form posts every ticked box whatever button is
pressed: the ticks belong to the button that completes them, and a button that makes a whole action
(``action=ready``) makes it as it is, whatever is ticked.
"""

from dataclasses import dataclass, field, replace

from .engine.actions import Action
from .engine.cards import is_card
from .engine.rules import NotationError

FIELD_ACTION = "action"
FIELD_COMPLETE = "complete"
FIELD_CARDS = "cards"
FIELD_PICK = "pick"
MAX_CARDS = 60  # no decision of any game takes more: a longer post is refused before parsing
MAX_PICKS = 4


# --- the controls -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Button:
    """A decision made by one press: its action, the label, whether the rules allow it now."""

    action: Action
    label: str
    legal: bool = True
    css: str = ""


@dataclass(frozen=True)
class CardButton:
    """A card that is itself the decision: pressing it makes `action` (play this card). A face-down
    place has no card: it is found by its index in the zone, and `label` names it."""

    card: str | None
    zone: str
    action: Action
    legal: bool = True
    css: str = ""
    index: int | None = None
    label: str = ""


@dataclass(frozen=True)
class TickCards:
    """Cards to tick, then a button that makes `action` with the ticked cards added (a discard, a
    play of several cards). `legal` holds the cards that may be ticked in some legal choice;
    least/most bound how many, when the rules fix it."""

    action: Action
    label: str
    zone: str
    cards: tuple[str, ...]
    legal: frozenset = frozenset()
    least: int = 0
    most: int = 0
    css: str = ""
    card_css: tuple = ()  # (card, css) pairs: a hint marks cards


@dataclass(frozen=True)
class PickCards:
    """One card to choose in each group, then a button: `action` with the chosen cards added in
    group order (a swap: one hand card and one face-up card). groups: ((zone, label, cards), …)."""

    action: Action
    label: str
    groups: tuple
    legal: bool = True
    css: str = ""
    card_css: tuple = ()


@dataclass(frozen=True)
class Target:
    """A place a chosen card may go: its action, a label for the place, whether it is legal."""

    zone: str
    label: str
    action: Action
    legal: bool = True
    css: str = ""


@dataclass(frozen=True)
class MoveCard:
    """A card to move: choose it, then one of its targets (each a complete action). Without
    JavaScript every target is a plain button beside the card."""

    card: str
    zone: str
    targets: tuple[Target, ...]
    css: str = ""

    @property
    def legal(self):
        return any(t.legal for t in self.targets)


@dataclass(frozen=True)
class ChoiceGroup:
    """A choice among named options that are not cards (a suit to name, play or pass): a labelled
    group of buttons."""

    label: str
    buttons: tuple[Button, ...]


@dataclass
class Controls:
    """Everything a seat may do now, as the board offers it. `items` in display order."""

    items: list = field(default_factory=list)

    def __bool__(self):
        return bool(self.items)

    # What a board template needs --------------------------------------------------------------
    def for_card(self, card, zone):
        """The control that draws this card in this zone, or None (drawn as a plain card)."""
        for item in self.items:
            if isinstance(item, (CardButton, MoveCard)) and item.card == card and item.zone == zone:
                return item
            if isinstance(item, TickCards) and item.zone == zone and card in item.cards:
                return item
            if isinstance(item, PickCards):
                for i, (gzone, _label, cards) in enumerate(item.groups):
                    if gzone == zone and card in cards:
                        return item
        return None

    def for_place(self, zone, index):
        """The control on a face-down place of a zone (by its index), or None."""
        for item in self.items:
            if isinstance(item, CardButton) and item.card is None and item.zone == zone and item.index == index:
                return item
        return None

    def bar(self):
        """The controls shown as buttons under the board (not drawn on a card)."""
        return [i for i in self.items if isinstance(i, (Button, ChoiceGroup, TickCards, PickCards))]

    def zone_cards(self, zone):
        out = []
        for item in self.items:
            if isinstance(item, (CardButton, MoveCard)) and item.zone == zone:
                out.append(item.card)
            elif isinstance(item, TickCards) and item.zone == zone:
                out.extend(item.cards)
            elif isinstance(item, PickCards):
                out.extend(c for gzone, _l, cards in item.groups if gzone == zone for c in cards)
        return out

    # What the pages and tests need ------------------------------------------------------------
    def actions(self, complete=None):
        """Every action these controls can post. Ticks and picks are expanded with `complete`, a
        function (control) -> iterable of actions, when given; otherwise they contribute nothing."""
        out = []
        for item in self.items:
            if isinstance(item, (Button, CardButton)):
                out.append(item.action)
            elif isinstance(item, MoveCard):
                out.extend(t.action for t in item.targets)
            elif isinstance(item, ChoiceGroup):
                out.extend(b.action for b in item.buttons)
            elif complete is not None:
                out.extend(complete(item))
        return out

    def form_for(self, action):
        """The form fields that post `action` through these controls, or None if they cannot."""
        for item in self.items:
            if isinstance(item, (Button, CardButton)) and item.action == action:
                return {FIELD_ACTION: str(action)}
            if isinstance(item, MoveCard) and any(t.action == action for t in item.targets):
                return {FIELD_ACTION: str(action)}
            if isinstance(item, ChoiceGroup) and any(b.action == action for b in item.buttons):
                return {FIELD_ACTION: str(action)}
            if isinstance(item, TickCards) and _completes(item.action, action) \
                    and all(c in item.cards for c in action.cards[len(item.action.cards):]):
                return {FIELD_COMPLETE: str(item.action), FIELD_CARDS: list(action.cards[len(item.action.cards):])}
            if isinstance(item, PickCards) and _completes(item.action, action):
                chosen = action.cards[len(item.action.cards):]
                if len(chosen) == len(item.groups) and all(c in g[2] for c, g in zip(chosen, item.groups)):
                    fields = {FIELD_COMPLETE: str(item.action)}
                    fields.update({f"{FIELD_PICK}{i}": c for i, c in enumerate(chosen)})
                    return fields
        return None

    def mark(self, action, css="is-hint"):
        """Outline whatever makes `action` (the hint): its button or card, its ticked or picked
        cards and their button. Text says it too; colour is never the only signal."""
        for n, item in enumerate(self.items):
            self.items[n] = _marked(item, action, css)


def _completes(base, action):
    return (action.kind == base.kind and action.cards[:len(base.cards)] == base.cards
            and (action.source, action.target, action.choice) == (base.source, base.target, base.choice))


def _add(css, more):
    return f"{css} {more}".strip() if more not in css.split() else css


def _marked(item, action, css):
    if isinstance(item, (Button, CardButton)) and item.action == action:
        return replace(item, css=_add(item.css, css))
    if isinstance(item, MoveCard):
        targets = tuple(replace(t, css=_add(t.css, css)) if t.action == action else t for t in item.targets)
        if targets != item.targets:
            return replace(item, targets=targets, css=_add(item.css, css))
    if isinstance(item, ChoiceGroup):
        return replace(item, buttons=tuple(_marked(b, action, css) for b in item.buttons))
    if isinstance(item, (TickCards, PickCards)) and _completes(item.action, action):
        chosen = action.cards[len(item.action.cards):]
        return replace(item, css=_add(item.css, css), card_css=item.card_css + tuple((c, css) for c in chosen))
    return item


# --- reading a posted form ----------------------------------------------------------------------
def decode(data) -> Action:
    """The action a posted form makes (a QueryDict, or a dict of lists/strings in tests); raises
    NotationError for anything that is not an action. A whole action (`action`) is made as it is:
    the boxes ticked on the board beside it are not part of it. Ticked and picked cards complete
    only the action of the button that goes with them (`complete`)."""
    whole, start = _one(data, FIELD_ACTION), _one(data, FIELD_COMPLETE)
    extra = list(_many(data, FIELD_CARDS))
    if len(extra) > MAX_CARDS:
        raise NotationError("too many cards")
    if whole and start:
        raise NotationError("two actions posted at once")
    if whole or not start:
        return Action.parse(whole)
    base = Action.parse(start)
    for i in range(MAX_PICKS):
        value = _one(data, f"{FIELD_PICK}{i}")
        if value:
            extra.append(value)
    bad = [c for c in extra if not is_card(c)]
    if bad:
        raise NotationError(f"not a card: {str(bad[0])[:10]!r}")
    return base.with_cards(extra) if extra else base


def encode(action, controls=None) -> dict:
    """The form fields that post `action`: through `controls` when given (as a reader would fill
    the board), else as its whole text in the action field."""
    if controls is not None:
        fields = controls.form_for(action)
        if fields is not None:
            return fields
    return {FIELD_ACTION: str(action)}


def _one(data, key):
    if hasattr(data, "getlist"):
        values = data.getlist(key)
    else:
        value = data.get(key, "")
        values = value if isinstance(value, (list, tuple)) else [value]
    if len(values) > 1:
        raise NotationError(f"{key} given twice")
    return values[0] if values else ""


def _many(data, key):
    if hasattr(data, "getlist"):
        return data.getlist(key)
    value = data.get(key, [])
    return value if isinstance(value, (list, tuple)) else [value]
