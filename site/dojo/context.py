"""Context every page gets: the language switch links, hreflang alternates, preferences, and the
stylesheet of the game the page is about."""

import re
from functools import lru_cache
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import translate_url
from django.utils import translation
from django.utils.functional import SimpleLazyObject

from . import shared


# A place on a page, named in the address's query as well as after the # (see anchored_url).
ANCHOR = "anchor"
ANCHOR_ID = re.compile(r"[A-Za-z][\w.-]{0,100}")


def anchored_url(url, anchor):
    """The address of a place on a page (a rule, an example): the place after the #, and also in
    the query, since a browser never sends the part after the #. The server then knows it, and the
    language switch of the page it leads to keeps the place without JavaScript."""
    return f"{url}{'&' if '?' in url else '?'}{urlencode({ANCHOR: anchor})}#{anchor}"


def site(request):
    current = translation.get_language()

    def alternates():
        path = request.get_full_path()
        return [{"code": code, "url": translate_url(path, code), "current": code == current}
                for code, _name in settings.LANGUAGES]

    def others():
        # The switch leads to the same place on the page when the address names it.
        anchor = request.GET.get(ANCHOR, "")
        place = f"#{anchor}" if ANCHOR_ID.fullmatch(anchor) else ""
        return [{**a, "url": a["url"] + place} for a in every if not a["current"]]

    # Worked out only by a page that shows them (an htmx fragment never does): each resolves the
    # address again.
    every = SimpleLazyObject(alternates)
    extra = {}
    if shared.drawing(request):
        # Drawn once for every reader: each form's token is the reader's own, filled per request.
        extra["csrf_token"] = shared.slot(request, "csrf")
    return {
        **extra,
        "alternates": every,
        "other_languages": SimpleLazyObject(others),
        "four_colour": request.COOKIES.get("suits") == "four",
        "game_css": game_stylesheet(getattr(request.resolver_match, "kwargs", {}).get("game")),
    }


@lru_cache(maxsize=64)
def game_stylesheet(slug):
    """static/css/games/<slug>.css when the game has one: each game styles its own board there, so
    no shared stylesheet names a game."""
    if not slug or not slug.isidentifier():
        return None
    path = f"css/games/{slug}.css"
    return path if finders.find(path) else None
