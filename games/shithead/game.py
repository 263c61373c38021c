"""The Shithead rules engine: the deal, the swap, the first player, plays, burns, pick-ups, blind
flips, going out, and matches of several deals (decisions.md §5)."""

from itertools import combinations

from games.engine.actions import Action
from games.engine.game import Game, Outcome
from games.engine.results import Score
from games.engine.rng import below, rng_for, shuffled
from games.engine.rules import LEGAL, refuse

from . import notation
from .rules import LADDER, RULES, burns, playable_rank, sorted_cards
from .state import ShitheadDeal, ShitheadOptions, ShitheadState


def replace(state, **changes):
    """A copy of the state with some fields changed. The same as dataclasses.replace without its
    per-call introspection: states are copied on every action, so this is the engine's hot path."""
    new = object.__new__(ShitheadState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new

KINDS = {
    "swap": ("swap", "ready"),
    "play": ("play", "pickup", "flip"),
    "end": ("next",),
    "over": (),
}


def _set(seq, i, value):
    return seq[:i] + (value,) + seq[i + 1:]


def _without(cards, taken):
    left = list(cards)
    for c in taken:
        left.remove(c)
    return tuple(left)


def first_player(players, dealer, hands, up):
    """From the dealer's left: the first face-up 3, else the first 3 in hand, then 4s, ... As, 2s."""
    order = [(dealer + k) % players for k in range(1, players + 1)]
    for r in LADDER:
        for zone in (up, hands):
            for seat in order:
                if any(c[0] == r for c in zone[seat]):
                    return seat
    return order[0]

DEAL_TARGETS = {
    "avoid-shithead": "go out before the deal ends: do not be the last player left holding cards",
    "go-out-first": "be the first player to get rid of all your cards",
}


class Shithead(Game):
    slug = "shithead"
    name = "Shithead"
    player_counts = (2, 3, 4, 5, 6)
    rules = RULES
    Options = ShitheadOptions

    # --- a new match and each deal ------------------------------------------------------------
    def new(self, seed, players=4, options=None):
        if players not in self.player_counts:
            raise ValueError("Shithead is for two to six players")
        options = self.options(options)
        seed = notation.check_seed(str(seed))
        dealer = below(rng_for(self.slug, seed, players, "first-dealer"), players)
        return self._deal(options, seed, players, 1, dealer, ())

    def _deal(self, options, seed, players, number, dealer, losers):
        cards = shuffled(notation.pack_for(players, options), rng_for(self.slug, seed, players, number))
        order = [(dealer + k) % players for k in range(1, players + 1)]
        down, up, hands = [()] * players, [()] * players, [()] * players
        # Three rounds: face-down, then face-up on them, then the hands.
        at = 0
        for zone in (down, up, hands):
            for seat in order:
                zone[seat] = tuple(cards[at:at + 3])
                at += 3
        hands = tuple(sorted_cards(h) for h in hands)
        up = tuple(sorted_cards(u) for u in up)
        first = first_player(players, dealer, hands, up) if options.first_player == "deal" else None
        return ShitheadState(
            options=options, seed=seed, players=players, deal=number, dealer=dealer, phase="swap",
            ready=(False,) * players, turn=None, direction=1, hands=hands, up=up, down=tuple(down),
            pile=(), burned=(), stock=tuple(cards[at:]), out=(), losers=losers, first=first,
        )

    # --- whose turn ---------------------------------------------------------------------------
    def to_move(self, state):
        if state.phase == "swap":
            return frozenset(s for s in range(state.players) if not state.ready[s])
        if state.phase == "play":
            return frozenset({state.turn})
        if state.phase == "end":
            return frozenset(range(state.players))
        return frozenset()

    def players(self, state):
        return state.players

    # --- legality -----------------------------------------------------------------------------
    def check(self, state, seat, action):
        if state.phase == "over":
            return refuse("shithead.match.over", losers=list(state.losers))
        movers = self.to_move(state)
        if seat not in movers:
            return refuse("shithead.turn.order", to_move=sorted(movers), phase=state.phase)
        placed = action.target is not None or action.choice is not None or (
            action.source is not None and action.kind != "flip")
        if action.kind not in KINDS[state.phase] or placed:
            return refuse("shithead.turn.phase", phase=state.phase, allowed=list(KINDS[state.phase]))
        if action.kind in ("ready", "next"):
            return LEGAL if not action.cards else refuse("shithead.turn.phase", phase=state.phase,
                                                         allowed=list(KINDS[state.phase]))
        if action.kind == "swap":
            if len(action.cards) != 2:
                return refuse("shithead.swap.exchange", count=len(action.cards))
            mine, shown = action.cards
            if mine not in state.hands[seat]:
                return refuse("shithead.card.held", card=mine, where="hand")
            if shown not in state.up[seat]:
                return refuse("shithead.card.held", card=shown, where="up")
            return LEGAL
        source = state.source(seat)
        if action.kind == "flip":
            if source != "down":
                return refuse("shithead.card.source", source=source, tried="down")
            if action.cards or action.source is None or not action.source.isdigit() \
                    or int(action.source) >= len(state.down[seat]):
                return refuse("shithead.blind.flip", places=len(state.down[seat]))
            return LEGAL
        if source == "down":
            return refuse("shithead.blind.flip", places=len(state.down[seat]))
        if action.kind == "pickup":
            if not state.pile:
                return refuse("shithead.pickup.pile", pile=0)
            if source == "hand":
                if action.cards:
                    return refuse("shithead.pickup.face-up", source=source)
                return LEGAL
            if len(action.cards) != 1 or action.cards[0] not in state.up[seat]:
                return refuse("shithead.pickup.face-up", source=source)
            return LEGAL
        return self._check_play(state, seat, action.cards, source)

    def _check_play(self, state, seat, cards, source):
        if not cards:  # a play is at least one card (the web form: "play" with nothing ticked)
            return refuse("shithead.card.held", card=None, where=source, reason="nothing")
        if len(set(cards)) != len(cards):
            return refuse("shithead.card.held", card=cards[0], where=source)
        zone = state.hands[seat] if source == "hand" else state.up[seat]
        for card in cards:
            if card not in zone:
                if card in state.hands[seat] or card in state.up[seat]:
                    return refuse("shithead.card.source", source=source, card=card)
                return refuse("shithead.card.held", card=card, where=source)
        if len({c[0] for c in cards}) != 1:
            return refuse("shithead.play.same-rank", cards=list(cards))
        if not playable_rank(cards[0][0], state.pile):
            from .rules import effective_top

            return refuse("shithead.play.beat", card=cards[0], top=effective_top(state.pile))
        return LEGAL

    def legal_actions(self, state, seat):
        """As the generic one (every action check accepts, sorted), built directly in the play
        phase: only ranks that may go on the pile are combined. The conformance suite checks that
        both ways agree."""
        if state.phase != "play":
            return super().legal_actions(state, seat)
        if seat != state.turn:
            return []
        source = state.source(seat)
        if source == "down":
            return sorted(Action("flip", (), str(i)) for i in range(len(state.down[seat])))
        zone = state.hands[seat] if source == "hand" else state.up[seat]
        groups = {}
        for card in zone:
            groups.setdefault(card[0], []).append(card)
        out = []
        for rank, cards in groups.items():
            if playable_rank(rank, state.pile):
                for k in range(1, len(cards) + 1):
                    out.extend(Action("play", chosen) for chosen in combinations(cards, k))
        if state.pile:
            if source == "hand":
                out.append(Action("pickup"))
            else:
                out.extend(Action("pickup", (card,)) for card in zone)
        return sorted(out)

    def candidate_actions(self, state, seat):
        if state.phase == "swap":
            yield Action("ready")
            for mine in state.hands[seat]:
                for shown in state.up[seat]:
                    yield Action("swap", (mine, shown))
            return
        if state.phase == "end":
            yield Action("next")
            return
        if state.phase != "play":
            return
        source = state.source(seat)
        if source == "down":
            for i in range(len(state.down[seat])):
                yield Action("flip", (), str(i))
            return
        zone = state.hands[seat] if source == "hand" else state.up[seat]
        groups = {}
        for card in zone:
            groups.setdefault(card[0], []).append(card)
        for cards in groups.values():
            for k in range(1, len(cards) + 1):
                for chosen in combinations(cards, k):
                    yield Action("play", chosen)
        if source == "hand":
            yield Action("pickup")
        else:
            for card in zone:
                yield Action("pickup", (card,))

    # --- effects ------------------------------------------------------------------------------
    def _apply(self, state, seat, action):
        kind = action.kind
        if kind == "swap":
            mine, shown = action.cards
            hand = sorted_cards(_without(state.hands[seat], (mine,)) + (shown,))
            up = sorted_cards(_without(state.up[seat], (shown,)) + (mine,))
            return replace(state, hands=_set(state.hands, seat, hand), up=_set(state.up, seat, up))
        if kind == "ready":
            state = replace(state, ready=_set(state.ready, seat, True))
            if all(state.ready):
                first = state.first
                if first is None:
                    first = first_player(state.players, state.dealer, state.hands, state.up)
                state = replace(state, phase="play", turn=first, first=first)
            return state
        if kind == "next":
            dealer = state.losers[-1] if state.options.loser_deals else (state.dealer + 1) % state.players
            return self._deal(state.options, state.seed, state.players, state.deal + 1, dealer, state.losers)
        if kind == "pickup":
            taken = state.pile + action.cards
            up = _without(state.up[seat], action.cards)
            state = replace(state, hands=_set(state.hands, seat, sorted_cards(state.hands[seat] + taken)),
                            up=_set(state.up, seat, up), pile=())
            return replace(state, turn=self._next_seat(state, seat))
        if kind == "flip":
            i = int(action.source)
            card = state.down[seat][i]
            down = state.down[seat][:i] + state.down[seat][i + 1:]
            state = replace(state, down=_set(state.down, seat, down))
            if playable_rank(card[0], state.pile):
                return self._after_play(replace(state, pile=state.pile + (card,)), seat, (card,))
            hand = sorted_cards(state.hands[seat] + state.pile + (card,))
            state = replace(state, hands=_set(state.hands, seat, hand), pile=())
            return replace(state, turn=self._next_seat(state, seat))
        # play
        cards = tuple(action.cards)
        if state.hands[seat]:
            state = replace(state, hands=_set(state.hands, seat, _without(state.hands[seat], cards)))
        else:
            state = replace(state, up=_set(state.up, seat, _without(state.up[seat], cards)))
        return self._after_play(replace(state, pile=state.pile + cards), seat, cards)

    def _after_play(self, state, seat, cards):
        # Burn, then refill, then out; a burn (by a player still in) plays again.
        burned = burns(state.pile, cards, state.options.jokers_see_through_for_four)
        if burned:
            state = replace(state, burned=state.burned + state.pile, pile=())
        hand, stock = state.hands[seat], state.stock
        while len(hand) < 3 and stock:
            hand, stock = hand + stock[:1], stock[1:]
        state = replace(state, hands=_set(state.hands, seat, sorted_cards(hand)), stock=stock)
        is_out = not (state.hands[seat] or state.up[seat] or state.down[seat])
        if is_out:
            state = replace(state, out=state.out + (seat,))
            left = state.active()
            if len(left) == 1:
                losers = state.losers + (left[0],)
                phase = "over" if len(losers) >= state.options.deals else "end"
                return replace(state, losers=losers, phase=phase, turn=None)
        if burned and not is_out:
            return replace(state, turn=seat)
        jokers = sum(1 for c in cards if c[0] == "X")
        if jokers and (jokers % 2 == 1 or not state.options.reverse_per_joker):
            state = replace(state, direction=-state.direction)
        return replace(state, turn=self._next_seat(state, seat))

    def _next_seat(self, state, seat):
        s = seat
        for _ in range(state.players):
            s = (s + state.direction) % state.players
            if s not in state.out:
                return s
        raise AssertionError("no player left to move")

    # --- what each seat sees ------------------------------------------------------------------
    def visible(self, state, seat):
        """Everyone's face-up cards, the pile and the burned cards; one's own hand; no face-down
        card, no other hand, not the stock. (Cards a player picks up were seen by all as they
        went; remembering them is left to the players.)"""
        out = {f"hand.{s}": False for s in range(state.players) if s != seat}
        out.update({f"down.{s}": False for s in range(state.players)})
        out["stock"] = False
        return out

    def view(self, state, seat):
        # As the generic view, built directly: the expert asks for views in its playouts.
        return replace(
            state,
            seed=None,
            hands=tuple(h if s == seat else (None,) * len(h) for s, h in enumerate(state.hands)),
            down=tuple((None,) * len(d) for d in state.down),
            stock=(None,) * len(state.stock),
        )

    def held_zones(self, state):
        return {f"{kind}.{s}": s for s in range(state.players) for kind in ("hand", "up", "down")}

    def zones(self, state):
        out = {}
        for s in range(state.players):
            out[f"hand.{s}"] = state.hands[s]
            out[f"up.{s}"] = state.up[s]
            out[f"down.{s}"] = state.down[s]
        out.update({"pile": state.pile, "burned": state.burned, "stock": state.stock})
        return out

    def with_zones(self, state, zones):
        n = state.players
        return replace(
            state,
            hands=tuple(sorted_cards(zones[f"hand.{s}"]) for s in range(n)),
            up=tuple(sorted_cards(zones[f"up.{s}"]) for s in range(n)),
            down=tuple(tuple(zones[f"down.{s}"]) for s in range(n)),
            pile=tuple(zones["pile"]), burned=tuple(zones["burned"]), stock=tuple(zones["stock"]),
        )

    def pack(self, state):
        return notation.pack_for(state.players, state.options)

    def hide_secrets(self, state):
        return replace(state, seed=None)

    def reseed(self, state, seed):
        return replace(state, seed=seed)

    def random_weights(self, state, seat, actions):
        """Random play that still ends: picking up when a card could be played is rare (one chance
        in a hundred of a play), low cards are likelier than high ones, and a player in the swap
        is as likely to be done as to swap again."""
        can_play = any(a.kind == "play" for a in actions)
        weights = []
        for a in actions:
            if a.kind == "pickup":
                weights.append(0.01 if can_play else 1.0)
            elif a.kind == "play":
                r = a.cards[0][0]
                weights.append(1.0 / (1 + (LADDER.find(r) if r != "X" else 12)))
            elif a.kind == "ready":
                weights.append(len(actions) - 1 or 1)
            else:
                weights.append(1.0)
        return weights

    def option_choices(self):
        return {"deals": (1, 3), "first_player": ("swap", "deal"), "reverse_per_joker": (False, True),
                "jokers_see_through_for_four": (False, True), "loser_deals": (False, True)}

    def outcome(self, state):
        counts = tuple(state.losers.count(s) for s in range(state.players))
        over = state.phase == "over"
        winners = ()
        if over:
            worst = max(counts)
            tied = [s for s in range(state.players) if counts[s] == worst]
            loser = next(s for s in reversed(state.losers) if s in tied)
            winners = tuple(s for s in range(state.players) if s != loser)
        deals = []
        for i, loser in enumerate(state.losers):
            last = i == len(state.losers) - 1 and state.phase in ("end", "over")
            deals.append(ShitheadDeal(deal=i + 1, scores=(Score(loser, 1, "shithead.end.shithead"),), loser=loser,
                                      places=tuple(state.out) + (loser,) if last else ()))
        return Outcome(over, counts, winners, tuple(deals))

    # --- homework targets for a whole deal -----------------------------------------------------
    def deal_targets(self):
        return dict(DEAL_TARGETS)

    def deal_target_met(self, state, seat, target):
        """Judged on the deal's record: who was left holding cards, and the order the others went
        out in. With two players both targets come to the same."""
        if target not in DEAL_TARGETS:
            raise KeyError(target)
        record = self.finished_deal(state)
        if record is None:
            return None
        if target == "avoid-shithead":
            return record.loser != seat
        return record.places[0] == seat

    def loser(self, state):
        """The match's loser (the shithead most often), once the match is over."""
        out = self.outcome(state)
        if not out.finished:
            return None
        return next(s for s in range(state.players) if s not in out.winners)

    def exact_values(self, state, seat):
        """Two players, stock empty, every card known: each legal action's value for `seat` (+1 he
        goes out first, -1 he is the shithead), or None where any line is not settled within the
        search horizon: only a position proved to the end is exact."""
        from .solver import action_values

        if state.phase != "play" or state.players != 2 or state.stock or seat not in self.to_move(state):
            return None
        if any(c is None for zone in self.zones(state).values() for c in zone):
            return None
        values = action_values(self, state, seat)
        return None if values is None or 0 in values.values() else values

    # --- notation -----------------------------------------------------------------------------
    def to_text(self, state):
        return notation.to_text(state)

    def from_text(self, text):
        return notation.from_text(text)
