"""The Frepe rules engine: antes, the deal and the trump card, play or pass, the dummy deal, the
exchange, five tricks under the follow rules, the settlement of chips and a session of deals
(decisions.md §2). Seats are numbered in playing order: the next seat is the right-hand neighbour,
so play, the exchange and the deal all go up the seat numbers (counter-clockwise at the table)."""

from itertools import combinations

from games.engine.actions import Action
from games.engine.cards import spanish_pack, suit
from games.engine.game import Game, Outcome
from games.engine.results import POT, Payment, holder_key
from games.engine.rng import rng_for, shuffled
from games.engine.rules import LEGAL, refuse

from . import notation
from .rules import RULES, SAFE, TRICKS, follow_problem, playable, sorted_hand, trick_winner
from .state import NO_WINNER_RULES, PAYOUT_MODELS, ROUNDS, TRUMP_TIMES, FrepeDeal, FrepeOptions, FrepeState

KINDS = {
    "trump": ("take", "leave"),
    "declare": ("declare",),
    "dummy": ("discard",),
    "exchange": ("discard",),
    "play": ("play",),
    "end": ("next",),
    "over": (),
}
WORDS = ("play", "pass")
DEAL_TARGETS = {
    "escape-frepe": "play the deal and take two tricks or more",
    "win-chips": "end the deal with more chips than at its start, antes included",
}
STOCK = 9
DUMMY_DRAW = 6


