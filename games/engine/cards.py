"""Card codes and packs.

A card is a two-character string: rank (A 2 3 4 5 6 7 8 9 T J Q K) then suit (S H D C), so "TH"
is the ten of hearts. The jokers are "X1" and "X2". A hidden card is None in a state and "?" in
notation.
"""

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKERS = ("X1", "X2")


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    """The suit letter, or "X" for a joker."""
    return card[1] if card[0] != "X" else "X"


def is_joker(card: str) -> bool:
    return card[0] == "X"


def is_card(code: str) -> bool:
    """True for a well-formed card code (any pack)."""
    return isinstance(code, str) and len(code) == 2 and (
        (code[0] in RANKS and code[1] in SUITS) or code in JOKERS
    )


def french_pack(jokers: int = 0) -> tuple[str, ...]:
    """The 52-card pack, suit by suit, plus 0–2 jokers."""
    return tuple(r + s for s in SUITS for r in RANKS) + JOKERS[:jokers]


def piquet_pack() -> tuple[str, ...]:
    """The 32-card pack (7 to ace in each suit): Écarté, Klaberjass."""
    return tuple(r + s for s in SUITS for r in RANKS if r in "789TJQKA")


def spanish_pack() -> tuple[str, ...]:
    """The 40-card Spanish pack as French codes without 8, 9 and 10.

    Shown with Spanish faces: D = oros, H = copas, S = espadas, C = bastos; J = sota,
    Q = caballo, K = rey.
    """
    return tuple(r + s for s in SUITS for r in RANKS if r not in "89T")


def double_pack() -> tuple[str, ...]:
    """Two 52-card packs (Crapette): each code twice."""
    return french_pack() + french_pack()
