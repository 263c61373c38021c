"""The reader's own parts of pages drawn once for everyone (dojo.shared): the account links."""

from functools import lru_cache
from types import SimpleNamespace

from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import translation

from dojo.shared import filler


@filler("account")
def account_links(request):
    """The header's account links: the reader's name and pages, or log in and sign up."""
    if not request.user.is_authenticated:
        match = request.resolver_match
        return _guest_links(translation.get_language(), match.url_name if match else None, request.get_full_path())
    # A plain context (no context processors): only what the links need.
    return render_to_string("accounts/_nav.html",
                            {"user": request.user, "request": request, "csrf_token": get_token(request)})


@lru_cache(maxsize=4096)
def _guest_links(lang, here, path):
    """Log in and sign up, the same for every guest on one page: drawn once per process."""
    guest = SimpleNamespace(user=SimpleNamespace(is_authenticated=False),
                            resolver_match=SimpleNamespace(url_name=here), get_full_path=lambda: path)
    with translation.override(lang):
        return render_to_string("accounts/_nav.html", {"user": guest.user, "request": guest})
