"""Clubs: an organiser's group of members. Who may see what is decided in clubs/permissions.py."""

import secrets

from django.conf import settings
from django.db import models

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed from a slip


def new_code():
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def new_invite():
    return secrets.token_urlsafe(16)


class Club(models.Model):
    name = models.CharField(max_length=80)
    description_ja = models.TextField(blank=True)
    description_en = models.TextField(blank=True)
    code = models.CharField(max_length=8, unique=True, default=new_code)  # typed to join
    invite = models.CharField(max_length=32, unique=True, default=new_invite)  # in the invite link
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name


class Membership(models.Model):
    ORGANISER, MEMBER = "organiser", "member"
    ROLES = [(ORGANISER, ORGANISER), (MEMBER, MEMBER)]

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=ROLES, default=MEMBER)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership")]
        ordering = ["joined", "pk"]

    def __str__(self):
        return f"{self.user} in {self.club} ({self.role})"
