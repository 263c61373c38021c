"""Homework: sets of lessons, puzzles and deals an organiser gives a club's members.

An item names its game only by slug, as every registry-driven part of the site does, so a game
added later can be set as homework by itself. Results are never stored here: they are read from
the attempts records (homework/results.py); a HomeworkDeal only says which practice table holds
a member's deal of a deal item, so that the result of that very deal counts.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Membership


class HomeworkSet(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="homework_sets")
    title = models.CharField(max_length=120)
    due = models.DateField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                   related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    # The whole club's members (those who join later too), or only the chosen ones.
    everyone = models.BooleanField(default=True)
    assignees = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="homework_sets")
    # The creating form's one-time key: the same form posted twice makes one set.
    once = models.CharField(max_length=64, unique=True, null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self):
        return self.title

    def members(self):
        """The users this set is for, by name: the club's members (not its organisers), all of them
        or the chosen ones who still belong to the club."""
        rows = Membership.objects.filter(club=self.club, role=Membership.MEMBER).select_related("user")
        if not self.everyone:
            rows = rows.filter(user__in=self.assignees.all())
        return sorted((m.user for m in rows), key=lambda u: (display_name(u).casefold(), u.pk))

    def is_for(self, user):
        if not Membership.objects.filter(club=self.club, user=user, role=Membership.MEMBER).exists():
            return False
        return self.everyone or self.assignees.filter(pk=user.pk).exists()


class HomeworkItem(models.Model):
    LESSON, PUZZLE, DEAL = "lesson", "puzzle", "deal"
    KINDS = [(LESSON, _("lesson")), (PUZZLE, _("puzzle")), (DEAL, _("deal"))]

    set = models.ForeignKey(HomeworkSet, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveSmallIntegerField(default=0)
    game = models.CharField(max_length=20)
    kind = models.CharField(max_length=8, choices=KINDS)
    ref = models.CharField(max_length=120)  # the lesson id, the puzzle id or the deal code
    level = models.CharField(max_length=12, blank=True)  # the bots' level of a deal
    target = models.CharField(max_length=40, blank=True)  # a deal target id; "" to finish the deal
    once = models.CharField(max_length=64, unique=True, null=True, blank=True)

    class Meta:
        ordering = ["position", "pk"]

    def __str__(self):
        return f"{self.game} {self.kind} {self.ref}"


class HomeworkDeal(models.Model):
    """A member's practice table for a deal item: `number` counts the member's goes at it (1, then
    2 after "play again"), so that a start posted twice finds the table the first one made."""

    item = models.ForeignKey(HomeworkItem, on_delete=models.CASCADE, related_name="deals")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    number = models.PositiveSmallIntegerField(default=1)
    table = models.CharField(max_length=16)  # games.models.Table.token
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["item", "user", "number"], name="one_homework_deal")]
        ordering = ["number"]


def display_name(user):
    return user.get_full_name() or user.get_username()
