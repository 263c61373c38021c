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


def invited(invite) -> Club:
    """The club an invite link leads to (anyone holding the link may see its name), or 404."""
    found = Club.objects.filter(invite=invite).first()
    if found is None:
        raise Http404
    return found


def member_of(club, user_id) -> Membership:
    """A person's membership of `club` (for its organiser to manage), or 404."""
    found = Membership.objects.select_related("user", "club").filter(club=club, user_id=user_id).first()
    if found is None:
        raise Http404
    return found


def organised_clubs(user):
    """The clubs `user` organises (where an organiser may move a member to)."""
    return Club.objects.filter(memberships__user=user, memberships__role=Membership.ORGANISER)


def organised_club(user, pk) -> Club:
    """A club `user` organises, by its primary key, or 404."""
    found = organised_clubs(user).filter(pk=pk).first()
    if found is None:
        raise Http404
    return found


def made_accounts(user):
    """The ids of the accounts made from lists of names in clubs `user` organises: the only accounts
    an organiser may rename or give a new login code (an account someone made for himself is his)."""
    from .models import MemberBatch

    return set(MemberBatch.objects.filter(club__in=organised_clubs(user)).exclude(users=None)
               .values_list("users", flat=True))


def made_member(request, club, user_id) -> Membership:
    """A member of `club` whose account was made by an organiser of the requester's clubs, or 404."""
    found = member_of(club, user_id)
    if user_id not in made_accounts(request.user):
        raise Http404
    return found


def teaching_table(request, code, token):
    """A teaching table of the club with this code, if the requester organises the club, or 404."""
    from teaching.models import TeachingTable

    club = organiser(request, code)
    found = TeachingTable.objects.filter(club=club, token=token).first()
    if found is None:
        raise Http404
    return found


def question_for_member(request, code):
    """An open or revealed question of a teaching table, by the code the room is given, if the
    requester belongs to the table's club (member or organiser), or 404."""
    from teaching.models import Question

    user = request.user
    if not user.is_authenticated:
        raise Http404
    found = Question.objects.select_related("table__club").filter(code=code.strip().upper()).first()
    if found is None or not Membership.objects.filter(club=found.table.club, user=user).exists():
        raise Http404
    return found


def question_of_table(table, pk):
    """A question of a teaching table (already the organiser's: teaching_table), or 404."""
    found = table.questions.filter(pk=pk).first()
    if found is None:
        raise Http404
    return found


def club_puzzle(request, code, pk, write=False):
    """(club, puzzle) of a club's own puzzle: its organisers may open any (write: only they may), its
    members only a saved one; else 404."""
    from teaching.models import ClubPuzzle

    found = membership(request, code)
    if write and found.role != Membership.ORGANISER:
        raise Http404
    rows = ClubPuzzle.objects.select_related("club").filter(club=found.club, pk=pk)
    if found.role != Membership.ORGANISER:
        rows = rows.filter(saved__isnull=False)
    puzzle = rows.first()
    if puzzle is None:
        raise Http404
    return found.club, puzzle


def challenge(request, code, pk):
    """(a deal challenge of the club with this code, the requester's membership) if he belongs to
    the club (member or organiser), or 404."""
    from challenges.models import Challenge

    found = membership(request, code)
    item = Challenge.objects.filter(club=found.club, pk=pk).first()
    if item is None:
        raise Http404
    return item, found


def challenge_deal(request, code, pk, position):
    """(a deal of that challenge by its position, the membership), or 404."""
    item, found = challenge(request, code, pk)
    deal = item.deals.filter(position=position).first()
    if deal is None:
        raise Http404
    return deal, found


def plays_challenges(found) -> bool:
    """Only the club's members play its challenges (its organisers set them)."""
    return found.role == Membership.MEMBER


def sees_everyones_results(found, item, now=None) -> bool:
    """An organiser sees every member's results (and the deals' codes and divergence pages) at any
    time; a member his own until the deadline, everybody's after it."""
    return found.role == Membership.ORGANISER or not item.is_open(now)


def people_table_of_members(club, token):
    """A table of people of which every seated person belongs to `club` (whose organiser the caller
    has already found the requester to be: organiser()), or 404."""
    from games.models import PeopleTable

    found = PeopleTable.objects.filter(token=token).first()
    if found is None:
        raise Http404
    seated = set(found.sitting.values_list("user", flat=True))
    members = set(Membership.objects.filter(club=club, user__in=seated).values_list("user", flat=True))
    if not seated or seated != members:
        raise Http404
    return found
