"""Klaberjass positions as one line of text, and back.

    klaberjass o=t500.s0.x0.l0.m0.a1 seed=7 cut=9SKD n=1 d=0 sc=0,0 ph=bid1 to=1 pr=JH bt=-
      h0=ASKSQS9H8D7C h1=... st=... tp=- mk=- tr=- ld=1 w0=- w1=- dx=- dl=- sw=- ms=- be=- hist=-

o: options: t target (500/501), s schmeiss, x dix until the first card, l longer sequence wins,
   m sequences need a trick, a declarations automatic (each 0/1)
seed: the match seed (? in a view); cut: the cards seats 0 and 1 cut for the first deal
n: deal number; d: dealer; sc: match scores
ph: phase (bid1 schmeiss bid2 dix declare play end over); to: who speaks in the bidding, the dix
   window and the declarations (- otherwise; in the schmeiss phase, who answers it)
pr: the card turned crosswise under the stock (its suit was proposed as trumps; the seven of
   trumps after a dix); bt: the stock's bottom card turned face up after the second round (- before)
h0/h1: hands; st: the face-down stock, top first (? for each hidden card)
tp: trumps (S H D C, - before the bidding ends); mk: the maker
tr: the card led to the trick in progress; ld: who leads it; w0/w1: cards of the tricks each took,
   in pairs, the card led first
dx: the dix: - or seat:card taken (:late when made after the declarations)
dl: the declaration dialogue, seat:word pairs (words: none 20 50 len-5 top-A trumps plain, and the
   answers good not-good equal)
sw: whose sequences score: - not compared yet, n nobody, or the seat; ms: his sequences, shown
be: who announced bella
hist: finished deals, / between them: deal:dealer:result:maker:trumps:cards:last:sequences:
   sequence points:bella:totals:events, where result is a (annulled) m (made) t (tie) b (bête) and
   events are seat+letter+points joined by +, the letters c cards, l last trick, s sequences,
   b bella, t tie, x bête, r sequences lost for want of a trick

Hidden cards print as ?, an empty list as -. Every full position and every view round-trips.
"""

import re

from games.engine.cards import piquet_pack
from games.engine.notation import cards_text, fields_text, parse_cards, parse_fields, parse_int, parse_ints
from games.engine.results import Score
from games.engine.rules import NotationError

from .rules import REPLIES, SUITS
from .state import PHASES, KlaberjassDeal, KlaberjassOptions, KlaberjassState

FIELDS = ("o", "seed", "cut", "n", "d", "sc", "ph", "to", "pr", "bt", "h0", "h1", "st", "tp", "mk", "tr", "ld",
          "w0", "w1", "dx", "dl", "sw", "ms", "be", "hist")

SEED = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
PACK = frozenset(piquet_pack())
RULE_LETTERS = {
    "klaberjass.score.card-points": "c", "klaberjass.score.last-trick": "l", "klaberjass.sequence.score": "s",
    "klaberjass.bella.announce": "b", "klaberjass.score.tie": "t", "klaberjass.score.bete": "x",
    "klaberjass.sequence.require-trick": "r",
}
LETTER_RULES = {v: k for k, v in RULE_LETTERS.items()}
RESULTS = {"a": "annulled", "m": "made", "t": "tie", "b": "bete"}
WORD = re.compile(r"^(none|20|50|len-[3-8]|top-[AKQJT9]|trumps|plain|good|not-good|equal)$")
OPTIONS = re.compile(r"^t(500|501)\.s([01])\.x([01])\.l([01])\.m([01])\.a([01])$")


def check_seed(seed: str) -> str:
    if not SEED.match(seed):
        raise ValueError("a seed is 1–64 letters, digits, '-' or '_'")
    return seed


def _seat(value):
    return "-" if value is None else str(value)


def _pair(values):
    return f"{values[0]}-{values[1]}"


def options_text(o: KlaberjassOptions) -> str:
    return (f"t{o.target}.s{int(o.schmeiss)}.x{int(o.dix_until_first_card)}.l{int(o.longer_sequence_wins)}"
            f".m{int(o.melds_require_trick)}.a{int(o.auto_declare)}")


def _events_text(scores):
    return "+".join(f"{s.seat}{RULE_LETTERS[s.rule]}{s.points}" for s in scores) or "-"


def _result_letter(r: KlaberjassDeal) -> str:
    if r.annulled:
        return "a"
    return "b" if r.bete else "t" if r.tie else "m"


