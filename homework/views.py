"""Homework views: the organiser makes sets and reads the grid of results; a member reads his own
homework and starts its deals. Every view asks clubs/permissions.py first (404 for anyone else);
a member sees only his own results, an organiser only his own clubs'."""

import csv
import secrets

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from attempts.models import DealPlayed, LessonAnswer, PuzzleMove
from clubs import permissions
from clubs.models import Membership
from games.models import Table
from games.owner import owner_key, user_key
from games.table.codes import DealCodeError, read_deal_code
from games.table.match import Match, start_table
from games.ui import LEVEL_LABELS, game_ui, join_sentences
from tutorials import lessons as lesson_files

from . import items as catalogue
from .forms import SetForm, item_form_context
from .models import HomeworkDeal, HomeworkItem, HomeworkSet, display_name
from .results import results

POLL_SECONDS = 10  # the grid's htmx refresh


def _set(club, pk):
    return get_object_or_404(HomeworkSet, club=club, pk=pk)


def _item(hw_set, item_pk):
    return get_object_or_404(HomeworkItem, set=hw_set, pk=item_pk)


def _back(code, hw_set, anchor=""):
    return redirect(reverse("homework-edit", args=[code, hw_set.pk]) + anchor)


def _rows(hw_set, items, user):
    """The items of a set with one member's cells, labels and links (for his own page)."""
    cells = results(hw_set, [user], items)
    out = []
    for n, item in enumerate(items, start=1):
        out.append({"item": item, "n": n, "label": catalogue.item_label(item), "game": catalogue.game_name(item.game),
                    "cell": cells[(user.pk, item.pk)], "url": _item_url(item),
                    "target": catalogue.target_label(item.game, item.target) if item.kind == "deal" else "",
                    "level": _level_label(item)})
    return out


def _item_url(item):
    if item.kind == HomeworkItem.LESSON:
        return reverse("lesson", args=[item.game, item.ref])
    if item.kind == HomeworkItem.PUZZLE:
        found = catalogue.item_puzzle(item)
        return (found.page or reverse("puzzle", args=[item.game, item.ref])) if found else None
    return None


def _level_label(item):
    if item.kind != HomeworkItem.DEAL:
        return ""
    return str(LEVEL_LABELS.get(item.level, item.level))


# --- the club's homework page ------------------------------------------------------------------------
@require_GET
def index(request, code):
    """templates/homework/index.html: for an organiser, the club's sets with their links; for a
    member, "My homework": each set given to him, its items with his results and what is left."""
    found = permissions.membership(request, code)
    club = found.club
    if found.role == Membership.ORGANISER:
        sets = list(club.homework_sets.prefetch_related("items"))
        return render(request, "homework/index.html", {"club": club, "organiser": True, "sets": sets})
    mine = [s for s in club.homework_sets.prefetch_related("items", "assignees") if s.is_for(request.user)]
    sets = []
    for hw_set in mine:
        rows = _rows(hw_set, list(hw_set.items.all()), request.user)
        sets.append({"set": hw_set, "rows": rows, "left": sum(not r["cell"].done for r in rows)})
    return render(request, "homework/index.html", {"club": club, "organiser": False, "sets": sets})


def homework_summary(request, club):
    """For the club page: how many sets a member has and how many items are left (None for an
    organiser or a visitor)."""
    found = Membership.objects.filter(club=club, user=request.user).first() if request.user.is_authenticated else None
    if found is None or found.role != Membership.MEMBER:
        return None
    mine = [s for s in club.homework_sets.prefetch_related("items") if s.is_for(request.user)]
    left = 0
    for hw_set in mine:
        cells = results(hw_set, [request.user])
        left += sum(not c.done for c in cells.values())
    return {"sets": len(mine), "left": left, "url": reverse("homework", args=[club.code])}


