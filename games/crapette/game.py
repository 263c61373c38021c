"""The Crapette rules engine: the deal, who starts, single-card moves with their building rules,
the talon and waste, the three obligations, Stop! in its two modes, the end of a deal (won,
blocked, repeated, capped), scoring and matches to a target (decisions.md §1)."""

from hashlib import blake2b

from games.engine.actions import Action
from games.engine.cards import double_pack, french_pack
from games.engine.game import Game, Outcome
from games.engine.results import Score
from games.engine.rng import below, rng_for, shuffled
from games.engine.rules import LEGAL, refuse

from . import notation
from .rules import (
    FOUNDATION_NEXT, FOUNDATIONS, HAND, HOUSE_TAKES, HOUSES, LOAD_TAKES, PLACE, RESERVE, RULES, TALON,
    WASTE, building_moves, duty, is_meaningful, spaces_to_fill, start_player,
)
from .state import CrapetteDeal, CrapetteOptions, CrapetteState, Fault

# A deal still going after this many actions ends as a blocked deal (crapette.end.cap). Bot
# deals take a few hundred actions; the cap only stops play that goes round in circles.
CAP = 3000
EXACT_BUDGET = 6000  # positions the puzzle search may visit before it says it cannot be sure

TURN = Action("turn")
END = Action("end")
STOP = Action("stop")
NEXT = Action("next")
PLAY_KINDS = ["move", "turn", "end", "stop"]
_FIELDS = tuple(CrapetteState.__dataclass_fields__)
_CACHE = "_building"
PACK = double_pack()  # building moves of the seat to move, kept on the state object


def replace(state, **changes):
    """A copy of the state with some fields changed (dataclasses.replace without its per-call
    introspection: states are copied on every action)."""
    new = object.__new__(CrapetteState)
    d = new.__dict__
    src = state.__dict__
    for name in _FIELDS:
        d[name] = src[name]
    d.update(changes)
    return new


def _set(seq, i, value):
    return seq[:i] + (value,) + seq[i + 1:]


def _top(pile):
    return pile[-1] if pile else None


def position_key(state):
    """A short fingerprint of the whole position at the start of a turn (repetition detector)."""
    parts = [str(state.turn)]
    parts += ["".join(h) for h in state.houses]
    parts += [f[-1] if f else "-" for f in state.foundations]
    for s in (0, 1):
        parts += ["".join(state.reserves[s]), str(state.down[s]), "".join(state.talons[s]), "".join(state.wastes[s])]
    return blake2b("|".join(parts).encode(), digest_size=6).hexdigest()