def deal_text(r: KlaberjassDeal) -> str:
    return ":".join([
        str(r.deal), str(r.dealer), _result_letter(r), _seat(r.maker), r.trumps or "-", _pair(r.card_points),
        _seat(r.last_trick), _seat(r.sequence_winner), _pair(r.sequence_points), _seat(r.bella),
        _pair(r.totals), _events_text(r.scores),
    ])


def to_text(state: KlaberjassState) -> str:
    dx = "-"
    if state.dix is not None:
        dx = f"{state.dix}:{state.taken}" + (":late" if state.dix_late else "")
    sw = "-" if not state.declared else ("n" if state.seq_winner is None else str(state.seq_winner))
    fields = {
        "o": options_text(state.options),
        "seed": state.seed if state.seed is not None else "?",
        "cut": cards_text(state.cut),
        "n": state.deal, "d": state.dealer, "sc": f"{state.scores[0]},{state.scores[1]}", "ph": state.phase,
        "to": _seat(state.to), "pr": state.proposal, "bt": cards_text(state.bottom),
        "h0": cards_text(state.hands[0]), "h1": cards_text(state.hands[1]), "st": cards_text(state.stock),
        "tp": state.trumps or "-", "mk": _seat(state.maker),
        "tr": cards_text(state.trick), "ld": state.leader,
        "w0": cards_text(state.won[0]), "w1": cards_text(state.won[1]),
        "dx": dx,
        "dl": ",".join(f"{seat}:{word}" for seat, word in state.said) or "-",
        "sw": sw,
        "ms": ",".join(cards_text(run) for run in state.melds) or "-",
        "be": _seat(state.bella),
        "hist": "/".join(deal_text(r) for r in state.history) or "-",
    }
    return fields_text("klaberjass", fields)


# --- reading --------------------------------------------------------------------------------------
def _parse_options(text):
    m = OPTIONS.match(text)
    if not m:
        raise NotationError(f"bad options {text!r}")
    return KlaberjassOptions(int(m[1]), *(m[i] == "1" for i in range(2, 7)))


def _parse_seat(text, what):
    return None if text == "-" else parse_int(text, what, 0, 1)


def _parse_suit(text, what):
    if text == "-":
        return None
    if text not in SUITS:
        raise NotationError(f"{what} must be one of S H D C")
    return text


def _known(text, what, count=None):
    cards = parse_cards(text)
    if any(c is None for c in cards):
        raise NotationError(f"{what} cannot hold a hidden card")
    if count is not None and len(cards) != count:
        raise NotationError(f"{what} must hold {count} card(s)")
    return cards


def _parse_pair(text, what):
    parts = text.split("-")
    if len(parts) != 2:
        raise NotationError(f"bad {what} {text!r}")
    return tuple(parse_int(p, what, 0) for p in parts)


def _parse_events(text):
    if text == "-":
        return ()
    out = []
    for token in text.split("+"):
        m = re.fullmatch(r"([01])([a-z])(\d{1,4})", token)
        if not m or m[2] not in LETTER_RULES:
            raise NotationError(f"bad score {token!r}")
        out.append(Score(int(m[1]), int(m[3]), LETTER_RULES[m[2]]))
    return tuple(out)


def parse_deal(text) -> KlaberjassDeal:
    parts = text.split(":")
    if len(parts) != 12 or parts[2] not in RESULTS:
        raise NotationError(f"bad deal record {text[:40]!r}")
    return KlaberjassDeal(
        deal=parse_int(parts[0], "deal", 1), scores=_parse_events(parts[11]), finished=True,
        dealer=parse_int(parts[1], "dealer", 0, 1), annulled=parts[2] == "a",
        maker=_parse_seat(parts[3], "maker"), trumps=_parse_suit(parts[4], "trumps"),
        card_points=_parse_pair(parts[5], "card points"), last_trick=_parse_seat(parts[6], "last trick"),
        sequence_winner=_parse_seat(parts[7], "sequence winner"),
        sequence_points=_parse_pair(parts[8], "sequence points"), bella=_parse_seat(parts[9], "bella"),
        totals=_parse_pair(parts[10], "totals"), tie=parts[2] == "t", bete=parts[2] == "b",
    )


def _parse_dix(text):
    if text == "-":
        return None, None, False
    m = re.fullmatch(r"([01]):([0-9A-Z]{2})(:late)?", text)
    if not m:
        raise NotationError(f"bad dix {text!r}")
    card = _known(m[2], "the card taken", 1)[0]
    return int(m[1]), card, bool(m[3])


