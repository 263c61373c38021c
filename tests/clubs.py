"""Helpers for the clubs' tests: people, clubs and their roles."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs import services
from clubs.models import Membership


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # quick, for tests


def person(username):
    """A user who logs in with force_login (no password: hashing one costs half a second)."""
    return get_user_model().objects.create_user(username=username)


def client_for(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def make_club(organiser, name="Tuesday club", **fields):
    return services.create_club(organiser, name, **fields)


def add_member(club, user, role=Membership.MEMBER):
    return Membership.objects.create(club=club, user=user, role=role)
