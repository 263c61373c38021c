"""Our own playing-card art: two SVG sprite files, one symbol per card.

``static/cards/french.svg`` holds the 52-card French pack, the jokers ``X1`` and ``X2`` and
``back``; ``static/cards/spanish.svg`` holds the 40-card Spanish pack (codes without 8, 9 and T:
D = oros, H = copas, S = espadas, C = bastos; J = sota, Q = caballo, K = rey) and ``back``.

Every card is a ``<symbol viewBox="0 0 100 140">`` named by its code. Suit shapes, court figures
and emblems are symbols of their own, reused with ``<use>`` inside the same file, so no other
element carries an id and a page may show the same card many times. Colours come from CSS custom
properties (``--suit-s/h/d/c`` for the French suits, ``--es-d/h/s/c`` for the Spanish ones,
``--back-fr`` and ``--back-es`` for the backs), with a fallback for each, so a page can switch
between two- and four-colour suits without touching the sprites.

Pure Python, no Django: ``build(out_dir)`` writes both files; the output is deterministic.
"""

from __future__ import annotations

import math
from pathlib import Path

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SPANISH_RANKS = "A234567JQK"

FRENCH_COLOURS = {
    "S": ("--suit-s", "#1b1b1b"),
    "H": ("--suit-h", "#c1121f"),
    "D": ("--suit-d", "#c1121f"),
    "C": ("--suit-c", "#1b1b1b"),
}
SPANISH_COLOURS = {
    "D": ("--es-d", "#d69e1a"),
    "H": ("--es-h", "#c1121f"),
    "S": ("--es-s", "#1f5aa6"),
    "C": ("--es-c", "#2e7d32"),
}
BACK_COLOURS = {"french": ("--back-fr", "#1f3c73"), "spanish": ("--back-es", "#8e1b1b")}

INK = "#222"
GOLD = "#e8b931"
SKIN = "#f4d3b0"
PAPER = "#fff"
CREAM = "#fbf5e6"
INDEX_FONT = "Georgia,'Times New Roman','Liberation Serif',serif"


# --------------------------------------------------------------------------- helpers


def num(x: float) -> str:
    """A coordinate written as briefly as possible (at most two decimals)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def var(name_and_default: tuple[str, str]) -> str:
    name, default = name_and_default
    return f"var({name},{default})"


def symbol(ident: str, view_box: str, body: str) -> str:
    return f'<symbol id="{ident}" viewBox="{view_box}">{body}</symbol>'


def use(ref: str, x: float, y: float, w: float, h: float, transform: str = "") -> str:
    extra = f' transform="{transform}"' if transform else ""
    return (
        f'<use href="#{ref}" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{extra}/>'
    )


def use_centred(ref: str, cx: float, cy: float, w: float, h: float, angle: float = 0) -> str:
    """A symbol drawn w×h around (cx, cy), turned by `angle` degrees about its centre."""
    transform = f"rotate({num(angle)} {num(cx)} {num(cy)})" if angle else ""
    return use(ref, cx - w / 2, cy - h / 2, w, h, transform)


def card_outline() -> str:
    return f'<rect x=".5" y=".5" width="99" height="139" rx="6" fill="{PAPER}" stroke="#b5b5b5"/>'


def half_turn(body: str) -> str:
    """The same drawing turned upside down about the card's centre."""
    return f'<g transform="rotate(180 50 70)">{body}</g>'


def lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """A path of 45° lines in both directions, clipped to the rectangle by hand (no clipPath ids)."""
    parts = []
    width, height = x1 - x0, y1 - y0
    c = step / 2
    while c < width + height:
        # line x + y = c (local coordinates), from its top/left end to its bottom/right end
        ax, ay = (c, 0) if c <= width else (width, c - width)
        bx, by = (0, c) if c <= height else (c - height, height)
        parts.append(f"M{num(x0 + ax)} {num(y0 + ay)}L{num(x0 + bx)} {num(y0 + by)}")
        # mirrored line (x1 - x) + y = c
        parts.append(f"M{num(x1 - ax)} {num(y0 + ay)}L{num(x1 - bx)} {num(y0 + by)}")
        c += step
    return "".join(parts)


# --------------------------------------------------------------------------- French suit shapes

# Each suit is drawn in a 100×100 box with no fill of its own: it takes the fill of the group
# that uses it, which is where the colour custom property is applied.
FRENCH_SUIT_SHAPES = {
    "H": '<path d="M50 93C20 70 4 52 4 32 4 16 15 6 28 6c10 0 18 6 22 15 4-9 12-15 22-15 13 0 24 10 '
    '24 26 0 20-16 38-46 61z"/>',
    "D": '<path d="M50 3Q67 29 89 50 67 71 50 97 33 71 11 50 33 29 50 3z"/>',
    "S": '<path d="M50 3C62 22 94 38 94 61c0 14-10 23-22 23-9 0-16-5-19-11 1 11 5 19 14 25H33c9-6 13-14 '
    '14-25-3 6-10 11-19 11C16 84 6 75 6 61 6 38 38 22 50 3z"/>',
    "C": '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="60" r="21"/><circle cx="74" cy="60" r="21"/>'
    '<path d="M42 42h16l-2 22c1 14 5 24 12 33H32c7-9 11-19 12-33z"/>',
}


