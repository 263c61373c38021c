"""Frepe positions as one line of text, and back.

    frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=7 p=6 n=1 d=0 bal=-1,-1,-1,-1,-1,-1 pot=6
      pd=0p1a,1p1a,... ph=declare to=1 st=p????? tc=7S tk=0 h=ASKS3H7D2C/.../... ps=-/... dc=-/...
      sk=????????? tr=- ld=1 dn=- hist=-

o: options: a ante, t dealer takes the turned card (0 before the declarations, 1 at his exchange),
   x any card when unable to overtrump, r the hands laid down go into a new stock, w nobody escapes
   frepe (0 the pot carries, 1 each pays the pot's worth into it), p payout (0 seed, 1 Spanish),
   s the player sitting out antes, d deals in the session (0: each player deals twice)
seed: the match seed (? in a view); p: players; n: deal number; d: dealer
bal: each seat's chips (counted from nothing); pot: the pot's chips
pd: the payments of the deal in progress, each payer payee chips rule-letter (p is the pot)
ph: phase (trump declare dummy exchange play end over); to: who decides outside the tricks (-)
st: one letter per seat: o sits out, ? to say, p plays, x passed, m the dummy
tc: the turned card (its suit is trumps); tk: 1 once the dealer has taken it into his hand
h: hands, seat by seat, / between them; ps: hands laid down by those who passed; dc: each seat's
   face-down discards; sk: the stock, top first
tr: the trick in progress, the lead first; ld: who leads it
dn: the finished tricks of the deal, leader:cards, comma-separated
hist: finished deals, / between them: deal:dealer:out:turned:took:active:dummy:tricks:pot:case:payments
   (active the seats in play, tricks one digit a seat, case n normal, w nobody escaped, a all passed,
   payments as in pd, joined by .)

Hidden cards print as ?, an empty list as -. Every full position and every view round-trips.
"""

import re

from games.engine.cards import spanish_pack
from games.engine.notation import cards_text, fields_text, parse_cards, parse_fields, parse_int, parse_ints
from games.engine.results import POT, Payment
from games.engine.rules import NotationError

from .state import (
    NO_WINNER_RULES,
    PAYOUT_MODELS,
    PHASES,
    STATUSES,
    TRUMP_TIMES,
    FrepeDeal,
    FrepeOptions,
    FrepeState,
)

FIELDS = ("o", "seed", "p", "n", "d", "bal", "pot", "pd", "ph", "to", "st", "tc", "tk", "h", "ps", "dc", "sk", "tr",
          "ld", "dn", "hist")

SEED = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
PACK = frozenset(spanish_pack())
RULE_LETTERS = {
    "frepe.ante.empty-pot": "a", "frepe.ante.dealer": "b", "frepe.settle.pays-winners": "c",
    "frepe.trump.double": "d", "frepe.settle.pot-shared": "e", "frepe.settle.odd-chip": "f",
    "frepe.settle.no-winner": "g", "frepe.spanish.share": "h", "frepe.spanish.frepe": "i",
    "frepe.allpass.sweep": "j", "frepe.allpass.half": "k", "frepe.allpass.frepe": "l",
    "frepe.session.pot-shared": "m",
}
LETTER_RULES = {v: k for k, v in RULE_LETTERS.items()}
CASES = {"n": "normal", "w": "no-winner", "a": "all-pass"}
CASE_LETTERS = {v: k for k, v in CASES.items()}
OPTIONS = re.compile(r"^a([1-9])\.t([01])\.x([01])\.r([01])\.w([01])\.p([01])\.s([01])\.d(\d{1,2})$")
PAYMENT = re.compile(r"^([0-6p])([0-6p])(0|[1-9]\d*)([a-z])$")


def check_seed(seed: str) -> str:
    if not SEED.match(seed):
        raise ValueError("a seed is 1–64 letters, digits, '-' or '_'")
    return seed


def options_text(o: FrepeOptions) -> str:
    return (f"a{o.ante}.t{TRUMP_TIMES.index(o.dealer_takes_trump_at)}.x{int(o.may_discard_if_cannot_overtrump)}"
            f".r{int(o.reshuffle_includes_passed_hands)}.w{NO_WINNER_RULES.index(o.no_winner_rule)}"
            f".p{PAYOUT_MODELS.index(o.payout_model)}.s{int(o.sit_out_antes)}.d{o.rounds}")


def _holder(h) -> str:
    return "p" if h == POT else str(h)


def payment_text(p: Payment) -> str:
    return f"{_holder(p.payer)}{_holder(p.payee)}{p.amount}{RULE_LETTERS[p.rule]}"


def payments_text(payments, sep=",") -> str:
    return sep.join(payment_text(p) for p in payments) or "-"


