"""The home page says what each game offers today, taken from the game's own parts; and the pages
that used to look unfinished: the puzzle catalogue, the table's set-up form, the bots' speed, the
card gallery and the favicon."""

import re
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest
from django.templatetags.static import static

from games.catalogue import CATALOGUE
from games.engine.cards import french_pack, spanish_pack
from games.ui import site_games
from tests.compiled import ensure_compiled
from tests.tables import HX
from tests.tables import create as create_table
from tutorials import content, lessons, puzzles

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ja", "en")
COMING = {"ja": "準備中", "en": "Coming soon"}


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


class Tiles(HTMLParser):
    """The home page's game tiles, in page order: slug, classes, the links inside (href, data-offer,
    text), the sections said to be still to come, and the tile's text."""

    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.tiles = []
        self._depth = 0  # <li> nesting inside the current tile
        self._link = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and "game-tile" in a.get("class", "").split():
            self.tiles.append({"slug": a["data-game"], "classes": a["class"].split(), "links": [], "later": [],
                               "text": ""})
            self._depth = 1
            return
        if not self._depth:
            return
        if tag == "li":
            self._depth += 1
        elif tag == "a":
            self._link = {"href": a.get("href"), "offer": a.get("data-offer"), "text": ""}
            self.tiles[-1]["links"].append(self._link)
        elif "data-later" in a:
            self.tiles[-1]["later"].append(a["data-later"])

    def handle_endtag(self, tag):
        if not self._depth:
            return
        if tag == "a":
            self._link = None
        elif tag == "li":
            self._depth -= 1

    def handle_data(self, data):
        if self._depth:
            self.tiles[-1]["text"] += data
            if self._link is not None:
                self._link["text"] += data

    def offers(self, tile):
        return [link for link in tile["links"] if link["offer"]]


def what_the_game_has(slug):
    """What a game really has, read from its parts (not from the home page's own code): section →
    the number of items where it counts them."""
    found = {}
    if content.has_rules(slug):
        found["rules"] = None
    if lessons.lessons(slug):
        found["lessons"] = len(lessons.lessons(slug))
    if puzzles.puzzles(slug):
        found["puzzles"] = len(puzzles.puzzles(slug))
    if slug in [g.slug for g in site_games()]:  # a ui, and the engine in this run
        found["play"] = None
    return found


# --- the home page ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_each_tile_offers_exactly_what_its_game_has(client, lang):
    """A tile names every section its game has today, with the true count of lessons and puzzles,
    and each link leads to a page holding what it promised; a tile never claims what is not there."""
    page = Tiles(client.get(f"/{lang}/").content.decode())
    assert sorted(t["slug"] for t in page.tiles) == sorted(g.slug for g in CATALOGUE)
    for tile in page.tiles:
        slug = tile["slug"]
        has = what_the_game_has(slug)
        offers = page.offers(tile)
        assert [o["offer"] for o in offers] == list(has), slug
        for offer in offers:
            assert offer["href"] == f"/{lang}/{slug}/{offer['offer']}/", (slug, offer)
            count = has[offer["offer"]]
            if count is not None:
                assert re.search(rf"(?<!\d){count}(?!\d)", offer["text"]), (slug, offer)
            response = client.get(offer["href"])
            assert response.status_code == 200, offer["href"]
            html = response.content.decode()
            if offer["offer"] == "lessons":
                assert html.count('class="lesson-item') == count, slug
            elif offer["offer"] == "puzzles":
                assert html.count('class="puzzle-item') == count, slug
            elif offer["offer"] == "play":
                assert 'class="table-setup"' in html, slug
        if has:
            assert "is-ready" in tile["classes"], slug
            assert f"/{lang}/{slug}/" in [link["href"] for link in tile["links"]], slug
            assert tile["later"] == [s for s in ("rules", "lessons", "puzzles", "play") if s not in has], slug
        else:
            # Coming: said in words, and not one link (nothing there to go to yet).
            assert "is-coming" in tile["classes"], slug
            assert tile["links"] == [], slug
            assert COMING[lang] in tile["text"], slug


@pytest.mark.parametrize("lang", LANGS)
def test_playable_games_come_first(client, lang):
    """The games with a practice table first, then those with some content, then the others (the
    page order is also the order on a phone, where the tiles are one column)."""
    slugs = [t["slug"] for t in Tiles(client.get(f"/{lang}/").content.decode()).tiles]
    rank = {s: (0 if "play" in what_the_game_has(s) else 1 if what_the_game_has(s) else 2) for s in slugs}
    assert [rank[s] for s in slugs] == sorted(rank[s] for s in slugs)
    catalogue_order = [g.slug for g in CATALOGUE]
    for group in (0, 1, 2):
        members = [s for s in slugs if rank[s] == group]
        assert members == [s for s in catalogue_order if s in members]
    assert rank[slugs[0]] == 0 and len(site_games()) >= 1


