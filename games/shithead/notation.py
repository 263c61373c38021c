"""Shithead positions as one line of text, and back.

    shithead o=d1.fs.r0.j0.l0.x1 seed=42 p=3 n=1 d=0 ph=play rd=111 t=1 dir=+ h0=... u0=... f0=...
      h1=... u1=... f1=... h2=... u2=... f2=... pile=... bn=... st=... out=- ls=- fp=1

o: options (deals, first player from swap/deal, reverse per joker, jokers see-through for four,
loser deals, jokers with six); seed (? in a view); p: players; n: deal number; d: dealer; ph:
phase; rd: per seat, done swapping; t: seat to play (- outside play); dir: + clockwise, -
reversed; hN/uN/fN: hand, face-up and face-down cards of seat N; pile: bottom first; bn: burned
cards; st: stock, top first; out: seats out, in order; ls: the shithead of each finished deal; fp:
the first player of this deal (- until known).
"""

import re

from games.engine.cards import french_pack
from games.engine.notation import cards_text, fields_text, parse_cards, parse_fields, parse_int
from games.engine.rules import NotationError

from .state import PHASES, ShitheadOptions, ShitheadState

SEED = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
BASE = ("o", "seed", "p", "n", "d", "ph", "rd", "t", "dir")
TAIL = ("pile", "bn", "st", "out", "ls", "fp")


def check_seed(seed):
    if not SEED.match(seed):
        raise ValueError("a seed is 1–64 letters, digits, '-' or '_'")
    return seed


def fields_for(players):
    return BASE + tuple(f"{k}{i}" for i in range(players) for k in ("h", "u", "f")) + TAIL


def _seats(seq):
    return "".join(str(s) for s in seq) or "-"


def options_text(o):
    return (f"d{o.deals}.f{'s' if o.first_player == 'swap' else 'd'}.r{int(o.reverse_per_joker)}"
            f".j{int(o.jokers_see_through_for_four)}.l{int(o.loser_deals)}.x{int(o.jokers_with_six)}")


def to_text(state):
    fields = {
        "o": options_text(state.options), "seed": state.seed if state.seed is not None else "?",
        "p": state.players, "n": state.deal, "d": state.dealer, "ph": state.phase,
        "rd": "".join("1" if r else "0" for r in state.ready),
        "t": "-" if state.turn is None else state.turn, "dir": "+" if state.direction == 1 else "-",
    }
    for i in range(state.players):
        fields[f"h{i}"] = cards_text(state.hands[i])
        fields[f"u{i}"] = cards_text(state.up[i])
        fields[f"f{i}"] = cards_text(state.down[i])
    fields.update({
        "pile": cards_text(state.pile), "bn": cards_text(state.burned), "st": cards_text(state.stock),
        "out": _seats(state.out), "ls": _seats(state.losers), "fp": "-" if state.first is None else state.first,
    })
    return fields_text("shithead", fields)


def _options(text):
    m = re.fullmatch(r"d(\d)\.f([sd])\.r([01])\.j([01])\.l([01])\.x([01])", text)
    if not m:
        raise NotationError(f"bad options {text!r}")
    try:
        return ShitheadOptions(int(m[1]), "swap" if m[2] == "s" else "deal", m[3] == "1", m[4] == "1",
                               m[5] == "1", m[6] == "1")
    except ValueError as err:
        raise NotationError(str(err)) from None


def _seat_list(text, players, what):
    if text == "-":
        return ()
    if not text.isdigit() or any(int(c) >= players for c in text):
        raise NotationError(f"bad {what}: {text[:20]!r}")
    return tuple(int(c) for c in text)


def from_text(text):
    head = text.split() if isinstance(text, str) else []
    p_field = next((part[2:] for part in head if part.startswith("p=")), None)
    if p_field is None:
        raise NotationError("missing field(s): p")
    players = parse_int(p_field, "players", 2, 6)
    f = parse_fields(text, "shithead", fields_for(players))
    options = _options(f["o"])
    seed = None if f["seed"] == "?" else f["seed"]
    if seed is not None and not SEED.match(seed):
        raise NotationError("bad seed")
    phase = f["ph"]
    if phase not in PHASES:
        raise NotationError(f"bad phase {phase!r}")
    ready = f["rd"]
    if len(ready) != players or set(ready) - {"0", "1"}:
        raise NotationError("bad ready flags")
    turn = None if f["t"] == "-" else parse_int(f["t"], "turn", 0, players - 1)
    if f["dir"] not in "+-" or len(f["dir"]) != 1:
        raise NotationError("bad direction")
    state = ShitheadState(
        options=options, seed=seed, players=players, deal=parse_int(f["n"], "deal", 1, 5),
        dealer=parse_int(f["d"], "dealer", 0, players - 1), phase=phase,
        ready=tuple(c == "1" for c in ready), turn=turn, direction=1 if f["dir"] == "+" else -1,
        hands=tuple(parse_cards(f[f"h{i}"]) for i in range(players)),
        up=tuple(parse_cards(f[f"u{i}"]) for i in range(players)),
        down=tuple(parse_cards(f[f"f{i}"]) for i in range(players)),
        pile=parse_cards(f["pile"]), burned=parse_cards(f["bn"]), stock=parse_cards(f["st"]),
        out=_seat_list(f["out"], players, "finishing order"), losers=_seat_list(f["ls"], players, "losers"),
        first=None if f["fp"] == "-" else parse_int(f["fp"], "first player", 0, players - 1),
    )
    _validate(state)
    return state


def pack_for(players, options):
    return french_pack(2 if players == 6 and options.jokers_with_six else 0)


def _validate(state):
    cards = [c for zone in (*state.hands, *state.up, *state.down, state.pile, state.burned, state.stock)
             for c in zone]
    known = [c for c in cards if c is not None]
    if len(known) != len(set(known)):
        raise NotationError("a card appears twice")
    pack = pack_for(state.players, state.options)
    if len(cards) != len(pack) or not set(known) <= set(pack):
        raise NotationError("the cards do not make up the pack")
    if len(set(state.out)) != len(state.out):
        raise NotationError("a seat is out twice")
    if state.phase == "play" and (state.turn is None or state.turn in state.out):
        raise NotationError("the play phase needs a seat to play that is not out")
    if len(state.losers) > state.options.deals:
        raise NotationError("more deals finished than the match has")
