"""The teaching table: an organiser opens a deal, steps through it (← and →), plays moves for any
seat, chooses whose cards the room sees, and writes notes beside the board. Every view asks
clubs/permissions.py first: anyone but the club's organisers gets a 404."""

from django.contrib.auth.decorators import login_required
from django.db.models import F
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.http import Http404, HttpResponseNotAllowed
from django.views.decorators.http import require_http_methods

from clubs import permissions
from dojo.context import game_stylesheet
from games.controls import Controls, decode
from games.engine.rules import NotationError
from games.table.codes import deal_code
from games.ui import game_ui, join_sentences, site_games
from judge.tables import refusal as judged_refusal

from homework.items import game_name

from . import positions, room
from .forms import NewTableForm, NotesForm
from .models import TeachingTable


def seat_names(players):
    return {s: _("Player %(n)s") % {"n": s + 1} for s in range(players)}


def _url(table, step=None):
    url = reverse("teach", args=[table.club.code, table.token])
    return url if step is None else f"{url}?step={step}"


@login_required
@require_http_methods(["GET", "POST"])
def new(request, code):
    club = permissions.organiser(request, code)
    form = NewTableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game = data["game"]
        state = game.new(data["seed"], data["players"], data["options"])
        table = TeachingTable.objects.create(
            club=club, created_by=request.user, game=game.slug, players=data["players"],
            code=deal_code(game, data["seed"], data["players"], data["options"]) or "",
            start=game.to_text(state), mode=TeachingTable.OPEN)
        return redirect(_url(table, 0))
    tables = club.teaching_tables.all()[:20]
    return render(request, "teaching/new.html", {"club": club, "form": form, "tables": tables},
                  status=400 if request.method == "POST" else 200)


def _step(request, table, count):
    try:
        step = int(request.GET.get("step", count))
    except ValueError:
        step = count
    return max(0, min(step, count))


def _context(request, table, step, refusal=None):
    ui = game_ui(table.game)
    game = ui.game
    if table.public_only:
        table.mode = TeachingTable.PUBLIC
    every = positions.states(table)
    state = every[step]
    names = seat_names(table.players)
    movers = sorted(game.turn(state))
    mover = movers[0] if movers else None
    if table.mode == TeachingTable.OPEN:
        side = mover if mover is not None else 0
    elif table.mode == TeachingTable.SEAT:
        side = min(table.seat, table.players - 1)
    else:
        side = mover if mover is not None else 0
    view = positions.shown(game, state, table.mode, side)
    # The organiser may play for the seat to move when its cards are on the board.
    may_act = mover is not None and (table.mode == TeachingTable.OPEN
                                     or (table.mode == TeachingTable.SEAT and side == mover))
    # Every choice is offered, the illegal ones too: pressed, the engine says why not, for the room to see.
    controls = ui.controls(game, state, mover) if may_act else Controls()
    moves = []
    if table.mode == TeachingTable.OPEN:  # the story of the moves tells every card: only with all hands open
        for i, (seat, text) in enumerate(table.actions):
            line = ui.narrate(game, every[i], seat, game.parse_action(text), every[i + 1], names)
            moves.append({"number": i + 1, "text": join_sentences(line), "url": _url(table, i + 1),
                          "current": i + 1 == step})
    count = len(table.actions)
    question = table.questions.first()
    ask = room.panel_context(request, question) if question else None
    # Revealed, the room's answers are drawn on the board's own choices, at the position asked.
    marks = ({r["action"]: {"n": r["n"], "verdict": r["verdict"]} for r in ask["result"]["rows"]}
             if ask and ask["result"] and question.step == step else None)
    return {
        "ask": ask, "marks": marks,
        "may_ask": mover is not None,
        "club": table.club, "t": table, "ui": ui, "pack": ui.pack, "game_name": game_name(table.game),
        "game_css": game_stylesheet(table.game),
        "board_template": ui.board_template,
        "board": ui.board(view, side, names), "controls": controls,
        "highlight": True,  # the legal choices marked, as at a practice table
        "step": step, "count": count, "moves": moves, "refusal": refusal,
        "mover_name": names[mover] if mover is not None else None, "may_act": may_act,
        "side_name": names[side], "seats": [(s, names[s]) for s in range(table.players)],
        "modes": [(TeachingTable.PUBLIC, _("What every player sees"))] if table.public_only else
                 [(TeachingTable.OPEN, _("All hands open")), (TeachingTable.SEAT, _("One seat's view")),
                  (TeachingTable.PUBLIC, _("What every player sees"))],
        "notes_form": NotesForm(initial={"notes": table.notes}),
        "prev_url": _url(table, step - 1) if step > 0 else None,
        "next_url": _url(table, step + 1) if step < count else None,
        "first_url": _url(table, 0), "last_url": _url(table, count),
        "later_moves": count - step,
    }