# Pip centres of the number cards: (x, y, upside_down). Columns 31/50/69, rows 25 to 115.
L, C, R = 31, 50, 69
ROWS4 = (25, 55, 85, 115)


def french_pips(rank: str) -> list[tuple[float, float, bool]]:
    top, bottom = 25, 115
    corners = [(L, top, False), (R, top, False), (L, bottom, True), (R, bottom, True)]
    sides6 = corners + [(L, 70, False), (R, 70, False)]
    four_rows = [(x, y, y > 70) for y in ROWS4 for x in (L, R)]
    layouts = {
        "2": [(C, top, False), (C, bottom, True)],
        "3": [(C, top, False), (C, 70, False), (C, bottom, True)],
        "4": corners,
        "5": corners + [(C, 70, False)],
        "6": sides6,
        "7": sides6 + [(C, 47.5, False)],
        "8": sides6 + [(C, 47.5, False), (C, 92.5, True)],
        "9": four_rows + [(C, 70, False)],
        "T": four_rows + [(C, 40, False), (C, 100, True)],
    }
    return layouts[rank]


def pips_markup(ref: str, pips, w: float, h: float) -> str:
    """Upright pips as they are; upside-down pips inside one half-turned group."""
    upright = "".join(use_centred(ref, x, y, w, h) for x, y, flip in pips if not flip)
    turned = "".join(use_centred(ref, 100 - x, 140 - y, w, h) for x, y, flip in pips if flip)
    return upright + (half_turn(turned) if turned else "")


def french_corner(rank: str, suit: str) -> str:
    label = "10" if rank == "T" else rank
    fit = ' textLength="15" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    return f'<text x="10" y="19"{fit}>{label}</text>' + use(f"s{suit}", 4.5, 22, 11, 11)


def index_group(body: str, size: float) -> str:
    return (
        f'<g font-family="{INDEX_FONT}" font-weight="700" font-size="{num(size)}" '
        f'text-anchor="middle">{body}</g>'
    )


# --------------------------------------------------------------------------- French courts

# Half figures in a 60×62 box: the card shows one upright in the top half of its panel and the
# same one turned in the bottom half, as real double-headed court cards do. Parts with no fill of
# their own take the suit colour.
STROKE = f'stroke="{INK}" stroke-width=".8"'


def _eyes(cx: float, cy: float, gap: float = 3) -> str:
    return (
        f'<circle cx="{num(cx - gap)}" cy="{num(cy)}" r=".9" fill="{INK}"/>'
        f'<circle cx="{num(cx + gap)}" cy="{num(cy)}" r=".9" fill="{INK}"/>'
    )


COURT_KING = (
    # sword held upright at the right
    f'<path d="M46 4l2-3 2 3v34h-4z" fill="#dfe4ea" {STROKE}/>'
    f'<rect x="42" y="38" width="12" height="3" rx="1" fill="{GOLD}" {STROKE}/>'
    f'<rect x="47" y="41" width="2" height="6" fill="#6b4423"/>'
    # robe, ermine stole, gold front band, sleeves
    f'<path d="M10 62c0-12 3-20 11-23h18c8 3 11 11 11 23z" {STROKE}/>'
    f'<path d="M27 44h6l1 18h-8z" fill="{GOLD}" {STROKE}/>'
    f'<path d="M28.5 50h3M28.5 56h3" stroke="{INK}" stroke-width="1.4"/>'
    f'<path d="M13 44c-2 6-1 12 3 16l8-4c-4-2-6-6-6-11z" fill="{GOLD}" {STROKE}/>'
    f'<path d="M44 42c3 1 5 3 5 5l-4 2c-1-2-3-3-5-3z" fill="{GOLD}" {STROKE}/>'
    f'<circle cx="25" cy="56" r="2.8" fill="{SKIN}" {STROKE}/>'
    f'<circle cx="48" cy="47" r="2.8" fill="{SKIN}" {STROKE}/>'
    f'<path d="M20 39.5c4 6 16 6 20 0l-2-1.5H22z" fill="{PAPER}" {STROKE}/>'
    f'<path d="M24 42h1M30 43.5h1M36 42h1" stroke="{INK}" stroke-width="1.3"/>'
    # head, beard, crown
    f'<path d="M26 33h8v6h-8z" fill="{SKIN}"/>'
    f'<ellipse cx="30" cy="25" rx="9" ry="10.5" fill="{SKIN}" {STROKE}/>'
    + _eyes(30, 24, 3.2)
    + f'<path d="M30.6 25q-1.6 2.6-.2 3.6" fill="none" stroke="#a0673a" stroke-width=".7"/>'
    f'<path d="M21 26c0 10 4 14.5 9 15 5-.5 9-5 9-15-2 5-5 6.5-9 6.5s-7-1.5-9-6.5z" fill="#8a5a2b" {STROKE}/>'
    f'<path d="M25.5 31q4.5-2.2 9 0-4.5-.7-9 0z" fill="#8a5a2b" {STROKE}/>'
    f'<path d="M20.5 17L20 5l5 5 5-8 5 8 5-5-.5 12z" fill="{GOLD}" {STROKE}/>'
    f'<path d="M20.5 14h19" stroke="{INK}" stroke-width=".6"/>'
    f'<circle cx="30" cy="15.5" r="1.5" {STROKE}/>'
    f'<circle cx="20" cy="5" r="1.3" fill="{GOLD}" {STROKE}/><circle cx="30" cy="2" r="1.3" '
    f'fill="{GOLD}" {STROKE}/><circle cx="40" cy="5" r="1.3" fill="{GOLD}" {STROKE}/>'
)

