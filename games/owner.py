"""Who a request is: the one place that says it.

A request belongs to a signed-in user (key ``u.<pk>``) or to a browser that is not signed in (a
random token kept in its session, created the first time it is needed). Practice tables and
learning records are stored under this key; nobody else ever sees them.

When a browser signs up or logs in, what it did before moves into the account: ``adopt`` calls
every merge rule registered with ``on_merge`` (one per kind of thing stored under a key), so that
nothing is lost and nothing is counted twice.
"""

import secrets

SESSION_KEY = "browser"
USER_PREFIX = "u."

_MERGES = []


def browser_token(request, create=True):
    token = request.session.get(SESSION_KEY)
    if token is None and create:
        token = secrets.token_urlsafe(18)
        request.session[SESSION_KEY] = token
    return token


def user_key(user) -> str:
    return f"{USER_PREFIX}{user.pk}"


def owner_key(request, create=True):
    """The key of whoever makes this request: the signed-in user's, else the browser's token
    (None when there is none yet and create is False)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return user_key(user)
    return browser_token(request, create)


def user_pk(key):
    """The user's primary key in an owner key, or None for a browser's key."""
    if key and key.startswith(USER_PREFIX) and key[len(USER_PREFIX):].isdigit():
        return int(key[len(USER_PREFIX):])
    return None


def on_merge(func):
    """Register func(old_key, new_key): move what old_key holds into new_key (a decorator)."""
    _MERGES.append(func)
    return func


def adopt(old_key, new_key):
    """Move everything a browser's key holds into an account's key, by every registered rule."""
    if not old_key or old_key == new_key:
        return
    for merge in _MERGES:
        merge(old_key, new_key)
