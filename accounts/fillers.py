"""The reader's own parts of pages drawn once for everyone (dojo.shared): the account links."""

from django.middleware.csrf import get_token
from django.template.loader import render_to_string

from dojo.shared import filler


@filler("account")
def account_links(request):
    """The header's account links: the reader's name and pages, or log in and sign up."""
    # A plain context (no context processors): only what the links need.
    return render_to_string("accounts/_nav.html",
                            {"user": request.user, "request": request, "csrf_token": get_token(request)})
