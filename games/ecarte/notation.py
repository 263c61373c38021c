"""Écarté positions as one line of text, and back.

    ecarte o=t5.d0.v1.m1.r0 seed=42 n=1 d=0 sc=0,0 ph=propose tu=9H h0=KSQS8H7CAD h1=... st=...
      x0=- x1=- tr=- ld=1 tk=0,0 w0=- w1=- vu=- fd=1 ex=- pl=00 an=00 rv=00 ev=- hist=-

o: options (target, dealer minimum, vulnerability, must trump, revoke); seed: the match seed (? in a
view); n: deal number; d: dealer; sc: scores; ph: phase; tu: turned card; h0/h1: hands; st: stock,
top first; x0/x1: discards; tr: the trick in progress; ld: leader; tk: tricks won; w0/w1: cards
won; vu: vulnerable seat; fd: first decision pending; ex: who discards; pl/an/rv: per seat, has
played / announced the king / revoked; ev: scores of this deal; hist: finished deals.
"""

import re

from games.engine.notation import cards_text, fields_text, parse_cards, parse_fields, parse_int, parse_ints
from games.engine.rules import NotationError

from .state import PHASES, DealResult, EcarteOptions, EcarteState, Score

FIELDS = ("o", "seed", "n", "d", "sc", "ph", "tu", "h0", "h1", "st", "x0", "x1", "tr", "ld", "tk",
          "w0", "w1", "vu", "fd", "ex", "pl", "an", "rv", "ev", "hist")

SEED = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
RULE_LETTERS = {
    "ecarte.deal.turned-king": "T", "ecarte.king.announce": "K", "ecarte.score.point": "P",
    "ecarte.score.vole": "V", "ecarte.score.vulnerable": "U", "ecarte.score.revoke": "R",
}
LETTER_RULES = {v: k for k, v in RULE_LETTERS.items()}


def check_seed(seed: str) -> str:
    if not SEED.match(seed):
        raise ValueError("a seed is 1–64 letters, digits, '-' or '_'")
    return seed


def _seat(value):
    return "-" if value is None else str(value)


def _flags(pair):
    return "".join("1" if v else "0" for v in pair)


def _scores_text(scores):
    if not scores:
        return "-"
    return "+".join(f"{s.seat}{RULE_LETTERS[s.rule]}{s.points}" for s in scores)


def _deal_text(r: DealResult):
    return ":".join([str(r.deal), str(r.dealer), f"{r.tricks[0]}-{r.tricks[1]}", _seat(r.vulnerable),
                     "1" if r.finished else "0", _scores_text(r.scores)])


def to_text(state: EcarteState) -> str:
    o = state.options
    fields = {
        "o": f"t{o.target}.d{o.dealer_min_exchange}.v{int(o.vulnerability)}.m{int(o.must_trump)}.r{int(o.allow_revoke)}",
        "seed": state.seed if state.seed is not None else "?",
        "n": state.deal, "d": state.dealer, "sc": f"{state.scores[0]},{state.scores[1]}", "ph": state.phase,
        "tu": state.turnup,
        "h0": cards_text(state.hands[0]), "h1": cards_text(state.hands[1]), "st": cards_text(state.stock),
        "x0": cards_text(state.discards[0]), "x1": cards_text(state.discards[1]),
        "tr": cards_text(state.trick), "ld": state.leader, "tk": f"{state.tricks[0]},{state.tricks[1]}",
        "w0": cards_text(state.won[0]), "w1": cards_text(state.won[1]),
        "vu": _seat(state.vulnerable), "fd": int(state.first_decision), "ex": _seat(state.exchanging),
        "pl": _flags(state.played), "an": _flags(state.announced), "rv": _flags(state.revoked),
        "ev": _scores_text(state.events),
        "hist": "/".join(_deal_text(r) for r in state.history) or "-",
    }
    return fields_text("ecarte", fields)


def _parse_options(text):
    m = re.fullmatch(r"t(\d+)\.d([01])\.v([01])\.m([01])\.r([01])", text)
    if not m:
        raise NotationError(f"bad options {text!r}")
    try:
        return EcarteOptions(int(m[1]), int(m[2]), m[3] == "1", m[4] == "1", m[5] == "1")
    except ValueError as e:
        raise NotationError(str(e)) from None