@login_required
def table(request, code, token):
    table = permissions.teaching_table(request, code, token)
    step = _step(request, table, len(table.actions))
    return render(request, "teaching/table.html", _context(request, table, step))


def _posted_int(request, name):
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


def _write(table, **changes):
    """Save `changes` if nobody wrote since the page was drawn (its version); False otherwise."""
    done = TeachingTable.objects.filter(pk=table.pk, version=table.version).update(version=F("version") + 1, **changes)
    return bool(done)


def _stale(request, table):
    context = _context(request, table, len(table.actions))
    context["stale"] = True
    return render(request, "teaching/table.html", context, status=409)


@login_required
def act(request, code, token):
    """A move for the seat to move at the step shown. Moves after that step are replaced by it."""
    table = permissions.teaching_table(request, code, token)
    if request.method != "POST":  # asked after the permission: a stranger learns nothing
        return HttpResponseNotAllowed(["POST"])
    if _posted_int(request, "version") != table.version:
        return _stale(request, table)
    step = _posted_int(request, "step")
    if step is None or not 0 <= step <= len(table.actions):
        return _stale(request, table)
    game = positions.game_of(table)
    state = positions.states(table)[step]
    movers = sorted(game.turn(state))
    if not movers:
        return _stale(request, table)
    try:
        action = decode(request.POST)
    except NotationError:
        context = _context(request, table, step)
        context["error"] = _("That is not a move this table understands.")
        return render(request, "teaching/table.html", context, status=400)
    seat = movers[0]
    refused = judged_refusal(table.game, state, seat, action)
    if refused:
        return render(request, "teaching/table.html", _context(request, table, step, refusal=refused), status=422)
    if not _write(table, actions=table.actions[:step] + [[seat, str(action)]]):
        return _stale(request, TeachingTable.objects.get(pk=table.pk))
    return redirect(_url(table, step + 1))


@login_required
def view_mode(request, code, token):
    """Whose cards the board shows: all hands, one seat's view, or what every player sees."""
    table = permissions.teaching_table(request, code, token)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    mode = request.POST.get("mode")
    seat = _posted_int(request, "seat")
    step = _posted_int(request, "step")
    if mode not in dict(TeachingTable.MODES) or (seat is not None and not 0 <= seat < table.players):
        return _stale(request, table)
    if table.public_only and mode != TeachingTable.PUBLIC:
        context = _context(request, table, len(table.actions))
        context["error"] = _("This deal is still being played: the room sees only what every player sees.")
        return render(request, "teaching/table.html", context, status=409)
    if not _write(table, mode=mode, seat=table.seat if seat is None else seat):
        return _stale(request, TeachingTable.objects.get(pk=table.pk))
    return redirect(_url(table, step if step is not None and 0 <= step <= len(table.actions) else None))


@login_required
def notes(request, code, token):
    table = permissions.teaching_table(request, code, token)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    form = NotesForm(request.POST)
    step = _posted_int(request, "step")
    if not form.is_valid() or _posted_int(request, "version") != table.version:
        return _stale(request, table)
    if not _write(table, notes=form.cleaned_data["notes"]):
        return _stale(request, TeachingTable.objects.get(pk=table.pk))
    return redirect(_url(table, step if step is not None and 0 <= step <= len(table.actions) else None))


def _content_position(game_slug, kind, ref, club):
    """(position text, seat, open) of a lesson step ("<lesson>/<n>") or a puzzle (the site's or the
    club's own); None if there is none."""
    from tutorials import lessons, puzzles

    try:
        if kind == "deal":
            return None  # a deal is opened by _deal_moment, which needs the request
        if kind == "puzzle":
            found = puzzles.find(game_slug, ref, scope=club)
            return (found.position, found.seat, found.open) if found else None
        if kind == "lesson":
            lesson_id, n = ref.rsplit("/", 1)
            found = lessons.lesson(game_slug, lesson_id)
            step = found.steps[int(n) - 1] if found and 0 < int(n) <= len(found.steps) else None
            return (step.position, step.seat, False) if step and step.position else None
    except (KeyError, LookupError, ValueError):
        return None
    return None