COURT_QUEEN = (
    # long hair falling behind the shoulders
    f'<path d="M20 26c-2-13 22-13 20 0 1 8 4 14 1 18l-6-4H25l-6 4c-3-4 0-10 1-18z" fill="#c8962c" {STROKE}/>'
    # gown with a gold bodice and sleeves
    f'<path d="M11 62c0-12 3-19 10-22h18c7 3 10 10 10 22z" {STROKE}/>'
    f'<path d="M21 40l9 14 9-14h-3l-6 9-6-9z" fill="{GOLD}" {STROKE}/>'
    f'<path d="M14 45c-2 6-1 11 3 15l7-4c-3-2-5-6-5-10z" fill="{PAPER}" {STROKE}/>'
    f'<path d="M44 43c3 1 4 3 4 5l-4 2c-1-2-2-3-4-3z" fill="{PAPER}" {STROKE}/>'
    # flower held at the right
    f'<path d="M47 48l1-15" stroke="#2d6a2d" stroke-width="1.2"/>'
    f'<circle cx="48" cy="26" r="2.6" {STROKE}/><circle cx="44.6" cy="28.5" r="2.6" {STROKE}/>'
    f'<circle cx="51.4" cy="28.5" r="2.6" {STROKE}/><circle cx="46" cy="31.6" r="2.6" {STROKE}/>'
    f'<circle cx="50" cy="31.6" r="2.6" {STROKE}/><circle cx="48" cy="29.3" r="1.6" fill="{GOLD}"/>'
    f'<circle cx="25" cy="56" r="2.8" fill="{SKIN}" {STROKE}/>'
    f'<circle cx="47" cy="48" r="2.8" fill="{SKIN}" {STROKE}/>'
    # head, necklace, coronet
    f'<path d="M26.5 33h7v7h-7z" fill="{SKIN}"/>'
    f'<path d="M25 39q5 5 10 0" fill="none" stroke="{GOLD}" stroke-width="1.2"/>'
    f'<ellipse cx="30" cy="25" rx="8.5" ry="10" fill="{SKIN}" {STROKE}/>'
    + _eyes(30, 24, 3)
    + f'<path d="M30.6 25.5q-1.4 2.2-.2 3" fill="none" stroke="#a0673a" stroke-width=".7"/>'
    f'<path d="M27.8 31.2q2.2 1.2 4.4 0" fill="none" stroke="#b23a48" stroke-width="1.1"/>'
    f'<path d="M21.6 20c1-5 4.5-6 8.4-6s7.4 1 8.4 6l-3-2.5h-10.8z" fill="#c8962c"/>'
    f'<path d="M22.5 17l-.5-7q4 3 8-4 4 7 8 4l-.5 7z" fill="{GOLD}" {STROKE}/>'
    f'<circle cx="22" cy="10" r="1.2" fill="{PAPER}" {STROKE}/><circle cx="30" cy="6" r="1.2" '
    f'fill="{PAPER}" {STROKE}/><circle cx="38" cy="10" r="1.2" fill="{PAPER}" {STROKE}/>'
)

COURT_JACK = (
    # halberd at the right
    f'<path d="M48.2 5h1.6v57h-1.6z" fill="#6b4423"/>'
    f'<path d="M49 0l2 5-2 3-2-3z" fill="#dfe4ea" {STROKE}/>'
    f'<path d="M49.8 9c6 0 8 4 7.5 10l-7.5-3z" fill="#dfe4ea" {STROKE}/>'
    f'<path d="M48.2 10l-4 2 4 2z" fill="#dfe4ea" {STROKE}/>'
    # doublet with slashed sleeves, white collar, gold buttons
    f'<path d="M11 62c0-11 3-18 10-21h18c7 3 10 10 10 21z" {STROKE}/>'
    f'<path d="M14 45c-2 6-1 11 3 15l7-4c-3-2-5-6-5-10z" fill="{GOLD}" {STROKE}/>'
    f'<path d="M44 43c3 1 4 3 4 5l-4 2c-1-2-2-3-4-3z" fill="{GOLD}" {STROKE}/>'
    f'<circle cx="30" cy="49" r="1.3" fill="{GOLD}"/><circle cx="30" cy="54" r="1.3" fill="{GOLD}"/>'
    f'<circle cx="30" cy="59" r="1.3" fill="{GOLD}"/>'
    f'<circle cx="25" cy="56" r="2.8" fill="{SKIN}" {STROKE}/>'
    f'<circle cx="49" cy="48" r="2.8" fill="{SKIN}" {STROKE}/>'
    f'<path d="M26.5 33h7v8h-7z" fill="{SKIN}"/>'
    f'<path d="M21 41.5l9 5 9-5-2-2H23z" fill="{PAPER}" {STROKE}/>'
    # head, hair, feathered beret
    f'<ellipse cx="30" cy="27" rx="8.5" ry="10" fill="{SKIN}" {STROKE}/>'
    + _eyes(30, 27, 3)
    + f'<path d="M30.6 27.5q-1.4 2.2-.2 3" fill="none" stroke="#a0673a" stroke-width=".7"/>'
    f'<path d="M28 33.2h4" stroke="{INK}" stroke-width=".7"/>'
    f'<path d="M21.2 31c-2-8 1-12 8.8-12s10.8 4 8.8 12l-1.3-7h-15z" fill="#5a3b1e" {STROKE}/>'
    f'<path d="M35 14c3-6 7-9 11-11-1 5-4 9-9 13z" fill="{PAPER}" {STROKE}/>'
    f'<path d="M18 21c-2-7 6-11 13-11 8 0 13 4 12 11z" {STROKE}/>'
    f'<path d="M19 19.5h23v3H19z" fill="{GOLD}" {STROKE}/>'
)

