"""Who a request is: the one place that says it.

A request belongs to a signed-in user (key ``u.<pk>``) or to a browser that is not signed in (a
random token kept in a signed cookie, created the first time it is needed). Practice tables and
learning records are stored under this key; nobody else ever sees them.

The browser's token is a cookie rather than a session entry so that a visitor who is not signed in
costs no session at all: no session row read on each request, none written by the first answer.
A token made before, kept in the session, moves to the cookie the first time it is read.

When a browser signs up or logs in, what it did before moves into the account: ``adopt`` calls
every merge rule registered with ``on_merge`` (one per kind of thing stored under a key), so that
nothing is lost and nothing is counted twice.
"""

import secrets

from django.conf import settings

SESSION_KEY = "browser"  # where a browser's token was kept before it had a cookie of its own
COOKIE = "browser"
SALT = "games.owner.browser"
USER_PREFIX = "u."

_MERGES = []


def browser_token(request, create=True):
    """The token of the browser making this request (None when it has none and create is False).
    A new one, or one moved from the session, is given to the browser with the response
    (BrowserCookieMiddleware, which also gives it again with every POST that read it)."""
    found = request.__dict__
    if "_browser_token" not in found:
        token = request.get_signed_cookie(COOKIE, default=None, salt=SALT)
        if token is None and settings.SESSION_COOKIE_NAME in request.COOKIES and SESSION_KEY in request.session:
            token = request.session.pop(SESSION_KEY)
            found["_browser_give"] = True
        found["_browser_token"] = token
    if found["_browser_token"] is None and create:
        found["_browser_token"] = secrets.token_urlsafe(18)
        found["_browser_give"] = found["_browser_new"] = True
    return found["_browser_token"]


def is_new(request):
    """True when this request made its browser's token: nothing is stored under it yet (a reader
    of records may skip the database)."""
    return bool(request.__dict__.get("_browser_new"))


def forget_browser(request):
    """After a log-in has moved the browser's things into the account: the browser's token is taken
    back, so that whoever uses the browser after a log-out starts afresh."""
    request.__dict__.update(_browser_token=None, _browser_give=False, _browser_forget=True)


def token_in(cookies):
    """The browser's token that a browser's cookies hold (a mapping of names to values or morsels),
    or None: read as a request carrying them would be."""
    from django.http import HttpRequest

    value = cookies.get(COOKIE)
    request = HttpRequest()
    request.COOKIES = {COOKIE: getattr(value, "value", value)} if value else {}
    return request.get_signed_cookie(COOKIE, default=None, salt=SALT)


class BrowserCookieMiddleware:
    """Gives the browser its token (new, moved from its session, or renewed by a POST of his) with
    the response, or takes it back after a log-in: HttpOnly, SameSite=Lax, secure where the session
    cookie is."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        found = request.__dict__
        if found.get("_browser_forget") and COOKIE in request.COOKIES:
            response.delete_cookie(COOKIE, samesite="Lax")
        elif found.get("_browser_token") and (found.get("_browser_give") or request.method == "POST"):
            # A POST that read the token is the visitor acting (an answer, a move at his table): his
            # token is given again for a fresh age, so that one who keeps practising keeps it.
            response.set_signed_cookie(COOKIE, found["_browser_token"], salt=SALT, max_age=settings.SESSION_COOKIE_AGE,
                                       secure=settings.SESSION_COOKIE_SECURE, httponly=True, samesite="Lax")
        return response


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
