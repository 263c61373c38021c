"""Log-in throttling (django-axes): which address a request comes from, and the lock-out page."""

from django.conf import settings
from django.shortcuts import render


def client_ip(request):
    """The client's address behind the site's one TLS-terminating proxy (DJANGO_SECURE_PROXY, which
    sets AXES_CLIENT_IP_CALLABLE to this): the last address in X-Forwarded-For, the one the proxy
    itself added (earlier ones are whatever the client sent); REMOTE_ADDR without the header."""
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    return forwarded[-1] if forwarded else request.META.get("REMOTE_ADDR")


def locked_out(request, original_response=None, credentials=None):
    """What django-axes answers to a locked-out log-in (settings.AXES_LOCKOUT_CALLABLE):
    templates/accounts/locked_out.html with status 429; minutes (the lock's length). It says the
    same whether or not the username exists."""
    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    return render(request, "accounts/locked_out.html", {"minutes": minutes}, status=429)