def _seat(value) -> str:
    return "-" if value is None else str(value)


def deal_text(r: FrepeDeal) -> str:
    return ":".join([
        str(r.deal), str(r.dealer), _seat(r.sitting_out), r.turned, str(int(r.took_trump)),
        "".join(str(s) for s in r.active) or "-", _seat(r.dummy), "".join(str(t) for t in r.tricks), str(r.pot),
        CASE_LETTERS[r.case], payments_text(r.payments, "."),
    ])


def _lists(lists) -> str:
    return "/".join(cards_text(c) for c in lists)


def to_text(state: FrepeState) -> str:
    fields = {
        "o": options_text(state.options),
        "seed": state.seed if state.seed is not None else "?",
        "p": state.players, "n": state.deal, "d": state.dealer,
        "bal": ",".join(str(b) for b in state.balances), "pot": state.pot,
        "pd": payments_text(state.paid),
        "ph": state.phase, "to": _seat(state.to), "st": state.status,
        "tc": state.turned, "tk": int(state.taken),
        "h": _lists(state.hands), "ps": _lists(state.passed), "dc": _lists(state.discards),
        "sk": cards_text(state.stock), "tr": cards_text(state.trick), "ld": state.leader,
        "dn": ",".join(f"{leader}:{cards_text(cards)}" for leader, cards in state.done) or "-",
        "hist": "/".join(deal_text(r) for r in state.history) or "-",
    }
    return fields_text("frepe", fields)


# --- reading --------------------------------------------------------------------------------------
def _parse_options(text):
    m = OPTIONS.match(text)
    if not m:
        raise NotationError(f"bad options {text!r}")
    try:
        return FrepeOptions(
            ante=int(m[1]), dealer_takes_trump_at=TRUMP_TIMES[int(m[2])], may_discard_if_cannot_overtrump=m[3] == "1",
            reshuffle_includes_passed_hands=m[4] == "1", no_winner_rule=NO_WINNER_RULES[int(m[5])],
            payout_model=PAYOUT_MODELS[int(m[6])], sit_out_antes=m[7] == "1", rounds=int(m[8]),
        )
    except ValueError as err:
        raise NotationError(str(err)) from None


def _parse_holder(text, players):
    if text == "p":
        return POT
    seat = int(text)
    if seat >= players:
        raise NotationError(f"no seat {seat}")
    return seat


def parse_payments(text, players, sep=","):
    if text == "-":
        return ()
    out = []
    for token in text.split(sep):
        m = PAYMENT.match(token)
        if not m or m[4] not in LETTER_RULES:
            raise NotationError(f"bad payment {token[:20]!r}")
        try:
            out.append(Payment(_parse_holder(m[1], players), _parse_holder(m[2], players), int(m[3]),
                               LETTER_RULES[m[4]]))
        except ValueError as err:
            raise NotationError(str(err)) from None
    return tuple(out)


def _parse_seat(text, what, players):
    return None if text == "-" else parse_int(text, what, 0, players - 1)


def _known(text, what, count=None):
    cards = parse_cards(text)
    if any(c is None for c in cards):
        raise NotationError(f"{what} cannot hold a hidden card")
    if count is not None and len(cards) != count:
        raise NotationError(f"{what} must hold {count} card(s)")
    return cards


def _parse_lists(text, what, players):
    parts = text.split("/")
    if len(parts) != players:
        raise NotationError(f"{what} needs one list per seat")
    return tuple(parse_cards(p) for p in parts)


def _digits(text, what, players, top):
    if text == "-":
        return ()
    if not re.fullmatch(r"\d+", text) or any(int(ch) > top for ch in text):
        raise NotationError(f"bad {what} {text!r}")
    return tuple(int(ch) for ch in text)


def parse_deal(text, players) -> FrepeDeal:
    parts = text.split(":")
    if len(parts) != 11 or parts[9] not in CASES or parts[4] not in ("0", "1"):
        raise NotationError(f"bad deal record {text[:40]!r}")
    tricks = _digits(parts[7], "tricks", players, 5)
    active = _digits(parts[5], "active seats", players, players - 1)
    if len(tricks) != players:
        raise NotationError("a deal record gives the tricks of every seat")
    return FrepeDeal(
        deal=parse_int(parts[0], "deal", 1), payments=parse_payments(parts[10], players, "."),
        dealer=parse_int(parts[1], "dealer", 0, players - 1), sitting_out=_parse_seat(parts[2], "seat", players),
        turned=_known(parts[3], "the turned card", 1)[0], took_trump=parts[4] == "1", active=active,
        dummy=_parse_seat(parts[6], "dummy", players), tricks=tricks, pot=parse_int(parts[8], "pot", 0),
        case=CASES[parts[9]],
    )


