"""Context every page gets: the language switch links, hreflang alternates, preferences, and the
stylesheet of the game the page is about."""

from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import translate_url
from django.utils import translation


def site(request):
    current = translation.get_language()
    path = request.get_full_path()
    alternates = []
    for code, _name in settings.LANGUAGES:
        url = translate_url(path, code)
        alternates.append({"code": code, "url": url, "current": code == current})
    return {
        "alternates": alternates,
        "other_languages": [a for a in alternates if not a["current"]],
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