def test_a_tile_changes_by_itself_when_its_game_gains_parts(client, monkeypatch, settings):
    """Nothing on the home page names a game: give a game still being written a rules page, two
    lessons and a ui (as the hub's checks would find them) and its tile says so, among the
    playable ones, with no other change."""
    # The parts appear by patching the checks, not by new files (which would change the content's
    # stamp and so the cached page's key): each page here is drawn afresh.
    settings.SHARED_PAGES = False
    import games.views

    slug = CATALOGUE[-1].slug  # a game still being written: at first it has nothing at all
    real = dict(games.views._SECTION_CHECKS)
    has = {"rules": False, "play": False, "lessons": False, "puzzles": False}
    for name, (url_name, exists) in real.items():
        monkeypatch.setitem(games.views._SECTION_CHECKS, name,
                            (url_name, lambda s, name=name, exists=exists: has[name] if s == slug else exists(s)))
    real_lessons = lessons.lessons
    monkeypatch.setattr(lessons, "lessons", lambda s: ("one", "two") if s == slug else real_lessons(s))
    page = Tiles(client.get("/en/").content.decode())
    assert "is-ready" not in next(t for t in page.tiles if t["slug"] == slug)["classes"]
    has.update(rules=True, play=True, lessons=True)  # it gains a rules page, two lessons and a ui
    page = Tiles(client.get("/en/").content.decode())
    tile = next(t for t in page.tiles if t["slug"] == slug)
    assert "is-ready" in tile["classes"]
    assert [(o["offer"], o["href"]) for o in page.offers(tile)] == [
        ("rules", f"/en/{slug}/rules/"), ("lessons", f"/en/{slug}/lessons/"), ("play", f"/en/{slug}/play/")]
    assert "2 lessons" in next(o["text"] for o in page.offers(tile) if o["offer"] == "lessons")
    assert tile["later"] == ["puzzles"]
    ready = [t["slug"] for t in page.tiles if "is-ready" in t["classes"]]
    assert slug in ready and all("is-ready" in t["classes"] for t in page.tiles[:len(ready)])


def test_a_home_page_with_no_game_ready_yet(client, monkeypatch):
    monkeypatch.setattr("dojo.views.available_sections", lambda slug: {})
    html = client.get("/en/").content.decode()
    page = Tiles(html)
    assert len(page.tiles) == len(CATALOGUE) and all("is-coming" in t["classes"] for t in page.tiles)
    assert 'class="game-grid is-ready"' not in html
    assert all(t["links"] == [] for t in page.tiles)


# --- favicon ------------------------------------------------------------------------------------
def test_favicon_is_our_svg_and_favicon_ico_answers(client):
    svg = ROOT / "static" / "favicon.svg"
    assert ElementTree.parse(svg).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    html = client.get("/en/").content.decode()
    assert f'<link rel="icon" href="{static("favicon.svg")}" type="image/svg+xml">' in html
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"] == static("favicon.svg")
    assert client.head("/favicon.ico").status_code == 302
    assert client.post("/favicon.ico").status_code == 405


