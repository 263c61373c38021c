"""The game protocol every rules engine implements, with the parts that are the same for all.

A subclass declares its slug, player counts, pack, rule book and options, and implements the
game-specific methods; ``legal_actions``, ``apply``'s legality guard and ``determinize`` come from
here, so that highlighted cards, bots and error messages can never disagree with ``check``.
"""

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .actions import Action
from .rng import shuffled
from .rules import IllegalAction, NotationError, RuleBook, Verdict


@dataclass(frozen=True)
class Outcome:
    """What has been decided: per-seat scores (points, or finishing places), the winners once the
    match is over, and a game-specific record of each finished deal."""

    finished: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    deals: tuple = ()


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

    def view(self, state, seat: int):
        """The same state with every card the seat cannot see replaced by None."""
        raise NotImplementedError

    def zones(self, state) -> dict[str, tuple]:
        """Every pile by a stable name; together they hold every card exactly once."""
        raise NotImplementedError

    def with_zones(self, state, zones: Mapping[str, tuple]):
        """The state with these zone contents (same shapes) put in place of its own."""
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

    def hidden_zones(self, state, seat: int) -> set[str]:
        """The zones whose cards this seat cannot see; every other zone it sees in full."""
        raise NotImplementedError

    def exact_values(self, state, seat: int):
        """When every card that matters is known, the value of each legal action for `seat`
        under best play by all (a dict), else None. Puzzles are proved with this."""
        return None

    def random_weights(self, state, seat: int, actions: list) -> list:
        """How likely a random player is to choose each of these legal actions, relative to the
        others.

        Every action is equally likely unless a game says otherwise: one where a legal choice
        undoes progress (picking up a pile by choice) can make it rare, so that random matches,
        which still visit every kind of position, end in reasonable time."""
        return [1.0] * len(actions)

    def option_choices(self) -> dict[str, tuple]:
        """Each option's possible values, for tests that play every variant."""
        return {}

    def hide_secrets(self, state):
        """The state with whatever besides cards would reveal them (the seed) blanked."""
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

    def determinize(self, view, seat: int, rng):
        """A full state consistent with the view: the unseen cards dealt at random into the
        hidden places. Games whose hidden cards are constrained by play may refine this."""
        zones = self.zones(view)
        seen = Counter(c for cards in zones.values() for c in cards if c is not None)
        unseen = Counter(self.pack(view))
        unseen.subtract(seen)
        if any(n < 0 for n in unseen.values()):
            raise NotationError("the view shows cards that are not in the pack")
        pool = list(shuffled(sorted(unseen.elements()), rng))
        filled = {}
        for name, cards in zones.items():
            out = []
            for c in cards:
                out.append(pool.pop() if c is None else c)
            filled[name] = tuple(out)
        if pool:
            raise NotationError("the view hides fewer places than there are unseen cards")
        state = self.with_zones(view, filled)
        return self.reseed(state, f"determinized-{rng.getrandbits(64):016x}")

    def reseed(self, state, seed: str):
        """The state with a new match seed (used by determinize for later deals)."""
        return state
