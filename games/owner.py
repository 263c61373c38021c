"""Who a browser is: a random token kept in its session, created the first time it is needed.

Practice tables and learning progress belong to this token (and to a user once accounts exist);
another browser never sees them.
"""

import secrets

SESSION_KEY = "browser"


def browser_token(request, create=True):
    token = request.session.get(SESSION_KEY)
    if token is None and create:
        token = secrets.token_urlsafe(18)
        request.session[SESSION_KEY] = token
    return token
