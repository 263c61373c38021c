"""Views of the games app: each game's hub and the card gallery."""

from django.http import Http404
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _
from dojo.shared import shared_page

from tutorials import content, lessons, puzzles

from .catalogue import BY_SLUG, CATALOGUE
from .ui import game_ui

# The ways to learn a game, in the order a newcomer meets them. A hub links to the ones that
# exist for its game (see available_sections) and says plainly that the others are coming.
SECTIONS = (
    ("rules", _("Rules"), _("The whole game on one page, with examples you can play through.")),
    ("lessons", _("Lessons"), _("Short steps, one idea at a time, each tried on a real position.")),
    ("puzzles", _("Puzzles"), _("Positions with one best card to find, and why the others fall short.")),
    ("play", _("Practice"), _("Play whole deals against bots at three levels, with hints and a review.")),
)


def _playable(slug):
    """A practice table needs the game's engine and its declared ui (games/ui/<slug>.py)."""
    try:
        game_ui(slug)
    except (KeyError, LookupError):
        return False
    return True


# section → (URL name, whether this game has it)
_SECTION_CHECKS = {
    "rules": ("rules", content.has_rules),
    "lessons": ("lessons", lambda slug: bool(lessons.lessons(slug))),
    "puzzles": ("puzzles", lambda slug: bool(puzzles.puzzles(slug))),
    "play": ("table-setup", _playable),
}


def available_sections(slug):
    """name → url of every section that exists for this game; the hub links only to these."""
    found = {}
    for name, (url_name, exists) in _SECTION_CHECKS.items():
        try:
            url = reverse(url_name, args=[slug])
        except NoReverseMatch:  # that part of the site is not installed
            continue
        if exists(slug):
            found[name] = url
    return found


@shared_page(stamp=lambda game: content.stamp())
def hub(request, game):
    """templates/games/hub.html: one game's names and facts, and the ways to learn it.

    Context: game (GameInfo), sections (name → url of what exists), ways (every section with its
    title, blurb and url or None), others (the other games).
    """
    info = BY_SLUG.get(game)
    if info is None:
        raise Http404("no such game")
    sections = available_sections(game)
    ways = [
        {"name": name, "title": title, "blurb": blurb, "url": sections.get(name)}
        for name, title, blurb in SECTIONS
    ]
    others = [g for g in CATALOGUE if g.slug != game]
    # Tables of people go with the practice table: a game that has one has both.
    people = reverse("people-new", args=[game]) if "play" in sections else None
    return render(request, "games/hub.html",
                  {"game": info, "sections": sections, "ways": ways, "others": others, "people_url": people})


def gallery(request):
    """templates/games/gallery.html: every face of both packs, and the back; for each pack a key
    to its codes (the letters that stand for a rank, and the suits), which on a phone stands in
    for the names under the cards."""
    from . import cardnames
    from .engine.cards import french_pack, spanish_pack

    def key(letters, courts, suits):
        ranks = [(r, cardnames.NUMBER_RANKS[r]) for r in letters] + list(courts.items())
        return {"ranks": ranks, "suits": list(suits.items())}

    return render(request, "games/gallery.html", {
        "french": french_pack(2), "spanish": spanish_pack(),
        "french_key": key("AT", cardnames.FRENCH_COURTS, cardnames.FRENCH_SUITS),
        "spanish_key": key("A", cardnames.SPANISH_COURTS, cardnames.SPANISH_SUITS),
    })
