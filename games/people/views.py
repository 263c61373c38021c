"""Tables of people (templates/games/people/): set one up, invite by its address or its code, take a
seat, play from one's own device. Each page shows the table from the reader's seat only
(games/people/access.py); a page that is not to move asks every two seconds whether the table
changed (htmx), and is drawn again when it did. Every write is guarded by the table's version: of
two people acting on the same position one write wins and the other is told, with nothing lost or
done twice."""

from collections import Counter
from datetime import timedelta

from django import forms
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.db.models import F
from django.shortcuts import redirect, render
from django.utils import timezone
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET

from dojo.queries import rows_where, update_where
from games.catalogue import BY_SLUG
from games.controls import decode
from games.engine.rules import NotationError
from games.models import PeopleSeat, PeopleTable
from games.table.forms import SetupForm
from games.table import review as reviews
from games.ui import HINT_VOICES, LEVEL_LABELS, game_ui, join_sentences
from judge.tables import refusal as judged_refusal

from . import access, play

POLL_SECONDS = 2
SEEN_EVERY = timedelta(seconds=20)
AWAY_MINUTES = (1, 3, 10)
LOG_LINES = 12
PERSON = "person"


def short_level(level):
    """A bot's level in a word or two (the ui's longer line is for the practice set-up)."""
    return str(LEVEL_LABELS.get(level, level))


class PeopleForm(SetupForm):
    """The practice set-up (players, options, deal code) and, for each seat, a person or a bot of a
    level. The one who sets the table up sits at the first seat."""

    def __init__(self, ui, *args, user=None, **kwargs):
        super().__init__(ui, *args, **kwargs)
        del self.fields["level"]
        # The members of the creator's clubs, each a seat kept for them alone.
        self.members = {str(u.pk): u for u in access.club_mates(user)} if user is not None else {}
        choices = ([(PERSON, _("A person (anyone with the address or the code)"))]
                   + [(f"user:{pk}", _("Kept for %(name)s") % {"name": u.get_full_name() or u.get_username()})
                      for pk, u in self.members.items()]
                   + [(k, _("A bot: %(level)s") % {"level": short_level(k)}) for k in ui.levels])
        self.seat_names = []
        for s in range(max(ui.game.player_counts)):
            self.fields[f"seat_{s}"] = forms.ChoiceField(
                label=_("Seat %(n)s") % {"n": s + 1} if s else _("Seat 1 (yours)"),
                choices=choices if s else choices[:1],
                initial=PERSON if s < 2 else "club", required=s < min(ui.game.player_counts))
            self.seat_names.append(f"seat_{s}")
        self.fields["away"] = forms.ChoiceField(
            label=_("When a person is away at their turn"), initial="wait",
            choices=[("wait", _("The table waits for them"))]
            + [(k, _("A bot plays for them until they are back: %(level)s") % {"level": short_level(k)})
               for k in ui.levels])
        self.fields["propose_aids"] = forms.BooleanField(
            label=_("Offer the hint and undo, if every person agrees"), required=False)
        self.fields["propose_open"] = forms.BooleanField(
            label=_("Let a club organiser watch with every hand open, if every person agrees"), required=False)
        self.fields["away_minutes"] = forms.TypedChoiceField(
            label=_("Away after"), coerce=int, initial=3,
            choices=[(n, ngettext("%(n)s minute", "%(n)s minutes", n) % {"n": n}) for n in AWAY_MINUTES])

    def away_fields(self):
        return [self["away"], self["away_minutes"]]

    def proposal_fields(self):
        return [self["propose_aids"], self["propose_open"]]

    def seat_fields(self):
        return [self[name] for name in self.seat_names]

    def clean(self):
        data = super().clean()
        players = data.get("players") or self.ui.game.player_counts[0]
        seats = []
        for s in range(players):
            kind = data.get(f"seat_{s}") or "club"
            if kind == PERSON:
                seats.append({"kind": PERSON})
            elif kind.startswith("user:"):
                seats.append({"kind": PERSON, "for": int(kind[5:])})
            else:
                seats.append({"kind": "bot", "level": kind})
        kept = [seat["for"] for seat in seats if "for" in seat]
        if len(kept) != len(set(kept)):
            raise forms.ValidationError(_("A person can be kept only one seat."))
        if sum(1 for seat in seats if seat["kind"] == PERSON) < 2:
            raise forms.ValidationError(_("A table of people needs at least two seats for people; "
                                          "to play against bots alone, open a practice table."))
        data["seats"] = seats
        return data