def replace(state, **changes):
    """A copy of the state with some fields changed (states are copied on every action)."""
    new = object.__new__(FrepeState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def _set(values, index, value):
    return values[:index] + (value,) + values[index + 1:]


def hand_size(players: int) -> int:
    """Cards dealt to each: five, six with five players (who discard down to five)."""
    return 6 if players == 5 else 5


def draws_for(players: int, count: int) -> int:
    """Cards drawn for `count` discarded: as many, one fewer with five players."""
    return count - 1 if players == 5 else count


class Frepe(Game):
    slug = "frepe"
    name = "Frepe"
    player_counts = (5, 6, 7)
    rules = RULES
    Options = FrepeOptions

    # --- a new session and each deal ----------------------------------------------------------
    def new(self, seed, players=6, options=None):
        if players not in self.player_counts:
            raise ValueError("Frepe is for five, six or seven players")
        options = self.options(options)
        seed = notation.check_seed(str(seed))
        dealer = rng_for(self.slug, seed, "first-dealer").getrandbits(16) % players
        return self._deal(options, seed, players, 1, dealer, (0,) * players, 0, ())

    def _deal(self, options, seed, players, number, dealer, balances, pot, history):
        order = tuple((dealer + i) % players for i in range(1, players + 1))
        out = (dealer - 1) % players if players == 7 else None
        # Antes: everyone when the pot is empty (the dealer once), else the dealer alone.
        paid = []
        if pot == 0:
            for s in order:
                if s != out or options.sit_out_antes:
                    paid.append(Payment(s, POT, options.ante, "frepe.ante.empty-pot"))
        else:
            paid.append(Payment(dealer, POT, options.ante, "frepe.ante.dealer"))
        balances = list(balances)
        for p in paid:
            balances[p.payer] -= p.amount
            pot += p.amount
        # One card at a time from the dealer's right, the dealer last, the one sitting out skipped.
        cards = shuffled(spanish_pack(), rng_for(self.slug, seed, number))
        dealt = [s for s in order if s != out]
        size = hand_size(players)
        hands = [()] * players
        for i in range(size * len(dealt)):
            s = dealt[i % len(dealt)]
            hands[s] = hands[s] + (cards[i],)
        turned = cards[size * len(dealt)]
        stock = cards[size * len(dealt) + 1:]
        status = "".join("o" if s == out else "p" if s == dealer else "?" for s in range(players))
        state = FrepeState(
            options=options, seed=seed, players=players, deal=number, dealer=dealer, balances=tuple(balances),
            pot=pot, paid=tuple(paid), phase="declare", to=None, status=status, turned=turned, taken=False,
            hands=tuple(sorted_hand(h) for h in hands), passed=((),) * players, discards=((),) * players,
            stock=stock, trick=(), leader=order[0], done=(), history=history,
        )
        if options.dealer_takes_trump_at == "before-declarations":
            return replace(state, phase="trump", to=dealer)
        return self._next_declarer(state)

    def _next_declarer(self, state):
        """The next player to say play or pass, or what follows when all have said."""
        for s in state.order:
            if state.status[s] == "?":
                return replace(state, phase="declare", to=s)
        if any(state.status[s] == "p" for s in state.order if s != state.dealer):
            return self._next_exchanger(state, None)
        # Everyone passed: the dealer's right-hand neighbour plays as a dummy, with six drawn.
        rh = state.order[0]
        return replace(state, phase="dummy", to=rh, status=_set_char(state.status, rh, "m"),
                       hands=_set(state.hands, rh, sorted_hand(state.stock[:DUMMY_DRAW])),
                       stock=state.stock[DUMMY_DRAW:])

    def _next_exchanger(self, state, after):
        """The exchange goes from the dealer's right to the dealer; the dummy has had his already."""
        active = [s for s in state.active if s != state.dummy]
        start = 0 if after is None else active.index(after) + 1
        if start >= len(active):
            first = state.active[0]
            return replace(state, phase="play", to=None, leader=first, trick=())
        seat = active[start]
        if seat == state.dealer and state.options.dealer_takes_trump_at == "at-dealer-exchange":
            return replace(state, phase="trump", to=seat)
        return replace(state, phase="exchange", to=seat)

    # --- whose turn ---------------------------------------------------------------------------
    def to_move(self, state):
        phase = state.phase
        if phase == "play":
            return frozenset({self._player_to_play(state)})
        if phase == "end":
            return frozenset(range(state.players))
        if phase == "over":
            return frozenset()
        return frozenset({state.to})

    def _player_to_play(self, state):
        return state.seat_of(state.leader, len(state.trick))

    def players(self, state):
        return state.players

    def deals(self, state) -> int:
        """The number of deals in this session."""
        return state.options.deals(state.players)

    # --- legality -----------------------------------------------------------------------------
    def check(self, state, seat, action):
        phase = state.phase
        if phase == "over":
            return refuse("frepe.session.over", balances=list(state.balances))
        movers = self.to_move(state)
        if seat not in movers:
            return refuse("frepe.turn.order", to_move=sorted(movers), phase=phase)
        kinds = KINDS[phase]
        kind = action.kind
        if kind not in kinds:
            return refuse("frepe.turn.phase", phase=phase, allowed=list(kinds))
        if action.source is not None or action.target is not None:
            return refuse("frepe.turn.phase", phase=phase, allowed=list(kinds))
        if kind == "declare":
            if action.cards or action.choice not in WORDS:
                return refuse("frepe.declare.choice", said=action.choice, allowed=list(WORDS))
            return LEGAL
        if action.choice is not None:
            return refuse("frepe.turn.phase", phase=phase, allowed=list(kinds))
        if kind in ("leave", "next"):
            return LEGAL if not action.cards else refuse("frepe.turn.phase", phase=phase, allowed=list(kinds))
        hand = state.hands[seat]
        cards = action.cards
        if len(set(cards)) != len(cards):
            return refuse("frepe.card.in-hand", card=next(c for c in cards if cards.count(c) > 1))
        missing = [c for c in cards if c not in hand]
        if missing:
            return refuse("frepe.card.in-hand", card=missing[0])
        if kind == "take":
            if len(cards) != 1:
                return refuse("frepe.trump.take", reason="discard-one", turned=state.turned)
            return LEGAL
        if kind == "discard" and phase == "dummy":
            if len(cards) != 1:
                return refuse("frepe.allpass.dummy", reason="discard-one", held=len(hand))
            return LEGAL
        if kind == "discard":
            return self._check_exchange(state, seat, cards)
        return self._check_play(state, seat, cards)

    def exchange_bounds(self, state, seat) -> tuple[int, int]:
        """The fewest and most cards `seat` may discard in the exchange: up to his hand (five),
        at least one with five players (who draw one fewer); never more than can be drawn."""
        hand = len(state.hands[seat])
        five = state.players == 5
        least = 1 if five else 0
        most = min(hand, self._available(state, seat) + (1 if five else 0))
        return least, most

    def _available(self, state, seat) -> int:
        """How many cards `seat` could draw: the stock, the other players' discards and (unless the
        variant says not) the hands laid down."""
        n = len(state.stock) + sum(len(d) for s, d in enumerate(state.discards) if s != seat)
        if state.options.reshuffle_includes_passed_hands:
            n += sum(len(h) for h in state.passed)
        return n

    def _check_exchange(self, state, seat, cards):
        least, most = self.exchange_bounds(state, seat)
        if len(cards) < least:
            return refuse("frepe.exchange.five-players", discarded=len(cards), least=least)
        if len(cards) > most:
            return refuse("frepe.exchange.count", discarded=len(cards), most=most)
        return LEGAL

    def _check_play(self, state, seat, cards):
        if len(cards) != 1:
            return refuse("frepe.turn.phase", phase=state.phase, allowed=["play"])
        card = cards[0]
        hand = state.hands[seat]
        may = state.options.may_discard_if_cannot_overtrump
        if card not in playable(hand, state.trick, state.trumps, may):
            rule, facts = follow_problem(hand, card, state.trick, state.trumps, may)
            return refuse(rule, card=card, **facts)
        return LEGAL

    def candidate_actions(self, state, seat):
        phase = state.phase
        hand = [c for c in state.hands[seat] if c is not None] if state.hands[seat] else []
        if phase == "trump":
            return [Action("leave")] + [Action("take", (c,)) for c in hand]
        if phase == "declare":
            return [Action("declare", choice=w) for w in WORDS]
        if phase == "dummy":
            return [Action("discard", (c,)) for c in hand]
        if phase == "exchange":
            return [Action("discard", combo) for k in range(len(hand) + 1) for combo in combinations(hand, k)]
        if phase == "play":
            return [Action("play", (c,)) for c in hand]
        if phase == "end":
            return [Action("next")]
        return []

    def legal_actions(self, state, seat):
        # As the generic one, built directly for the tricks and the exchange (bots and tables ask
        # at every card); the conformance suite checks it against check() wherever it goes.
        if seat not in self.to_move(state) or state.phase not in ("play", "exchange") or None in state.hands[seat]:
            return super().legal_actions(state, seat)
        hand = state.hands[seat]
        if state.phase == "play":
            may = state.options.may_discard_if_cannot_overtrump
            return sorted(Action("play", (c,)) for c in playable(hand, state.trick, state.trumps, may))
        least, most = self.exchange_bounds(state, seat)
        return sorted(Action("discard", combo) for k in range(least, most + 1) for combo in combinations(hand, k))

    # --- playing an action --------------------------------------------------------------------
    def _apply(self, state, seat, action):
        kind = action.kind
        if kind == "leave":
            return self._after_trump(state)
        if kind == "take":
            hand = sorted_hand([c for c in state.hands[seat] if c != action.card] + [state.turned])
            discards = _set(state.discards, seat, sorted_hand(state.discards[seat] + (action.card,)))
            return self._after_trump(replace(state, taken=True, hands=_set(state.hands, seat, hand),
                                             discards=discards))
        if kind == "declare":
            letter = "p" if action.choice == "play" else "x"
            changes = {"status": _set_char(state.status, seat, letter)}
            if letter == "x":  # the hand is laid down face down
                changes["passed"] = _set(state.passed, seat, state.hands[seat])
                changes["hands"] = _set(state.hands, seat, ())
            return self._next_declarer(replace(state, **changes))
        if kind == "discard":
            if state.phase == "dummy":
                hand = tuple(c for c in state.hands[seat] if c != action.card)
                discards = _set(state.discards, seat, sorted_hand(state.discards[seat] + action.cards))
                return self._next_exchanger(replace(state, hands=_set(state.hands, seat, hand),
                                                    discards=discards), None)
            return self._next_exchanger(self._exchange(state, seat, action.cards), seat)
        if kind == "play":
            return self._play(state, seat, action.card)
        if kind == "next":
            return self._deal(state.options, state.seed, state.players, state.deal + 1,
                              (state.dealer + 1) % state.players, state.balances, state.pot, state.history)
        raise AssertionError(kind)

    def _after_trump(self, state):
        if state.options.dealer_takes_trump_at == "before-declarations":
            return self._next_declarer(state)
        return replace(state, phase="exchange", to=state.dealer)

    def _exchange(self, state, seat, cards):
        """Discard `cards` face down and draw: from the stock, and when it runs out from a new stock
        shuffled from the other players' discards (then, if the variant allows and still short, the
        hands laid down)."""
        hand = [c for c in state.hands[seat] if c not in cards]
        discards = list(state.discards)
        discards[seat] = sorted_hand(discards[seat] + tuple(cards))
        passed = list(state.passed)
        need = draws_for(state.players, len(cards))
        stock = list(state.stock)
        drawn = stock[:need]
        stock = stock[need:]
        if len(drawn) < need:
            pool = [c for s in range(state.players) if s != seat for c in discards[s]]
            for s in range(state.players):
                if s != seat:
                    discards[s] = ()
            if len(drawn) + len(pool) < need and state.options.reshuffle_includes_passed_hands:
                pool += [c for h in passed for c in h]
                passed = [()] * state.players
            stock = list(shuffled(sorted(pool), rng_for(self.slug, state.seed, state.deal, "reshuffle", seat)))
            more = need - len(drawn)
            drawn += stock[:more]
            stock = stock[more:]
        return replace(state, hands=_set(state.hands, seat, sorted_hand(hand + drawn)), discards=tuple(discards),
                       passed=tuple(passed), stock=tuple(stock))

    def _play(self, state, seat, card):
        hand = tuple(c for c in state.hands[seat] if c != card)
        trick = state.trick + (card,)
        state = replace(state, hands=_set(state.hands, seat, hand), trick=trick)
        if len(trick) < len(state.active):
            return state
        winner = state.seat_of(state.leader, trick_winner(trick, state.trumps))
        state = replace(state, done=state.done + ((state.leader, trick),), trick=(), leader=winner)
        if len(state.done) < TRICKS:
            return state
        return self._settle(state)

    # --- settlement ---------------------------------------------------------------------------
    def _settle(self, state):
        o = state.options
        tricks = state.tricks_taken()
        pot = state.pot
        dealer = state.dealer
        payments = []

        def pay(payer, payee, amount, rule):
            if amount > 0:
                payments.append(Payment(payer, payee, amount, rule))

        def owed(seat):  # what a player who gets frepe pays: the pot's worth, double for a dealer who took
            return (2 * pot, "frepe.trump.double") if seat == dealer and state.taken else (pot, None)

        if state.dummy is not None:
            case = "all-pass"
            mine = tricks[dealer]
            if mine >= 4:
                pay(POT, dealer, pot, "frepe.allpass.sweep")
            elif mine >= SAFE:
                pay(POT, dealer, pot // 2, "frepe.allpass.half")
            else:
                amount, rule = owed(dealer)
                pay(dealer, POT, amount, rule or "frepe.allpass.frepe")
        elif o.payout_model == "spanish":
            case = "normal"
            share = pot // TRICKS
            for s in state.active:
                pay(POT, s, share * tricks[s], "frepe.spanish.share")
            for s in state.active:
                if tricks[s] < SAFE:
                    amount, rule = owed(s)
                    pay(s, POT, amount, rule or "frepe.spanish.frepe")
        else:
            winners = [s for s in state.active if tricks[s] >= SAFE]
            losers = [s for s in state.active if tricks[s] < SAFE]
            if not winners:
                case = "no-winner"
                if o.no_winner_rule == "frepe-pays-pot":
                    for s in losers:
                        amount, rule = owed(s)
                        pay(s, POT, amount, rule or "frepe.settle.no-winner")
            else:
                case = "normal"
                for f in losers:
                    amount, rule = owed(f)
                    for w in winners:
                        pay(f, w, amount, rule or "frepe.settle.pays-winners")
                if len(winners) == 1:
                    pay(POT, winners[0], pot, "frepe.settle.pot-shared")
                else:
                    for w in winners:
                        pay(POT, w, pot // 2, "frepe.settle.pot-shared")
                    if pot % 2:
                        # winners are in playing order: the first of the most tricks takes the odd chip
                        first = max(winners, key=lambda s: (tricks[s], -winners.index(s)))
                        pay(POT, first, 1, "frepe.settle.odd-chip")
        state = self._move(state, payments)
        last = state.deal >= self.deals(state)
        if last and state.pot >= state.players:
            share = state.pot // state.players
            state = self._move(state, [Payment(POT, s, share, "frepe.session.pot-shared") for s in state.order])
        record = FrepeDeal(
            deal=state.deal, payments=state.paid, dealer=dealer, sitting_out=state.sitting_out,
            turned=state.turned, took_trump=state.taken, active=state.active, dummy=state.dummy,
            tricks=tricks, pot=pot, case=case,
        )
        return replace(state, phase="over" if last else "end", to=None, paid=(), history=state.history + (record,))

    def _move(self, state, payments):
        """The state with these payments made (and recorded with the deal's others)."""
        balances = list(state.balances)
        pot = state.pot
        for p in payments:
            for holder, sign in ((p.payer, -1), (p.payee, 1)):
                if holder == POT:
                    pot += sign * p.amount
                else:
                    balances[holder] += sign * p.amount
        return replace(state, balances=tuple(balances), pot=pot, paid=state.paid + tuple(payments))

    # --- chips --------------------------------------------------------------------------------
    def chips(self, state):
        out = {holder_key(s): state.balances[s] for s in range(state.players)}
        out[holder_key(POT)] = state.pot
        return out

    def payments(self, state):
        return tuple(p for d in state.history for p in d.payments) + state.paid

    # --- what each seat sees ------------------------------------------------------------------
    def visible(self, state, seat):
        """Each sees his own hand, the hand he laid down and his own discards; of the others' hands
        only the turned card the dealer took, until his exchange (after it, for all the others know,
        he may have discarded it face down); never the stock. The turned card, the trick and the
        tricks taken are open."""
        out = {"stock": False}
        shown = state.taken and state.phase in ("trump", "declare", "dummy", "exchange")
        for s in range(state.players):
            if s == seat:
                continue
            if s == state.dealer and shown:
                out[f"hand.{s}"] = tuple(c == state.turned for c in state.hands[s])
            else:
                out[f"hand.{s}"] = False
            out[f"passed.{s}"] = False
            out[f"discard.{s}"] = False
        return out

    def view(self, state, seat):
        """What ``visible`` lets `seat` see, built directly (the bots' playouts ask for views by
        the thousand); the conformance suite checks that it is the generic view."""
        shown = state.taken and state.phase in ("trump", "declare", "dummy", "exchange")

        def masked(s, hand):
            if s == seat:
                return hand
            if s == state.dealer and shown:
                return sorted_hand(tuple(c if c == state.turned else None for c in hand))
            return (None,) * len(hand)

        return replace(
            state, seed=None, stock=(None,) * len(state.stock),
            hands=tuple(masked(s, h) for s, h in enumerate(state.hands)),
            passed=tuple(p if s == seat else (None,) * len(p) for s, p in enumerate(state.passed)),
            discards=tuple(d if s == seat else (None,) * len(d) for s, d in enumerate(state.discards)),
        )

    def held_zones(self, state):
        out = {}
        for s in range(state.players):
            out.update({f"hand.{s}": s, f"passed.{s}": s, f"discard.{s}": s})
        return out

    def zones(self, state):
        out = {"stock": state.stock, "turnup": () if state.taken else (state.turned,), "trick": state.trick}
        won = [[] for _ in range(state.players)]
        for leader, cards in state.done:
            won[state.seat_of(leader, trick_winner(cards, state.trumps))].extend(cards)
        for s in range(state.players):
            out[f"hand.{s}"] = state.hands[s]
            out[f"passed.{s}"] = state.passed[s]
            out[f"discard.{s}"] = state.discards[s]
            out[f"won.{s}"] = tuple(won[s])
        return out

    def with_zones(self, state, zones):
        """The tricks taken are open to all and never change here: they are kept from the state."""
        n = state.players
        return replace(
            state,
            hands=tuple(sorted_hand(zones[f"hand.{s}"]) for s in range(n)),
            passed=tuple(sorted_hand(zones[f"passed.{s}"]) for s in range(n)),
            discards=tuple(sorted_hand(zones[f"discard.{s}"]) for s in range(n)),
            stock=tuple(zones["stock"]), trick=tuple(zones["trick"]),
        )

    def pack(self, state):
        return spanish_pack()

    def determinize(self, view, seat, rng):
        """A full deal consistent with the view, the tricks included: a card a player did not play
        is never dealt to him where holding it would have made the card he played illegal (he
        showed he lacks the suit led, a trump, or a higher card of the suit)."""
        return self.determinize_with(view, rng, self.shown_lacking(view))

    def shown_lacking(self, state) -> dict:
        """{"hand.<seat>": cards} that each player's own plays in this deal's tricks rule out."""
        may_discard = state.options.may_discard_if_cannot_overtrump
        pack = spanish_pack()
        out = {}
        for leader, cards in state.done + ((state.leader, state.trick),):
            for i, card in enumerate(cards):
                before = cards[:i]
                if not before:
                    continue
                ruled = {x for x in pack if x != card and card not in playable((card, x), before, state.trumps,
                                                                                   may_discard)}
                if ruled:
                    out.setdefault(f"hand.{state.seat_of(leader, i)}", set()).update(ruled)
        return out

    def hide_secrets(self, state):
        return replace(state, seed=None)

    def reseed(self, state, seed):
        return replace(state, seed=seed)

    def outcome(self, state):
        over = state.phase == "over"
        winners = ()
        if over:
            best = max(state.balances)
            winners = tuple(s for s in range(state.players) if state.balances[s] == best)
        return Outcome(over, state.balances, winners, state.history)

    def option_choices(self):
        return {"ante": (1, 2), "dealer_takes_trump_at": TRUMP_TIMES, "may_discard_if_cannot_overtrump": (False, True),
                "reshuffle_includes_passed_hands": (True, False), "no_winner_rule": NO_WINNER_RULES,
                "payout_model": PAYOUT_MODELS, "sit_out_antes": (True, False), "rounds": ROUNDS}

    # --- homework targets for a whole deal -----------------------------------------------------
    def deal_targets(self):
        return dict(DEAL_TARGETS)

    def deal_target_met(self, state, seat, target):
        """Judged on the deal's record. Escaping frepe asks nothing of a seat that did not play (it
        passed, sat out or was the dummy): None."""
        if target not in DEAL_TARGETS:
            raise KeyError(target)
        record = self.finished_deal(state)
        if record is None:
            return None
        if target == "escape-frepe":
            if seat not in record.active or seat == record.dummy:
                return None
            return seat not in record.frepe
        return record.net(seat) > 0

    # --- values for puzzles and hints (sampling.py) ------------------------------------------------
    def exact_values(self, state, seat):
        """In the tricks with every hand in play known: each legal card's value for `seat` in chips
        won in the deal, every player playing for his own chips (max-n); None otherwise."""
        from .sampling import exact_values

        return exact_values(self, state, seat)

    def sampled_values(self, state, seat, seed, deals):
        """Before the tricks: each legal choice played out in deals dealt from `seat`'s view, in
        chips (sampling.py says how)."""
        from .sampling import sampled_values

        return sampled_values(self, state, seat, seed, deals)

    # --- notation -----------------------------------------------------------------------------
    def to_text(self, state):
        return notation.to_text(state)

    def from_text(self, text):
        return notation.from_text(text)


def _set_char(text, index, char):
    return text[:index] + char + text[index + 1:]


__all__ = ["Frepe", "draws_for", "hand_size", "suit"]
