"""Accessible names of cards in the page language ("Queen of hearts" / "ハートのクイーン")."""

from django.core.signals import setting_changed
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy

# Rank words for number cards are shared by both packs; Japanese uses the numerals.
NUMBER_RANKS = {
    "A": pgettext_lazy("card rank", "Ace"),
    "2": pgettext_lazy("card rank", "Two"),
    "3": pgettext_lazy("card rank", "Three"),
    "4": pgettext_lazy("card rank", "Four"),
    "5": pgettext_lazy("card rank", "Five"),
    "6": pgettext_lazy("card rank", "Six"),
    "7": pgettext_lazy("card rank", "Seven"),
    "8": pgettext_lazy("card rank", "Eight"),
    "9": pgettext_lazy("card rank", "Nine"),
    "T": pgettext_lazy("card rank", "Ten"),
}

FRENCH_COURTS = {
    "J": pgettext_lazy("card rank", "Jack"),
    "Q": pgettext_lazy("card rank", "Queen"),
    "K": pgettext_lazy("card rank", "King"),
}

SPANISH_COURTS = {
    "J": pgettext_lazy("Spanish card rank", "Knave (sota)"),
    "Q": pgettext_lazy("Spanish card rank", "Knight (caballo)"),
    "K": pgettext_lazy("Spanish card rank", "King (rey)"),
}

FRENCH_SUITS = {
    "S": pgettext_lazy("French suit", "spades"),
    "H": pgettext_lazy("French suit", "hearts"),
    "D": pgettext_lazy("French suit", "diamonds"),
    "C": pgettext_lazy("French suit", "clubs"),
}

SPANISH_SUITS = {
    "D": pgettext_lazy("Spanish suit", "coins"),
    "H": pgettext_lazy("Spanish suit", "cups"),
    "S": pgettext_lazy("Spanish suit", "swords"),
    "C": pgettext_lazy("Spanish suit", "clubs"),
}

PACKS = ("french", "spanish")


def face_down_name() -> str:
    return gettext("Face-down card")


# card_name's answers by (language, code, pack): a board names the same cards on every request.
# Emptied when a setting changes (the languages, the translations' places).
_names = {}


def _forget_names(**kwargs):
    _names.clear()


setting_changed.connect(_forget_names)


def card_name(code: str | None, pack: str = "french") -> str:
    """The card's name in the active language; a hidden card (None or "?") is "Face-down card".

    An unknown code is returned as it is rather than raising, so a template never breaks.
    """
    try:
        key = (get_language(), code, pack)
        return _names[key]
    except KeyError:
        pass
    except TypeError:  # a code that cannot be a key: named each time
        return _card_name(code, pack)
    name = _card_name(code, pack)
    if len(_names) > 2048:
        _names.clear()
    _names[key] = name
    return name


def _card_name(code, pack):
    if code is None or code == "?":
        return face_down_name()
    if pack not in PACKS:
        raise ValueError(f"unknown pack {pack!r}")
    if code in ("X1", "X2"):
        return pgettext("card", "Joker")
    if not isinstance(code, str) or len(code) != 2:
        return str(code)
    rank, suit = code[0], code[1]
    if pack == "spanish":
        ranks = {**NUMBER_RANKS, **SPANISH_COURTS}
        suits = SPANISH_SUITS
    else:
        ranks = {**NUMBER_RANKS, **FRENCH_COURTS}
        suits = FRENCH_SUITS
    if rank not in ranks or suit not in suits or (pack == "spanish" and rank in "89T"):
        return code
    return gettext("%(rank)s of %(suit)s") % {"rank": ranks[rank], "suit": suits[suit]}


def card_in_sentence(code: str | None, pack: str = "french") -> str:
    """The card's name as it reads inside a sentence ("the seven of spades"): English names
    start with a capital on their own (labels), not after "the"."""
    name = str(card_name(code, pack))
    return name[:1].lower() + name[1:]
