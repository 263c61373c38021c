"""The teaching block of a club's page (clubs.hooks), for its organisers."""

from django.template.loader import render_to_string

from clubs.hooks import club_page
from clubs.models import Membership
from django.utils.translation import gettext as _


@club_page
def teaching_block(request, club, membership):
    if membership.role != Membership.ORGANISER:
        return {}
    return {"teaching_block": render_to_string("teaching/_club_block.html", {"club": club}, request=request)}


@club_page
def members_playing(request, club, membership):
    """For the club's organisers: the tables where its members play each other now, to watch (what
    every player sees) or to open on the teaching table."""
    from games.models import PeopleTable

    if membership.role != Membership.ORGANISER:
        return {}
    members = set(club.memberships.values_list("user", flat=True))
    rows = []
    candidates = (PeopleTable.objects.filter(finished=False, sitting__user__in=members).distinct()
                  .order_by("-updated").prefetch_related("sitting__user")[:50])
    for table in candidates:
        seated = [row.user for row in table.sitting.all()]
        if seated and {u.pk for u in seated} <= members:
            rows.append({"t": table, "names": ", ".join(u.get_full_name() or u.get_username() for u in seated)})
    if not rows:
        return {}
    html = render_to_string("teaching/_members_playing.html", {"club": club, "rows": rows[:20]}, request=request)
    return {"sections": [{"id": "members-playing", "title": _("Members playing each other"), "html": html}]}
