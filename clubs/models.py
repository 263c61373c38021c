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

    @property
    def is_organiser(self):
        return self.role == self.ORGANISER


def display_name(user):
    """The name a club shows for a person: the name an organiser gave, else the username."""
    return user.first_name or user.username


class Notice(models.Model):
    """A short post on a club's notice board (Markdown, rendered without raw HTML)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="notices")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    text = models.TextField(max_length=2000)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self):
        return f"{self.club}: {self.text[:40]}"


class MemberBatch(models.Model):
    """Members an organiser created in one submission of a list of names. `once` comes from the
    form: the same form sent again (a double click, a reload) finds its batch and creates nobody
    twice."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    once = models.CharField(max_length=40, unique=True)
    users = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)


class LoginCode(models.Model):
    """A one-time code to log in with, printed on a slip for a member an organiser created. Only a
    hash of the code is kept; a newer code replaces the older one; a code works once, until
    `expires`."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="login_code")
    digest = models.CharField(max_length=200)
    expires = models.DateTimeField()
    used = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"login code of {self.user}"