@login_required
def from_content(request):
    """A lesson step or a puzzle opened on a club's teaching table, shown from the learner's seat
    (all hands only for an open puzzle), where the organiser can play it on; or, with
    then=puzzle, the same moment saved as a draft of the club's own puzzle, from the learner's seat."""
    club = permissions.organiser(request, request.POST.get("club", ""))
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    slug, kind, ref = request.POST.get("game", ""), request.POST.get("kind", ""), request.POST.get("ref", "")
    if slug not in {g.slug for g in site_games()}:
        raise Http404
    as_puzzle = request.POST.get("then") == "puzzle"
    if kind == "people":
        return _people_moment(request, club, slug, ref, as_puzzle)
    if kind == "deal":
        table, step, learner = _deal_moment(request, club, slug, ref)
        if as_puzzle:
            return _draft(request, club, slug, positions.states(table)[step], learner, False, discard=table)
        return redirect(_url(table, step))
    found = _content_position(slug, kind, ref, club)
    if found is None:
        raise Http404
    text, seat, is_open = found
    game = game_ui(slug).game
    state = game.from_text(text)
    if as_puzzle:
        return _draft(request, club, slug, state, seat, is_open)
    table = TeachingTable.objects.create(
        club=club, created_by=request.user, game=slug, players=game.players(state), code="",
        start=game.to_text(state), mode=TeachingTable.OPEN if is_open else TeachingTable.SEAT, seat=seat)
    return redirect(_url(table, 0))


def _draft(request, club, slug, state, seat, is_open, discard=None):
    """A draft of a club puzzle at `state`, opened in its editor."""
    from .club_puzzles import nobody_to_move, start_draft

    if discard is not None:
        discard.delete()
    draft = start_draft(club, request.user, slug, state, seat, is_open)
    if draft is None:
        return nobody_to_move(request, club)
    return redirect(reverse("club-puzzle-edit", args=[club.code, draft.pk]))


@login_required
def save_moment(request, code, token):
    """The position on the teaching table's screen saved as a draft puzzle, from the seat to move
    (an open puzzle when every hand is shown)."""
    table = permissions.teaching_table(request, code, token)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    every = positions.states(table)
    step = _posted_int(request, "step")
    if step is None or not 0 <= step < len(every) or table.public_only:
        return _stale(request, table)
    movers = sorted(positions.game_of(table).to_move(every[step]))
    return _draft(request, table.club, table.game, every[step], movers[0] if movers else 0,
                  table.mode == TeachingTable.OPEN)


def _people_moment(request, club, slug, token, as_puzzle):
    """The position now of a table where the club's members play each other, opened on the teaching
    table (the current deal from its start). While the match goes on, the room sees only what every
    player sees (public_only), and no puzzle is made of it: a puzzle shows a seat's hand."""
    from games.people.play import replay

    people = permissions.people_table_of_members(club, token)
    if people.game != slug:
        raise Http404
    position = replay(people)
    game, states = position.game, position.states
    deal = game.deal_number(position.state)
    first = len(states) - 1
    while first > 0 and game.deal_number(states[first - 1]) == deal:
        first -= 1
    live = not people.open_to_watchers()
    if as_puzzle:
        if live:
            raise Http404
        movers = sorted(game.to_move(states[-1]))
        return _draft(request, club, slug, states[-1], movers[0] if movers else 0, False)
    table = TeachingTable.objects.create(
        club=club, created_by=request.user, game=slug, players=people.players, code="",
        start=game.to_text(game.hide_secrets(states[first])), actions=[list(a) for a in people.actions[first:]],
        mode=TeachingTable.PUBLIC if live else TeachingTable.OPEN, public_only=live)
    return redirect(_url(table, len(people.actions) - first))


def _deal_moment(request, club, slug, ref):
    """A finished deal of a practice table opened at one of its moments: the requester's own table
    ("table/<token>/<deal>/<step>") or a deal someone shared ("shared/<token>/<step>"). The deal is
    over, so every hand may be shown, as its replay does. No deal code nor seed: they would give the
    table's other deals away. Returns (teaching table, step, the practice table's learner seat)."""
    from games.models import SharedDeal, Table
    from games.owner import owner_key
    from games.table.match import Match

    ui = game_ui(slug)
    parts = ref.split("/")
    try:
        if parts[0] == "table" and len(parts) == 4:
            owner = owner_key(request, create=False)
            practice = Table.objects.filter(token=parts[1], game=slug, owner=owner).first() if owner else None
            deal, step = int(parts[2]), int(parts[3])
        elif parts[0] == "shared" and len(parts) == 3:
            shared = SharedDeal.objects.select_related("table").filter(token=parts[1], table__game=slug).first()
            practice, deal, step = (shared.table, shared.deal, int(parts[2])) if shared else (None, 0, 0)
        else:
            raise Http404
    except ValueError:
        raise Http404 from None
    if practice is None:
        raise Http404
    match = Match(practice, ui)
    if deal not in match.finished_deals():
        raise Http404
    first, last = match.deal_span(deal)
    table = TeachingTable.objects.create(
        club=club, created_by=request.user, game=slug, players=practice.players, code="",
        # Without the match's seed: the deals after this one stay the table's own.
        start=ui.game.to_text(ui.game.hide_secrets(match.state_at(first))),
        actions=[list(a) for a in practice.actions[first:last]],
        mode=TeachingTable.OPEN)
    return table, max(0, min(step, last - first)), practice.human_seat
