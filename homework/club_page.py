"""The homework block of a club's page (clubs.hooks): for a member, the sets given to them and what is
left; for an organiser, the way to the sets and their results."""

from django.template.loader import render_to_string

from clubs.hooks import club_page
from clubs.models import Membership

from .views import homework_summary


@club_page
def homework_block(request, club, membership):
    organiser = membership.role == Membership.ORGANISER
    summary = None if organiser else homework_summary(request, club)
    html = render_to_string("homework/_club_block.html",
                            {"club": club, "summary": summary, "organiser": organiser}, request=request)
    return {"homework_summary": html}
