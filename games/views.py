"""Views of the games app: each game's hub and the card gallery."""

from django.http import Http404
from django.shortcuts import render

from .catalogue import BY_SLUG
from .engine import registry


def hub(request, game):
    """templates/games/hub.html: what exists for one game."""
    info = BY_SLUG.get(game)
    if info is None:
        raise Http404("no such game")
    engine = next((g for g in registry.all_games() if g.slug == game), None)
    return render(request, "games/hub.html", {"game": info, "engine": engine})


def gallery(request):
    """templates/games/gallery.html: every face of both packs, and the back."""
    from .engine.cards import french_pack, spanish_pack

    return render(request, "games/gallery.html", {"french": french_pack(2), "spanish": spanish_pack()})