# --- the puzzle catalogue -----------------------------------------------------------------------
PUZZLE_GAMES = [g.slug for g in site_games() if puzzles.puzzles(g.slug)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", PUZZLE_GAMES)
def test_catalogue_filters_have_labels_and_puzzles_have_tags(client, slug, lang):
    html = client.get(f"/{lang}/{slug}/puzzles/").content.decode()
    for name in ("theme", "level"):
        select = re.search(rf'<select id="([\w-]+)" name="{name}">', html)
        assert select, name
        assert f'<label for="{select.group(1)}">' in html, name
    every = puzzles.puzzles(slug)
    assert html.count('class="puzzle-item') == len(every)
    assert html.count('class="tag tag-theme"') == len(every)
    assert html.count('class="tag tag-level level-') == len(every)
    assert '<nav class="breadcrumbs"' in html and "<ol>" in html


def test_catalogue_filters_keep_the_missed_list_and_offer_the_whole_list(client):
    slug = PUZZLE_GAMES[0]
    plain = client.get(f"/en/{slug}/puzzles/").content.decode()
    assert "Show every puzzle" not in plain and 'name="missed"' not in plain
    missed = client.get(f"/en/{slug}/puzzles/?missed=1").content.decode()
    assert '<input type="hidden" name="missed" value="1">' in missed
    assert f'href="/en/{slug}/puzzles/">Show every puzzle' in missed
    assert "Only the puzzles you missed are listed." in missed
    level = client.get(f"/en/{slug}/puzzles/?level=1").content.decode()
    assert f'href="/en/{slug}/puzzles/">Show every puzzle' in level


# --- the table's set-up form and the bots' speed ------------------------------------------------
class Controls(HTMLParser):
    """Every form control of the set-up form with the number of fieldsets around it."""

    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.controls = []
        self._in_form = False
        self._fieldsets = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "table-setup" in a.get("class", ""):
            self._in_form = True
        elif self._in_form and tag == "fieldset":
            self._fieldsets += 1
        elif self._in_form and tag in ("input", "select", "textarea") and a.get("type") != "hidden":
            self.controls.append((tag, a, self._fieldsets))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "form":
            self._in_form = False
        elif self._in_form and tag == "fieldset":
            self._fieldsets -= 1


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", [g.slug for g in site_games()])
def test_every_setup_field_sits_in_a_box_like_the_others(client, slug, lang):
    """Bot strength, players, variants and the deal code: each a fieldset with its legend, and
    the choices are radio buttons (no small select outside the boxes)."""
    html = client.get(f"/{lang}/{slug}/play/").content.decode()
    controls = Controls(html).controls
    assert controls
    assert [c for c in controls if c[2] == 0] == []
    assert [c for c in controls if c[0] == "select"] == []
    game = next(g for g in site_games() if g.slug == slug)
    players = [a for tag, a, _n in controls if a.get("name") == "players"]
    if len(game.player_counts) > 1:
        assert [a["type"] for a in players] == ["radio"] * len(game.player_counts)
        assert [int(a["value"]) for a in players] == list(game.player_counts)
        assert [a for a in players if "checked" in a] == [players[0]]
        assert re.search(r'<fieldset class="players">\s*<legend>', html)
    else:
        assert players == []


def test_a_table_made_with_the_players_boxes(client):
    game = next((g for g in site_games() if len(g.player_counts) > 1), None)
    if game is None:
        pytest.skip("no game with several player counts")
    url = create_table(client, game.slug, players=game.player_counts[-1])
    assert client.get(url).status_code == 200
    from tests.tables import table_of

    assert table_of(url).players == game.player_counts[-1]


SPEED_FORM = re.compile(r'<form method="post" action="/prefs/bot-speed/"[^>]*>')
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def test_bots_speed_applies_as_soon_as_it_is_chosen(client):
    """With JavaScript the speed form posts itself on change (htmx) and gets the table back at the
    new pace, in place; without it, the "Set" button posts it."""
    slug = site_games()[0].slug
    url = create_table(client, slug)
    html = client.get(url).content.decode()
    form = dict(ATTR.findall(SPEED_FORM.search(html).group(0)))
    assert form["hx-post"] == "/prefs/bot-speed/" and form["hx-trigger"] == "change"
    assert form["hx-target"] == "#table" and form["hx-swap"] == "outerHTML"
    speed_form = html[html.index(SPEED_FORM.search(html).group(0)):]
    speed_form = speed_form[:speed_form.index("</form>")]
    assert '<button type="submit" class="btn btn-quiet speed-set">Set</button>' in speed_form
    assert f'<input type="hidden" name="next" value="{url}">' in speed_form
    # What htmx does: post, follow the redirect back to the table (as htmx), swap the fragment.
    response = client.post("/prefs/bot-speed/", {"speed": "step", "next": url}, follow=True, **HX)
    fragment = response.content.decode()
    assert response.redirect_chain == [(url, 302)]
    assert fragment.lstrip().startswith('<div id="table"') and "<html" not in fragment
    assert '<option value="step" selected>' in fragment
    assert client.cookies["botspeed"].value == "step"


# --- the card gallery ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_gallery_shows_every_card_and_a_key_to_the_codes(client, lang):
    html = client.get(f"/{lang}/cards/").content.decode()
    french, spanish = html.split('id="spanish-pack"')
    for code in french_pack(2):
        assert f'data-card="{code}"' in french, code
    for code in spanish_pack():
        assert f'data-card="{code}"' in spanish, code
    assert french.count('data-card="?"') == 1 and spanish.count('data-card="?"') == 1
    # The key: every rank letter and suit letter used by a pack's codes, with its word.
    for part, pack in ((french, french_pack(2)), (spanish, spanish_pack())):
        key = part[part.index('class="code-key"'):]
        key = key[:key.index("</dl>")]
        letters = {c[0] for c in pack if c[0].isalpha() and c[0] != "X"} | {c[1] for c in pack if c[0] != "X"}
        for letter in letters:
            assert f"<code>{letter}</code>" in key, letter
    # Each suit begins a row of the phone's grid, so ace to 7 line up.
    assert french.count('class="row-start"') == 5 and spanish.count('class="row-start"') == 4
