"""Helpers for the one-line position notation every game uses.

A position is ``<slug> key=value key=value ...``. Card lists are the codes run together
(``7S8HKD``), ``?`` for a hidden card and ``-`` for an empty list, so a view prints the same
shape as the full state with its secrets blanked.
"""

from .cards import is_card
from .rules import NotationError


def cards_text(cards) -> str:
    """Cards run together; None prints as ?; an empty list prints as -."""
    if not cards:
        return "-"
    return "".join("?" if c is None else c for c in cards)


def parse_cards(text: str) -> tuple:
    """The inverse of cards_text."""
    if text == "-":
        return ()
    out, i = [], 0
    while i < len(text):
        if text[i] == "?":
            out.append(None)
            i += 1
            continue
        code = text[i : i + 2]
        if not is_card(code):
            raise NotationError(f"not a card: {code!r}")
        out.append(code)
        i += 2
    return tuple(out)


def fields_text(slug: str, fields: dict) -> str:
    """``slug k=v k=v`` in the order given; values must not contain spaces."""
    parts = [slug]
    for key, value in fields.items():
        value = str(value)
        if not value or " " in value or "=" in value:
            raise ValueError(f"bad notation value for {key}: {value!r}")
        parts.append(f"{key}={value}")
    return " ".join(parts)


def parse_fields(text: str, slug: str, required) -> dict:
    """Split a position into its fields, checking the slug and that every required key is there."""
    if not isinstance(text, str):
        raise NotationError("a position is text")
    parts = text.split()
    if not parts or parts[0] != slug:
        raise NotationError(f"a {slug} position starts with {slug!r}")
    fields = {}
    for part in parts[1:]:
        key, eq, value = part.partition("=")
        if not eq or not key or not value:
            raise NotationError(f"not a key=value field: {part[:30]!r}")
        if key in fields:
            raise NotationError(f"field {key} given twice")
        fields[key] = value
    missing = [k for k in required if k not in fields]
    if missing:
        raise NotationError(f"missing field(s): {', '.join(missing)}")
    unknown = [k for k in fields if k not in required]
    if unknown:
        raise NotationError(f"unknown field(s): {', '.join(unknown)}")
    return fields


def parse_int(text: str, what: str, lo: int | None = None, hi: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise NotationError(f"{what} must be a number, not {text[:20]!r}") from None
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise NotationError(f"{what} out of range: {value}")
    return value


def ints_text(values) -> str:
    return ",".join(str(v) for v in values)


def parse_ints(text: str, what: str, count: int | None = None) -> tuple[int, ...]:
    values = tuple(parse_int(v, what) for v in text.split(","))
    if count is not None and len(values) != count:
        raise NotationError(f"{what} needs {count} numbers")
    return values
