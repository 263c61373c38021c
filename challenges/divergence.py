"""Where members' decisions parted in one challenge deal, and what each choice led to.

The bots of a challenge deal answer the same history alike (games.models.Table.bots_key), so the
members' actions in the deal share a prefix until one of them decides otherwise. The tree is built
from those action lists: at each index where they part, the position as the deciding member's seat
saw it (only that seat's view reaches the board), each different choice with who made it, and the
branch each choice opened, down to every member's result."""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.models import Table
from games.table.match import Match
from games.ui import join_sentences

from .models import display_name


@dataclass
class Line:
    """One member's go at the deal: his actions in the deal (its first), his result cell."""

    user: object
    name: str
    actions: list
    cell: object
    match: Match = field(repr=False, default=None)

    def key(self, i):
        return tuple(self.actions[i]) if i < len(self.actions) else None


def lines(deal, users, cells, ui):
    """The members of `users` who opened the deal, each with the actions of its first deal."""
    from .models import Entry

    entries = {e.user_id: e for e in Entry.objects.filter(deal=deal, user__in=users)}
    tables = {t.token: t for t in Table.objects.filter(token__in=[e.table for e in entries.values()])}
    out = []
    for user in users:
        entry = entries.get(user.pk)
        table = tables.get(entry.table) if entry else None
        if table is None:
            continue
        match = Match(table, ui)
        span = match.deal_span(1)
        last = span[1] if span else 0
        out.append(Line(user, display_name(user), [list(a) for a in table.actions[:last]],
                        cells[(user.pk, deal.pk)], match))
    return out


def tree(members, ui, start=0):
    """The node where `members` (who agree on their actions before `start`) first part, or a leaf
    when they never do: {"start", "index", "same": the moves they share from start in words,
    "board", "seat_name", "branches": [{"text", "lines", "sub"}], "leaf": bool, "lines"}."""
    i = start
    while True:
        keys = {line.key(i) for line in members}
        if len(keys) == 1 and None not in keys:
            i += 1
            continue
        break
    first = members[0].match
    node = {"start": start, "index": i, "same": _shared_moves(first, start, i), "lines": members,
            "leaf": len(keys) == 1}
    if node["leaf"]:
        return node
    game, names = first.game, first.names
    state = first.state_at(i)
    seat = first.human
    view = game.view(state, seat)
    node.update({"board": ui.board(view, seat, names), "seat": seat, "move": i + 1})
    groups = {}
    for line in members:
        groups.setdefault(line.key(i), []).append(line)
    branches = []
    for key, group in sorted(groups.items(), key=lambda kv: (kv[0] is None, -len(kv[1]), kv[1][0].name.casefold())):
        if key is None:
            branches.append({"text": _("stopped here (the deal is not finished)"), "lines": group, "sub": None,
                             "mine": True})
            continue
        by, text = key
        action = game.parse_action(text)
        if by == seat:
            words = ui.describe(view, seat, action)
        else:  # another seat acted first here (an interruption): told as the table tells it
            holder = group[0].match
            words = join_sentences(holder.narrate(i))
        branches.append({"text": words, "lines": group, "sub": tree(group, ui, i + 1), "mine": by == seat})
    node["branches"] = branches
    return node


def _shared_moves(match, start, end):
    """The moves from `start` to `end` (shared by a branch's members), told from the members' seat."""
    return [{"mine": match.table.actions[j][0] == match.human, "text": join_sentences(match.narrate(j))}
            for j in range(start, end)]
