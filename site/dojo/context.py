"""Context every page gets: the language switch links, hreflang alternates and preferences."""

from django.conf import settings
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
    }
