"""The toy game's engine (see the package's docstring for its rules)."""

import dataclasses
from dataclasses import dataclass, field

from games.engine.actions import Action
from games.engine.game import Game, Outcome
from games.engine.results import DealResult, Score
from games.engine.rng import rng_for, shuffled
from games.engine.rules import LEGAL, NotationError, Rule, RuleBook, refuse

PACK = ("AS", "KS", "QS", "AH", "KH", "QH")
ORDER = "QKA"  # low to high
STAKES = ("1", "2")
STOP = Action("stop")


TARGETS = (1, 3)


@dataclass(frozen=True)
class ToyOptions:
    """The match ends when a seat has `target` points: 1 (one deal) or 3 (several deals). With
    `stop`, the elder may stake 2 only after losing the last deal, and staking 2 otherwise is a fault
    the dealer may call ("Stop!") right after it, before the lead: the stake then goes back to 1."""

    target: int = 1
    stop: bool = False

    def __post_init__(self):
        if self.target not in TARGETS:
            raise ValueError("target must be 1 or 3")
        if not isinstance(self.stop, bool):
            raise ValueError("stop must be true or false")


@dataclass(frozen=True)
class ToyState:
    seed: str | None
    phase: str  # "stake", "play", "end" (a deal is over, not the match) or "over"
    stake: int
    hands: tuple[tuple, tuple]
    trick: tuple  # cards of the trick in progress, the lead first
    leader: int
    tricks: tuple[int, int]
    won: tuple[tuple, tuple]
    history: tuple = field(default=())
    deal: int = 1
    dealer: int = 1  # the other seat, the elder, sets the stake and leads
    options: ToyOptions = field(default=ToyOptions())
    window: bool = False  # the stake was just set (stop mode): the dealer may call Stop! until the lead
    fault: bool = False  # and it was set against the limit


def _sorted(hand):
    known = sorted((c for c in hand if c is not None), key=lambda c: (c[1], ORDER.index(c[0])))
    return tuple(known) + tuple(c for c in hand if c is None)


def trick_winner(trick, leader):
    """The seat that takes a full trick: the higher card of the suit led."""
    lead, other = trick
    if other[1] == lead[1] and ORDER.index(other[0]) > ORDER.index(lead[0]):
        return 1 - leader
    return leader


