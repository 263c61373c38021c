"""Site-wide views: the language redirect, the home page and the display preferences."""

from django.conf import settings
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from games.catalogue import CATALOGUE
from games.table.views import BOT_SPEED_COOKIE, BOT_SPEEDS, DEFAULT_BOT_SPEED

SUITS_COOKIE = "suits"


def healthz(request):
    """For load balancers and the load run's floor: the smallest answer the site can give."""
    return HttpResponse(b"ok", content_type="text/plain")


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


def _remember(request, cookie, value):
    """Set a preference cookie for a year and go back to the page it was set from."""
    target = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(cookie, value, max_age=365 * 24 * 3600, samesite="Lax", secure=request.is_secure())
    return response


@require_POST
def set_suits(request):
    """Remember two- or four-colour suits for this browser (a cookie), then go back."""
    return _remember(request, SUITS_COOKIE, "four" if request.POST.get("suits") == "four" else "two")


@require_POST
def set_bot_speed(request):
    """Remember how fast the bots play at the practice tables (a cookie), then go back."""
    value = request.POST.get("speed")
    return _remember(request, BOT_SPEED_COOKIE, value if value in BOT_SPEEDS else DEFAULT_BOT_SPEED)