# --- making and editing a set ------------------------------------------------------------------------
def set_new(request, code):
    """templates/homework/set_form.html: a new set's title, due date and members; POST makes it
    (once: the form's key makes a second post of it find the first) and goes on to its items."""
    club = permissions.organiser(request, code)
    if request.method == "POST":
        once = request.POST.get("once", "")[:64] or None
        if once:
            made = HomeworkSet.objects.filter(club=club, once=once).first()
            if made:
                return _back(code, made)
        form = SetForm(club, request.POST)
        if form.is_valid():
            try:
                with transaction.atomic():
                    hw_set = form.save(HomeworkSet(club=club, created_by=request.user, once=once))
            except IntegrityError:
                made = HomeworkSet.objects.filter(club=club, once=once).first()
                if made is None:
                    raise Http404 from None  # a key another club's form used: a forged post
                hw_set = made
            return _back(code, hw_set, "#items")
        return render(request, "homework/set_form.html",
                      {"club": club, "form": form, "once": once or secrets.token_urlsafe(16)}, status=400)
    form = SetForm(club)
    return render(request, "homework/set_form.html", {"club": club, "form": form, "once": secrets.token_urlsafe(16)})


def _edit_context(request, club, hw_set, form=None, picked=None, posted=None, errors=None):
    slugs = [s for s, _n in catalogue.games()]
    picked = picked if picked in slugs else request.GET.get("game")
    if picked not in slugs:
        last = hw_set.items.order_by("-position", "-pk").first()
        picked = last.game if last and last.game in slugs else (slugs[0] if slugs else None)
    items = list(hw_set.items.all())
    return {
        "club": club, "set": hw_set,
        "form": form or SetForm(club, initial=SetForm.initial_for(hw_set)),
        "items": [{"item": i, "n": n, "label": catalogue.item_label(i), "game": catalogue.game_name(i.game),
                   "target": catalogue.target_label(i.game, i.target) if i.kind == "deal" else "",
                   "level": _level_label(i)}
                  for n, i in enumerate(items, start=1)],
        "count": len(items),
        "games": catalogue.games(),
        "picked": picked,
        "add": item_form_context(picked, posted, errors, club=club) if picked else None,
        "once": secrets.token_urlsafe(16),
    }


def set_edit(request, code, pk):
    """templates/homework/set_edit.html: the set's title, due date and members (POST saves them),
    its items (reordered and removed by their own posts) and the forms that add an item of the
    game picked (?game=<slug>)."""
    club = permissions.organiser(request, code)
    hw_set = _set(club, pk)
    if request.method == "POST":
        form = SetForm(club, request.POST)
        if form.is_valid():
            form.save(hw_set)
            return _back(code, hw_set)
        return render(request, "homework/set_edit.html", _edit_context(request, club, hw_set, form=form), status=400)
    return render(request, "homework/set_edit.html", _edit_context(request, club, hw_set))


@require_POST
def item_add(request, code, pk):
    """Add one item (POST game, kind, ref, and for a deal level and target); a refused item shows
    the set's page again with what was typed and why."""
    club = permissions.organiser(request, code)
    hw_set = _set(club, pk)
    slug = request.POST.get("game", "")
    kind = request.POST.get("kind", "")
    level, target = request.POST.get("level", ""), request.POST.get("target", "")
    ref, errors = catalogue.validate(slug, kind, request.POST.get("ref", ""), level, target, club=club)
    if errors:
        posted = {"kind": kind, "ref": request.POST.get("ref", ""), "level": level, "target": target}
        ctx = _edit_context(request, club, hw_set, picked=slug, posted=posted, errors=errors)
        return render(request, "homework/set_edit.html", ctx, status=400)
    once = request.POST.get("once", "")[:64] or None
    if kind == HomeworkItem.DEAL:
        ref = _canonical_code(slug, ref)
    else:
        level = target = ""
    last = hw_set.items.order_by("-position").first()
    try:
        with transaction.atomic():
            HomeworkItem.objects.create(set=hw_set, game=slug, kind=kind, ref=ref, level=level, target=target,
                                        once=once, position=(last.position + 1) if last else 1)
    except IntegrityError:
        pass  # the same form posted again: its item is already there
    return redirect(reverse("homework-edit", args=[code, hw_set.pk]) + f"?game={slug}#items")


