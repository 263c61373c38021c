"""Who may see what at a table of people: the one place it is decided. Every view asks here.

- Only signed-in people open a table (anyone else is sent to log in); its address or its code is
  the invitation, so anyone signed in who has it may see who sits where and take a free seat.
- A seated person sees the table from their seat: their view (Game.view), never another hand.
- Anyone else sees only what every player sees (Game.public_view).
"""

from django.http import Http404

from dojo.queries import rows_where
from games.models import PeopleSeat, PeopleTable


def table(token, game) -> PeopleTable:
    """The table of `game` with this token (read as dojo.queries reads: every poll asks), or 404."""
    found = rows_where(PeopleTable, token=token, game=game)
    if not found:
        raise Http404
    return found[0]


def by_code(code):
    return PeopleTable.objects.filter(code=(code or "").strip().upper()).first()


def seat_of(user, found: PeopleTable):
    """The seat `user` sits at, or None."""
    if not user.is_authenticated:
        return None
    row = PeopleSeat.objects.filter(table=found, user=user).first()
    return row.seat if row else None


def seen(game, state, seat):
    """The position as this reader may see it: their seat's view, or what every player sees."""
    return game.view(state, seat) if seat is not None else game.public_view(state)


def club_mates(user):
    """The people in the clubs `user` belongs to (a seat may be kept for one of them)."""
    from clubs.models import Membership

    if user is None or not user.is_authenticated:
        return []
    clubs = Membership.objects.filter(user=user).values("club")
    rows = Membership.objects.filter(club__in=clubs).exclude(user=user).select_related("user")
    found = {m.user.pk: m.user for m in rows}
    return sorted(found.values(), key=lambda u: ((u.get_full_name() or u.get_username()).casefold(), u.pk))


def tables_for(user):
    """The unfinished tables where `user` sits or has a seat kept, the latest first."""
    sitting = PeopleTable.objects.filter(sitting__user=user, finished=False)
    kept = [t for t in PeopleTable.objects.filter(finished=False).order_by("-updated")[:200]
            if any(seat.get("for") == user.pk for seat in t.seats)]
    return sorted({t.pk: t for t in list(sitting) + kept}.values(), key=lambda t: t.updated, reverse=True)[:20]
