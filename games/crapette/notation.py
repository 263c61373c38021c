"""Crapette positions as one line of text, and back.

    crapette o=sh.r13.pe.n0.w0.t300 seed=7 n=1 ph=play p=0 fp=0 sc=0,0 mv=0 tc=0,0 cy=00 rep=1a2b3c4d5e6f
      last=- ft=- owe=- rec=- r0=<down>/<up> r1=... t0=... t1=... w0=- w1=- h0=- h1=-
      hs=<house 1>,...,<house 8> fd=<foundation 1 top>,...,<foundation 8 top>

Every pile is written bottom first, so its last card is its top (a talon's last card is the next
one turned). Cards are run together (``7S8H``), ``-`` is an empty pile and ``?`` a card the viewer
cannot see.

Required fields:
  o      options: s(tart) h|l, r(eserve) 13|12|11, p (stop mode) e(nforced)|c(allable),
         n (hand card must move next) 0|1, w (own waste top available) 0|1, t(arget) points
  p      the seat whose turn it is
  r0 r1  reserves: face-down cards, a slash, then the face-up cards (its top, and cards loaded on
         it); without a slash every card is face up; ``-`` when empty
  t0 t1  talons (face down); w0 w1 wastes; h0 h1 the exposed hand card (``-`` for none)
  hs     the eight houses, comma separated: house.1-4 are seat 0's column (house.1 next to his
         reserve), house.5-8 seat 1's (house.5 next to his reserve); all are common property
  fd     the eight foundations, each written as its top card (it holds the ace up to that card)
Optional fields (their default in brackets), written out in full by to_text:
  seed   the match seed, ``?`` in a view [?]
  n      deal number [1];  ph  phase: play, end (deal decided), over (match decided) [play]
  fp     who started this deal [p];  sc  match totals [0,0]
  mv     actions taken in this deal (the safety cap counts them) [0]
  tc     per seat, talon cards turned since the last meaningful move [0,0]
  cy     per seat, 1 once he has gone through his whole talon and waste since then [00]
  rep    repetition keys of the positions at the start of each turn since the last foundation
         move; ``?`` in a view (they fingerprint hidden cards) [-]
  last   the last action: <seat>/<action> [-]
  ft     the last move that skipped an obligation: <seat>/<duty>/<flags>/<action>, the flags
         being o (Stop may still be called), f (it turned a reserve card up), r (it turned the
         waste over), e (it ended the turn), or - in each place [-]
  owe    after a right Stop, the obligation whose move the offender now owes [-]
  rec    finished deals, comma separated: <end>/<winner>/<scorer>/<points>/<reserve 0>.<reserve 1>
         /<talon 0>.<talon 1>/<waste 0>.<waste 1>/<first> [-]

A position written by hand needs only the required fields, and any counts that hold the two packs
exactly: every card code twice.
"""

import re
from collections import Counter

from games.engine.actions import Action
from games.engine.cards import double_pack
from games.engine.notation import cards_text, parse_cards, parse_int
from games.engine.results import Score
from games.engine.rules import NotationError

from .rules import DUTY_IDS, DUTY_NAMES, foundation_pile
from .state import PHASES, CrapetteDeal, CrapetteOptions, CrapetteState, Fault

SEED = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
REQUIRED = ("o", "p", "r0", "r1", "t0", "t1", "w0", "w1", "h0", "h1", "hs", "fd")
OPTIONAL = ("seed", "n", "ph", "fp", "sc", "mv", "tc", "cy", "rep", "last", "ft", "owe", "rec")
ORDER = ("o", "seed", "n", "ph", "p", "fp", "sc", "mv", "tc", "cy", "rep", "last", "ft", "owe", "rec",
         "r0", "r1", "t0", "t1", "w0", "w1", "h0", "h1", "hs", "fd")
ENDS = ("win", "blocked", "repetition", "cap")
PACK = Counter(double_pack())


