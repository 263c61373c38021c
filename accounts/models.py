"""The site's users: Django's own user model, with a place of its own for what the site adds
(declared before the first migration, as Django asks)."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import F
from django.utils.crypto import salted_hmac


class User(AbstractUser):
    """A person with an account: an organiser, a member, or a learner on their own. Members created
    by an organiser in bulk may have no e-mail and log in with a one-time code first."""

    # Part of every session's proof of who it is (get_session_auth_hash): raising it ends every
    # session of this user on its next request, wherever it was opened.
    session_epoch = models.PositiveIntegerField(default=0, editable=False)

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"

    def get_session_auth_hash(self):
        """What a session keeps to prove it is still this user's: it changes with the password and
        with session_epoch."""
        return self._session_hash()

    def get_session_auth_fallback_hash(self):
        for secret in settings.SECRET_KEY_FALLBACKS:
            yield self._session_hash(secret)

    def _session_hash(self, secret=None):
        return salted_hmac("accounts.User.session", f"{self.password}:{self.session_epoch}", secret=secret,
                           algorithm="sha256").hexdigest()

    def end_sessions(self):
        """End every session of this user (a log-out everywhere); this instance follows. A session
        that should go on must be given the new hash (update_session_auth_hash)."""
        type(self).objects.filter(pk=self.pk).update(session_epoch=F("session_epoch") + 1)
        self.refresh_from_db(fields=["session_epoch"])