def _parse_done(text, players):
    if text == "-":
        return ()
    out = []
    for token in text.split(","):
        leader, colon, cards = token.partition(":")
        if not colon:
            raise NotationError(f"bad trick {token[:20]!r}")
        out.append((parse_int(leader, "leader", 0, players - 1), _known(cards, "a trick")))
    return tuple(out)


def from_text(text: str) -> FrepeState:
    f = parse_fields(text, "frepe", FIELDS)
    players = parse_int(f["p"], "players", 5, 7)
    if f["ph"] not in PHASES:
        raise NotationError(f"unknown phase {f['ph']!r}")
    seed = None if f["seed"] == "?" else f["seed"]
    if seed is not None and not SEED.match(seed):
        raise NotationError("bad seed")
    if f["tk"] not in ("0", "1"):
        raise NotationError("tk is 0 or 1")
    status = f["st"]
    if len(status) != players or any(ch not in STATUSES for ch in status):
        raise NotationError(f"bad seat letters {status!r}")
    state = FrepeState(
        options=_parse_options(f["o"]), seed=seed, players=players, deal=parse_int(f["n"], "deal", 1),
        dealer=parse_int(f["d"], "dealer", 0, players - 1), balances=parse_ints(f["bal"], "balances", players),
        pot=parse_int(f["pot"], "pot", 0), paid=parse_payments(f["pd"], players), phase=f["ph"],
        to=_parse_seat(f["to"], "to", players), status=status, turned=_known(f["tc"], "the turned card", 1)[0],
        taken=f["tk"] == "1", hands=_parse_lists(f["h"], "h", players), passed=_parse_lists(f["ps"], "ps", players),
        discards=_parse_lists(f["dc"], "dc", players), stock=parse_cards(f["sk"]), trick=parse_cards(f["tr"]),
        leader=parse_int(f["ld"], "leader", 0, players - 1), done=_parse_done(f["dn"], players),
        history=tuple(parse_deal(d, players) for d in f["hist"].split("/")) if f["hist"] != "-" else (),
    )
    validate(state)
    return state


def validate(state: FrepeState):
    """Refuse positions no deal could reach in shape: wrong counts, repeated or foreign cards, a
    phase without what it needs."""
    n = state.players
    zones = [state.stock, state.trick] + list(state.hands) + list(state.passed) + list(state.discards)
    zones.append(() if state.taken else (state.turned,))
    zones += [cards for _leader, cards in state.done]
    known = [c for cards in zones for c in cards if c is not None]
    if any(c not in PACK for c in known + [state.turned]):
        raise NotationError("Frepe uses the 40-card Spanish pack (no 8, 9 or 10)")
    if len(known) != len(set(known)):
        raise NotationError("a card appears twice")
    total = sum(len(z) for z in zones)
    if total != 40:
        raise NotationError(f"the position holds {total} cards, not 40")
    if state.status[state.dealer] != "p":
        raise NotationError("the dealer always plays")
    if (n == 7) != ("o" in state.status) or state.status.count("o") > 1:
        raise NotationError("one player sits out with seven players, and only then")
    if state.status.count("m") > 1:
        raise NotationError("at most one dummy")
    if any(len(h) > 7 for h in state.hands):
        raise NotationError("a hand holds at most seven cards")
    if len(state.done) > 5:
        raise NotationError("a deal has five tricks")
    active = state.active
    if state.phase == "play":
        if state.leader not in active:
            raise NotationError("the leader must be in play")
        if len(state.trick) >= len(active):
            raise NotationError("a trick in progress holds fewer cards than players in play")
        if any(len(cards) != len(active) for _leader, cards in state.done):
            raise NotationError("each finished trick holds a card of every player in play")
        if any(leader not in active for leader, _cards in state.done):
            raise NotationError("tricks are led by players in play")
    elif state.trick or state.done and state.phase not in ("end", "over"):
        raise NotationError("cards are played to tricks only in the play phase")
    if state.phase in ("trump", "declare", "dummy", "exchange"):
        if state.to is None:
            raise NotationError(f"the {state.phase} phase needs to= (who decides)")
        if state.phase == "declare" and state.status[state.to] != "?":
            raise NotationError("only a player yet to say may declare")
        if state.phase in ("trump",) and state.to != state.dealer:
            raise NotationError("only the dealer takes the turned card")
        if state.phase in ("dummy", "exchange") and state.status[state.to] not in "pm":
            raise NotationError("only a player in play exchanges")
    elif state.to is not None:
        raise NotationError(f"the {state.phase} phase has no to=")
