"""Page weight, for every page type of every game: a first visit (the page and every file it loads,
with an empty cache) stays under 150 KB transferred, and each htmx fragment under 20 KB; nothing is
loaded from another host.

Static files are served compressed (whitenoise keeps a gzip copy of each), so a file counts at its
gzip size; pages and fragments are not compressed by the site, so they count at their full size.
"""

import gzip
import random
import re
from functools import cache

import pytest
from django.contrib.staticfiles import finders

from games.engine import registry
from games.engine.play import bot_levels
from tests.compiled import ensure_compiled
from tests.test_tables_every_game import TABLES, create, form_for, match_of
from tutorials import lessons, puzzles
from tutorials.content import has_rules

pytestmark = pytest.mark.django_db

PAGE_LIMIT = 150 * 1024
FRAGMENT_LIMIT = 20 * 1024
HX = {"HTTP_HX_REQUEST": "true"}
LOADED = re.compile(r'<(?:link[^>]*rel="(?:stylesheet|icon)"[^>]*href|script[^>]*src|img[^>]*src|use[^>]*href)="([^"#]+)')


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


@cache
def static_size(url):
    path = url.split("/static/", 1)[1]
    found = finders.find(path)
    assert found, f"{url} is not a static file"
    with open(found, "rb") as f:
        return len(gzip.compress(f.read(), 9))


def first_visit(html):
    """Bytes a first visit transfers: the page plus each static file it loads, once."""
    files = {u for u in LOADED.findall(html) if u.startswith("/static/")}
    assert files, "no static file found: the pattern no longer matches the pages"
    return len(html.encode()), sum(static_size(u) for u in files), files


def pages():
    out = ["/{lang}/", "/{lang}/cards/"]
    for game in registry.all_games():
        slug = game.slug
        out.append(f"/{{lang}}/{slug}/")
        if has_rules(slug):
            out.append(f"/{{lang}}/{slug}/rules/")
        for lesson in lessons.lessons(slug)[:1]:
            out += [f"/{{lang}}/{slug}/lessons/", f"/{{lang}}/{slug}/lessons/{lesson.id}/"]
        for puzzle in puzzles.puzzles(slug)[:1]:
            out += [f"/{{lang}}/{slug}/puzzles/", f"/{{lang}}/{slug}/puzzles/{puzzle.id}/"]
    return out


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("path", pages())
def test_a_first_visit_is_light(client, path, lang):
    response = client.get(path.format(lang=lang), follow=True)
    assert response.status_code == 200
    html = response.content.decode()
    page, files, loaded = first_visit(html)
    assert all(u.startswith("/") and not u.startswith("//") for u in LOADED.findall(html)), \
        "a page loads something from another host"
    assert page + files < PAGE_LIMIT, f"{path}: page {page} B + files {files} B"


class Hoarder:
    """A reader who takes the pile whenever allowed: the biggest hands the game can produce."""

    def choose(self, view, seat, rng, game):
        legal = game.legal_actions(view, seat)
        return next((a for a in legal if a.kind == "pickup"), legal[0])


@pytest.mark.parametrize("style", ["club", "hoarder"])
@pytest.mark.parametrize("slug,players", TABLES)
def test_practice_table_pages_and_fragments_are_light(client, slug, players, style):
    url = create(client, slug, players)
    page, files, _ = first_visit(client.get(url).content.decode())
    assert page + files < PAGE_LIMIT
    # Fragments: every response of a match's decisions (the reader plays as the club bot would)
    # and bot steps.
    game = registry.get(slug)
    club = bot_levels(game)["club"](game)
    rng = random.Random(slug)
    choose = (lambda view, seat: club.choose(view, seat, rng)) if style == "club" else \
        (lambda view, seat: Hoarder().choose(view, seat, rng, game))
    largest = 0
    for _ in range(3000):
        match = match_of(url)
        movers = match.game.to_move(match.state)
        if not movers:
            break
        if match.human in movers:
            action = choose(match.view(), match.human)
            response = client.post(url + "act/", form_for(action, match.table.version), **HX)
        else:
            response = client.post(url + "step/", {"version": match.table.version}, **HX)
        assert response.status_code == 200
        assert "<html" not in response.content.decode()
        largest = max(largest, len(response.content))
    assert 0 < largest < FRAGMENT_LIMIT, f"largest fragment {largest} B"
    finished = match_of(url).finished_deals()
    if finished:
        page, files, _ = first_visit(client.get(url + f"replay/?deal={finished[0]}").content.decode())
        assert page + files < PAGE_LIMIT