def check_seed(seed):
    if not SEED.match(seed):
        raise ValueError("a seed is 1–64 letters, digits, '-' or '_'")
    return seed


def options_text(o):
    return (f"s{o.start_rule[0]}.r{o.reserve_size}.p{o.stop_mode[0]}.n{int(o.hand_card_must_move_next)}"
            f".w{int(o.own_waste_top_available)}.t{o.target}")


def _options(text):
    m = re.fullmatch(r"s([hl])\.r(\d\d)\.p([ec])\.n([01])\.w([01])\.t(\d{1,4})", text)
    if not m:
        raise NotationError(f"bad options {text[:40]!r}")
    try:
        return CrapetteOptions("higher" if m[1] == "h" else "lower", int(m[2]),
                               "enforced" if m[3] == "e" else "callable", m[4] == "1", m[5] == "1", int(m[6]))
    except ValueError as err:
        raise NotationError(str(err)) from None


def _seat(v):
    return "-" if v is None else str(v)


def _cards(cards):
    # The engine's cards_text, faster on the common case of a pile with no hidden card.
    if not cards:
        return "-"
    if None in cards:
        return cards_text(cards)
    return "".join(cards)


def _reserve_text(cards, down):
    if not cards:
        return "-"
    if not down:
        return _cards(cards)
    return _cards(cards[:down]) + "/" + _cards(cards[down:])


def _record_text(r):
    return "/".join([r.end, _seat(r.winner), _seat(r.scorer), str(r.scored), f"{r.reserve[0]}.{r.reserve[1]}",
                     f"{r.talon[0]}.{r.talon[1]}", f"{r.waste[0]}.{r.waste[1]}", str(r.first)])


def _fault_text(f):
    flags = "".join(letter if on else "-" for letter, on in
                    (("o", f.open), ("f", f.flipped), ("r", f.recycled), ("e", f.ended)))
    return f"{f.seat}/{DUTY_NAMES[f.duty]}/{flags}/{f.action}"


_OPTIONS_TEXT = {}


def to_text(state):
    o = state.options
    options = _OPTIONS_TEXT.get(o)
    if options is None:
        options = _OPTIONS_TEXT[o] = options_text(o)
    r, t, w, h = state.reserves, state.talons, state.wastes, state.hands
    parts = [
        "crapette", f"o={options}", f"seed={state.seed if state.seed is not None else '?'}", f"n={state.deal}",
        f"ph={state.phase}", f"p={state.turn}", f"fp={state.first}", f"sc={state.scores[0]},{state.scores[1]}",
        f"mv={state.moves}", f"tc={state.turned[0]},{state.turned[1]}",
        f"cy={'1' if state.cycled[0] else '0'}{'1' if state.cycled[1] else '0'}",
        "rep=" + ("?" if state.seen is None else (",".join(state.seen) or "-")),
        "last=" + ("-" if state.last is None else f"{state.last[0]}/{state.last[1]}"),
        "ft=" + ("-" if state.fault is None else _fault_text(state.fault)),
        "owe=" + ("-" if state.owed is None else DUTY_NAMES[state.owed]),
        "rec=" + (",".join(_record_text(x) for x in state.records) or "-"),
        f"r0={_reserve_text(r[0], state.down[0])}", f"r1={_reserve_text(r[1], state.down[1])}",
        f"t0={_cards(t[0])}", f"t1={_cards(t[1])}", f"w0={_cards(w[0])}", f"w1={_cards(w[1])}",
        f"h0={_cards(h[0])}", f"h1={_cards(h[1])}",
        "hs=" + ",".join([_cards(x) for x in state.houses]),
        "fd=" + ",".join([x[-1] if x else "-" for x in state.foundations]),
    ]
    return " ".join(parts)