class Toy(Game):
    slug = "toy"
    name = "Toy"
    player_counts = (2,)
    Options = ToyOptions
    rules = RuleBook(
        Rule("toy.stake.choice", "the elder (not the dealer) sets the stake, 1 or 2, before any card is played"),
        Rule("toy.play.turn", "play in turn, one card from your hand"),
        Rule("toy.play.follow", "follow the suit led when you can"),
        Rule("toy.score.tricks", "two tricks win the stake"),
        Rule("toy.match.next", "after a deal, the next is dealt by the other seat until one has the target"),
        Rule("toy.stake.limit", "(stop mode) the elder may stake 2 only after losing the last deal"),
        Rule("toy.stop.call", "(stop mode) the dealer may call Stop! right after the stake, before the lead"),
        Rule("toy.stop.wrong", "a Stop! called when the stake kept the limit has no effect"),
    )

    def option_choices(self):
        return {"target": TARGETS, "stop": (False, True)}

    def stake_limit_kept(self, state, choice):
        """Whether staking `choice` keeps the limit of the stop mode (2 only after losing the last deal)."""
        elder = 1 - state.dealer
        return choice == "1" or bool(state.history) and state.history[-1].scores[0].seat != elder

    def new(self, seed, players=2, options=None):
        if players != 2:
            raise ValueError("the toy game is for two players")
        dealer = int(rng_for("toy", seed, "dealer").random() < 0.5)  # then it alternates
        return self._deal(seed, 1, dealer, (), self.options(options))

    def _deal(self, seed, deal, dealer, history, options):
        cards = shuffled(PACK, rng_for("toy", seed) if deal == 1 else rng_for("toy", seed, deal))
        return ToyState(seed, "stake", 1, (_sorted(cards[:3]), _sorted(cards[3:])), (), 1 - dealer, (0, 0),
                        ((), ()), history, deal, dealer, options)

    def scores(self, state):
        scores = [0, 0]
        for deal in state.history:
            for s in deal.scores:
                scores[s.seat] += s.points
        return tuple(scores)

    def players(self, state):
        return 2

    def turn(self, state):
        if state.window:
            return frozenset({state.leader})
        return self.to_move(state)

    def to_move(self, state):
        if state.window:
            return frozenset({0, 1})  # the dealer may call Stop!
        if state.phase == "stake":
            return frozenset({1 - state.dealer})
        if state.phase == "end":
            return frozenset({0, 1})
        if state.phase == "play":
            return frozenset({(state.leader + len(state.trick)) % 2})
        return frozenset()

    def candidate_actions(self, state, seat):
        if state.phase == "stake":
            return [Action("stake", choice=s) for s in STAKES]
        if state.phase == "end":
            return [Action("next")]
        if state.window and seat == state.dealer:
            return [STOP]
        return [Action("play", (c,)) for c in state.hands[seat] if c is not None]

    def check(self, state, seat, action):
        if action.kind == "stop":
            if action != STOP or not state.window or seat != state.dealer:
                return refuse("toy.stop.call")
            return LEGAL  # right or wrong: a wrong call is made, to no effect (interruption_verdict)
        if state.phase == "stake":
            if seat != 1 - state.dealer or action.kind != "stake" or action.choice not in STAKES or action.cards:
                return refuse("toy.stake.choice")
            return LEGAL
        if state.phase == "end" or action.kind == "next":
            if state.phase != "end" or action != Action("next"):
                return refuse("toy.match.next")
            return LEGAL
        if state.phase != "play" or seat not in self.turn(state) or action.kind != "play" \
                or len(action.cards) != 1 or action.card not in state.hands[seat] or action.places:
            return refuse("toy.play.turn")
        if state.trick:
            led = state.trick[0][1]
            if action.card[1] != led and any(c and c[1] == led for c in state.hands[seat]):
                return refuse("toy.play.follow", suit=led, card=action.card)
        return LEGAL

    def interruption_verdict(self, state, seat, action):
        """A Stop! by the dealer now: legal when the stake broke the limit; a wrong call is made to
        no effect, and the rule says so."""
        verdict = self.check(state, seat, action)
        if verdict and action == STOP and not state.fault:
            return refuse("toy.stop.wrong", stake=state.stake)
        return verdict

    def _apply(self, state, seat, action):
        if state.phase == "stake":
            stop = state.options.stop
            return dataclasses.replace(state, phase="play", stake=int(action.choice), window=stop,
                                       fault=stop and not self.stake_limit_kept(state, action.choice))
        if action == STOP:
            return dataclasses.replace(state, stake=1 if state.fault else state.stake, window=False, fault=False)
        if state.phase == "end":
            return self._deal(state.seed, state.deal + 1, 1 - state.dealer, state.history, state.options)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
        trick = state.trick + (action.card,)
        state = dataclasses.replace(state, hands=tuple(hands), trick=trick, window=False, fault=False)
        if len(trick) < 2:
            return state
        winner = trick_winner(trick, state.leader)
        tricks = tuple(t + (i == winner) for i, t in enumerate(state.tricks))
        won = tuple(w + trick if i == winner else w for i, w in enumerate(state.won))
        state = dataclasses.replace(state, trick=(), leader=winner, tricks=tricks, won=won)
        if not any(state.hands):  # all three tricks are played out
            taker = 0 if tricks[0] >= 2 else 1
            record = DealResult(state.deal, (Score(taker, state.stake, "toy.score.tricks"),))
            state = dataclasses.replace(state, phase="end", history=state.history + (record,))
            if max(self.scores(state)) >= state.options.target:
                state = dataclasses.replace(state, phase="over")
        return state

    def zones(self, state):
        return {"h0": state.hands[0], "h1": state.hands[1], "tr": state.trick,
                "w0": state.won[0], "w1": state.won[1]}

    def with_zones(self, state, zones):
        return dataclasses.replace(state, hands=(_sorted(zones["h0"]), _sorted(zones["h1"])),
                                   trick=tuple(zones["tr"]), won=(tuple(zones["w0"]), tuple(zones["w1"])))

    def visible(self, state, seat):
        return {f"h{1 - seat}": False}

    def held_zones(self, state):
        return {"h0": 0, "h1": 1}

    def pack(self, state):
        return PACK

    def outcome(self, state):
        scores = self.scores(state)
        finished = state.phase == "over"
        winners = tuple(i for i in (0, 1) if scores[i] == max(scores)) if finished else ()
        return Outcome(finished, scores, winners, state.history)

    def hide_secrets(self, state):
        return dataclasses.replace(state, seed=None)

    def reseed(self, state, seed):
        return dataclasses.replace(state, seed=seed)

    def deal_targets(self):
        return {"win": "take two tricks"}

    def deal_target_met(self, state, seat, target):
        if target != "win":
            raise KeyError(target)
        record = self.finished_deal(state)
        return None if record is None else record.scores[0].seat == seat

    def _deal_over(self, state):
        return state.phase in ("end", "over")

    def exact_values(self, state, seat):
        """Every card is known in a full state: each legal action's points for `seat` (the stake won
        or lost) under best play by both. Only the play of the cards is searched: the stake is set
        before play, on what a player sees (None then)."""
        if state.phase != "play" or any(c is None for z in self.zones(state).values() for c in z) or seat not in self.turn(state):
            return None
        return {a: self._value(self.apply(state, seat, a), seat) for a in self.legal_actions(state, seat)}

    def _value(self, state, seat):
        if self._deal_over(state):
            taker = state.history[-1].scores[0].seat
            return state.stake if taker == seat else -state.stake
        mover = min(self.turn(state))
        values = [self._value(self.apply(state, mover, a), seat) for a in self.legal_actions(state, mover)]
        return max(values) if mover == seat else min(values)

    def goals(self):
        return {"win": "take two tricks"}

    def goal_reached(self, state, seat, goal):
        if goal != "win":
            raise KeyError(goal)
        return state.tricks[seat] >= 2

    def goal_reachable(self, state, seat, goal):
        """By full search, when every card is known and the cards are being played."""
        if self.goal_reached(state, seat, goal):
            return True
        if state.phase != "play" or any(c is None for z in self.zones(state).values() for c in z):
            return None
        return self._reachable(state, seat)

    def _reachable(self, state, seat):
        if state.tricks[seat] >= 2:
            return True
        if self._deal_over(state):
            return False
        mover = min(self.turn(state))
        found = [self._reachable(self.apply(state, mover, a), seat) for a in self.legal_actions(state, mover)]
        return any(found) if mover == seat else all(found)

    def quiz_winner(self, before, after):
        """The seat that took the trick the last move finished (None when it finished none)."""
        return after.leader if sum(after.tricks) > sum(before.tricks) else None

    # --- notation -------------------------------------------------------------------------------
    def to_text(self, state):
        def cards(cs):
            return "".join(c or "??" for c in cs) or "-"

        hist = ",".join(f"{d.scores[0].seat}+{d.scores[0].points}" for d in state.history) or "-"
        # The match's fields are written only where they differ from a first deal's by default.
        match = "".join(f" {k}={v}" for k, v, first in (
            ("dn", state.deal, 1), ("dr", state.dealer, 1), ("tg", state.options.target, 1),
            ("st", int(state.options.stop), 0), ("wd", int(state.window), 0), ("ft", int(state.fault), 0)) if v != first)
        return (f"toy seed={state.seed or '?'} ph={state.phase} sk={state.stake} ld={state.leader} "
                f"tk={state.tricks[0]},{state.tricks[1]} h0={cards(state.hands[0])} h1={cards(state.hands[1])} "
                f"tr={cards(state.trick)} w0={cards(state.won[0])} w1={cards(state.won[1])} hist={hist}{match}")

    def from_text(self, text):
        try:
            head, *parts = text.split()
            if head != "toy":
                raise NotationError("not a toy position")
            f = dict(p.split("=", 1) for p in parts)

            def cards(t):
                if t == "-":
                    return ()
                out = tuple(None if t[i:i + 2] == "??" else t[i:i + 2] for i in range(0, len(t), 2))
                if any(c is not None and c not in PACK for c in out):
                    raise NotationError(f"not a toy card in {t!r}")
                return out

            history = ()
            if f["hist"] != "-":
                for n, entry in enumerate(f["hist"].split(","), 1):
                    seat, points = entry.split("+")
                    history += (DealResult(n, (Score(int(seat), int(points), "toy.score.tricks"),)),)
            if f["ph"] not in ("stake", "play", "end", "over"):
                raise NotationError("no such phase")
            tk = tuple(int(x) for x in f["tk"].split(","))
            state = ToyState(None if f["seed"] == "?" else f["seed"], f["ph"], int(f["sk"]),
                             (cards(f["h0"]), cards(f["h1"])), cards(f["tr"]), int(f["ld"]), tk,
                             (cards(f["w0"]), cards(f["w1"])), history, int(f.get("dn", 1)),
                             int(f.get("dr", 1)), ToyOptions(int(f.get("tg", 1)), f.get("st", "0") == "1"),
                             f.get("wd", "0") == "1", f.get("ft", "0") == "1")
        except (KeyError, ValueError) as err:
            if isinstance(err, NotationError):
                raise
            raise NotationError(f"not a toy position: {err}") from None
        every = [c for z in self.zones(state).values() for c in z]
        if len(every) != len(PACK) or len(set(c for c in every if c)) != len([c for c in every if c]):
            raise NotationError("a toy position holds the six cards once each")
        return state
