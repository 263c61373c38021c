"""The game protocol every rules engine implements, with the parts that are the same for all.

A subclass declares its slug, player counts, rule book and options, and implements the
game-specific methods. ``legal_actions``, ``apply``'s legality guard, ``view`` and ``determinize``
come from here, so that highlighted cards, bots, solvers and error messages can never disagree with
``check``, and what a seat sees is decided in one place: the game's ``visible``.

What each seat sees is said per card, not per pile: ``visible(state, seat)`` gives, for each zone,
True (every card), False (none) or one flag per card (a face-up top card on a face-down pile; a
card shown from inside a hand, which stays public until it is played). ``view`` blanks the rest,
and ``determinize`` deals the unseen cards into the blanks only, so every imagined world keeps each
publicly known card exactly where it is known to be.

Whose move it is: ``to_move`` is every seat that may act now; ``turn`` the seats whose decision the
game waits for (usually one; several when they decide at the same time). A seat in ``to_move`` but
not in ``turn`` may act out of turn: an interruption such as Crapette's "Stop!".
"""

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .actions import Action
from .results import DealResult, Payment
from .rng import shuffled
from .rules import IllegalAction, NotationError, RuleBook, Verdict

Visible = bool | tuple[bool, ...]  # a whole zone seen or not, or one flag per card


@dataclass(frozen=True)
class Outcome:
    """What has been decided: per-seat scores (points, counts or finishing places, as the game
    counts them), the winners once the match is over, and a record of each finished deal."""

    finished: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    deals: tuple[DealResult, ...] = ()


