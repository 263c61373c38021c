"""Site-wide views: the language redirect, the home page and the display preferences."""

from django.conf import settings
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from games.catalogue import CATALOGUE

SUITS_COOKIE = "suits"


def root_redirect(request):
    """`/` → `/ja/` or `/en/` by Accept-Language, Japanese when nothing matches."""
    lang = translation.get_language_from_request(request, check_path=False)
    if lang not in dict(settings.LANGUAGES):
        lang = settings.LANGUAGE_CODE
    response = HttpResponseRedirect(f"/{lang}/")
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


def home(request):
    """templates/home.html: the five games."""
    return render(request, "home.html", {"games": CATALOGUE})


@require_POST
def set_suits(request):
    """Remember two- or four-colour suits for this browser (a cookie), then go back."""
    value = "four" if request.POST.get("suits") == "four" else "two"
    target = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(SUITS_COOKIE, value, max_age=365 * 24 * 3600, samesite="Lax", secure=request.is_secure())
    return response