def _canonical_code(slug, code):
    """The code as the table writes it (lower-case game and options), so that one deal is one code."""
    from games.table.codes import deal_code

    game = game_ui(slug).game
    seed, players, options = read_deal_code(game, code)
    return deal_code(game, seed, players, options) or code.strip()


def _renumber(hw_set, ordered):
    for n, item in enumerate(ordered, start=1):
        if item.position != n:
            HomeworkItem.objects.filter(pk=item.pk).update(position=n)


@require_POST
def item_move(request, code, pk, item_pk):
    """Move an item to position `to` (1 = first): posted twice, it stays where the first put it."""
    club = permissions.organiser(request, code)
    hw_set = _set(club, pk)
    item = hw_set.items.filter(pk=item_pk).first()
    try:
        to = int(request.POST.get("to", ""))
    except ValueError:
        to = None
    if item is not None and to is not None:
        ordered = [i for i in hw_set.items.all() if i.pk != item.pk]
        to = max(1, min(to, len(ordered) + 1))
        ordered.insert(to - 1, item)
        _renumber(hw_set, ordered)
    return _back(code, hw_set, "#items")


@require_POST
def item_remove(request, code, pk, item_pk):
    """Remove an item (and the links to its members' tables; their records stay theirs). An item
    already removed (a second click, another tab) is simply not there any more."""
    club = permissions.organiser(request, code)
    hw_set = _set(club, pk)
    hw_set.items.filter(pk=item_pk).delete()
    _renumber(hw_set, list(hw_set.items.all()))
    return _back(code, hw_set, "#items")


def set_delete(request, code, pk):
    """templates/homework/set_delete.html asks; POST deletes the set (the members' records stay)."""
    club = permissions.organiser(request, code)
    if request.method == "POST":
        HomeworkSet.objects.filter(club=club, pk=pk).delete()
        return redirect(reverse("homework", args=[code]))
    hw_set = _set(club, pk)
    return render(request, "homework/set_delete.html", {"club": club, "set": hw_set})


# --- the organiser's grid ---------------------------------------------------------------------------
def grid_data(hw_set, sort="name"):
    items = list(hw_set.items.all())
    members = hw_set.members()
    cells = results(hw_set, members, items)
    rows = []
    for user in members:
        row = [cells[(user.pk, item.pk)] for item in items]
        rows.append({"user": user, "name": display_name(user), "cells": list(zip(items, row)),
                     "done": sum(c.done for c in row)})
    if sort == "total":
        rows.sort(key=lambda r: (-r["done"], r["name"].casefold()))
    columns = [{"item": item, "n": n, "short": catalogue.item_short(item, n), "label": catalogue.item_label(item),
                "game": catalogue.game_name(item.game),
                "detail": (f"{catalogue.target_label(item.game, item.target)} · {_level_label(item)}"
                           if item.kind == "deal" else ""),
                "done": sum(cells[(u.pk, item.pk)].done for u in members)}
               for n, item in enumerate(items, start=1)]
    return {"rows": rows, "columns": columns, "members": len(members), "items": len(items)}


@require_GET
def grid(request, code, pk):
    """templates/homework/grid.html: members × items, each cell in colour and in words, totals per
    member and per item; ?sort=name|total. htmx polls its partial "grid" every POLL_SECONDS."""
    club = permissions.organiser(request, code)
    hw_set = _set(club, pk)
    sort = "total" if request.GET.get("sort") == "total" else "name"
    ctx = {"club": club, "set": hw_set, "sort": sort, "poll": POLL_SECONDS,
           "grid_url": reverse("homework-grid", args=[code, hw_set.pk]), **grid_data(hw_set, sort)}
    template = "homework/grid.html#grid" if request.htmx else "homework/grid.html"
    return render(request, template, ctx)