# --- reading ------------------------------------------------------------------------------------
def _fields(text):
    if not isinstance(text, str):
        raise NotationError("a position is text")
    parts = text.split()
    if not parts or parts[0] != "crapette":
        raise NotationError("a crapette position starts with 'crapette'")
    out = {}
    for part in parts[1:]:
        key, eq, value = part.partition("=")
        if not eq or not key or not value:
            raise NotationError(f"not a key=value field: {part[:30]!r}")
        if key not in REQUIRED and key not in OPTIONAL:
            raise NotationError(f"unknown field {key[:20]!r}")
        if key in out:
            raise NotationError(f"field {key} given twice")
        out[key] = value
    missing = [k for k in REQUIRED if k not in out]
    if missing:
        raise NotationError(f"missing field(s): {', '.join(missing)}")
    return out


def _pair(text, what, lo=0, hi=None):
    parts = text.split(",")
    if len(parts) != 2:
        raise NotationError(f"{what} needs two numbers")
    return tuple(parse_int(v, what, lo, hi) for v in parts)


def _reserve(text):
    if text == "-":
        return (), 0
    if "/" in text:
        down_text, _, up_text = text.partition("/")
        down = parse_cards(down_text) if down_text else ()
        up = parse_cards(up_text)
        if not up:
            raise NotationError("a reserve's top card lies face up")
        if any(c is None for c in up):
            raise NotationError("face-up reserve cards are seen by all")
        return down + up, len(down)
    cards = parse_cards(text)
    if any(c is None for c in cards):
        raise NotationError("face-up reserve cards are seen by all")
    return cards, 0


def _seen_cards(text, what):
    cards = parse_cards(text)
    if any(c is None for c in cards):
        raise NotationError(f"{what} is seen by all: no ? there")
    return cards


def _record(text, deal):
    parts = text.split("/")
    if len(parts) != 8 or parts[0] not in ENDS:
        raise NotationError(f"bad deal record {text[:40]!r}")
    end = parts[0]
    winner = None if parts[1] == "-" else parse_int(parts[1], "winner", 0, 1)
    scorer = None if parts[2] == "-" else parse_int(parts[2], "scorer", 0, 1)
    scored = parse_int(parts[3], "points", 0)
    reserve, talon, waste = (tuple(parse_int(v, "count", 0, 104) for v in p.split(".")) for p in parts[4:7])
    if not len(reserve) == len(talon) == len(waste) == 2:
        raise NotationError("a deal record counts two seats")
    first = parse_int(parts[7], "first player", 0, 1)
    counts = tuple(talon[s] + waste[s] + 2 * reserve[s] for s in (0, 1))
    if end == "win":
        if winner is None or scorer != winner:
            raise NotationError("a won deal is scored by its winner")
        events = (Score(winner, 30, "crapette.score.win"), Score(winner, counts[1 - winner], "crapette.score.count"))
    else:
        if winner is not None:
            raise NotationError("only a won deal has a winner")
        events = (Score(scorer, scored, "crapette.score.blocked"),) if scorer is not None else ()
    if sum(e.points for e in events) != scored:
        raise NotationError("a deal record's points do not match its counts")
    return CrapetteDeal(deal=deal, scores=events, finished=True, end=end, blocked=end != "win", winner=winner,
                        scorer=scorer, scored=scored, reserve=reserve, talon=talon, waste=waste, counts=counts,
                        first=first)


def _fault(text):
    parts = text.split("/", 3)
    if len(parts) != 4 or parts[1] not in DUTY_IDS or not re.fullmatch(r"[o-][f-][r-][e-]", parts[2]):
        raise NotationError(f"bad fault {text[:40]!r}")
    flags = parts[2]
    return Fault(parse_int(parts[0], "seat", 0, 1), Action.parse(parts[3]), DUTY_IDS[parts[1]],
                 flags[0] == "o", flags[1] == "f", flags[2] == "r", flags[3] == "e")