class Crapette(Game):
    slug = "crapette"
    name = "Crapette"
    player_counts = (2,)
    rules = RULES
    Options = CrapetteOptions

    # --- a new match and each deal ------------------------------------------------------------
    def new(self, seed, players=2, options=None):
        if players != 2:
            raise ValueError("Crapette is for two players")
        options = self.options(options)
        seed = notation.check_seed(str(seed))
        return self._deal(options, seed, 1, None, (0, 0), ())

    def _deal(self, options, seed, number, first, scores, records):
        size = options.reserve_size
        reserves, talons, columns = [], [], []
        for seat in (0, 1):
            cards = shuffled(french_pack(), rng_for(self.slug, seed, number, seat))
            reserves.append(tuple(cards[:size]))  # the last card dealt is the top, face up
            columns.append(tuple(cards[size:size + 4]))  # house next to the reserve first
            talons.append(tuple(reversed(cards[size + 4:])))  # the rest of the pack, as it lay
        if first is None:
            coin = below(rng_for(self.slug, seed, "coin"), 2)
            first, _how = start_player(options.start_rule, (reserves[0][-1], reserves[1][-1]), columns, coin)
        state = CrapetteState(
            options=options, seed=seed, deal=number, phase="play", turn=first, first=first, scores=scores,
            records=records, reserves=tuple(reserves), down=(size - 1, size - 1), talons=tuple(talons),
            wastes=((), ()), hands=((), ()), houses=tuple((c,) for c in columns[0] + columns[1]),
            foundations=((),) * 8, moves=0, turned=(0, 0), cycled=(False, False), seen=(), last=None,
            fault=None, owed=None,
        )
        return replace(state, seen=(position_key(state),))

    # --- whose decision -----------------------------------------------------------------------
    def to_move(self, state):
        if state.phase == "play":
            if self.stop_window(state, 1 - state.turn):
                return frozenset((0, 1))  # the opponent may call Stop
            return frozenset((state.turn,))
        if state.phase == "end":
            return frozenset((0, 1))
        return frozenset()

    def stop_window(self, state, seat):
        """May `seat` call Stop now? In the callable mode, right after each action of his opponent's
        turn (a move, a card turned up, the end of the turn) until the next action of either player:
        during that turn, and at the start of his own turn after its last move. Whether that action
        skipped an obligation plays no part: the call is offered either way and judged when made
        (``stop_is_right``), so that what a player is offered never tells him his opponent erred."""
        last = state.last
        return (state.options.callable and state.phase == "play" and last is not None and last[0] != seat
                and last[1].kind in ("move", "turn", "end"))

    def stop_is_right(self, state, seat):
        """Would a Stop called by `seat` now be right: did the action it answers skip an obligation?"""
        f = state.fault
        return self.stop_window(state, seat) and f is not None and f.open and f.seat != seat

    def turn(self, state):
        if state.phase == "play":
            return frozenset((state.turn,))
        return self.to_move(state)

    def players(self, state):
        return 2

    def deal_number(self, state):
        return state.deal

    # --- what may move where ------------------------------------------------------------------
    def building(self, state, seat):
        """The building-rule moves of `seat` as (card, source, target), before obligations."""
        cache = state.__dict__.get(_CACHE)
        if cache is not None and cache[0] == seat:
            return cache[1]
        o = state.options
        other = 1 - seat
        reserve, hand = state.reserves[seat], state.hands[seat]
        waste_top = _top(state.wastes[seat]) if o.own_waste_top_available else None
        moves = building_moves(
            seat, _top(reserve), hand[0] if hand else None, waste_top,
            [_top(h) for h in state.houses], [_top(f) for f in state.foundations],
            _top(state.reserves[other]), _top(state.wastes[other]), o.hand_card_must_move_next,
        )
        state.__dict__[_CACHE] = (seat, moves)
        return moves

    def duty(self, state, seat):
        """The foundation obligation in force for `seat`: (rule id, moves meeting it) or None."""
        return duty(self.building(state, seat), seat)

    def must_fill_spaces(self, state, seat):
        return spaces_to_fill(state.reserves[seat], [_top(h) for h in state.houses])

    def owed_moves(self, state, seat, rule):
        """The compulsory moves of a skipped obligation, in the position before the faulty move."""
        if rule == "crapette.duty.fill-spaces":
            card = _top(state.reserves[seat])
            space = next((HOUSES[k] for k in range(8) if not state.houses[k]), None)
            return [(card, RESERVE[seat], space)] if card and space else []
        found = self.duty(state, seat)
        return list(found[1]) if found else []

    def breach(self, state, seat, action):
        """The obligation this action would skip (a rule id), or None: the question a Stop call
        asks. Meaningful for the player whose turn it is, in any stop mode."""
        if state.phase != "play" or seat != state.turn or state.owed is not None:
            return None
        if action.kind not in ("move", "turn", "end"):
            return None
        found = self.duty(state, seat)
        if action.kind == "move":
            if found and (action.cards[0], action.source, action.target) not in found[1]:
                return found[0]
            return None
        if found:
            return found[0]
        if action.kind == "turn" and self.must_fill_spaces(state, seat):
            return "crapette.duty.fill-spaces"
        return None

    def _duty_refusal(self, state, seat, found, action):
        rule, moves = found
        cards = sorted({m[0] for m in moves})
        return refuse(rule, cards=cards, moves=[str(Action("move", (c,), s, t)) for c, s, t in moves],
                      tried=str(action))

    # --- legality -----------------------------------------------------------------------------
    def check(self, state, seat, action):
        if state.phase == "over":
            return refuse("crapette.match.over", scores=list(state.scores))
        kind = action.kind
        if kind == "stop":
            return self._check_stop(state, seat, action)
        if seat not in (0, 1):
            return refuse("crapette.turn.order", turn=state.turn)
        if state.phase == "end":
            if kind == "next" and not action.cards and not action.places:
                return LEGAL
            return refuse("crapette.turn.phase", phase="end", allowed=["next"])
        if kind not in ("move", "turn", "end"):
            return refuse("crapette.turn.phase", phase="play", allowed=PLAY_KINDS)
        if seat != state.turn:
            return refuse("crapette.turn.order", turn=state.turn)
        if kind == "move":
            return self._check_move(state, seat, action)
        if action.cards or action.places:
            return refuse("crapette.turn.phase", phase="play", allowed=PLAY_KINDS)
        if state.owed is not None:
            return self._owed_refusal(state, seat, action)
        hand = state.hands[seat]
        callable_ = state.options.callable
        if kind == "turn":
            if hand:
                return refuse("crapette.talon.turn", hand=hand[0])
            if not state.talons[seat] and not state.wastes[seat]:
                return refuse("crapette.talon.empty")
            if not callable_:
                found = self.duty(state, seat)
                if found:
                    return self._duty_refusal(state, seat, found, action)
                if self.must_fill_spaces(state, seat):
                    return refuse("crapette.duty.fill-spaces", reserve=_top(state.reserves[seat]),
                                  spaces=[HOUSES[k] for k in range(8) if not state.houses[k]])
            return LEGAL
        # end
        if hand:
            return refuse("crapette.turn.end", reason="hand", hand=hand[0])
        if state.talons[seat] or state.wastes[seat]:
            return refuse("crapette.turn.end", reason="cards", talon=len(state.talons[seat]),
                          waste=len(state.wastes[seat]))
        if not callable_:
            found = self.duty(state, seat)
            if found:
                return self._duty_refusal(state, seat, found, action)
        return LEGAL

    def _owed_refusal(self, state, seat, action):
        moves = self.owed_moves(state, seat, state.owed)
        return refuse("crapette.stop.owed", duty=state.owed,
                      moves=[str(Action("move", (c,), s, t)) for c, s, t in moves], tried=str(action))

    def _check_move(self, state, seat, action):
        if len(action.cards) != 1:
            return refuse("crapette.card.single", cards=list(action.cards))
        card = action.cards[0]
        src, dst = action.source, action.target
        if src not in PLACE or action.choice is not None:
            return refuse("crapette.card.available", card=card, source=src, reason="place")
        o = state.options
        other = 1 - seat
        skind, sidx = PLACE[src]
        if skind == "reserve":
            if sidx != seat:
                return refuse("crapette.card.available", card=card, source=src, reason="opponent")
            top = _top(state.reserves[seat])
        elif skind == "house":
            top = _top(state.houses[sidx - 1])
        elif skind == "hand":
            if sidx != seat:
                return refuse("crapette.card.available", card=card, source=src, reason="opponent")
            top = _top(state.hands[seat])
        elif skind == "waste":
            if sidx != seat:
                return refuse("crapette.card.available", card=card, source=src, reason="opponent")
            if not o.own_waste_top_available:
                return refuse("crapette.card.own-waste", card=card)
            top = _top(state.wastes[seat])
        else:  # a talon or a foundation
            return refuse("crapette.card.available", card=card, source=src, reason=skind)
        if top is None:
            return refuse("crapette.card.available", card=card, source=src, reason="empty")
        if top != card:
            return refuse("crapette.card.available", card=card, source=src, reason="not-top", top=top)
        hand = state.hands[seat]
        if o.hand_card_must_move_next and hand and skind != "hand":
            return refuse("crapette.hand.move-next", hand=hand[0], card=card)
        if dst not in PLACE:
            return refuse("crapette.move.target", card=card, target=dst, reason="place")
        tkind, tidx = PLACE[dst]
        if tkind == "foundation":
            ftop = _top(state.foundations[tidx - 1])
            if ftop is None and card[0] != "A":
                return refuse("crapette.foundation.ace", card=card, target=dst)
            if ftop is None:
                free = next(FOUNDATIONS[k] for k in range(8) if not state.foundations[k])
                if free != dst:
                    return refuse("crapette.foundation.ace", card=card, target=dst, reason="first-space", space=free)
            if ftop is not None and FOUNDATION_NEXT[ftop] != card:
                return refuse("crapette.foundation.follow", card=card, target=dst, top=ftop)
        elif tkind == "house":
            if dst == src:
                return refuse("crapette.move.target", card=card, target=dst, reason="same")
            htop = _top(state.houses[tidx - 1])
            if htop is not None and card not in HOUSE_TAKES[htop]:
                return refuse("crapette.house.build", card=card, target=dst, top=htop)
            if htop is None:
                # The eight houses are alike (common property, no rule reads their number): a
                # card moved into a space goes to the first one, as a new foundation does.
                free = next(HOUSES[k] for k in range(8) if not state.houses[k] and HOUSES[k] != src)
                if free != dst:
                    return refuse("crapette.house.space", card=card, target=dst, reason="first-space", space=free)
        elif tkind in ("reserve", "waste") and tidx == other:
            pile = state.reserves[other] if tkind == "reserve" else state.wastes[other]
            if not pile:
                return refuse("crapette.load.empty", card=card, target=dst)
            if card not in LOAD_TAKES[pile[-1]]:
                return refuse("crapette.load.suit", card=card, target=dst, top=pile[-1])
        elif tkind == "waste":  # one's own waste
            if skind != "hand":
                return refuse("crapette.waste.hand-card", card=card, source=src)
        else:  # one's own reserve, a talon, a hand
            return refuse("crapette.move.target", card=card, target=dst, reason=tkind)
        if state.owed is not None:
            if (card, src, dst) not in self.owed_moves(state, seat, state.owed):
                return self._owed_refusal(state, seat, action)
            return LEGAL
        if not o.callable:
            found = self.duty(state, seat)
            if found and (card, src, dst) not in found[1]:
                return self._duty_refusal(state, seat, found, action)
        return LEGAL

    def _check_stop(self, state, seat, action):
        if action.cards or action.places:
            return refuse("crapette.turn.phase", phase=state.phase, allowed=PLAY_KINDS)
        if not state.options.callable:
            return refuse("crapette.stop.mode", mode=state.options.stop_mode)
        if state.phase != "play":
            return refuse("crapette.stop.wrong", reason="deal-over")
        if self.stop_window(state, seat):
            return LEGAL  # right or wrong: a wrong call is made, to no effect (interruption_verdict)
        f = state.fault
        last = state.last
        if f is not None and f.seat != seat:
            return refuse("crapette.stop.window", move=str(f.action), duty=f.duty, offender=f.seat)
        if last is not None and last[0] == seat and last[1].kind != "stop":
            return refuse("crapette.stop.caller", reason="own", move=str(last[1]))
        return refuse("crapette.stop.window", reason="nothing", move=str(last[1]) if last else None)

    def interruption_verdict(self, state, seat, action):
        """A Stop called by `seat` now: legal when it is right; when it is wrong (a call the rules
        accept, to no effect), the rule that says so and the action it answered."""
        verdict = self.check(state, seat, action)
        if verdict and action.kind == "stop" and not self.stop_is_right(state, seat):
            return refuse("crapette.stop.wrong", reason="no-fault", move=str(state.last[1]), by=state.last[0])
        return verdict

    def legal_actions(self, state, seat):
        """As the generic one (every action check accepts, sorted), built directly from the
        building moves and the obligation in force; the conformance suite checks that both ways
        agree."""
        if seat not in self.to_move(state):
            return []
        if state.phase == "end":
            return [NEXT]
        stop = self.stop_window(state, seat)
        if seat != state.turn:
            return [STOP] if stop else []
        if state.owed is not None:
            return sorted(Action("move", (c,), s, t) for c, s, t in self.owed_moves(state, seat, state.owed))
        moves = self.building(state, seat)
        found = duty(moves, seat)
        enforced = not state.options.callable
        if enforced and found:
            moves = found[1]
        out = [Action("move", (c,), s, t) for c, s, t in moves]
        if not state.hands[seat]:
            if state.talons[seat] or state.wastes[seat]:
                if not enforced or not (found or self.must_fill_spaces(state, seat)):
                    out.append(TURN)
            elif not enforced or not found:
                out.append(END)
        if stop:
            out.append(STOP)
        out.sort()
        return out

    def candidate_actions(self, state, seat):
        """Every building move, and for each card that could move a few places it may not go
        (so that a test sweeping the candidates meets the refusals too)."""
        yield from (TURN, END, STOP, NEXT)
        if state.phase != "play" or seat != state.turn:
            return
        for card, src, dst in self.building(state, seat):
            yield Action("move", (card,), src, dst)
        sources = [(_top(state.reserves[s]), RESERVE[s]) for s in (0, 1)]
        sources += [(_top(h), HOUSES[k]) for k, h in enumerate(state.houses)]
        sources += [(_top(state.hands[seat]), HAND[seat]), (_top(state.wastes[seat]), WASTE[seat])]
        probes = (FOUNDATIONS[0], FOUNDATIONS[7], HOUSES[0], RESERVE[1 - seat], WASTE[1 - seat], WASTE[seat],
                  TALON[seat])
        for card, src in sources:
            if card is not None:
                for dst in probes:
                    yield Action("move", (card,), src, dst)

    # --- effects ------------------------------------------------------------------------------
    def _apply(self, state, seat, action):
        kind = action.kind
        if kind == "next":
            return self._deal(state.options, state.seed, state.deal + 1, 1 - state.first, state.scores, state.records)
        if kind == "stop":
            return self._stop(state, seat)
        fault = state.fault
        if fault is not None and fault.open:  # the window closes with this action
            fault = Fault(fault.seat, fault.action, fault.duty, False, fault.flipped, fault.recycled, fault.ended)
            if fault.ended:
                # The turn ended with a move nobody called Stop on: what a turn's end decides, put
                # off while a Stop could undo it, is decided now, before this first action of the
                # new turn (which is not played if the deal ends there).
                state = self._turn_ended(replace(state, fault=fault), fault.seat)
                if state.phase != "play":
                    return state
        owed = state.owed
        broken = self.breach(state, seat, action) if owed is None and state.options.callable else None
        s = replace(state, fault=fault, owed=None, moves=state.moves + 1, last=(seat, action))
        flipped = recycled = ended = False
        if kind == "move":
            s, flipped, ended = self._move(s, seat, action)
        elif kind == "turn":
            s, recycled = self._turn_card(s, seat)
        else:
            ended = True
        if broken is not None:
            s = replace(s, fault=Fault(seat, action, broken, True, flipped, recycled, ended))
            if ended:
                s = self._pass_turn(s, seat, checks=False)
        else:
            if s.remaining(seat) == 0:
                return self._finish(s, "win", seat)
            if owed is not None or ended:
                s = self._pass_turn(s, seat)
        if s.phase == "play" and s.moves >= CAP:
            return self._finish(s, "cap")
        return s

    def _move(self, s, seat, action):
        card, src, dst = action.cards[0], action.source, action.target
        skind, sidx = PLACE[src]
        flipped = False
        if skind == "reserve":
            pile = s.reserves[seat][:-1]
            down = s.down[seat]
            if pile and down >= len(pile):
                down = len(pile) - 1
                flipped = True
            s = replace(s, reserves=_set(s.reserves, seat, pile), down=_set(s.down, seat, min(down, len(pile))))
        elif skind == "house":
            s = replace(s, houses=_set(s.houses, sidx - 1, s.houses[sidx - 1][:-1]))
        elif skind == "hand":
            s = replace(s, hands=_set(s.hands, seat, ()))
        else:
            s = replace(s, wastes=_set(s.wastes, seat, s.wastes[seat][:-1]))
        tkind, tidx = PLACE[dst]
        if tkind == "foundation":
            s = replace(s, foundations=_set(s.foundations, tidx - 1, s.foundations[tidx - 1] + (card,)))
            if s.seen is not None:
                s = replace(s, seen=())
        elif tkind == "house":
            s = replace(s, houses=_set(s.houses, tidx - 1, s.houses[tidx - 1] + (card,)))
        elif tkind == "reserve":
            s = replace(s, reserves=_set(s.reserves, tidx, s.reserves[tidx] + (card,)))
        else:
            s = replace(s, wastes=_set(s.wastes, tidx, s.wastes[tidx] + (card,)))
        if is_meaningful(seat, src, dst):
            s = replace(s, turned=(0, 0), cycled=(False, False))
        return s, flipped, dst == WASTE[seat]

    def _turn_card(self, s, seat):
        talon, waste = s.talons[seat], s.wastes[seat]
        recycled = False
        if not talon:
            talon, waste, recycled = tuple(reversed(waste)), (), True
        card = talon[-1]
        s = replace(s, talons=_set(s.talons, seat, talon[:-1]), wastes=_set(s.wastes, seat, waste),
                    hands=_set(s.hands, seat, (card,)), turned=_set(s.turned, seat, s.turned[seat] + 1))
        return s, recycled

    def _pass_turn(self, s, seat, checks=True):
        """End `seat`'s turn: an exposed hand card (a turn ended by Stop) goes to his waste; then
        the blocked-deal and repetition detectors look at the new turn's position. `checks` is
        False when the turn ended with a move that skipped an obligation (a Stop may undo it)."""
        if s.hands[seat]:
            s = replace(s, hands=_set(s.hands, seat, ()), wastes=_set(s.wastes, seat, s.wastes[seat] + s.hands[seat]))
        f = s.fault
        keep = f is not None and f.open and f.ended and f.seat == seat
        s = replace(s, turn=1 - seat, fault=f if keep else None)
        if not checks:
            return s
        return self._turn_ended(s, seat)

    def _turn_ended(self, s, seat):
        """What the end of `seat`'s turn decides, in the position at the start of the next turn: a
        player left with no cards wins (in the callable mode a move may empty his piles and skip an
        obligation, and a Stop could still undo it); then the blocked-deal and repetition detectors."""
        if s.remaining(seat) == 0:
            return self._finish(s, "win", seat)
        if s.turned[seat] >= len(s.talons[seat]) + len(s.wastes[seat]):
            s = replace(s, cycled=_set(s.cycled, seat, True))
        if s.cycled[0] and s.cycled[1]:
            return self._finish(s, "blocked")
        if s.seen is not None:
            key = position_key(s)
            seen = s.seen + (key,)
            s = replace(s, seen=seen)
            if seen.count(key) >= 3:
                return self._finish(s, "repetition")
        return s

    def _stop(self, state, caller):
        f = state.fault
        if not self.stop_is_right(state, caller):
            # A wrong call has no effect on the cards; it is made (and told), and it answers the
            # last action: the window closes, and a second call would have nothing to answer.
            return replace(state, moves=state.moves + 1, last=(caller, STOP))
        offender = f.seat
        s = self._undo(state, f)
        s = replace(s, fault=None, owed=None, moves=state.moves + 1, last=(caller, STOP))
        owed = sorted(set(self.owed_moves(s, offender, f.duty)))
        if len(owed) > 1:
            return replace(s, owed=f.duty)  # the offender chooses which compulsory move
        if owed:
            s, _flipped, _ended = self._move(s, offender, Action("move", (owed[0][0],), owed[0][1], owed[0][2]))
            if s.remaining(offender) == 0:
                return self._finish(s, "win", offender)
        return self._pass_turn(s, offender)

    def before_fault(self, state):
        """The position just before the move a Stop would take back (its obligations are the ones
        the offender skipped), or None when no Stop can be called now."""
        f = state.fault
        if f is None or not f.open:
            return None
        return self._undo(state, f)

    def _undo(self, s, f):
        """The position before the faulty move (the turn given back to the offender)."""
        seat, action = f.seat, f.action
        if action.kind == "move":
            card, src, dst = action.cards[0], action.source, action.target
            tkind, tidx = PLACE[dst]
            if tkind == "foundation":
                s = replace(s, foundations=_set(s.foundations, tidx - 1, s.foundations[tidx - 1][:-1]))
            elif tkind == "house":
                s = replace(s, houses=_set(s.houses, tidx - 1, s.houses[tidx - 1][:-1]))
            elif tkind == "reserve":
                s = replace(s, reserves=_set(s.reserves, tidx, s.reserves[tidx][:-1]))
            else:
                s = replace(s, wastes=_set(s.wastes, tidx, s.wastes[tidx][:-1]))
            skind, sidx = PLACE[src]
            if skind == "reserve":
                down = s.down[seat] + 1 if f.flipped else s.down[seat]
                s = replace(s, reserves=_set(s.reserves, seat, s.reserves[seat] + (card,)), down=_set(s.down, seat, down))
            elif skind == "house":
                s = replace(s, houses=_set(s.houses, sidx - 1, s.houses[sidx - 1] + (card,)))
            elif skind == "hand":
                s = replace(s, hands=_set(s.hands, seat, (card,)))
            else:
                s = replace(s, wastes=_set(s.wastes, seat, s.wastes[seat] + (card,)))
        elif action.kind == "turn":
            talon = s.talons[seat] + s.hands[seat]
            waste = s.wastes[seat]
            if f.recycled:
                talon, waste = (), tuple(reversed(talon))
            s = replace(s, talons=_set(s.talons, seat, talon), wastes=_set(s.wastes, seat, waste),
                        hands=_set(s.hands, seat, ()))
        return replace(s, turn=seat)

    def _finish(self, s, end, winner=None):
        counts = (s.count(0), s.count(1))
        if end == "win":
            loser = 1 - winner
            events = (Score(winner, 30, "crapette.score.win"), Score(winner, counts[loser], "crapette.score.count"))
            scorer, scored = winner, 30 + counts[loser]
        elif counts[0] != counts[1]:
            scorer = 0 if counts[0] < counts[1] else 1
            scored = abs(counts[0] - counts[1])
            events = (Score(scorer, scored, "crapette.score.blocked"),)
        else:
            scorer, scored, events = None, 0, ()
        record = CrapetteDeal(
            deal=s.deal, scores=events, finished=True, end=end, blocked=end != "win", winner=winner,
            scorer=scorer, scored=scored, reserve=(len(s.reserves[0]), len(s.reserves[1])),
            talon=(len(s.talons[0]) + len(s.hands[0]), len(s.talons[1]) + len(s.hands[1])),
            waste=(len(s.wastes[0]), len(s.wastes[1])), counts=counts, first=s.first,
        )
        scores = s.scores if scorer is None else _set(s.scores, scorer, s.scores[scorer] + scored)
        over = scorer is not None and scores[scorer] >= s.options.target
        return replace(s, scores=scores, records=s.records + (record,), phase="over" if over else "end", owed=None)

    # --- what each seat sees ------------------------------------------------------------------
    def visible(self, state, seat):
        """The same for both seats: every face-up card is public, face-down cards are seen by
        nobody. Houses, foundations, both wastes (every card, each seen as it landed), each
        reserve's face-up cards (its top, and loaded cards under it) and the exposed hand card are
        seen; the face-down part of each reserve and both talons (face down, even to their owner)
        are not."""
        out = {"talon.0": False, "talon.1": False}
        for s in (0, 1):
            d = state.down[s]
            out[RESERVE[s]] = tuple(i >= d for i in range(len(state.reserves[s])))
        return out

    def view(self, state, seat):
        # As the generic view, built directly: the tables and the bots ask for views all the time.
        reserves = tuple((None,) * state.down[s] + state.reserves[s][state.down[s]:] for s in (0, 1))
        talons = tuple((None,) * len(state.talons[s]) for s in (0, 1))
        return replace(state, seed=None, seen=None, reserves=reserves, talons=talons)

    def hide_secrets(self, state):
        """The seed, and the repetition detector's position keys (they fingerprint the talons)."""
        return replace(state, seed=None, seen=None)

    def reseed(self, state, seed):
        return replace(state, seed=seed)

    def held_zones(self, state):
        return {f"{kind}.{s}": s for s in (0, 1) for kind in ("reserve", "talon", "waste", "hand")}

    def zones(self, state):
        out = {}
        for s in (0, 1):
            out[RESERVE[s]] = state.reserves[s]
            out[TALON[s]] = state.talons[s]
            out[WASTE[s]] = state.wastes[s]
            out[HAND[s]] = state.hands[s]
        for k in range(8):
            out[HOUSES[k]] = state.houses[k]
        for k in range(8):
            out[FOUNDATIONS[k]] = state.foundations[k]
        return out

    def with_zones(self, state, zones):
        # Every pile keeps its order: the order is physical here (what is on top, what comes next).
        return replace(
            state,
            reserves=(tuple(zones[RESERVE[0]]), tuple(zones[RESERVE[1]])),
            talons=(tuple(zones[TALON[0]]), tuple(zones[TALON[1]])),
            wastes=(tuple(zones[WASTE[0]]), tuple(zones[WASTE[1]])),
            hands=(tuple(zones[HAND[0]]), tuple(zones[HAND[1]])),
            houses=tuple(tuple(zones[h]) for h in HOUSES),
            foundations=tuple(tuple(zones[f]) for f in FOUNDATIONS),
        )

    def pack(self, state):
        return PACK

    def outcome(self, state):
        over = state.phase == "over"
        winners = ()
        if over:
            best = max(state.scores)
            winners = tuple(s for s in (0, 1) if state.scores[s] == best)
        return Outcome(over, state.scores, winners, state.records)

    # --- puzzles: goals and exact values -------------------------------------------------------
    # A goal is reached with the cards of this stretch of the turn: what the player can see
    # before he turns up his next talon card (the search never turns one). "foundations-N" asks
    # for N cards on the foundations in all (a puzzle sets N to the most the stretch allows).
    GOALS = {
        "empty-reserve": "empty your reserve before you turn up your next card",
        "go-out": "get rid of your last card (reserve, talon and waste) and win the deal",
        "block-opponent": "leave your opponent's reserve card with nowhere to go",
        "clean-move": "make a move that skips no obligation (callable mode)",
    }
    FOUNDATION_GOAL = "foundations-"
    MAX_FOUNDATION_CARDS = 104

    # --- homework targets for a whole deal -----------------------------------------------------
    DEAL_TARGETS = {
        "win-the-deal": "score the deal: go out first, or have the lower count when the deal is blocked",
        "empty-reserve": "empty your reserve before the deal ends",
    }

    def deal_targets(self):
        return dict(self.DEAL_TARGETS)

    def deal_target_met(self, state, seat, target):
        """Judged on the deal's record: who scored it (nobody when a blocked deal leaves equal
        counts) and the reserve each had left (nothing may be loaded onto an empty reserve, so
        once emptied it stays empty to the end)."""
        if target not in self.DEAL_TARGETS:
            raise KeyError(target)
        record = self.finished_deal(state)
        if record is None:
            return None
        if target == "win-the-deal":
            return record.scorer == seat
        return record.reserve[seat] == 0

    def goals(self):
        out = dict(self.GOALS)
        out.update({f"{self.FOUNDATION_GOAL}{n}": f"bring the foundations to {n} cards before you turn up your next card"
                    for n in range(1, self.MAX_FOUNDATION_CARDS + 1)})
        return out

    def _foundation_target(self, goal):
        if goal.startswith(self.FOUNDATION_GOAL):
            n = goal[len(self.FOUNDATION_GOAL):]
            if n.isdigit() and 1 <= int(n) <= self.MAX_FOUNDATION_CARDS:
                return int(n)
        return None

    def goal_reached(self, state, seat, goal):
        target = self._foundation_target(goal)
        if target is not None:
            return sum(len(f) for f in state.foundations) >= target
        if goal not in self.GOALS:
            raise KeyError(goal)
        if goal == "empty-reserve":
            return not state.reserves[seat]
        if goal == "go-out":
            return state.remaining(seat) == 0
        if goal == "clean-move":
            last = state.last
            if last is None or last[0] != seat or last[1].kind == "stop":
                return False
            f = state.fault
            return not (f is not None and f.seat == seat and f.action == last[1])
        from .search import opponent_stuck, position_of

        return state.phase == "play" and opponent_stuck(position_of(state, seat), seat)

    def goal_reachable(self, state, seat, goal):
        """Can `seat` still reach the goal in this stretch of his turn, before he turns up a card,
        with what he can see? Searched over his view: True when some line of moves reaches it;
        False when none does and every card that matters is known; None when a card he cannot
        see decides it (a face-down reserve card coming up) or the search is too big. The
        opponent has no say in it (in the callable mode the search makes no move he could stop)."""
        if self.goal_reached(state, seat, goal):
            return True
        if state.phase != "play" or state.turn != seat:
            return False
        if goal == "clean-move":
            f = state.fault
            if f is not None and f.open and f.seat == seat:
                return False  # the move just made skipped an obligation: it cannot be unmade
            return any(a.kind != "stop" and self.breach(state, seat, a) is None for a in self.legal_actions(state, seat))
        if state.owed is not None:
            return any(self.goal_reached(self.apply(state, seat, a), seat, goal) for a in self.legal_actions(state, seat))
        from .search import BLOCK, EMPTY, FOUND, OUT, search

        found = search(self.view(state, seat), seat, whole_turn=False, budget=EXACT_BUDGET)
        best = found.best()[found.root]
        target = self._foundation_target(goal)
        if target is not None:
            reached = best[FOUND] >= target
        else:
            reached = bool(best[{"empty-reserve": EMPTY, "go-out": OUT, "block-opponent": BLOCK}[goal]])
        if reached:
            return True
        return False if found.exact else None

    def exact_values(self, state, seat):
        """For the player whose turn it is, each legal action's value: the most cards he can put
        on the foundations from here to the end of his turn after taking it (the card it plays
        counted). Searched over what he can see: None when a card he cannot see would matter (a
        talon card to be turned, a face-down reserve card to come up) or the search would be too
        big to be sure. So a replay's review judges a decision by what the player knew, and a
        puzzle never plays out a line that turns up a card the learner has not seen."""
        from .search import FOUND, TurnSearch, position_of, search

        if state.phase != "play" or seat != state.turn or CAP - state.moves < 200:
            return None
        if state.fault is not None and state.fault.open:
            return None  # what comes next depends on a Stop call, not on a search
        state = self.view(state, seat)
        legal = self.legal_actions(state, seat)
        base = sum(len(f) for f in state.foundations)
        if state.owed is not None:
            return {a: int(a.target.startswith("foundation")) for a in legal}
        root = search(state, seat, whole_turn=True, budget=EXACT_BUDGET)
        if not root.exact:
            return None
        best = root.best()
        values = {}
        for action in legal:
            after = self.apply(state, seat, action)
            gained = sum(len(f) for f in after.foundations) - base
            if after.phase != "play" or after.turn != seat or after.owed is not None:
                values[action] = gained
                continue
            pos = position_of(after, seat)
            key = pos.key()
            if key not in best:  # a move the search does not make (one that skips an obligation)
                more = TurnSearch(pos, seat, state.options, whole_turn=True, budget=EXACT_BUDGET)
                if not more.exact:
                    return None
                values[action] = more.best()[more.root][FOUND] - base
            else:
                values[action] = best[key][FOUND] - base
        return values

    def random_weights(self, state, seat, actions):
        """Random play with a purpose, so that random matches end in reasonable time: shuffling
        cards between houses (which goes round in circles) is rare, getting rid of one's own cards
        (reserve, hand card, loading) is likely, and skipping an obligation in the callable mode
        happens now and then, so that Stop gets called."""
        found = self.duty(state, seat) if state.phase == "play" and seat == state.turn and state.owed is None else None
        must = set(found[1]) if found else None
        weights = []
        for a in actions:
            kind = a.kind
            if kind == "move":
                src, dst = a.source[0], a.target[0]
                if dst == "f":
                    w = 6.0
                elif src == "r":
                    w = 8.0
                elif src == "h" and a.source[1] == "a":  # the hand card
                    w = 0.1 if a.target == WASTE[seat] else 4.0
                elif src == "w":
                    w = 3.0
                elif dst == "h":  # house to house
                    w = 0.05
                else:  # house to an opponent's pile
                    w = 4.0
                if must is not None and (a.cards[0], a.source, a.target) not in must:
                    w *= 0.05
            elif kind == "stop":
                w = 10.0 if self.stop_is_right(state, seat) else 0.2
            elif kind in ("turn", "end"):
                w = 2.0 if must is None else 0.1
            else:
                w = 1.0
            weights.append(w)
        return weights

    def option_choices(self):
        return {"start_rule": ("higher", "lower"), "reserve_size": (13, 12, 11), "stop_mode": ("enforced", "callable"),
                "hand_card_must_move_next": (False, True), "own_waste_top_available": (False, True),
                "target": (300, 100, 50)}

    # --- notation -----------------------------------------------------------------------------
    def to_text(self, state):
        return notation.to_text(state)

    def from_text(self, text):
        return notation.from_text(text)
