"""The site's users: Django's own user model, with a place of its own for what the site adds later
(declared before the first migration, as Django asks)."""

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A person with an account: an organiser, a member, or a learner on their own. Members created
    by an organiser in bulk may have no e-mail and log in with a one-time code first."""

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