class Game:
    slug: str = ""
    name: str = ""
    player_counts: tuple[int, ...] = (2,)
    rules: RuleBook = RuleBook()
    Options: type = type(None)
    Action = Action

    # --- to implement -------------------------------------------------------------------------
    def new(self, seed: str, players: int = 2, options: Any = None):
        """The first position of a match: deterministic in (seed, players, options)."""
        raise NotImplementedError

    def to_move(self, state) -> frozenset[int]:
        """The seats that may act now (empty once the match is over)."""
        raise NotImplementedError

    def check(self, state, seat: int, action: Action) -> Verdict:
        """Legal, or the rule that refuses the action and the facts that explain why."""
        raise NotImplementedError

    def candidate_actions(self, state, seat: int) -> Iterable[Action]:
        """A superset of the legal actions; ``legal_actions`` keeps those ``check`` accepts."""
        raise NotImplementedError

    def _apply(self, state, seat: int, action: Action):
        """Play a legal action; called only after ``check`` accepted it."""
        raise NotImplementedError

    def visible(self, state, seat: int) -> Mapping[str, Visible]:
        """For each zone, what this seat sees: True, False, or a flag per card. A zone left out
        is seen in full."""
        raise NotImplementedError

    def zones(self, state) -> dict[str, tuple]:
        """Every pile by a stable name; together they hold every card of the pack (a card twice
        where the pack holds it twice)."""
        raise NotImplementedError

    def with_zones(self, state, zones: Mapping[str, tuple]):
        """The state with these zone contents (same sizes) put in place of its own. A zone whose
        order carries no information (a hand kept sorted) is put back in its own order, hidden
        cards last, so that where a known card stands says nothing about the hidden ones."""
        raise NotImplementedError

    def held_zones(self, state) -> dict[str, int]:
        """The zones that belong to a player (his hand, his face-down cards ...), by owner: a
        replay opens them all, and the leak tests know whose they are."""
        raise NotImplementedError

    def pack(self, state) -> tuple[str, ...]:
        """Every card in play in this match."""
        raise NotImplementedError

    def outcome(self, state) -> Outcome:
        raise NotImplementedError

    def to_text(self, state) -> str:
        raise NotImplementedError

    def from_text(self, text: str):
        raise NotImplementedError

    def players(self, state) -> int:
        raise NotImplementedError

    # --- optional, with defaults that suit most games -----------------------------------------
    def turn(self, state) -> frozenset[int]:
        """The seats whose decision the game waits for now; the others in ``to_move`` may only
        interrupt. By default every seat that may act is waited for."""
        return self.to_move(state)

    def interrupters(self, state) -> frozenset[int]:
        """Seats that may act now out of turn (and need not)."""
        return self.to_move(state) - self.turn(state)

    def interruption_verdict(self, state, seat: int, action: Action) -> Verdict:
        """What an interruption such as Crapette's "Stop!" comes to if `seat` makes it now: legal
        when it is right (it takes effect); else the rule that refuses it or, where the game
        accepts the call whenever it may be made and it has no effect here, the rule saying so. A
        game offers an interruption whatever the other players did, so that what a seat is offered
        never tells it their fault, and judges it here. By default it is right whenever legal."""
        return self.check(state, seat, action)

    def deal_number(self, state) -> int:
        """The number of the deal a position belongs to (1 for the first)."""
        return getattr(state, "deal", 1)

    def deal_won(self, result, seat: int) -> bool | None:
        """Did `seat` win this finished deal (one of ``outcome().deals``)? True, False, or None
        when it neither won nor lost (a tie). By default: a record that names the deal's loser
        (``loser``) is lost by that seat alone; a deal played for chips (it has payments) is won
        by ending it with more chips than it began, lost with fewer; otherwise the deal's points
        decide: the most wins, fewer than another loses, a tie for the most is neither. A game
        whose deals are won otherwise (say, by tricks, with bonus points on the side) says so."""
        loser = getattr(result, "loser", None)
        if loser is not None:
            return seat != loser
        if result.payments:
            net = result.net(seat)
            return True if net > 0 else False if net < 0 else None
        seats = {s.seat for s in result.scores} | {seat}
        points = {s: result.points(s) for s in seats}
        best = max(points.values())
        if points[seat] < best:
            return False
        return None if sum(1 for v in points.values() if v == best) > 1 else True

    def deal_score(self, result, seat: int) -> int:
        """What the deal gave `seat`, in the unit of the game's scoreboard: its chips won or lost
        in a deal played for chips, else its points."""
        return result.net(seat) if result.payments else result.points(seat)

    def chips(self, state) -> Mapping[str, int] | None:
        """Chips by holder for a game played with chips (keys: each seat's number as text, and
        named holders such as "pot", see results.holder_key); None otherwise. They are counted
        from nothing at the start of the match, so a seat's chips are its balance (what it has
        received less what it has paid, below zero when it has paid more) and they are exactly
        what ``payments`` say: their total never changes."""
        return None

    def payments(self, state) -> tuple[Payment, ...]:
        """Every payment of the match so far, in the order made: those of the finished deals (each
        deal record's ``payments``) and those of the deal in progress. A game without chips makes
        none."""
        return ()

    def exact_values(self, state, seat: int):
        """When every card that matters is known, the value of each legal action for `seat`
        under best play by all (a dict whose keys are exactly the legal actions), else None.
        Puzzles are proved with this."""
        return None

    def given_away(self, view, seat: int, action: Action):
        """What a legal action surely gives up, as far as `seat` can tell from its view: (points,
        another legal action that would have kept them), in the game's points; None when the action
        gives up nothing that certain (or the game cannot tell). A rules example's verdict says it:
        a move may be legal and still cost something the reader should know."""
        return None

    def sampled_values(self, state, seat: int, seed: str, deals: range):
        """Where cards that decide `seat`'s choice are hidden from it (so exact_values is None):
        each legal action played out in the deals numbered `deals`, as a sampling.Sample, else None.

        Each deal is dealt from what `seat` sees of `state` alone (its view: the cards it cannot
        see go at random wherever they may be), with a generator keyed on (seed, the deal's
        number) and nothing else, so that any run of deals, dealt again alone, comes out the same
        on every machine, whatever the hash seed. After the action the deal is played out by a
        fixed policy the game names in the Sample. Puzzles whose answer cannot be proved are
        backed by this."""
        return None

    def goals(self) -> dict[str, str]:
        """The goals a puzzle may set in this game, by id, each with a one-line English summary."""
        return {}

    def goal_reached(self, state, seat: int, goal: str) -> bool:
        """Has `seat` achieved the goal in this position?"""
        raise KeyError(goal)

    def goal_reachable(self, state, seat: int, goal: str) -> bool | None:
        """Can `seat` still force the goal from here whatever the others do? None when the game
        cannot tell (a card that matters is unknown)."""
        return None

    def deal_targets(self) -> dict[str, str]:
        """The targets a homework set may name for one deal played against bots ("win the point",
        "avoid being the shithead", "make your bid" ...), by id, each with a one-line English
        summary; the ui gives them their words in both languages."""
        return {}

    def deal_target_met(self, state, seat: int, target: str) -> bool | None:
        """Whether `seat` met the target in the deal `state` has just finished; None when the deal
        gives no answer (the target does not apply to how it ended, e.g. "make your bid" for the
        seat that did not take the trump). Raises KeyError for an unknown target.

        `state` is the position right after the deal's last action: the one in which the deal's
        record has just joined ``outcome(state).deals`` (its last record, numbered
        ``deal_number(state)``), before the action that deals the next deal. Every game waits there
        for that action (or the match is over), so it is the position a practice table holds at
        the last index of the deal (``Match.deal_span(deal)[1]``, once ``Match.deal_finished``).
        Any other position (a deal still in play, or one after the next deal was dealt) gives None:
        see ``finished_deal``."""
        raise KeyError(target)

    def finished_deal(self, state) -> DealResult | None:
        """The record of the deal `state` has just finished (the position after its last action,
        before the next deal is dealt), else None."""
        deals = self.outcome(state).deals
        if deals and deals[-1].deal == self.deal_number(state):
            return deals[-1]
        return None

    def random_weights(self, state, seat: int, actions: list) -> list:
        """How likely a random player is to choose each of these legal actions, relative to the
        others.

        Every action is equally likely unless a game says otherwise: one where a legal choice
        undoes progress (picking up a pile by choice) can make it rare, so that random matches,
        which still visit every kind of position, end in reasonable time."""
        return [1.0] * len(actions)

    def option_choices(self) -> dict[str, tuple]:
        """Each option's possible values, for the set-up form and for tests that play every
        variant."""
        return {}

    def hide_secrets(self, state):
        """The state with whatever besides cards would reveal them (the seed) blanked."""
        return state

    def reseed(self, state, seed: str):
        """The state with a new match seed (used by determinize for later deals)."""
        return state

    # --- shared -------------------------------------------------------------------------------
    def options(self, values: Mapping | None = None):
        """Options from a mapping of names to values, defaults for the rest; refuses unknown names."""
        if values is None:
            return self.Options()
        if isinstance(values, self.Options):
            return values
        names = {f.name for f in dataclasses.fields(self.Options)}
        unknown = set(values) - names
        if unknown:
            raise ValueError(f"unknown option(s) for {self.slug}: {', '.join(sorted(unknown))}")
        return self.Options(**values)

    def legal_actions(self, state, seat: int) -> list[Action]:
        """Every action ``check`` accepts for this seat, sorted."""
        if seat not in self.to_move(state):
            return []
        return sorted({a for a in self.candidate_actions(state, seat) if self.check(state, seat, a)})

    def apply(self, state, seat: int, action: Action):
        """The position after the action; the input is never changed. Raises IllegalAction."""
        verdict = self.check(state, seat, action)
        if not verdict:
            raise IllegalAction(verdict, action, self.to_text(self.hide_secrets(state)))
        return self._apply(state, seat, action)

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def is_over(self, state) -> bool:
        return not self.to_move(state)

    def masked_zones(self, state, seat: int) -> dict[str, tuple]:
        """The zones as this seat sees them: each card it cannot see replaced by None."""
        seen = self.visible(state, seat)
        out = {}
        for name, cards in self.zones(state).items():
            flags = seen.get(name, True)
            if flags is True:
                out[name] = tuple(cards)
            elif flags is False:
                out[name] = (None,) * len(cards)
            else:
                if len(flags) != len(cards):
                    raise ValueError(f"{self.slug}: visible() gives {len(flags)} flags for {len(cards)} "
                                     f"cards of {name}")
                out[name] = tuple(c if f else None for c, f in zip(cards, flags))
        return out

    def view(self, state, seat: int):
        """The same state with every card the seat cannot see replaced by None, and the secrets
        (the seed) blanked. A game may build it faster itself; the conformance suite checks that
        its view is this one."""
        return self.hide_secrets(self.with_zones(state, self.masked_zones(state, seat)))

    def public_zones(self, state) -> dict[str, tuple]:
        """The zones as nobody's seat sees them: a card shown only where every seat sees it (a card
        on the table), every other card (a hand, even one its holder sees) replaced by None."""
        masks = [self.masked_zones(state, seat) for seat in range(self.players(state))]
        return {name: tuple(c if all(m[name][i] is not None for m in masks) else None for i, c in enumerate(cards))
                for name, cards in self.zones(state).items()}

    def public_view(self, state):
        """The state as an onlooker who sits at no seat sees it (a projector, a spectator): only
        what every player sees, and the secrets blanked. What a view holds besides cards is known
        to every seat's view alike, so it stays. Never given to a bot, which plays from its seat's
        view."""
        return self.hide_secrets(self.with_zones(state, self.public_zones(state)))

    def hidden_cards(self, state, seat: int) -> Counter:
        """The cards this seat cannot see, as a multiset."""
        every = Counter(c for cards in self.zones(state).values() for c in cards)
        seen = Counter(c for cards in self.masked_zones(state, seat).values() for c in cards if c is not None)
        return every - seen

    def determinize(self, view, seat: int, rng):
        """A full state consistent with the view: the unseen cards dealt at random into the
        blanks, every card the view shows left where it is. Games whose hidden cards are also
        constrained by play refine this with ``determinize_with``."""
        return self.determinize_with(view, rng, {})

    def determinize_with(self, view, rng, excluded: Mapping[str, set]):
        """As determinize, with cards some zones cannot hold (a suit a player showed he lacks).
        Those zones are dealt first from the cards allowed to them; the rest at random."""
        zones = self.zones(view)
        seen = Counter(c for cards in zones.values() for c in cards if c is not None)
        unseen = Counter(self.pack(view))
        unseen.subtract(seen)
        if any(n < 0 for n in unseen.values()):
            raise NotationError("the view shows cards that are not in the pack")
        pool = list(shuffled(sorted(unseen.elements()), rng))
        filled = {}
        for name in sorted(excluded, key=lambda n: (-len(excluded[n]), n)):
            if name not in zones:
                continue
            need = sum(1 for c in zones[name] if c is None)
            allowed = [c for c in pool if c not in excluded[name]]
            if len(allowed) < need:  # what play showed cannot all hold: deal at random instead
                continue
            chosen = allowed[:need]
            for c in chosen:
                pool.remove(c)
            it = iter(chosen)
            filled[name] = tuple(next(it) if c is None else c for c in zones[name])
        for name, cards in zones.items():
            if name not in filled:
                filled[name] = tuple(pool.pop() if c is None else c for c in cards)
        if pool:
            raise NotationError("the view hides fewer places than there are unseen cards")
        state = self.with_zones(view, filled)
        return self.reseed(state, f"determinized-{rng.getrandbits(64):016x}")
