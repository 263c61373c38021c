"""Deal challenges: an organiser sets a club the same deals against the same bots, each member plays
them once, and the results compare only the members' own decisions.

A challenge names its game only by slug, as every registry-driven part of the site does. Results are
never stored here: they are read from the attempts records (challenges/results.py); an Entry only
says which practice table holds a member's go at a deal, so that the result of that very deal counts.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone

from clubs.models import Club, Membership
from homework.models import display_name


class Challenge(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="challenges")
    title = models.CharField(max_length=120)
    game = models.CharField(max_length=20)
    level = models.CharField(max_length=12)  # the bots' level, one of the game ui's levels
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    deadline = models.DateTimeField()
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                   related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    # The creating form's one-time key: the same form posted twice makes one challenge.
    once = models.CharField(max_length=64, unique=True, null=True, blank=True)

    class Meta:
        ordering = ["-deadline", "-pk"]

    def __str__(self):
        return self.title

    def is_open(self, now=None):
        """Whether the deals may still be played for the results (until the deadline)."""
        return (now or timezone.now()) < self.deadline

    def members(self):
        """The club's members (not its organisers), by name."""
        rows = Membership.objects.filter(club=self.club, role=Membership.MEMBER).select_related("user")
        return sorted((m.user for m in rows), key=lambda u: (display_name(u).casefold(), u.pk))


class ChallengeDeal(models.Model):
    """One deal of a challenge, by its deal code (as the table writes it)."""

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="deals")
    position = models.PositiveSmallIntegerField()  # 1, 2, ... in the challenge
    code = models.CharField(max_length=120)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["challenge", "position"], name="one_challenge_deal_per_position")]
        ordering = ["position"]

    def __str__(self):
        return f"{self.challenge} #{self.position}: {self.code}"

    @property
    def bots_key(self):
        """What the bots of every member's table of this deal are keyed by (games.models.Table.bots_key):
        the same for all of them, and for no other deal."""
        return f"challenge:{self.pk}"


class Entry(models.Model):
    """A member's practice table for a challenge deal: one per member and deal (the go that counts),
    so that a start posted twice finds the table the first one made."""

    deal = models.ForeignKey(ChallengeDeal, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    table = models.CharField(max_length=16)  # games.models.Table.token
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deal", "user"], name="one_entry_per_member_and_deal")]

    def __str__(self):
        return f"{self.deal} by {self.user_id}: {self.table}"
