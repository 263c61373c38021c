"""Site-wide views: the language redirect, the home page and the display preferences."""

from django.conf import settings
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from games.catalogue import CATALOGUE
from games.table.views import BOT_SPEED_COOKIE, BOT_SPEEDS, DEFAULT_BOT_SPEED
from games.views import SECTIONS, available_sections
from tutorials import content, lessons, puzzles

from .shared import shared_page

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


def _offer_label(name, slug):
    """How a home tile names a section it offers, with a count where one helps."""
    if name == "lessons":
        n = len(lessons.lessons(slug))
        return ngettext("%(n)s lesson", "%(n)s lessons", n) % {"n": n}
    if name == "puzzles":
        n = len(puzzles.puzzles(slug))
        return ngettext("%(n)s puzzle", "%(n)s puzzles", n) % {"n": n}
    return {"rules": _("Rules with examples"), "play": _("Practice against bots")}[name]


def game_tile(info):
    """What the home page shows of one game: offers (name, label, url of every section it has
    today), later (name and title of those still to come) and whether it has anything yet. All of it
    comes from the game's ui module and loaded content (available_sections), never from a list."""
    sections = available_sections(info.slug)
    offers = [{"name": name, "label": _offer_label(name, info.slug), "url": sections[name]}
              for name, _title, _blurb in SECTIONS if name in sections]
    later = [{"name": name, "title": title} for name, title, _blurb in SECTIONS if name not in sections]
    return {"game": info, "offers": offers, "later": later, "ready": bool(offers), "playable": "play" in sections}


@shared_page(stamp=lambda: content.stamp())
def home(request):
    """templates/home.html: the five games, those with something to learn first.

    Context: ready (tiles of the games that offer something, those with a practice table first),
    coming (tiles of the others), each tile as game_tile gives it.
    """
    tiles = sorted((game_tile(info) for info in CATALOGUE), key=lambda t: (not t["playable"], not t["ready"]))
    return render(request, "home.html", {"ready": [t for t in tiles if t["ready"]],
                                         "coming": [t for t in tiles if not t["ready"]]})


@require_safe
def favicon(request):
    """/favicon.ico, which browsers and feed readers ask for by themselves: our SVG icon."""
    response = HttpResponseRedirect(static("favicon.svg"))
    response.headers["Cache-Control"] = "max-age=86400"
    return response


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


def csrf_failure(request, reason=""):
    """settings.CSRF_FAILURE_VIEW: a form refused for its security token, most often sent from a page
    opened before a log-in or log-out renewed the token (or forged). templates/403_csrf.html in the
    page's language, whose own forms carry a fresh token; an htmx request gets only its notice."""
    template = "403_csrf.html#notice" if getattr(request, "htmx", False) else "403_csrf.html"
    return render(request, template, status=403)
