"""The Écarté rules engine: dealing, the exchange loop, the king, trick play and scoring."""

from dataclasses import replace
from itertools import combinations

from games.engine.actions import Action
from games.engine.cards import piquet_pack, rank, suit
from games.engine.game import Game, Outcome
from games.engine.rng import below, rng_for, shuffled
from games.engine.rules import LEGAL, refuse

from . import notation
from .rules import RULES, follow_problem, playable, sort_key, sorted_hand, strength, trick_winner
from .state import DealResult, EcarteOptions, EcarteState, Score

KINDS = {
    "propose": ("propose", "stand"),
    "respond": ("accept", "refuse"),
    "discard": ("discard",),
    "play": ("play", "king"),
    "end": ("next",),
    "over": (),
}

DEAL_TARGETS = {
    "win-the-point": "take at least three of the five tricks (the deal's point)",
    "vole": "take all five tricks (the vole)",
}


class Ecarte(Game):
    slug = "ecarte"
    name = "Écarté"
    player_counts = (2,)
    rules = RULES
    Options = EcarteOptions

    # --- a new match and each deal ------------------------------------------------------------
    def new(self, seed, players=2, options=None):
        if players != 2:
            raise ValueError("Écarté is for two players")
        options = self.options(options)
        seed = notation.check_seed(str(seed))
        dealer = below(rng_for(self.slug, seed, "first-dealer"), 2)
        return self._deal(options, seed, 1, dealer, (0, 0), ())

    def _deal(self, options, seed, number, dealer, scores, history):
        cards = shuffled(piquet_pack(), rng_for(self.slug, seed, number))
        nondealer = 1 - dealer
        # Three then two to each, the non-dealer first; the 11th card is turned for trumps.
        hand = {nondealer: cards[0:3] + cards[6:8], dealer: cards[3:6] + cards[8:10]}
        turnup = cards[10]
        state = EcarteState(
            options=options, seed=seed, deal=number, dealer=dealer, scores=scores, phase="propose",
            turnup=turnup, hands=(sorted_hand(hand[0]), sorted_hand(hand[1])), stock=cards[11:],
            discards=((), ()), trick=(), leader=nondealer, tricks=(0, 0), won=((), ()),
            vulnerable=None, first_decision=True, exchanging=None, played=(False, False),
            announced=(False, False), revoked=(False, False), events=(), history=history,
        )
        if rank(turnup) == "K":
            state = self._score_event(state, dealer, 1, "ecarte.deal.turned-king")
        return state

    # --- whose turn ---------------------------------------------------------------------------
    def to_move(self, state):
        phase = state.phase
        if phase == "propose":
            return frozenset({state.nondealer})
        if phase == "respond":
            return frozenset({state.dealer})
        if phase == "discard":
            return frozenset({state.exchanging})
        if phase == "play":
            return frozenset({state.leader if not state.trick else 1 - state.leader})
        if phase == "end":
            return frozenset({0, 1})
        return frozenset()

    def players(self, state):
        return 2

    # --- legality -----------------------------------------------------------------------------
    def check(self, state, seat, action):
        if state.phase == "over":
            return refuse("ecarte.match.over", scores=list(state.scores))
        movers = self.to_move(state)
        if seat not in movers:
            return refuse("ecarte.turn.order", to_move=sorted(movers), phase=state.phase)
        if action.kind not in KINDS[state.phase]:
            return refuse("ecarte.turn.phase", phase=state.phase, allowed=list(KINDS[state.phase]))
        if action.kind in ("propose", "stand", "accept", "refuse", "next"):
            return LEGAL if not action.cards and not action.places else refuse(
                "ecarte.turn.phase", phase=state.phase, allowed=list(KINDS[state.phase]))
        hand = state.hands[seat]
        if action.places:
            return refuse("ecarte.turn.phase", phase=state.phase, allowed=list(KINDS[state.phase]))
        if action.kind == "discard":
            return self._check_discard(state, seat, action.cards, hand)
        if action.kind == "king":
            if action.cards:
                return refuse("ecarte.turn.phase", phase=state.phase, allowed=list(KINDS[state.phase]))
            if state.king_of_trumps not in hand:
                return refuse("ecarte.king.announce", reason="not-held", king=state.king_of_trumps)
            if state.played[seat]:
                return refuse("ecarte.king.announce", reason="too-late", king=state.king_of_trumps)
            if state.announced[seat]:
                return refuse("ecarte.king.announce", reason="already", king=state.king_of_trumps)
            return LEGAL
        # play a card
        if len(action.cards) != 1:
            return refuse("ecarte.turn.phase", phase=state.phase, allowed=list(KINDS[state.phase]))
        card = action.cards[0]
        if card not in hand:
            return refuse("ecarte.card.in-hand", card=card)
        o = state.options
        if card not in playable(hand, state.trick, state.trumps, o.must_trump, o.allow_revoke):
            rule, facts = follow_problem(hand, card, state.trick[0], state.trumps, o.must_trump)
            return refuse(rule, card=card, **facts)
        return LEGAL

    def _check_discard(self, state, seat, cards, hand):
        if len(set(cards)) != len(cards):
            return refuse("ecarte.card.in-hand", card=next(c for c in cards if cards.count(c) > 1))
        missing = [c for c in cards if c not in hand]
        if missing:
            return refuse("ecarte.card.in-hand", card=missing[0])
        limit = min(5, len(state.stock))
        if len(cards) > limit:
            return refuse("ecarte.exchange.limit", count=len(cards), limit=limit, stock=len(state.stock))
        if seat == state.nondealer and not cards:
            return refuse("ecarte.exchange.nondealer-minimum", count=0)
        if seat == state.dealer:
            least = min(state.options.dealer_min_exchange, len(state.stock))
            if len(cards) < least:
                return refuse("ecarte.exchange.dealer-minimum", count=len(cards), least=least)
        return LEGAL

    def candidate_actions(self, state, seat):
        phase = state.phase
        if phase in ("propose", "respond", "end"):
            return [Action(k) for k in KINDS[phase]]
        hand = [c for c in state.hands[seat] if c is not None]
        if phase == "discard":
            limit = min(5, len(state.stock))
            return [Action("discard", tuple(sorted(combo, key=sort_key)))
                    for n in range(0, limit + 1) for combo in combinations(hand, n)]
        if phase == "play":
            return [Action("king")] + [Action("play", (c,)) for c in hand]
        return []

    # --- playing an action --------------------------------------------------------------------
    def _apply(self, state, seat, action):
        kind = action.kind
        if kind == "propose":
            return replace(state, phase="respond")
        if kind == "stand":
            return self._to_play(state, declined_by=seat)
        if kind == "accept":
            return replace(state, phase="discard", exchanging=state.nondealer)
        if kind == "refuse":
            return self._to_play(state, declined_by=seat)
        if kind == "discard":
            return self._discard(state, seat, action.cards)
        if kind == "king":
            state = replace(state, announced=_set(state.announced, seat, True))
            return self._score_event(state, seat, 1, "ecarte.king.announce")
        if kind == "play":
            return self._play(state, seat, action.card)
        if kind == "next":
            return self._deal(state.options, state.seed, state.deal + 1, 1 - state.dealer, state.scores,
                              state.history)
        raise AssertionError(kind)

    def _to_play(self, state, declined_by):
        vulnerable = state.vulnerable
        if state.first_decision and state.options.vulnerability:
            vulnerable = declined_by
        return replace(state, phase="play", vulnerable=vulnerable, first_decision=False,
                       exchanging=None, leader=state.nondealer)

    def _discard(self, state, seat, cards):
        k = len(cards)
        kept = tuple(c for c in state.hands[seat] if c not in cards)
        drawn, stock = state.stock[:k], state.stock[k:]
        state = replace(
            state,
            hands=_set(state.hands, seat, sorted_hand(kept + drawn)),
            stock=stock,
            discards=_set(state.discards, seat, state.discards[seat] + tuple(cards)),
        )
        if seat == state.nondealer and stock:
            return replace(state, exchanging=state.dealer)
        # The round is over (or the stock ran out before the dealer's turn).
        state = replace(state, first_decision=False, exchanging=None)
        if not stock:
            return replace(state, phase="play", leader=state.nondealer)
        return replace(state, phase="propose")

    def _play(self, state, seat, card):
        hand = state.hands[seat]
        revoked = state.revoked
        if state.trick and state.options.allow_revoke:
            problem = follow_problem(hand, card, state.trick[0], state.trumps, state.options.must_trump)
            if problem:
                revoked = _set(revoked, seat, True)
        state = replace(
            state,
            hands=_set(state.hands, seat, tuple(c for c in hand if c != card)),
            trick=state.trick + (card,),
            played=_set(state.played, seat, True),
            revoked=revoked,
        )
        if len(state.trick) < 2:
            return state
        led, second = state.trick
        winner = state.leader if trick_winner(led, second, state.trumps) == 0 else 1 - state.leader
        state = replace(
            state,
            trick=(),
            leader=winner,
            tricks=_set(state.tricks, winner, state.tricks[winner] + 1),
            won=_set(state.won, winner, state.won[winner] + (led, second)),
        )
        if sum(state.tricks) == 5:
            return self._score_deal(state)
        return state

    def _score_event(self, state, seat, points, rule):
        """Score points during a deal (a king); the match ends at once on reaching the target."""
        score = Score(seat, points, rule)
        scores = _set(state.scores, seat, state.scores[seat] + points)
        state = replace(state, scores=scores, events=state.events + (score,))
        if scores[seat] >= state.options.target:
            result = DealResult(deal=state.deal, scores=state.events, finished=False, dealer=state.dealer,
                                tricks=state.tricks, vulnerable=state.vulnerable)
            state = replace(state, phase="over", history=state.history + (result,))
        return state

    def _score_deal(self, state):
        winner = 0 if state.tricks[0] >= 3 else 1
        loser = 1 - winner
        if state.tricks[winner] == 5:
            points, rule = 2, "ecarte.score.vole"
        elif state.vulnerable == loser:
            points, rule = 2, "ecarte.score.vulnerable"
        else:
            points, rule = 1, "ecarte.score.point"
        events = list(state.events)
        if state.revoked[winner]:
            events.append(Score(winner, points - 1, "ecarte.score.revoke"))
            points -= 1
        else:
            events.append(Score(winner, points, rule))
        scores = _set(state.scores, winner, state.scores[winner] + points)
        result = DealResult(deal=state.deal, scores=tuple(events), finished=True, dealer=state.dealer,
                            tricks=state.tricks, vulnerable=state.vulnerable)
        phase = "over" if scores[winner] >= state.options.target else "end"
        return replace(state, scores=scores, phase=phase, events=tuple(events),
                       history=state.history + (result,))

    # --- what each seat sees ------------------------------------------------------------------
    def visible(self, state, seat):
        """Each his own hand and discards; the other's hand only where the king of trumps has been
        shown from it (public until played); never the stock."""
        other = 1 - seat
        shown = state.king_of_trumps if state.announced[other] else None
        return {f"hand.{other}": tuple(c == shown for c in state.hands[other]),
                "stock": False, f"discard.{other}": False}

    def view(self, state, seat):
        # As the generic view, built directly: the table and the bots ask for views often.
        other = 1 - seat
        shown = state.king_of_trumps if state.announced[other] else None
        hand = sorted_hand(tuple(c if c == shown else None for c in state.hands[other]))
        return replace(
            state,
            seed=None,
            hands=_set(state.hands, other, hand),
            stock=(None,) * len(state.stock),
            discards=_set(state.discards, other, (None,) * len(state.discards[other])),
        )

    def held_zones(self, state):
        return {"hand.0": 0, "hand.1": 1}

    def exact_values(self, state, seat):
        """Card play with both hands known: each legal action's value in points of the deal for
        `seat` (the king of trumps is worth its point on top)."""
        from .solver import Solver

        if state.phase != "play" or seat not in self.to_move(state):
            return None
        if any(c is None for hand in state.hands for c in hand):
            return None
        solver = Solver.for_state(state, seat)
        by_card = solver.action_values(state.hands, state.trick, state.leader, state.tricks)
        values = {}
        for action in self.legal_actions(state, seat):
            if action.kind == "king":
                values[action] = solver.value(state.hands, state.trick, state.leader, state.tricks) + 1
            else:
                values[action] = by_card[action.card]
        return values

    def goals(self):
        return {"win-the-point": "take at least three tricks and score the deal"}

    def goal_reached(self, state, seat, goal):
        if goal != "win-the-point":
            raise KeyError(goal)
        deals = state.history if state.phase in ("end", "over") else ()
        if not deals or deals[-1].deal != state.deal or not deals[-1].finished:
            return False
        last = deals[-1].scores[-1]  # the tricks' score comes last, after any king
        return last.seat == seat and last.points > 0

    def goal_reachable(self, state, seat, goal):
        """With both hands known in the card play, the exact solver says whether `seat` can still
        score the deal whatever the other does."""
        from .solver import Solver

        if goal != "win-the-point":
            raise KeyError(goal)
        if self.goal_reached(state, seat, goal):
            return True
        if state.phase != "play" or any(c is None for hand in state.hands for c in hand):
            return None
        return Solver.for_state(state, seat).value(state.hands, state.trick, state.leader, state.tricks) > 0

    # --- homework targets for a whole deal -----------------------------------------------------
    def deal_targets(self):
        return dict(DEAL_TARGETS)

    def deal_target_met(self, state, seat, target):
        """Judged on the deal's record: the tricks each took. A deal cut short by a king that won
        the match has no tricks to judge (None)."""
        if target not in DEAL_TARGETS:
            raise KeyError(target)
        record = self.finished_deal(state)
        if record is None or not record.finished:
            return None
        if target == "win-the-point":
            return record.tricks[seat] >= 3
        return record.tricks[seat] == 5

    def option_choices(self):
        return {"target": (5, 10), "dealer_min_exchange": (0, 1), "vulnerability": (True, False),
                "must_trump": (True, False), "allow_revoke": (False, True)}

    def determinize(self, view, seat, rng):
        """Deal the unseen cards at random, but never give the opponent a card his play has shown
        he cannot hold: a suit he failed to follow, trumps when he failed to trump, or a card of
        the suit led higher than the one he followed with when he had to beat it. A king of
        trumps he has shown stays in his hand."""
        other = 1 - seat
        if view.options.allow_revoke:
            return super().determinize(view, seat, rng)
        return self.determinize_with(view, rng, {f"hand.{other}": opponent_cannot_hold(view, other)})

    def hide_secrets(self, state):
        return replace(state, seed=None)

    def reseed(self, state, seed):
        return replace(state, seed=seed)

    def zones(self, state):
        return {
            "hand.0": state.hands[0], "hand.1": state.hands[1],
            "stock": state.stock, "turnup": (state.turnup,), "trick": state.trick,
            "discard.0": state.discards[0], "discard.1": state.discards[1],
            "won.0": state.won[0], "won.1": state.won[1],
        }

    def with_zones(self, state, zones):
        return replace(
            state,
            hands=(sorted_hand(zones["hand.0"]), sorted_hand(zones["hand.1"])),
            stock=tuple(zones["stock"]), turnup=zones["turnup"][0], trick=tuple(zones["trick"]),
            discards=(tuple(zones["discard.0"]), tuple(zones["discard.1"])),
            won=(tuple(zones["won.0"]), tuple(zones["won.1"])),
        )

    def pack(self, state):
        return piquet_pack()

    def outcome(self, state):
        over = state.phase == "over"
        winners = ()
        if over:
            best = max(state.scores)
            winners = tuple(s for s in (0, 1) if state.scores[s] == best)
        return Outcome(over, state.scores, winners, state.history)

    def deal_won(self, result, seat):
        """A deal is won by taking three tricks or more (ecarte.score.point, vole or vulnerable);
        the king's point is scored on the side, so a deal can be lost with the king marked. A deal
        cut short (the king's point ended the match before the tricks) is judged by its points."""
        if not result.finished:
            return super().deal_won(result, seat)
        return result.tricks[seat] >= 3

    # --- notation -----------------------------------------------------------------------------
    def to_text(self, state):
        return notation.to_text(state)

    def from_text(self, text):
        return notation.from_text(text)


def opponent_cannot_hold(view, other):
    """Cards `other` cannot hold, read from the finished tricks of this deal (who led each trick
    follows from who won it and whether the card led won)."""
    trumps = view.trumps
    out = set()
    for winner in (0, 1):
        pairs = view.won[winner]
        for i in range(0, len(pairs), 2):
            led, second = pairs[i], pairs[i + 1]
            leader = winner if trick_winner(led, second, trumps) == 0 else 1 - winner
            if leader == other:
                continue
            if suit(second) != suit(led):
                out.update(c for c in piquet_pack() if suit(c) == suit(led))
                if suit(second) != trumps and view.options.must_trump:
                    out.update(c for c in piquet_pack() if suit(c) == trumps)
            elif strength(second) < strength(led):
                out.update(c for c in piquet_pack() if suit(c) == suit(led) and strength(c) > strength(led))
    return out


def _set(pair, index, value):
    return tuple(value if i == index else v for i, v in enumerate(pair))