@require_GET
def grid_csv(request, code, pk):
    """The grid as a CSV file (UTF-8 with a byte-order mark, which Excel needs to read it), its
    headers in the page's language."""
    club = permissions.organiser(request, code)
    hw_set = _set(club, pk)
    data = grid_data(hw_set, "total" if request.GET.get("sort") == "total" else "name")
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="homework-{club.code}-{hw_set.pk}.csv"'
    response.write("\ufeff")
    out = csv.writer(response)
    out.writerow([_("Member")] + [f"{c['n']}. {c['label']} ({c['game']})" for c in data["columns"]]
                 + [_("Done")])
    for row in data["rows"]:
        out.writerow([row["name"]] + [cell.text for _item, cell in row["cells"]]
                     + [f"{row['done']}/{data['items']}"])
    out.writerow([_("Members done")] + [f"{c['done']}/{data['members']}" for c in data["columns"]] + [""])
    return response


# --- one member's attempt at one item ----------------------------------------------------------------
def _attempt_access(request, code, pk, item_pk, user_pk):
    """(club, set, item, member) if the requester organises the club, or is that member and the set
    is his; 404 otherwise."""
    found = permissions.membership(request, code)
    hw_set = _set(found.club, pk)
    item = _item(hw_set, item_pk)
    member = get_object_or_404(get_user_model(), pk=user_pk)
    if found.role == Membership.ORGANISER:
        if not hw_set.is_for(member):
            raise Http404
    elif member.pk != request.user.pk or not hw_set.is_for(member):
        raise Http404
    return found, hw_set, item, member


def _rule_words(ui, rule):
    if not rule:
        return ""
    try:
        return str(ui.rule_text(rule).title)
    except (KeyError, AttributeError):
        return rule


@require_GET
def attempt(request, code, pk, item_pk, user_pk):
    """templates/homework/attempt.html: one member's attempt at one item, as the records tell it:
    a lesson's answers and a puzzle's moves in the order made, each with its verdict (a refusal
    named by its rule); a deal's result, target and costliest decision, with a link to the deal
    step by step from the member's seat."""
    found, hw_set, item, member = _attempt_access(request, code, pk, item_pk, user_pk)
    key = user_key(member)
    cell = results(hw_set, [member], [item])[(member.pk, item.pk)]
    try:
        ui = game_ui(item.game)
    except (KeyError, LookupError):
        ui = None
    ctx = {"club": found.club, "set": hw_set, "item": item, "member": member, "name": display_name(member),
           "label": catalogue.item_label(item), "game": catalogue.game_name(item.game), "cell": cell,
           "organiser": found.role == Membership.ORGANISER, "url": _item_url(item)}
    if item.kind == HomeworkItem.LESSON:
        lesson = lesson_files.lesson(item.game, item.ref)
        ctx["answers"] = [{"row": r, "rule": _rule_words(ui, r.rule)} for r in
                          LessonAnswer.objects.filter(owner=key, game=item.game, lesson=item.ref)]
        ctx["total"] = len(lesson.steps) if lesson else 0
    elif item.kind == HomeworkItem.PUZZLE:
        tries = {}
        for r in PuzzleMove.objects.filter(owner=key, game=item.game, puzzle=item.ref):
            tries.setdefault(r.attempt, []).append({"row": r, "rule": _rule_words(ui, r.rule)})
        ctx["tries"] = sorted(tries.items())
    else:
        tokens = [d.table for d in cell.tables]
        played = {r.table: r for r in DealPlayed.objects.filter(owner=key, table__in=tokens, deal=1)}
        ctx["deals"] = [{"link": d, "played": played.get(d.table),
                         "costliest": costliest_words(played[d.table].costliest) if d.table in played else None,
                         "steps_url": reverse("homework-deal-steps", args=[code, hw_set.pk, item.pk, member.pk,
                                                                           d.number])}
                        for d in cell.tables]
        ctx["target"] = catalogue.target_label(item.game, item.target)
        ctx["level"] = _level_label(item)
    return render(request, "homework/attempt.html", ctx)


def costliest_words(value):
    """A deal's costliest decision as stored with its record, in words (its text where it has one)."""
    if not value:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return join_sentences([w for w in (costliest_words(v) for v in value) if w])
    if isinstance(value, dict):
        for name in ("text", "review", "said", "what", "action"):
            if value.get(name):
                return costliest_words(value[name]) if not isinstance(value[name], str) else value[name]
    return str(value)


