"""Rules, verdicts and the error an illegal action raises."""

from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Rule:
    """One rule a game enforces or scores by.

    id is stable, ``<game>.<topic>.<rule>``; it is the anchor on both rules pages and the key of
    the localised explanations in the web layer. summary is a short English line for logs and
    tests; the pages carry the real text.
    """

    id: str
    summary: str


class RuleBook:
    """A game's rules by id, in the order they were declared."""

    def __init__(self, *rules: Rule):
        self._rules = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id}")
            self._rules[rule.id] = rule

    def __contains__(self, rule_id) -> bool:
        return rule_id in self._rules

    def __getitem__(self, rule_id) -> Rule:
        return self._rules[rule_id]

    def __iter__(self):
        return iter(self._rules.values())

    def __len__(self):
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)


@dataclass(frozen=True)
class Verdict:
    """The answer of ``check``: legal, or refused by one rule with the facts that explain it."""

    ok: bool
    rule: str | None = None
    args: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))

    def __bool__(self):
        return self.ok

    def __repr__(self):
        if self.ok:
            return "Verdict(ok)"
        return f"Verdict(refused by {self.rule}, {dict(self.args)})"


LEGAL = Verdict(True)


def refuse(rule: str, **args) -> Verdict:
    """A refusal by the rule with this id, with the facts needed to explain it."""
    return Verdict(False, rule, MappingProxyType(args))


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action ``check`` refuses; carries the verdict."""

    def __init__(self, verdict: Verdict, action=None, position: str | None = None):
        self.verdict = verdict
        self.action = action
        self.position = position
        where = f" in {position}" if position else ""
        super().__init__(f"{action} refused by {verdict.rule} {dict(verdict.args)}{where}")


class NotationError(ValueError):
    """A state or action text that cannot be read."""