COURTS = {"K": COURT_KING, "Q": COURT_QUEEN, "J": COURT_JACK}


def french_court(rank: str, suit: str, colour: str) -> str:
    panel = (
        f'<rect x="20" y="8" width="60" height="124" rx="2" fill="{CREAM}" '
        f'style="stroke:{colour}" stroke-width="1.2"/>'
        f'<path d="M20 70h60" style="stroke:{colour}" stroke-width=".8"/>'
    )
    half = use(f"court{rank}", 20, 8, 60, 62) + use(f"s{suit}", 23, 11, 10, 10)
    return panel + half + half_turn(half)


# --------------------------------------------------------------------------- French jokers

JESTER = (
    # motley shoulders, half in the joker's colour and half gold
    f'<path d="M6 72c2-10 10-15 24-15s22 5 24 15z" {STROKE}/>'
    f'<path d="M30 57c14 0 22 5 24 15H30z" fill="{GOLD}" {STROKE}/>'
    f'<path d="M14 56l4 6 4-6 4 6 4-6 4 6 4-6 4 6 4-6-2-3H16z" fill="{PAPER}" {STROKE}/>'
    # face
    f'<ellipse cx="30" cy="43" rx="10" ry="11.5" fill="{SKIN}" {STROKE}/>'
    + _eyes(30, 41, 4)
    + '<circle cx="23.5" cy="46" r="2" fill="#ef9a9a"/><circle cx="36.5" cy="46" r="2" fill="#ef9a9a"/>'
    f'<path d="M24 47q6 6 12 0" fill="none" stroke="{INK}" stroke-width="1.2"/>'
    # three-pointed cap with bells
    f'<path d="M17 34C13 24 7 16 2 13c8-1 17 4 22 13 0-9 3-17 6-23 3 6 6 14 6 23 5-9 14-14 22-13-5 3-11 '
    f'11-15 21z" {STROKE}/>'
    f'<path d="M24 26c0-9 3-17 6-23 3 6 6 14 6 23l-3 6h-6z" fill="{GOLD}" {STROKE}/>'
    f'<rect x="16" y="31" width="28" height="4.5" rx="1" fill="{GOLD}" {STROKE}/>'
    f'<circle cx="2.5" cy="13" r="2.6" fill="{GOLD}" {STROKE}/><circle cx="30" cy="3" r="2.6" '
    f'fill="{GOLD}" {STROKE}/><circle cx="57.5" cy="13" r="2.6" fill="{GOLD}" {STROKE}/>'
)


def joker(colour: str) -> str:
    letters = "".join(
        f'<tspan x="8.5" y="{num(14 + 8.6 * i)}">{ch}</tspan>' for i, ch in enumerate("JOKER")
    )
    corner = f"<text>{letters}</text>"
    star = (
        '<path d="M50 121l1.6 3.3 3.6.5-2.6 2.5.6 3.6-3.2-1.7-3.2 1.7.6-3.6-2.6-2.5 3.6-.5z"/>'
    )
    return (
        card_outline()
        + f'<g style="fill:{colour}">'
        + index_group(corner + half_turn(corner), 9)
        + f'<rect x="19" y="12" width="62" height="116" rx="3" fill="none" style="stroke:{colour}"/>'
        + use("jester", 21, 18, 58, 70)
        + f'<text x="50" y="110" font-family="{INDEX_FONT}" font-weight="700" font-size="14" '
        f'text-anchor="middle" letter-spacing="1.5">JOKER</text>'
        + star
        + "</g>"
    )


# --------------------------------------------------------------------------- backs


def back(colour: str, medallion: str) -> str:
    return (
        card_outline()
        + f'<rect x="6" y="6" width="88" height="128" rx="3" style="fill:{colour}"/>'
        + f'<path d="{lattice(6, 6, 94, 134, 9)}" stroke="#fff" stroke-opacity=".22" stroke-width="1.1"/>'
        + '<rect x="9.5" y="9.5" width="81" height="121" rx="2" fill="none" stroke="#fff" '
        'stroke-opacity=".7"/>'
        + f'<ellipse cx="50" cy="70" rx="25" ry="32" style="fill:{colour}" stroke="#fff" '
        'stroke-width="1.5"/>'
        + '<ellipse cx="50" cy="70" rx="21" ry="28" fill="none" stroke="#fff" stroke-opacity=".6"/>'
        + medallion
    )


