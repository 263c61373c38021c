"""My progress (attempts.hooks): the challenges of the member's clubs that are still open, with how
many of their deals he has played."""

from django.template.loader import render_to_string

from attempts.hooks import progress_section
from clubs.models import Membership

from .models import Challenge
from .views import summary


@progress_section
def open_challenges(request):
    if not request.user.is_authenticated:
        return ""
    clubs = Membership.objects.filter(user=request.user, role=Membership.MEMBER).values("club")
    open_ones = [c for c in Challenge.objects.filter(club__in=clubs).select_related("club") if c.is_open()]
    if not open_ones:
        return ""
    items = [summary(c, request.user) for c in open_ones]
    return render_to_string("challenges/_progress.html", {"items": items}, request=request)
