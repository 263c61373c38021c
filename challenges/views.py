"""Challenge views: the organiser sets a challenge; members play its deals, each once for the results;
the results table and, after the deadline, each deal's divergence. Every view asks
clubs/permissions.py first (404 for anyone else)."""

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs import permissions
from clubs.models import Membership
from dojo.context import game_stylesheet
from games.owner import owner_key
from games.table.codes import DealCodeError, read_deal_code
from games.table.match import start_table
from games.ui import LEVEL_LABELS, game_ui
from homework.items import game_name

from . import divergence, results
from .forms import ChallengeForm
from .models import Challenge, ChallengeDeal, Entry


def _url(challenge):
    return reverse("challenge", args=[challenge.club.code, challenge.pk])


def level_label(challenge):
    """The bots' level in a word or two (the ui's longer line is for the set-up form)."""
    return str(LEVEL_LABELS.get(challenge.level, challenge.level))


def summary(challenge, user=None):
    """What a list of challenges shows of one: its title, game, bots, deals, deadline, whether it is
    open, and (for a member) how many of its deals he has played."""
    deals = list(challenge.deals.all())
    out = {"c": challenge, "url": _url(challenge), "game_name": game_name(challenge.game), "level": level_label(challenge),
           "deals": len(deals), "open": challenge.is_open()}
    if user is not None:
        found = results.cells(challenge, [user], deals)
        out["played"] = sum(c.state in (results.COUNTED, results.LATE) for c in found.values())
    return out


@login_required
@require_GET
def index(request, code):
    """templates/challenges/index.html: the club's challenges, newest deadline first."""
    found = permissions.membership(request, code)
    member = request.user if permissions.plays_challenges(found) else None
    items = [summary(c, member) for c in found.club.challenges.all()]
    return render(request, "challenges/index.html", {"club": found.club, "membership": found, "items": items})


@login_required
@require_http_methods(["GET", "POST"])
def new(request, code):
    """templates/challenges/new.html: the organiser's form; POST makes the challenge once (the form's
    key makes a second post of it find the first) and goes to its page."""
    club = permissions.organiser(request, code)
    once = (request.POST.get("once", "")[:64] or None) if request.method == "POST" else None
    if once:
        made = Challenge.objects.filter(club=club, once=once).first()
        if made:
            return redirect(_url(made))
    form = ChallengeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                challenge = Challenge.objects.create(
                    club=club, title=data["title"], game=data["game"], level=data["level"], players=data["players"],
                    options=data["options"], deadline=data["deadline"], created_by=request.user, once=once)
                ChallengeDeal.objects.bulk_create(ChallengeDeal(challenge=challenge, position=n, code=c)
                                                  for n, c in enumerate(data["deals"], start=1))
        except IntegrityError:
            challenge = Challenge.objects.filter(club=club, once=once).first()
            if challenge is None:
                raise Http404 from None  # a key another club's form used: a forged post
        return redirect(_url(challenge))
    return render(request, "challenges/new.html",
                  {"club": club, "form": form, "once": once or secrets.token_urlsafe(16)},
                  status=400 if request.method == "POST" else 200)


@login_required
@require_GET
def detail(request, code, pk):
    """templates/challenges/challenge.html: the deals (for a member, each with its way to the table),
    the rules of fairness, and the results table: every member's for an organiser or after the
    deadline, otherwise the member's own row only."""
    challenge, found = permissions.challenge(request, code, pk)
    everyone = permissions.sees_everyones_results(found, challenge)
    plays = permissions.plays_challenges(found)
    members = challenge.members()
    shown = members if everyone else [request.user]
    deals, rows = results.table(challenge, shown)
    mine = results.cells(challenge, [request.user], deals) if plays else {}
    deal_rows = [{"deal": d, "cell": mine.get((request.user.pk, d.pk)),
                  "divergence": reverse("challenge-deal", args=[code, challenge.pk, d.position]) if everyone else None}
                 for d in deals]
    ui = game_ui(challenge.game)
    return render(request, "challenges/challenge.html", {
        "club": challenge.club, "c": challenge, "membership": found, "plays": plays, "everyone": everyone,
        "open": challenge.is_open(), "game_name": game_name(challenge.game), "level": level_label(challenge),
        "deals": deal_rows, "rows": rows, "members": len(members), "score_legend": ui.score_legend,
        "ranked_by_points": ui.score_legend is None,
    })


@login_required
def start(request, code, pk, position):
    """A member's table for a challenge deal: the deal code's deal, the challenge's bots keyed by the
    deal (every member meets the same replies), the member in seat 0. Posted twice, the second finds
    the first's table; one table per member and deal, the go that counts. After the deadline only a
    table already begun opens."""
    deal, found = permissions.challenge_deal(request, code, pk, position)
    if request.method != "POST":  # asked after the permission, so that it tells nobody else anything
        return HttpResponseNotAllowed(["POST"])
    if not permissions.plays_challenges(found):
        raise Http404
    challenge = deal.challenge
    entry = Entry.objects.filter(deal=deal, user=request.user).first()
    if entry is None:
        if not challenge.is_open():
            messages.info(request, _("This challenge closed at its deadline: its deals can no longer be begun."))
            return redirect(_url(challenge))
        ui = game_ui(challenge.game)
        try:
            seed, players, options = read_deal_code(ui.game, deal.code)
        except DealCodeError:
            raise Http404 from None
        try:
            with transaction.atomic():
                table = start_table(ui, owner=owner_key(request), seed=seed, players=players, options=options,
                                    level=challenge.level, bots_key=deal.bots_key, aids=False)
                entry = Entry.objects.create(deal=deal, user=request.user, table=table.token)
        except IntegrityError:
            entry = Entry.objects.get(deal=deal, user=request.user)
    return redirect(reverse("table", args=[challenge.game, entry.table]))


@login_required
@require_GET
def deal_page(request, code, pk, position):
    """templates/challenges/deal.html: where the members' decisions in one deal parted and what each
    choice led to. For an organiser at any time; for a member once the deadline has passed (before
    it, a page that says when it opens, and nothing of anyone's play)."""
    deal, found = permissions.challenge_deal(request, code, pk, position)
    challenge = deal.challenge
    ui = game_ui(challenge.game)
    context = {"club": challenge.club, "c": challenge, "deal": deal, "game_name": game_name(challenge.game),
               "level": level_label(challenge), "back": _url(challenge), "membership": found}
    if not permissions.sees_everyones_results(found, challenge):
        return render(request, "challenges/deal.html", {**context, "closed": True})
    members = challenge.members()
    cells = results.cells(challenge, members, [deal])
    lines = divergence.lines(deal, members, cells, ui)
    root = divergence.tree(lines, ui) if lines else None
    deals = list(challenge.deals.all())
    here = [d.position for d in deals].index(deal.position)
    return render(request, "challenges/deal.html", {
        **context, "closed": False, "root": root, "ui": ui, "pack": ui.pack, "board_template": ui.board_template,
        "game_css": game_stylesheet(challenge.game), "absent": [m for m in members if (m.pk, deal.pk) in cells
                                                                and cells[(m.pk, deal.pk)].state == results.NONE],
        "prev": deals[here - 1] if here else None, "next": deals[here + 1] if here + 1 < len(deals) else None,
        "now": timezone.now(),
    })


def club_summary(request, club, found):
    """For the club page: the club's open challenges and, for a member, how many deals he has left."""
    member = request.user if found.role == Membership.MEMBER else None
    items = [summary(c, member) for c in club.challenges.all()[:5]]
    return {"items": items, "organiser": found.role == Membership.ORGANISER,
            "url": reverse("challenges", args=[club.code])}