def french_back() -> str:
    pips = "".join(
        use_centred(f"s{s}", x, y, 12, 12)
        for s, (x, y) in zip("SHDC", ((50, 55), (63, 70), (50, 85), (37, 70)))
    )
    return back(var(BACK_COLOURS["french"]), f'<g fill="{GOLD}">{pips}</g>')


# --------------------------------------------------------------------------- French pack


def french_card(code: str) -> str:
    rank, suit = code[0], code[1]
    colour = var(FRENCH_COLOURS[suit])
    corner = french_corner(rank, suit)
    body = index_group(corner + half_turn(corner), 17)
    if rank == "A":
        if suit == "S":
            body += (
                f'<circle cx="50" cy="70" r="33" fill="none" style="stroke:{colour}" stroke-width="1.2"/>'
                f'<circle cx="50" cy="70" r="30" fill="none" style="stroke:{colour}" stroke-width=".5"/>'
                + use_centred("sS", 50, 69, 44, 44)
            )
        else:
            body += use_centred(f"s{suit}", 50, 70, 40, 40)
    elif rank in COURTS:
        body = french_court(rank, suit, colour) + body
    else:
        body += pips_markup(f"s{suit}", french_pips(rank), 17, 17)
    return card_outline() + f'<g style="fill:{colour}">{body}</g>'


def french_sprite() -> str:
    parts = [symbol(f"s{s}", "0 0 100 100", FRENCH_SUIT_SHAPES[s]) for s in SUITS]
    parts += [symbol(f"court{r}", "0 0 60 62", COURTS[r]) for r in "KQJ"]
    parts.append(symbol("jester", "0 0 60 72", JESTER))
    for s in SUITS:
        for r in RANKS:
            parts.append(symbol(r + s, "0 0 100 140", french_card(r + s)))
    parts.append(symbol("X1", "0 0 100 140", joker(var(FRENCH_COLOURS["H"]))))
    parts.append(symbol("X2", "0 0 100 140", joker(var(FRENCH_COLOURS["S"]))))
    parts.append(symbol("back", "0 0 100 140", french_back()))
    return sprite(parts)


def sprite(parts: list[str]) -> str:
    return '<svg xmlns="http://www.w3.org/2000/svg">\n' + "\n".join(parts) + "\n</svg>\n"


# --------------------------------------------------------------------------- Spanish emblems

ES_INK = 'stroke="#3a2a12" stroke-width="2"'


def _coin() -> str:
    rays = "".join(
        f"M{num(50 + 18 * math.cos(a))} {num(50 + 18 * math.sin(a))}"
        f"L{num(50 + 33 * math.cos(a))} {num(50 + 33 * math.sin(a))}"
        for a in (i * math.pi / 6 for i in range(12))
    )
    return (
        f'<circle cx="50" cy="50" r="47" {ES_INK}/>'
        '<circle cx="50" cy="50" r="38" fill="none" stroke="#3a2a12" stroke-width="1.5"/>'
        f'<path d="{rays}" stroke="#3a2a12" stroke-width="2"/>'
        f'<circle cx="50" cy="50" r="14" fill="#f7df8a" {ES_INK}/>'
        '<circle cx="50" cy="50" r="5" fill="#3a2a12"/>'
    )


def _cup() -> str:
    # viewBox 0 0 80 100: a chalice with a gold rim, knop and foot
    return (
        f'<path d="M6 10h68c0 30-14 45-34 47C20 55 6 40 6 10z" {ES_INK}/>'
        f'<path d="M9 24h62l-2 7H11z" fill="{GOLD}" stroke="#3a2a12" stroke-width="1.2"/>'
        f'<ellipse cx="40" cy="10" rx="34" ry="6" fill="{GOLD}" {ES_INK}/>'
        f'<path d="M35 57h10v22H35z" fill="{GOLD}" {ES_INK}/>'
        f'<ellipse cx="40" cy="68" rx="10" ry="5" fill="{GOLD}" {ES_INK}/>'
        f'<path d="M16 96c2-11 12-16 24-16s22 5 24 16z" {ES_INK}/>'
    )


def _sword() -> str:
    # viewBox 0 0 24 100: a blade with a fuller, gold cross-guard, bound grip and pommel
    return (
        f'<path d="M12 1l4 8-.5 62h-7L8 9z" stroke="#1c2430" stroke-width="1.2"/>'
        '<path d="M12 9v58" stroke="#fff" stroke-opacity=".55" stroke-width="1.2"/>'
        f'<path d="M1 71h22v5H1z" fill="{GOLD}" stroke="#3a2a12" stroke-width="1.2"/>'
        '<circle cx="1.8" cy="73.5" r="1.8" fill="#3a2a12"/><circle cx="22.2" cy="73.5" r="1.8" '
        'fill="#3a2a12"/>'
        '<path d="M9.5 76h5v16h-5z" fill="#7a4a1f" stroke="#3a2a12" stroke-width="1"/>'
        '<path d="M9.5 80h5M9.5 84h5M9.5 88h5" stroke="#3a2a12" stroke-width=".8"/>'
        f'<circle cx="12" cy="95" r="4" fill="{GOLD}" stroke="#3a2a12" stroke-width="1.2"/>'
    )


