"""A set's results, member by member and item by item, read from the attempts records through
attempts/summary.py (the one derivation of results): nothing here counts on its own.

Which records count: every record of the member for that lesson or puzzle, made before or after
the set was given (a lesson already done is done; "first try" is the first try ever, as on the
member's own pages). For a deal item, only the deals played at the tables the member opened from
this item (HomeworkDeal), and of each only its first deal: the deal the code names.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from attempts import summary
from attempts.models import DealPlayed, LessonAnswer, PuzzleMove
from games.owner import user_key

from .items import lesson_total
from .models import HomeworkDeal, HomeworkItem

DONE, PART, MISSED, NONE = "done", "part", "missed", "none"


@dataclass
class Cell:
    state: str  # DONE, PART, MISSED or NONE: the colour, always with the text
    text: str
    done: bool = False
    summary: object = None
    tables: list = field(default_factory=list)  # a deal item's HomeworkDeal rows, in order


def lesson_cell(s):
    if not s.done and not s.wrong:
        return Cell(NONE, _("not started"), summary=s)
    text = _("%(done)s/%(total)s steps") % {"done": len(s.done), "total": s.total}
    if s.finished:
        return Cell(DONE, "✓ " + text, True, s)
    return Cell(PART, text, summary=s)


def puzzle_cell(s):
    tries = {"n": s.attempts}
    if s.status == summary.FIRST_TRY:
        return Cell(DONE, "✓ " + _("first try"), True, s)
    if s.status == summary.AFTER_HINTS:
        if s.hints:
            text = ngettext("after hints (%(n)s try)", "after hints (%(n)s tries)", s.attempts) % tries
        else:
            text = ngettext("solved (%(n)s try)", "solved (%(n)s tries)", s.attempts) % tries
        return Cell(DONE, "✓ " + text, True, s)
    if s.status == summary.MISSED:
        return Cell(MISSED, ngettext("missed (%(n)s try)", "missed (%(n)s tries)", s.attempts) % tries, summary=s)
    return Cell(NONE, _("not started"), summary=s)


def deal_cell(item, s, tables):
    if not tables:
        return Cell(NONE, _("not started"), summary=s)
    if not s.played:
        return Cell(PART, _("in play"), summary=s, tables=tables)
    if item.target and s.target_met is False:
        text = ngettext("target missed (%(n)s deal)", "target missed (%(n)s deals)", s.played) % {"n": s.played}
        return Cell(MISSED, text, summary=s, tables=tables)
    if item.target and s.target_met:
        return Cell(DONE, "✓ " + _("target met"), True, s, tables)
    return Cell(DONE, "✓ " + (_("won") if s.won else _("played")), True, s, tables)


def results(hw_set, users, items=None):
    """{(user pk, item pk): Cell} for these users and the set's items, in a handful of queries."""
    items = list(hw_set.items.all()) if items is None else items
    keys = {user_key(u): u.pk for u in users}
    cells = {}
    by_kind = defaultdict(list)
    for item in items:
        by_kind[item.kind].append(item)

    lesson_rows = defaultdict(list)
    if by_kind[HomeworkItem.LESSON]:
        rows = LessonAnswer.objects.filter(owner__in=keys, game__in={i.game for i in by_kind["lesson"]},
                                           lesson__in={i.ref for i in by_kind["lesson"]})
        for row in rows:
            lesson_rows[(row.owner, row.game, row.lesson)].append(row)
    puzzle_rows = defaultdict(list)
    if by_kind[HomeworkItem.PUZZLE]:
        rows = PuzzleMove.objects.filter(owner__in=keys, game__in={i.game for i in by_kind["puzzle"]},
                                         puzzle__in={i.ref for i in by_kind["puzzle"]})
        for row in rows:
            puzzle_rows[(row.owner, row.game, row.puzzle)].append(row)
    deal_tables = defaultdict(list)
    deal_rows = defaultdict(list)
    if by_kind[HomeworkItem.DEAL]:
        links = HomeworkDeal.objects.filter(item__in=by_kind["deal"], user_id__in=keys.values())
        token_of = {}
        for link in links:
            deal_tables[(link.user_id, link.item_id)].append(link)
            token_of[link.table] = (link.user_id, link.item_id)
        for row in DealPlayed.objects.filter(table__in=token_of, deal=1, owner__in=keys):
            who = token_of[row.table]
            if keys[row.owner] == who[0]:
                deal_rows[who].append(row)

    for key, pk in keys.items():
        for item in items:
            if item.kind == HomeworkItem.LESSON:
                cell = lesson_cell(summary.lesson(lesson_rows[(key, item.game, item.ref)], lesson_total(item)))
            elif item.kind == HomeworkItem.PUZZLE:
                cell = puzzle_cell(summary.puzzle(puzzle_rows[(key, item.game, item.ref)]))
            else:
                cell = deal_cell(item, summary.deals(deal_rows[(pk, item.pk)]), deal_tables[(pk, item.pk)])
            cells[(pk, item.pk)] = cell
    return cells