def _parse_seat(text, what):
    return None if text == "-" else parse_int(text, what, 0, 1)


def _parse_flags(text, what):
    if not re.fullmatch(r"[01]{2}", text):
        raise NotationError(f"{what} must be two 0/1 flags")
    return (text[0] == "1", text[1] == "1")


def _parse_scores(text):
    if text == "-":
        return ()
    out = []
    for token in text.split("+"):
        m = re.fullmatch(r"([01])([A-Z])(\d)", token)
        if not m or m[2] not in LETTER_RULES:
            raise NotationError(f"bad score {token!r}")
        out.append(Score(int(m[1]), int(m[3]), LETTER_RULES[m[2]]))
    return tuple(out)


def _parse_deal(text):
    parts = text.split(":")
    if len(parts) != 6:
        raise NotationError(f"bad deal record {text!r}")
    tricks = tuple(parse_int(t, "tricks", 0, 5) for t in parts[2].split("-"))
    if len(tricks) != 2:
        raise NotationError(f"bad tricks {parts[2]!r}")
    return DealResult(deal=parse_int(parts[0], "deal", 1), scores=_parse_scores(parts[5]), finished=parts[4] == "1",
                      dealer=parse_int(parts[1], "dealer", 0, 1), tricks=tricks,
                      vulnerable=_parse_seat(parts[3], "vulnerable"))


def from_text(text: str) -> EcarteState:
    f = parse_fields(text, "ecarte", FIELDS)
    if f["ph"] not in PHASES:
        raise NotationError(f"unknown phase {f['ph']!r}")
    turnup = parse_cards(f["tu"])
    if len(turnup) != 1 or turnup[0] is None:
        raise NotationError("the turned card must be one known card")
    seed = None if f["seed"] == "?" else f["seed"]
    if seed is not None and not SEED.match(seed):
        raise NotationError("bad seed")
    state = EcarteState(
        options=_parse_options(f["o"]), seed=seed, deal=parse_int(f["n"], "deal", 1),
        dealer=parse_int(f["d"], "dealer", 0, 1), scores=parse_ints(f["sc"], "scores", 2), phase=f["ph"],
        turnup=turnup[0], hands=(parse_cards(f["h0"]), parse_cards(f["h1"])), stock=parse_cards(f["st"]),
        discards=(parse_cards(f["x0"]), parse_cards(f["x1"])), trick=parse_cards(f["tr"]),
        leader=parse_int(f["ld"], "leader", 0, 1), tricks=parse_ints(f["tk"], "tricks", 2),
        won=(parse_cards(f["w0"]), parse_cards(f["w1"])), vulnerable=_parse_seat(f["vu"], "vulnerable"),
        first_decision=f["fd"] == "1", exchanging=_parse_seat(f["ex"], "exchanging"),
        played=_parse_flags(f["pl"], "played"), announced=_parse_flags(f["an"], "announced"),
        revoked=_parse_flags(f["rv"], "revoked"), events=_parse_scores(f["ev"]),
        history=tuple(_parse_deal(d) for d in f["hist"].split("/")) if f["hist"] != "-" else (),
    )
    _validate(state)
    return state


def _validate(state: EcarteState):
    """Refuse positions that no deal could reach in shape: wrong counts or repeated cards."""
    if len(state.trick) > 1:
        raise NotationError("a trick in progress holds at most one card")
    if any(len(h) > 5 for h in state.hands):
        raise NotationError("a hand holds at most five cards")
    if state.phase == "discard" and state.exchanging is None:
        raise NotationError("the discard phase needs ex= (who discards)")
    known = [c for cards in (state.hands[0], state.hands[1], state.stock, state.discards[0],
                             state.discards[1], state.trick, state.won[0], state.won[1], (state.turnup,))
             for c in cards if c is not None]
    if len(known) != len(set(known)):
        raise NotationError("a card appears twice")
    total = sum(len(z) for z in (state.hands[0], state.hands[1], state.stock, state.discards[0],
                                 state.discards[1], state.trick, state.won[0], state.won[1])) + 1
    if total != 32:
        raise NotationError(f"the position holds {total} cards, not 32")
    if any(c[1] not in "SHDC" or c[0] not in "789TJQKA" for c in known):
        raise NotationError("Écarté uses the 32-card pack (7 to ace)")
