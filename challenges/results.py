"""A challenge's results, member by member and deal by deal, read from the attempts records: the
first deal of the table each member opened from a challenge deal (Entry), as recorded when it was
scored (attempts.models.DealPlayed). A deal finished after the deadline is shown but not counted."""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from attempts.models import DealPlayed
from games.ui import game_ui

from .models import Entry, display_name

COUNTED, LATE, PLAYING, NONE = "done", "late", "part", "none"
WON, LOST, TIED = "won", "lost", "tied"


@dataclass
class Cell:
    state: str  # COUNTED, LATE, PLAYING or NONE: the colour, always with the text
    text: str
    points: int | None = None
    outcome: str = ""  # WON, LOST or TIED for a finished deal
    table: str = ""  # the member's table token

    @property
    def counted(self):
        return self.state == COUNTED


def outcome_of(result):
    won = result.get("won")
    return WON if won is True else LOST if won is False else TIED


OUTCOME_WORDS = {WON: lambda: _("won"), LOST: lambda: _("lost"), TIED: lambda: _("tied")}


def points_text(points, legend):
    if legend:
        return f"{points} {legend}"
    return ngettext("%(n)s point", "%(n)s points", points) % {"n": points}


def cells(challenge, users, deals=None):
    """{(user pk, deal pk): Cell} in two queries."""
    deals = list(challenge.deals.all()) if deals is None else deals
    legend = game_ui(challenge.game).score_legend
    entries = {(e.user_id, e.deal_id): e for e in Entry.objects.filter(deal__in=deals, user__in=users)}
    played = {r.table: r for r in DealPlayed.objects.filter(table__in=[e.table for e in entries.values()], deal=1)}
    out = {}
    for user in users:
        for deal in deals:
            entry = entries.get((user.pk, deal.pk))
            if entry is None:
                out[(user.pk, deal.pk)] = Cell(NONE, _("not started"))
                continue
            record = played.get(entry.table)
            if record is None:
                text = _("in play") if challenge.is_open() else _("unfinished")
                out[(user.pk, deal.pk)] = Cell(PLAYING, text, table=entry.table)
                continue
            points = record.result.get("scores", [0])[0]
            outcome = outcome_of(record.result)
            words = f"{OUTCOME_WORDS[outcome]()} · {points_text(points, legend)}"
            if record.at > challenge.deadline:
                out[(user.pk, deal.pk)] = Cell(LATE, _("%(result)s, after the deadline") % {"result": words},
                                               points, outcome, entry.table)
            else:
                out[(user.pk, deal.pk)] = Cell(COUNTED, ("✓ " if outcome == WON else "") + words, points, outcome,
                                               entry.table)
    return out


def table(challenge, users):
    """The results table: (columns, rows). Each row: the member, his cells in deal order, the deals
    won and tied and the points of his counted deals, and his rank (by deals won, then tied, then
    by points where the game counts points; members level share a rank; None for a member with no
    counted deal)."""
    deals = list(challenge.deals.all())
    found = cells(challenge, users, deals)
    by_points = game_ui(challenge.game).score_legend is None
    rows = []
    for user in users:
        mine = [found[(user.pk, d.pk)] for d in deals]
        counted = [c for c in mine if c.counted]
        rows.append({"user": user, "name": display_name(user), "cells": list(zip(deals, mine)),
                     "won": sum(c.outcome == WON for c in counted), "tied": sum(c.outcome == TIED for c in counted), "points": sum(c.points for c in counted),
                     "counted": len(counted), "rank": None})
    def standing(row):
        return -row["won"], -row["tied"], -row["points"] if by_points else 0

    ranked = sorted((r for r in rows if r["counted"]), key=standing)
    previous, rank = None, 0
    for n, row in enumerate(ranked, start=1):
        key = standing(row)
        if key != previous:
            rank, previous = n, key
        row["rank"] = rank
    rows.sort(key=lambda r: (r["rank"] is None, r["rank"] or 0, r["name"].casefold()))
    return deals, rows