def _baton() -> str:
    # viewBox 0 0 24 100: a knotted cudgel, thick at the head, with lopped branch stubs
    return (
        '<path d="M4 8c1-7 15-8 17-1 2 7 0 20-2 34-2 16-3 34-4 55-1 3-5 3-6 0C8 75 7 57 6 41 5 28 3 16 4 8z" '
        'stroke="#233d16" stroke-width="1.3"/>'
        '<ellipse cx="3.5" cy="26" rx="3" ry="4.2" fill="#c7dc9c" stroke="#233d16" stroke-width="1"/>'
        '<ellipse cx="20" cy="44" rx="2.6" ry="3.8" fill="#c7dc9c" stroke="#233d16" stroke-width="1"/>'
        '<ellipse cx="6.5" cy="62" rx="2.3" ry="3.4" fill="#c7dc9c" stroke="#233d16" stroke-width="1"/>'
        '<path d="M9 10c2 10 3 20 3 30M15 14c-1 9-2 24-2 36M11 60c1 10 1 20 1 30" fill="none" '
        'stroke="#233d16" stroke-opacity=".5" stroke-width="1"/>'
    )


# Aspect (width / height) of each emblem's viewBox.
EMBLEMS = {
    "D": ("0 0 100 100", 1.0, _coin),
    "H": ("0 0 80 100", 0.8, _cup),
    "S": ("0 0 24 100", 0.24, _sword),
    "C": ("0 0 24 100", 0.24, _baton),
}


def emblem(suit: str, cx: float, cy: float, size: float, angle: float = 0) -> str:
    """The suit's emblem `size` tall centred on (cx, cy)."""
    aspect = EMBLEMS[suit][1]
    return use_centred(f"e{suit}", cx, cy, size * aspect, size, angle)


def round_layout(rank: str) -> tuple[list[tuple[float, float]], float]:
    """Coins and cups: centres and height."""
    col_l, col_r = 33, 67
    return {
        "A": ([(50, 70)], 56),
        "2": ([(50, 41), (50, 99)], 32),
        "3": ([(50, 32), (50, 70), (50, 108)], 28),
        "4": ([(col_l, 40), (col_r, 40), (col_l, 100), (col_r, 100)], 28),
        "5": ([(col_l, 36), (col_r, 36), (50, 70), (col_l, 104), (col_r, 104)], 26),
        "6": ([(x, y) for y in (32, 70, 108) for x in (col_l, col_r)], 25),
        "7": ([(34, 32), (66, 32), (27, 70), (50, 70), (73, 70), (34, 108), (66, 108)], 22),
    }[rank]


def long_layout(rank: str, suit: str) -> list[tuple[float, float, float, float]]:
    """Swords and batons: (cx, cy, length, angle) of each."""
    tilt = 9 if suit == "C" else 0
    if rank == "A":
        return [(50, 70, 108, -10 if suit == "C" else 0)]
    if rank == "2":
        return [(50, 70, 100, 24), (50, 70, 100, -24)]
    if rank == "3":
        return [(50, 70, 100, 26), (50, 70, 100, -26), (50, 70, 100, 0)]
    if rank == "4":
        return [(x, 70, 100, a) for x in (34, 66) for a in (11, -11)]
    if rank == "5":
        return [(x, 70, 100, a) for x in (32, 68) for a in (11, -11)] + [(50, 70, 100, 0)]
    if rank == "6":
        centres = [(x, y) for y in (43, 97) for x in (29, 50, 71)]
        return [(x, y, 56, tilt if i % 2 else -tilt) for i, (x, y) in enumerate(centres)]
    if rank == "7":
        top = [(x, 43) for x in (23, 41, 59, 77)]
        bottom = [(x, 97) for x in (32, 50, 68)]
        return [(x, y, 54, tilt if i % 2 else -tilt) for i, (x, y) in enumerate(top + bottom)]
    raise ValueError(rank)


def spanish_pips(rank: str, suit: str) -> str:
    if suit in "DH":
        centres, size = round_layout(rank)
        return "".join(emblem(suit, x, y, size) for x, y in centres)
    return "".join(emblem(suit, x, y, length, angle) for x, y, length, angle in long_layout(rank, suit))


# --------------------------------------------------------------------------- Spanish courts

# Full-length figures in a 64×110 box, placed at (18, 16) on the card. Parts with no fill of
# their own take the suit colour. HANDS gives, per figure, where its emblem goes (card coords).

SOTA = (
    f'<path d="M25 78h6l-.5 24h-5zm8 0h6l-.5 24h-5z" fill="{GOLD}" {STROKE}/>'
    '<ellipse cx="27.5" cy="103.5" rx="4.5" ry="2.5" fill="#3b2a1a"/>'
    '<ellipse cx="36.5" cy="103.5" rx="4.5" ry="2.5" fill="#3b2a1a"/>'
    f'<path d="M20 40c2-3 7-5 12-5s10 2 12 5l3 40c-7 3-23 3-30 0z" {STROKE}/>'
    f'<path d="M18.6 60h26.8l.3 3.5H18.3z" fill="{GOLD}" {STROKE}/>'
    f'<path d="M20 41c-5 7-6 17-4 25h4c-1-8 0-16 3-22z" {STROKE}/>'
    f'<path d="M44 41c5 3 8 7 9 13l-3.5 2c-1.5-5-3.5-9-8.5-11z" {STROKE}/>'
    f'<circle cx="18" cy="68" r="2.8" fill="{SKIN}" {STROKE}/>'
    f'<circle cx="52" cy="56" r="2.8" fill="{SKIN}" {STROKE}/>'
    f'<path d="M29 29h6v7h-6z" fill="{SKIN}"/>'
    f'<path d="M27 35l5 5 5-5z" fill="{PAPER}" {STROKE}/>'
    f'<ellipse cx="32" cy="23" rx="7" ry="8.5" fill="{SKIN}" {STROKE}/>'
    + _eyes(32, 23, 2.6)
    + f'<path d="M30.5 27.8h3" stroke="{INK}" stroke-width=".7"/>'
    f'<path d="M25.2 25c-1-7 2-10 6.8-10s7.8 3 6.8 10l-1-4H26z" fill="#5a3b1e"/>'
    f'<path d="M37 11c5-5 10-7 15-8-4 4-9 7-14 10z" fill="{GOLD}" {STROKE}/>'
    f'<ellipse cx="32" cy="16" rx="12" ry="2.8" {STROKE}/>'
    f'<path d="M25.5 16c0-7 13-7 13 0z" {STROKE}/>'
)

