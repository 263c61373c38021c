"""The challenges section of a club's page (clubs.hooks): the club's latest challenges, and for an
organiser the way to set one."""

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from clubs.hooks import club_page

from .views import club_summary


@club_page
def challenges_section(request, club, membership):
    html = render_to_string("challenges/_club_block.html", {"club": club, **club_summary(request, club, membership)},
                            request=request)
    return {"sections": [{"id": "challenges", "title": _("Deal challenges"), "html": html}]}
