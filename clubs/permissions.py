"""Who may see what in clubs: the one place it is decided. Every club view asks here; whoever may
not see a thing gets a 404, the same as for a thing that does not exist."""

from django.http import Http404

from .models import Club, Membership


def membership(request, code):
    """The requester's membership of the club with this code, or 404."""
    user = request.user
    if not user.is_authenticated:
        raise Http404
    found = Membership.objects.select_related("club").filter(club__code=code, user=user).first()
    if found is None:
        raise Http404
    return found


def organiser(request, code) -> Club:
    """The club with this code if the requester organises it, else 404."""
    found = membership(request, code)
    if found.role != Membership.ORGANISER:
        raise Http404
    return found.club


def member(request, code) -> Club:
    """The club with this code if the requester belongs to it (organiser or member), else 404."""
    return membership(request, code).club


def organises(user, member_user) -> bool:
    """Whether `user` organises a club `member_user` belongs to (to open that member's results)."""
    if not user.is_authenticated:
        return False
    clubs = Membership.objects.filter(user=user, role=Membership.ORGANISER).values("club")
    return Membership.objects.filter(user=member_user, club__in=clubs).exists()