CABALLO = (
    # horse, facing left, with mane and tail
    '<path d="M58 63c6 6 6 20 2 31-2-8-2-16-4-22z" fill="#5a3b1e"/>'
    '<path d="M3 50c-1-3 1-6 4-9l5-6 1-5 3 5c4 5 8 13 12 23 8 2 18 1 26 3 4 1 6 5 5 11-1 6-4 8-5 10l2 22h-5'
    'l-2-18h-2v18h-5V84c-6 1-11 1-15-1v21h-5l-1-18-2 18h-5l3-24c-1-4-2-10-1-15-3-5-4-9-5-13l-4 1z" '
    'fill="#d8c09a" stroke="#3b2a1a" stroke-width=".9"/>'
    '<path d="M13 33c5 5 10 13 14 23l-3 2c-3-9-7-15-12-20z" fill="#5a3b1e"/>'
    '<path d="M14 104h5M22 104h5M42 104h5M51 104h5" stroke="#3b2a1a" stroke-width="2"/>'
    '<circle cx="9.5" cy="41.5" r=".9" fill="#222"/>'
    # saddle cloth and rider
    f'<path d="M27 58c7 1.5 15 1.5 20 1l1 17H27z" {STROKE}/>'
    f'<path d="M27 74h21v2H27z" fill="{GOLD}"/>'
    f'<path d="M31 38c2-4 10-4 12 0l1 20H30z" {STROKE}/>'
    f'<path d="M33 53l9 3-6 10 1 11h-5l-1-12z" {STROKE}/>'
    '<path d="M31 74h6l1 5h-9z" fill="#3b2a1a"/>'
    f'<path d="M32 40c-4 4-5 8-4 11h3c0-3 1-5 3-7z" {STROKE}/>'
    f'<path d="M41 38c4-4 7-9 8.5-14l3.5 1.5c-1.5 6-5 12-9.5 16z" {STROKE}/>'
    f'<circle cx="51" cy="23" r="2.5" fill="{SKIN}" {STROKE}/>'
    '<path d="M29.5 51.5L5 49" stroke="#3b2a1a" stroke-width=".8"/>'
    f'<circle cx="29.5" cy="51.5" r="2.2" fill="{SKIN}" {STROKE}/>'
    f'<path d="M35 33h4v5h-4z" fill="{SKIN}"/>'
    f'<ellipse cx="37" cy="29" rx="5.5" ry="6.5" fill="{SKIN}" {STROKE}/>'
    '<circle cx="35.3" cy="28.5" r=".8" fill="#222"/><circle cx="38.7" cy="28.5" r=".8" fill="#222"/>'
    f'<path d="M31 21c4-4 8-5 11-5-2 2-5 4-9 6z" fill="{GOLD}" {STROKE}/>'
    f'<ellipse cx="37" cy="23.5" rx="8.5" ry="2.2" {STROKE}/>'
    f'<path d="M32 23.5c0-6 10-6 10 0z" {STROKE}/>'
)

REY = (
    '<ellipse cx="26" cy="104" rx="5" ry="2.6" fill="#3b2a1a"/>'
    '<ellipse cx="38" cy="104" rx="5" ry="2.6" fill="#3b2a1a"/>'
    f'<path d="M18 40c2-4 8-6 14-6s12 2 14 6l6 63H12z" {STROKE}/>'
    f'<path d="M12.3 98h39.4l.3 5H12z" fill="{PAPER}" {STROKE}/>'
    f'<path d="M29 42h6v56h-6z" fill="{PAPER}" {STROKE}/>'
    f'<path d="M31.5 50h1M31.5 60h1M31.5 70h1M31.5 80h1M31.5 90h1M18 100.5h1M26 100.5h1M38 100.5h1'
    f'M46 100.5h1" stroke="{INK}" stroke-width="1.4"/>'
    # ermine cape over the shoulders
    f'<path d="M18 40c-4 8-6 16-5 26l9-6h20l9 6c1-10-1-18-5-26-6 4-22 4-28 0z" fill="{PAPER}" {STROKE}/>'
    f'<path d="M17 54h1M22 50h1M26 56h1M38 56h1M42 50h1M47 54h1" stroke="{INK}" stroke-width="1.4"/>'
    f'<path d="M44 44c5 3 8 7 9 12l-3.5 2c-1.5-4-3.5-7-8-9z" {STROKE}/>'
    f'<circle cx="51" cy="58" r="2.8" fill="{SKIN}" {STROKE}/>'
    f'<path d="M29 29h6v7h-6z" fill="{SKIN}"/>'
    f'<ellipse cx="32" cy="24" rx="7" ry="8.5" fill="{SKIN}" {STROKE}/>'
    + _eyes(32, 23, 2.6)
    + '<path d="M24.8 25c0 9 3.5 13 7.2 13.5 3.7-.5 7.2-4.5 7.2-13.5-1.8 4.5-4.2 5.5-7.2 5.5'
    f's-5.4-1-7.2-5.5z" fill="#9a9a9a" {STROKE}/>'
    f'<path d="M24.5 18l-.5-11 4.5 4.5L32 3l3.5 8.5L40 7l-.5 11z" fill="{GOLD}" {STROKE}/>'
    f'<circle cx="32" cy="15.5" r="1.4" {STROKE}/>'
)