@require_GET
def deal_steps(request, code, pk, item_pk, user_pk, number):
    """templates/homework/deal_steps.html: the member's deal step by step, from his seat only:
    the board is the game's view for his seat and the story is told from his side, so nothing he
    did not see is shown. ?step=K shows the position after the deal's first K actions."""
    found, hw_set, item, member = _attempt_access(request, code, pk, item_pk, user_pk)
    link = get_object_or_404(HomeworkDeal, item=item, user=member, number=number)
    table = get_object_or_404(Table, token=link.table, owner=user_key(member), game=item.game)
    ui = game_ui(item.game)
    match = Match(table, ui)
    span = match.deal_span(1)
    if span is None:
        raise Http404
    first, last = span
    steps = last - first
    try:
        step = max(0, min(int(request.GET.get("step", steps)), steps))
    except ValueError:
        step = steps
    at = first + step
    view = ui.game.view(match.state_at(at), match.human)
    base = reverse("homework-deal-steps", args=[code, hw_set.pk, item.pk, member.pk, number])
    story = [{"k": i - first + 1, "mine": table.actions[i][0] == match.human,
              "text": join_sentences(match.narrate(i)), "url": f"{base}?step={i - first + 1}"}
             for i in range(first, at)]
    return render(request, "homework/deal_steps.html", {
        "club": found.club, "set": hw_set, "item": item, "member": member, "name": display_name(member),
        "ui": ui, "pack": ui.pack, "board_template": ui.board_template,
        "board": ui.board(view, match.human, match.names), "controls": None,
        "step": step, "steps": steps, "story": story,
        "opening": join_sentences(ui.opening(match.view(first), match.human, match.names)),
        "prev_url": f"{base}?step={step - 1}" if step > 0 else None,
        "next_url": f"{base}?step={step + 1}" if step < steps else None,
        "first_url": f"{base}?step=0", "last_url": f"{base}?step={steps}",
        "attempt_url": reverse("homework-attempt", args=[code, hw_set.pk, item.pk, member.pk]),
        "finished": match.deal_finished(1),
    })


# --- a member starts a deal --------------------------------------------------------------------------
@require_POST
def start_deal(request, code, pk, item_pk):
    """A practice table for a deal item (POST number=N, the member's Nth go at it): the deal code's
    deal at the item's level and target, the member in seat 0; then to the table. Posted twice, the
    second finds the first's table. A new go (N+1) is made only once the previous deal is over."""
    club = permissions.member(request, code)
    hw_set = _set(club, pk)
    item = _item(hw_set, item_pk)
    if item.kind != HomeworkItem.DEAL or not hw_set.is_for(request.user):
        raise Http404
    try:
        number = int(request.POST.get("number", "1"))
    except ValueError:
        number = 1
    links = list(HomeworkDeal.objects.filter(item=item, user=request.user))
    existing = next((d for d in links if d.number == number), None)
    latest = links[-1] if links else None
    if existing is None and latest is not None and (number != latest.number + 1 or not deal_over(latest)):
        existing = latest  # a stale or forged number: the current go stands
    if existing is None:
        ui = game_ui(item.game)
        try:
            seed, players, options = read_deal_code(ui.game, item.ref)
        except DealCodeError:
            raise Http404 from None
        try:
            with transaction.atomic():
                table = start_table(ui, owner=owner_key(request), seed=seed, players=players, options=options,
                                    level=item.level or "club", target=item.target)
                existing = HomeworkDeal.objects.create(item=item, user=request.user, number=number, table=table.token)
        except IntegrityError:
            existing = HomeworkDeal.objects.get(item=item, user=request.user, number=number)
    return redirect(reverse("table", args=[item.game, existing.table]))


def deal_over(link):
    """Whether the deal of a member's table is over: its record is written, or the table has gone
    past its first deal."""
    if DealPlayed.objects.filter(table=link.table, deal=1).exists():
        return True
    table = Table.objects.filter(token=link.table).first()
    return table is None or table.finished or table.deal > 1