def from_text(text):
    f = _fields(text)
    options = _options(f["o"])
    seed = f.get("seed", "?")
    seed = None if seed == "?" else seed
    if seed is not None and not SEED.match(seed):
        raise NotationError("bad seed")
    turn = parse_int(f["p"], "seat to play", 0, 1)
    phase = f.get("ph", "play")
    if phase not in PHASES:
        raise NotationError(f"bad phase {phase[:20]!r}")
    reserves, down = zip(*(_reserve(f[f"r{s}"]) for s in (0, 1)))
    talons = tuple(parse_cards(f[f"t{s}"]) for s in (0, 1))
    wastes = tuple(_seen_cards(f[f"w{s}"], "a waste") for s in (0, 1))
    hands = tuple(_seen_cards(f[f"h{s}"], "the hand card") for s in (0, 1))
    if any(len(h) > 1 for h in hands):
        raise NotationError("a hand holds at most one exposed card")
    if hands[1 - turn] or (hands[turn] and phase == "over"):
        raise NotationError("only the player whose turn it is has a hand card exposed")
    houses = tuple(_seen_cards(h, "a house") for h in f["hs"].split(","))
    if len(houses) != 8:
        raise NotationError("there are eight houses")
    tops = f["fd"].split(",")
    if len(tops) != 8:
        raise NotationError("there are eight foundations")
    foundations = []
    for top in tops:
        if top == "-":
            foundations.append(())
            continue
        cards = parse_cards(top)
        if len(cards) != 1 or cards[0] is None:
            raise NotationError("a foundation is written as its top card")
        foundations.append(foundation_pile(cards[0]))
    records = () if f.get("rec", "-") == "-" else tuple(
        _record(r, i + 1) for i, r in enumerate(f["rec"].split(",")))
    fault = None if f.get("ft", "-") == "-" else _fault(f["ft"])
    owed = f.get("owe", "-")
    if owed != "-" and owed not in DUTY_IDS:
        raise NotationError(f"bad obligation {owed[:20]!r}")
    last = None
    if f.get("last", "-") != "-":
        seat_text, slash, action = f["last"].partition("/")
        if not slash:
            raise NotationError("last is <seat>/<action>")
        last = (parse_int(seat_text, "seat", 0, 1), Action.parse(action))
    rep = f.get("rep", "-")
    if rep == "?":
        seen = None
    elif rep == "-":
        seen = ()
    else:
        seen = tuple(rep.split(","))
        if not all(re.fullmatch(r"[0-9a-f]{12}", k) for k in seen):
            raise NotationError("bad repetition keys")
    cycled = f.get("cy", "00")
    if len(cycled) != 2 or set(cycled) - {"0", "1"}:
        raise NotationError("bad cycle flags")
    state = CrapetteState(
        options=options, seed=seed, deal=parse_int(f.get("n", "1"), "deal", 1), phase=phase, turn=turn,
        first=parse_int(f.get("fp", str(turn)), "first player", 0, 1),
        scores=_pair(f.get("sc", "0,0"), "scores"), records=records,
        reserves=tuple(reserves), down=tuple(down), talons=talons, wastes=wastes, hands=hands, houses=houses,
        foundations=tuple(foundations), moves=parse_int(f.get("mv", "0"), "moves", 0),
        turned=_pair(f.get("tc", "0,0"), "turned cards"), cycled=tuple(c == "1" for c in cycled), seen=seen,
        last=last, fault=fault, owed=None if owed == "-" else DUTY_IDS[owed],
    )
    _validate(state)
    return state


def _validate(state):
    zones = [*state.reserves, *state.talons, *state.wastes, *state.hands, *state.houses, *state.foundations]
    cards = [c for zone in zones for c in zone]
    if len(cards) != 104:
        raise NotationError(f"the position holds {len(cards)} cards, not the 104 of two packs")
    known = Counter(c for c in cards if c is not None)
    extra = [c for c, n in known.items() if n > PACK[c]]
    if extra:
        raise NotationError(f"{extra[0]} appears {known[extra[0]]} times; two packs hold each card twice")
    if state.phase == "play" and state.owed is not None and state.fault is not None:
        raise NotationError("an owed move leaves no Stop to call")