SPANISH_COURTS = {"J": ("sota", SOTA), "Q": ("caballo", CABALLO), "K": ("rey", REY)}
FIGURE_AT = (18, 16)  # where the 64×110 figure box sits on the card


def spanish_court_emblem(rank: str, suit: str) -> str:
    """The emblem held by the figure, in card coordinates."""
    fx, fy = FIGURE_AT
    hand = {"J": (52, 56), "Q": (51, 23), "K": (51, 58)}[rank]
    hx, hy = fx + hand[0], fy + hand[1]
    if suit in "DH":
        size = 17 if rank == "Q" else 20
        return emblem(suit, hx + (1 if rank == "Q" else 0), hy - size / 2 - 2, size)
    # a sword or baton gripped near its foot: its grip sits at about 85% of its length
    length = 38 if rank == "Q" else 62
    angle = 20 if rank == "Q" else 0
    offset = length * 0.35
    cx = hx + offset * math.sin(math.radians(angle))
    cy = hy - offset * math.cos(math.radians(angle))
    return emblem(suit, cx, cy, length, angle)


# --------------------------------------------------------------------------- Spanish pack

SPANISH_INDEX = {"A": "1", "J": "10", "Q": "11", "K": "12"}
PINTA_GAPS = {"D": 0, "H": 1, "S": 2, "C": 3}  # breaks in the frame line tell the suit


def pinta(suit: str) -> str:
    """The frame line of a Spanish card, broken once for copas, twice for espadas, three times
    for bastos and whole for oros."""
    gaps = PINTA_GAPS[suit]
    left, right, top, bottom, width = 5, 95, 5, 135, 6
    xs = [left + (right - left) * (i + 1) / (gaps + 1) for i in range(gaps)]
    edges = []
    for y in (top, bottom):
        start = left
        for x in xs:
            edges.append(f"M{num(start)} {y}H{num(x - width / 2)}")
            start = x + width / 2
        edges.append(f"M{num(start)} {y}H{right}")
    edges.append(f"M{left} {top}V{bottom}M{right} {top}V{bottom}")
    return f'<path d="{"".join(edges)}" fill="none" stroke="#555" stroke-width=".9"/>'


def spanish_card(code: str) -> str:
    rank, suit = code[0], code[1]
    colour = var(SPANISH_COLOURS[suit])
    label = SPANISH_INDEX.get(rank, rank)
    fit = ' textLength="15" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    corner = f'<text x="14" y="21"{fit}>{label}</text>'
    body = pinta(suit) + index_group(corner + half_turn(corner), 16)
    if rank in SPANISH_COURTS:
        name = SPANISH_COURTS[rank][0]
        body += use(name, FIGURE_AT[0], FIGURE_AT[1], 64, 110) + spanish_court_emblem(rank, suit)
    else:
        body += spanish_pips(rank, suit)
    return card_outline() + f'<g style="fill:{colour}">{body}</g>'


def spanish_back() -> str:
    medallion = (
        f'<g fill="{GOLD}">'
        + emblem("D", 40, 58, 15)
        + emblem("H", 60, 58, 15)
        + emblem("S", 41, 83, 26)
        + emblem("C", 59, 83, 26)
        + "</g>"
    )
    return back(var(BACK_COLOURS["spanish"]), medallion)


def spanish_sprite() -> str:
    parts = [symbol(f"e{s}", EMBLEMS[s][0], EMBLEMS[s][2]()) for s in SUITS]
    parts += [symbol(name, "0 0 64 110", art) for name, art in SPANISH_COURTS.values()]
    for s in SUITS:
        for r in SPANISH_RANKS:
            parts.append(symbol(r + s, "0 0 100 140", spanish_card(r + s)))
    parts.append(symbol("back", "0 0 100 140", spanish_back()))
    return sprite(parts)


# --------------------------------------------------------------------------- files

FILES = {"french.svg": french_sprite, "spanish.svg": spanish_sprite}


def build(out_dir) -> list[Path]:
    """Write french.svg and spanish.svg into `out_dir`; returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in FILES.items():
        path = out / name
        path.write_text(make(), encoding="utf-8", newline="\n")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover
    import sys

    for p in build(sys.argv[1] if len(sys.argv) > 1 else "static/cards"):
        print(p, p.stat().st_size)
