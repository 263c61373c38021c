"""Page weight, for every page type of every game: a first visit (the page and every file it loads,
with an empty cache) stays under 150 KB transferred, and each htmx fragment under 20 KB; nothing is
loaded from another host.

Static files are served compressed (whitenoise keeps a gzip copy of each), so a file counts at its
gzip size; pages are compressed by the site for a browser that accepts gzip (every browser does),
so a page counts at the size the site sends. Fragments count at their full size.
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
from tests.tables import HX, advance, create, form_for, match_of, quick, tables
from tutorials import lessons, puzzles
from tutorials.content import has_rules

pytestmark = pytest.mark.django_db

PAGE_LIMIT = 150 * 1024
FRAGMENT_LIMIT = 20 * 1024
TABLES = tables()
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


def fetch(client, url, **extra):
    """A page as a browser gets it: (the bytes sent, its text)."""
    response = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br", **extra)
    assert response.status_code == 200, url
    body = response.content
    if response.get("Content-Encoding") == "gzip":
        return len(body), gzip.decompress(body).decode()
    return len(body), body.decode()


def first_visit(sent, html):
    """Bytes a first visit transfers: the page as sent plus each static file it loads, once."""
    files = {u for u in LOADED.findall(html) if u.startswith("/static/")}
    assert files, "no static file found: the pattern no longer matches the pages"
    return sent, sum(static_size(u) for u in files), files


def pages():
    out = ["/{lang}/", "/{lang}/cards/"]
    for game in registry.all_games():
        slug = game.slug
        out.append(f"/{{lang}}/{slug}/")
        if has_rules(slug):
            out.append(f"/{{lang}}/{slug}/rules/")
        for lesson in lessons.lessons(slug)[:1]:
            out += [f"/{{lang}}/{slug}/lessons/", f"/{{lang}}/{slug}/lessons/{lesson.id}/"]
        out += [f"/{{lang}}/{slug}/lessons/{lesson.id}/{n}/" for lesson in lessons.lessons(slug)
                for n, step in enumerate(lesson.steps, 1) if step.kind == "interrupt"][:1]
        for puzzle in puzzles.puzzles(slug)[:1]:
            out += [f"/{{lang}}/{slug}/puzzles/", f"/{{lang}}/{slug}/puzzles/{puzzle.id}/"]
    return out


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("path", pages())
def test_a_first_visit_is_light(client, path, lang):
    url = client.get(path.format(lang=lang), follow=True).request["PATH_INFO"]
    sent, html = fetch(client, url)
    page, files, loaded = first_visit(sent, html)
    assert all(u.startswith("/") and not u.startswith("//") for u in LOADED.findall(html)), \
        "a page loads something from another host"
    assert page + files < PAGE_LIMIT, f"{path}: page {page} B + files {files} B"


def hoarding(match, legal):
    """The choice that leaves the reader holding the most cards (taking the pile whenever he may,
    in a game with a pile): the biggest hands the game can produce."""
    game, state, me = match.game, match.state, match.human

    def held(action):
        after = game.apply(state, me, action)
        return sum(len(cards) for name, cards in game.zones(after).items()
                   if game.held_zones(after).get(name) == me)

    return max(legal, key=held)  # the first of the equals: a swap phase is left at once


@pytest.mark.parametrize("style", ["club", "hoarder"])
@pytest.mark.parametrize("slug,players", TABLES)
def test_practice_table_pages_and_fragments_are_light(client, slug, players, style):
    url = create(client, slug, players, **quick(slug))
    page, files, _ = first_visit(*fetch(client, url))
    assert page + files < PAGE_LIMIT
    # Fragments: every response of a match's decisions (the reader plays as the club bot would, or
    # hoards cards) and the bots' moves shown one at a time.
    game = registry.get(slug)
    club = bot_levels(game)["club"](game)
    rng = random.Random(slug)
    largest = 0
    # A whole match, or its first 1,500 responses: a reader who hoards may never end one.
    for _ in range(1500):
        match = match_of(url)
        if not game.to_move(match.state) and match.table.shown == match.length:
            break
        if match.table.shown == match.length and match.reader_awaited():
            legal = game.legal_actions(match.view(), match.human)
            action = club.choose(match.view(), match.human, rng) if style == "club" else hoarding(match, legal)
            response = client.post(url + "act/", form_for(match, action), **HX)
        else:
            response = advance(client, url, match)
        assert response.status_code == 200
        assert "<html" not in response.content.decode()
        largest = max(largest, len(response.content))
    assert 0 < largest < FRAGMENT_LIMIT, f"largest fragment {largest} B"
    finished = match_of(url).finished_deals()
    if finished:
        page, files, _ = first_visit(*fetch(client, url + "replay/", data={"deal": finished[0]}))
        assert page + files < PAGE_LIMIT
