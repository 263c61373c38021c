"""{% teach_from game kind ref %}: for an organiser, a button that opens this lesson step or puzzle on
a club's teaching table (a choice of club when he organises several); nothing for anyone else."""

from django import template
from django.template.loader import render_to_string

from clubs.permissions import organised_clubs
from dojo import shared

register = template.Library()


@register.simple_tag(takes_context=True)
def teach_from(context, game, kind, ref):
    # The reader's own part of the page (dojo.shared): on a page drawn once for everyone, each
    # request fills it.
    request = context.get("request")
    if request is None:
        return ""
    return shared.slot(request, "teach-from", game, kind, ref)


@shared.filler("teach-from")
def _teach_from(request, game, kind, ref):
    if not request.user.is_authenticated:
        return ""
    clubs = list(organised_clubs(request.user).order_by("name"))
    if not clubs:
        return ""
    return render_to_string("teaching/_from_button.html",
                            {"clubs": clubs, "game": game, "kind": kind, "ref": ref}, request=request)