def _parse_said(text):
    if text == "-":
        return ()
    out = []
    for token in text.split(","):
        seat, colon, word = token.partition(":")
        if not colon or seat not in ("0", "1") or not WORD.match(word):
            raise NotationError(f"bad declaration {token!r}")
        out.append((int(seat), word))
    return tuple(out)


def _parse_melds(text):
    if text == "-":
        return ()
    return tuple(_known(run, "a sequence") for run in text.split(","))


def from_text(text: str) -> KlaberjassState:
    f = parse_fields(text, "klaberjass", FIELDS)
    if f["ph"] not in PHASES:
        raise NotationError(f"unknown phase {f['ph']!r}")
    seed = None if f["seed"] == "?" else f["seed"]
    if seed is not None and not SEED.match(seed):
        raise NotationError("bad seed")
    dix, taken, late = _parse_dix(f["dx"])
    sw = f["sw"]
    if sw not in ("-", "n", "0", "1"):
        raise NotationError(f"bad sequence winner {sw!r}")
    state = KlaberjassState(
        options=_parse_options(f["o"]), seed=seed, cut=_known(f["cut"], "the cut", 2),
        deal=parse_int(f["n"], "deal", 1), dealer=parse_int(f["d"], "dealer", 0, 1),
        scores=parse_ints(f["sc"], "scores", 2), phase=f["ph"], to=_parse_seat(f["to"], "to"),
        proposal=_known(f["pr"], "the turned card", 1)[0], bottom=_known(f["bt"], "the bottom card"),
        hands=(parse_cards(f["h0"]), parse_cards(f["h1"])), stock=parse_cards(f["st"]),
        trumps=_parse_suit(f["tp"], "trumps"), maker=_parse_seat(f["mk"], "maker"),
        trick=parse_cards(f["tr"]), leader=parse_int(f["ld"], "leader", 0, 1),
        won=(_known(f["w0"], "won cards"), _known(f["w1"], "won cards")),
        dix=dix, taken=taken, dix_late=late, said=_parse_said(f["dl"]),
        declared=sw != "-", seq_winner=int(sw) if sw in ("0", "1") else None,
        melds=_parse_melds(f["ms"]), bella=_parse_seat(f["be"], "bella"),
        history=tuple(parse_deal(d) for d in f["hist"].split("/")) if f["hist"] != "-" else (),
    )
    validate(state)
    return state


def validate(state: KlaberjassState):
    """Refuse positions no deal could reach in shape: wrong counts, repeated or foreign cards, a
    phase without what it needs."""
    zones = (state.hands[0], state.hands[1], state.stock, state.bottom, (state.proposal,), state.trick,
             state.won[0], state.won[1])
    known = [c for cards in zones for c in cards if c is not None]
    if any(c not in PACK for c in known + list(state.cut)):
        raise NotationError("Klaberjass uses the 32-card pack (7 to ace)")
    if len(known) != len(set(known)):
        raise NotationError("a card appears twice")
    total = sum(len(z) for z in zones)
    if total != 32:
        raise NotationError(f"the position holds {total} cards, not 32")
    if state.cut[0][0] == state.cut[1][0]:
        raise NotationError("the cut must give two different ranks")
    if any(len(h) > 9 for h in state.hands):
        raise NotationError("a hand holds at most nine cards")
    if len(state.trick) > 1:
        raise NotationError("a trick in progress holds at most one card")
    if any(len(w) % 2 for w in state.won):
        raise NotationError("tricks taken hold two cards each")
    if len(state.bottom) > 1 or (len(state.stock), len(state.bottom)) not in ((19, 0), (12, 1)):
        raise NotationError("the stock holds 19 cards before the second round, then 12 and the bottom card")
    phase = state.phase
    if phase in ("bid1", "schmeiss", "bid2", "dix", "declare") and state.to is None:
        raise NotationError(f"the {phase} phase needs to= (who speaks)")
    if phase in ("dix", "declare", "play") and (state.trumps is None or state.maker is None):
        raise NotationError(f"the {phase} phase needs trumps and a maker")
    if phase in ("bid1", "schmeiss", "bid2") and (state.trumps is not None or state.bottom):
        raise NotationError("trumps are not fixed during the bidding")
    if phase == "play" and not state.declared:
        raise NotationError("the tricks begin after the declarations (sw=)")
    if state.dix is not None and state.taken is None:
        raise NotationError("a dix names the card taken")
    if state.seq_winner is None and state.melds:
        raise NotationError("sequences are shown only by their winner")
    if any(word in REPLIES for seat, word in state.said if seat != state.dealer):
        raise NotationError("only the dealer answers in the declarations")
