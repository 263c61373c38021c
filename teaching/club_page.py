"""The teaching block of a club's page (clubs.hooks), for its organisers."""

from django.template.loader import render_to_string

from clubs.hooks import club_page
from clubs.models import Membership


@club_page
def teaching_block(request, club, membership):
    if membership.role != Membership.ORGANISER:
        return {}
    return {"teaching_block": render_to_string("teaching/_club_block.html", {"club": club}, request=request)}