def _game_name(ui, request):
    info = BY_SLUG.get(ui.slug)
    return info.name(request.LANGUAGE_CODE) if info else ui.game.name


def new(request, game):
    """The set-up of a table of people (anyone may read it; opening one needs an account)."""
    try:
        ui = game_ui(game)
    except (KeyError, LookupError):
        raise Http404 from None
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        return render(request, "games/people/new.html", {"ui": ui, "form": None, "game_name": _game_name(ui, request)})
    form = PeopleForm(ui, request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with transaction.atomic():
            table = PeopleTable.objects.create(game=ui.slug, seed=data["seed"], players=data["players"],
                                               options=data["options"], seats=data["seats"], created_by=request.user,
                                               away=data["away"], away_minutes=data["away_minutes"],
                                               propose_aids=data["propose_aids"], propose_open=data["propose_open"])
            # Who sets the table up proposes, so agrees.
            PeopleSeat.objects.create(table=table, seat=0, user=request.user, seen=timezone.now(), agrees=True)
            # Bots that act before any person (a bot deals, or leads) do so at once.
            moves, _states = play.bots_play(table, ui.game, play.replay(table).state, 0)
            if moves:
                table.actions = [[s, str(a)] for s, a in moves]
                table.save(update_fields=["actions"])
        return redirect(reverse("people-table", args=[ui.slug, table.token]))
    return render(request, "games/people/new.html", {"ui": ui, "form": form, "game_name": _game_name(ui, request)},
                  status=400 if request.method == "POST" else 200)


def _names(table, seat, sitting):
    """Each seat's name as the reader sees it: "you", the person's name, a free seat, or the bot."""
    ui = game_ui(table.game)
    out = {}
    for s, spec in enumerate(table.seats):
        if s == seat:
            out[s] = _("You")
        elif spec["kind"] == PERSON:
            user = sitting.get(s)
            if user:
                out[s] = user.get_full_name() or user.get_username()
            elif spec.get("for"):
                out[s] = _("Seat %(n)s (kept for a club member)") % {"n": s + 1}
            else:
                out[s] = _("Seat %(n)s (free)") % {"n": s + 1}
        else:
            out[s] = _("Bot %(n)s (%(level)s)") % {"n": s + 1, "level": short_level(spec["level"])}
    return out


def _hint(ui, game, state, seat):
    """The hint level's choice from the seat's view alone, in words (where every person agreed)."""
    view = game.view(state, seat)
    level = ui.hint_level
    action = ui.levels[level](game).choose(view, seat, reviews.view_rng(game, seat, view))
    return {"action": action, "said": HINT_VOICES[level] % {"what": ui.describe(view, seat, action)}}


def undo_index(table, game, states, seat):
    """The index of the seat's last action if it may be taken back now (with the bots' replies after
    it): no person has acted since and the seat has seen no card since that it did not see then; else
    None."""
    people = set(table.person_seats())
    last = next((i for i in range(len(table.actions) - 1, -1, -1) if table.actions[i][0] in people), None)
    if last is None or table.actions[last][0] != seat:
        return None

    def seen(state):
        return Counter(c for cards in game.zones(game.view(state, seat)).values() for c in cards if c is not None)

    before = seen(states[last])
    if any(seen(states[j]) - before for j in range(last + 1, len(states))):
        return None
    return last


def context(request, table, refusal=None, message=None, hint=False):
    ui = game_ui(table.game)
    position = play.replay(table)
    game, state = position.game, position.state
    seat = access.seat_of(request.user, table)
    sitting = {row.seat: row.user for row in table.sitting.select_related("user")}
    names = _names(table, seat, sitting)
    shown = access.seen(game, state, seat)
    mine = seat is not None and play.may_act(game, state, seat)
    to_move = seat is not None and seat in game.turn(state)
    waiting = sorted(game.turn(state))
    outcome = game.outcome(state)
    log = []
    if seat is not None:  # the story is told from a seat: only a seated reader reads it
        deal = game.deal_number(state)
        first = len(position.states) - 1
        while first > 0 and game.deal_number(position.states[first - 1]) == deal:
            first -= 1
        begin = max(first, len(table.actions) - LOG_LINES)
        if begin == first:
            opening = ui.opening(game.view(position.states[first], seat), seat, names)
            log.append({"mine": False, "text": join_sentences(opening)})
        for i in range(begin, len(table.actions)):
            who, text = table.actions[i]
            said = ui.narrate(game, position.states[i], who, game.parse_action(text), position.states[i + 1],
                              names, seat)
            log.append({"mine": who == seat, "text": join_sentences(said)})
    aids = table.aids_on()
    hint_data = _hint(ui, game, state, seat) if hint and aids and to_move else None
    controls = ui.controls(game, shown, seat) if mine else None
    if hint_data and controls is not None:
        controls.mark(hint_data["action"])
    proposals = [text for on, text in ((table.propose_aids, _("the hint and undo")),
                                       (table.propose_open, _("a club organiser watching with every hand open")))
                 if on]
    my_row = next((row for row in table.sitting.all() if row.user_id == getattr(request.user, "pk", None)), None)
    free = [s for s in table.person_seats() if s not in sitting
            and table.seats[s].get("for") in (None, getattr(request.user, "pk", None))]
    urls = {name: reverse(f"people-{name}", args=[table.game, table.token])
            for name in ("act", "take", "leave", "poll", "replay", "agree", "undo")}
    finished_deals = len(outcome.deals) > 0 or outcome.finished
    urls["page"] = reverse("people-table", args=[table.game, table.token])
    return {
        "ui": ui, "t": table, "seat": seat, "game_name": _game_name(ui, request), "board_template": ui.board_template, "pack": ui.pack,
        "board": ui.board(shown, seat if seat is not None else 0, names),
        "controls": controls, "highlight": True, "hint": hint_data,
        "can_hint": aids and to_move and not outcome.finished,
        "can_undo": aids and seat is not None and undo_index(table, game, position.states, seat) is not None,
        "proposals": proposals, "agreed": table.agreed(), "i_agree": my_row.agrees if my_row else None,
        "mine": mine, "to_move": to_move, "waiting_names": [names[s] for s in waiting],
        "scores": [(names[s], outcome.scores[s], s == seat) for s in range(table.players)],
        "over": outcome.finished, "winners": [names[s] for s in outcome.winners],
        "finished_deals": finished_deals, "log": log, "free": [(s, names[s]) for s in free],
        "sitting": [(s, names[s], s in sitting or table.seats[s]["kind"] != PERSON) for s in range(table.players)],
        "refusal": refusal, "message": message, "urls": urls, "poll": POLL_SECONDS,
        "invite": request.build_absolute_uri(urls["page"]),
        "away_words": (ngettext("When a person is away at their turn for %(n)s minute, the table waits for them.",
                                "When a person is away at their turn for %(n)s minutes, the table waits for them.",
                                table.away_minutes) if table.away == "wait" else
                       ngettext("When a person is away at their turn for %(n)s minute, a bot (%(level)s) plays "
                                "for them until they are back.",
                                "When a person is away at their turn for %(n)s minutes, a bot (%(level)s) plays "
                                "for them until they are back.", table.away_minutes))
        % {"n": table.away_minutes, "level": short_level(table.away) if table.away != "wait" else ""},
    }


def _seen(table, user):
    """Note that the person's page asked (at most one write every SEEN_EVERY). The seat is read
    first and written only when its time is older: a poll every two seconds from each person then
    writes once in ten (an UPDATE that changes nothing still waits for SQLite's write lock)."""
    now = timezone.now()
    for row in rows_where(PeopleSeat, table_id=table.pk, user_id=user.pk):
        if row.seen is None or row.seen < now - SEEN_EVERY:
            update_where(PeopleSeat, {"seen": now}, id=row.pk)


def away_seats(table, game, state):
    """The person seats the game waits for where nobody is (left, or not seen for the table's
    minutes)."""
    since = timezone.now() - timedelta(minutes=table.away_minutes)
    here = {row.seat for row in table.sitting.all() if row.seen and row.seen >= since}
    return [s for s in sorted(game.turn(state)) if s in table.person_seats() and s not in here]


def advance_if_away(table):
    """Where the table was set up so, a bot plays for the people away at their turn (until a person
    who is here is awaited). The table as it is after."""
    if table.away == "wait" or table.finished:
        return table
    position = play.replay(table)
    game, state = position.game, position.state
    away = away_seats(table, game, state)
    if not away:
        return table
    moves, states = play.bots_play(table, game, state, len(table.actions), stand_in=away)
    if moves:
        PeopleTable.objects.filter(pk=table.pk, version=table.version).update(
            actions=table.actions + [[s, str(a)] for s, a in moves], version=table.version + 1,
            finished=game.outcome(states[-1]).finished)
        table.refresh_from_db()
    return table


NO_SEAT = gettext_lazy("You have no seat at this table: take a free one to play.")
STALE = gettext_lazy("The table moved on since your page was drawn: here it is as it is now. Nothing you sent was played.")
BEATEN = gettext_lazy("Someone acted on this position just before you: here is the table as it is now. "
                      "Nothing you sent was played.")


def _refused(request, table, status, message):
    """The table as it is now, with why nothing was done."""
    return _render(request, table, status=status, message=str(message))


def _render(request, table, status=200, **extra):
    template = "games/people/table.html#table" if request.htmx else "games/people/table.html"
    return render(request, template, context(request, table, **extra), status=status)


@login_required
@require_GET
def page(request, game, token):
    table = access.table(token, game)
    _seen(table, request.user)
    return _render(request, advance_if_away(table), hint=request.GET.get("hint") == "1")


@login_required
@require_GET
def poll(request, game, token):
    """Whether the table changed since the version the page shows: 204 (nothing to do) or the
    table drawn again from the reader's seat."""
    table = access.table(token, game)
    _seen(table, request.user)
    table = advance_if_away(table)
    if request.GET.get("v") == str(table.version):
        return HttpResponse(status=204)
    return _render(request, table)


@login_required
def take(request, game, token):
    table = access.table(token, game)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    try:
        seat = int(request.POST.get("seat", ""))
    except ValueError:
        seat = -1
    if access.seat_of(request.user, table) is not None:
        return _render(request, table, status=409, message=_("You already have a seat at this table."))
    if seat not in table.person_seats():
        return _render(request, table, status=409, message=_("That seat is not one for a person."))
    if table.seats[seat].get("for") not in (None, request.user.pk):
        return _render(request, table, status=409, message=_("That seat is kept for someone else."))
    try:
        with transaction.atomic():
            PeopleSeat.objects.create(table=table, seat=seat, user=request.user, seen=timezone.now())
    except IntegrityError:
        return _render(request, table, status=409, message=_("Someone took that seat just before you: choose another."))
    return redirect(reverse("people-table", args=[table.game, table.token]))


@login_required
def leave(request, game, token):
    table = access.table(token, game)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    PeopleSeat.objects.filter(table=table, user=request.user).delete()
    return redirect(reverse("people-table", args=[table.game, table.token]))


@login_required
def act(request, game, token):
    """A person's action for their own seat (the seat comes from who asks, never from the form)."""
    table = access.table(token, game)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    seat = access.seat_of(request.user, table)
    if seat is None:
        return _refused(request, table, 403, NO_SEAT)
    if request.POST.get("version") != str(table.version):
        return _refused(request, table, 409, STALE)
    position = play.replay(table)
    game, state = position.game, position.state
    try:
        action = decode(request.POST)
    except NotationError:
        return _render(request, table, status=400, message=_("That is not a move this table understands."))
    # The engine's check is the one judge: out of turn, a call after its moment, an illegal card.
    refused = judged_refusal(table.game, state, seat, action)
    if refused or not play.may_act(game, state, seat):
        turn = None if play.may_act(game, state, seat) else _("It is not your turn: wait for the others.")
        return _render(request, table, status=422 if turn is None else 409, refusal=refused, message=turn)
    after = game.apply(state, seat, action)
    index = len(table.actions) + 1
    moves, states = play.bots_play(table, game, after, index)
    actions = table.actions + [[seat, str(action)]] + [[s, str(a)] for s, a in moves]
    last = states[-1] if states else after
    done = PeopleTable.objects.filter(pk=table.pk, version=table.version).update(
        actions=actions, version=table.version + 1, finished=game.outcome(last).finished)
    if not done:
        return _refused(request, PeopleTable.objects.get(pk=table.pk), 409, BEATEN)
    table.refresh_from_db()
    if request.htmx:
        return _render(request, table)
    return redirect(reverse("people-table", args=[table.game, table.token]))


@login_required
def agree(request, game, token):
    """A seated person's answer to what the set-up proposes (agree, or not)."""
    table = access.table(token, game)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    if not PeopleSeat.objects.filter(table=table, user=request.user).update(agrees=request.POST.get("agree") == "yes"):
        return _refused(request, table, 403, NO_SEAT)
    PeopleTable.objects.filter(pk=table.pk).update(version=F("version") + 1)  # every page shows the change
    return redirect(reverse("people-table", args=[table.game, table.token]))


@login_required
def undo(request, game, token):
    """Take back one's last action (and the bots' replies to it), where every person agreed to undo,
    no person has acted since and one has seen no new card since."""
    table = access.table(token, game)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    seat = access.seat_of(request.user, table)
    if seat is None:
        return _refused(request, table, 403, NO_SEAT)
    if request.POST.get("version") != str(table.version):
        return _refused(request, table, 409, STALE)
    if not table.aids_on():
        return _render(request, table, status=409, message=_("Undo is offered here only if every person agrees."))
    position = play.replay(table)
    index = undo_index(table, position.game, position.states, seat)
    if index is None:
        return _render(request, table, status=409, message=_(
            "That cannot be taken back: someone has acted since, or you have seen a card since that you did not see "
            "when you chose."))
    done = PeopleTable.objects.filter(pk=table.pk, version=table.version).update(
        actions=table.actions[:index], version=table.version + 1, finished=False)
    if not done:
        return _refused(request, PeopleTable.objects.get(pk=table.pk), 409, BEATEN)
    return redirect(reverse("people-table", args=[table.game, table.token]))


@login_required
def replay(request, game, token):
    """The finished deals replayed and reviewed from the reader's own seat: the match is copied to
    a practice table of theirs (seated at that seat, with no aids), whose replay shows a deal's every
    hand only once it is over, as at every practice table."""
    from games.models import Table, TableSnapshot
    from games.owner import owner_key
    from games.table.match import Match

    table = access.table(token, game)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    row = PeopleSeat.objects.filter(table=table, user=request.user).first()
    if row is None:
        return _refused(request, table, 403, NO_SEAT)
    ui = game_ui(table.game)
    copy = Table.objects.filter(token=row.replay, owner=owner_key(request)).first() if row.replay else None
    if copy is None:
        copy = Table(game=table.game, owner=owner_key(request), seed=table.seed, players=table.players,
                     options=table.options, human_seat=row.seat, level="club", aids=False)
    copy.actions, copy.shown, copy.start = table.actions, len(table.actions), len(table.actions)
    match = Match(copy, ui)
    for name, value in match.summary(play.replay(table).state).items():
        setattr(copy, name, value)
    copy.version += 1
    copy.save()
    TableSnapshot.objects.filter(table_id=copy.pk).delete()  # written again for the actions now
    Match(copy, ui).snapshots()
    PeopleSeat.objects.filter(pk=row.pk).update(replay=copy.token)
    return redirect(reverse("table-replay", args=[table.game, copy.token]))


@login_required
def enter(request):
    """Where a person types a table's code."""
    code = (request.POST.get("code") or request.GET.get("code") or "").strip().upper()
    error = None
    if code:
        found = access.by_code(code)
        if found:
            return redirect(reverse("people-table", args=[found.game, found.token]))
        error = _("No table has that code. Check it with whoever gave it to you.")
    return render(request, "games/people/enter.html", {"code": code, "error": error, "mine": access.tables_for(request.user)},
                  status=404 if error else 200)
