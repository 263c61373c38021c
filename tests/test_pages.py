"""The web foundation: language routing, the pages every reader sees, preferences and security."""

import os
import re
import secrets
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import RequestFactory
from django.utils import translation
from django.utils.html import escape

from games.catalogue import CATALOGUE
from tests.compiled import ensure_compiled
from tutorials.content import has_rules

ROOT = Path(__file__).resolve().parent.parent
SLUGS = [g.slug for g in CATALOGUE]
HUB = SLUGS[0]  # a game of the catalogue: its hub page exists whatever the run's games
LANGS = ("ja", "en")
OTHER = {"ja": "en", "en": "ja"}


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def page_paths(lang):
    return [f"/{lang}/", f"/{lang}/cards/", f"/{lang}/account/progress/"] + [f"/{lang}/{slug}/" for slug in SLUGS]


ALL_PAGES = [p for lang in LANGS for p in page_paths(lang)]


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text inside each <script>."""

    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.script_bodies = []
        self._in_script = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.script_bodies.append(data)

    def find(self, tag, **want):
        return [a for t, a in self.tags if t == tag and all(a.get(k.replace("_", "-")) == v for k, v in want.items())]


def get_ok(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


# --- language routing ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "accept, lang",
    [("ja", "ja"), ("ja-JP,ja;q=0.9,en;q=0.5", "ja"), ("en", "en"), ("en-GB,en;q=0.9", "en"),
     ("fr-FR,fr;q=0.9", "en"), ("ko-KR,ko;q=0.9,zh;q=0.8", "en"), ("fr,ja;q=0.3", "ja"), ("*", "ja"),
     ("", "ja"), (None, "ja")],
)
def test_root_redirects_by_accept_language(client, accept, lang):
    extra = {} if accept is None else {"HTTP_ACCEPT_LANGUAGE": accept}
    response = client.get("/", **extra)
    assert response.status_code == 302
    assert response["Location"] == f"/{lang}/"
    assert "Accept-Language" in response["Vary"]


@pytest.mark.parametrize("lang", LANGS)
def test_home_lists_the_five_games_with_both_names(client, lang):
    from games.views import available_sections

    html = get_ok(client, f"/{lang}/")
    for game in CATALOGUE:
        assert game.name_ja in html and game.name_en in html, game.slug
        # A game with something to learn links to its hub; one still being written is no link.
        assert (f'href="/{lang}/{game.slug}/"' in html) == bool(available_sections(game.slug)), game.slug


@pytest.mark.parametrize("path", ALL_PAGES)
def test_html_lang_and_hreflang_alternates(client, path):
    lang = path.split("/")[1]
    html = get_ok(client, path)
    page = Tags(html)
    assert page.find("html")[0]["lang"] == lang
    rest = path[len(lang) + 1:]
    for code in LANGS:
        links = page.find("link", rel="alternate", hreflang=code)
        assert [a["href"] for a in links] == [f"http://testserver/{code}{rest}"], (path, code)


@pytest.mark.parametrize("path", ALL_PAGES)
def test_language_switch_leads_to_the_same_page_in_the_other_language(client, path):
    lang = path.split("/")[1]
    other = OTHER[lang]
    page = Tags(get_ok(client, path))
    switches = [a for t, a in page.tags if t == "a" and "data-lang-switch" in a]
    assert switches, path
    for a in switches:
        assert a["data-lang-switch"] == other
        assert a["href"] == f"/{other}{path[len(lang) + 1:]}"
        assert a["hreflang"] == other and a["lang"] == other
    # and the link works
    assert client.get(switches[0]["href"]).status_code == 200


RULES_SLUGS = [g.slug for g in CATALOGUE if has_rules(g.slug)]  # published rules pages


@pytest.mark.parametrize("lang", LANGS)
def test_the_language_switch_keeps_a_place_the_address_names(client, lang):
    """A browser never sends the part after #, so a link the site makes to a place on a page (a
    rule, an example) names it in the query too; the language switch of that page then leads to the
    same place without JavaScript. Anything else in that field is ignored."""
    slug = RULES_SLUGS[0]
    other = OTHER[lang]
    from games.engine import registry

    rule = registry.get(slug).rules.ids()[-1]
    page = Tags(get_ok(client, f"/{lang}/{slug}/rules/?anchor={rule}"))
    switch = page.find("a", data_lang_switch=other)[0]
    assert switch["href"] == f"/{other}/{slug}/rules/?anchor={rule}#{rule}"
    for junk in ('"><b>', "#x", "", "1up"):
        page = Tags(get_ok(client, f"/{lang}/{slug}/rules/?anchor={junk}"))
        assert "#" not in page.find("a", data_lang_switch=other)[0]["href"], junk


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", RULES_SLUGS)
def test_each_section_of_the_rules_has_its_own_link_to_the_other_language(client, lang, slug):
    """Where a reader has scrolled or jumped to within a page the server cannot know: each section
    heading of a rules page links to the same section in the other language, in the one-language
    and the side-by-side view."""
    from tutorials import content

    other = OTHER[lang]
    for query, keep in (("", ""), ("?both=1", "?both=1&")):
        html = get_ok(client, f"/{lang}/{slug}/rules/{query}")
        links = {a["href"]: a for a in Tags(html).find("a", **{"class": "section-lang"})}
        target = get_ok(client, f"/{other}/{slug}/rules/{query}")
        for level, anchor, _text in content.rules_page(slug, lang).headings:
            if level in (2, 3):
                a = links.pop(f"/{other}/{slug}/rules/{keep or '?'}anchor={anchor}#{anchor}")
                assert a["hreflang"] == other and a["lang"] == other and a["aria-label"]
                assert f'<h{level} id="{anchor}">' in target
        assert not links, "a link to a section that is not a heading of this language"


# --- game hubs ----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", CATALOGUE, ids=SLUGS)
def test_hub_shows_names_facts_and_what_is_special(client, lang, game):
    html = get_ok(client, f"/{lang}/{game.slug}/")
    with translation.override(lang):
        facts = (game.name_ja, game.name_en, game.players, game.pack, game.length, game.special)
        for text in facts:
            assert escape(str(text)) in html, text
    assert f"<h1 class=\"game-title\">{escape(game.name(lang))}</h1>" in html


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", SLUGS)
def test_hub_links_only_to_sections_that_exist(client, lang, slug):
    """Every link on a hub leads to a page that answers; what is missing is said to be coming."""
    from games.views import SECTIONS, available_sections

    html = get_ok(client, f"/{lang}/{slug}/")
    page = Tags(html)
    sections = available_sections(slug)
    for a in page.find("a"):
        href = a.get("href", "")
        if href.startswith(f"/{lang}/{slug}/") and href != f"/{lang}/{slug}/":
            assert client.get(href).status_code == 200, href
    for name, _title, _blurb in SECTIONS:
        assert (f'href="/{lang}/{slug}/{name}/"' in html) == (name in sections), (slug, name)
    if len(sections) < len(SECTIONS):
        assert ("準備中" if lang == "ja" else "Coming soon") in html


@pytest.mark.parametrize("lang, coming", [("ja", "準備中"), ("en", "Coming soon")])
def test_hub_says_plainly_when_nothing_is_ready(client, monkeypatch, lang, coming):
    monkeypatch.setattr("games.views.available_sections", lambda slug: {})
    html = get_ok(client, f"/{lang}/{HUB}/")
    assert html.count(coming) == 4
    notice = "準備を進めています" if lang == "ja" else "still being written"
    assert notice in html
    assert f"/{HUB}/rules/" not in html and f"/{HUB}/play/" not in html


def test_hub_renders_the_sections_it_is_given(client, monkeypatch):
    monkeypatch.setattr(
        "games.views.available_sections",
        lambda slug: {"rules": f"/en/{slug}/rules/", "puzzles": f"/en/{slug}/puzzles/"},
    )
    page = Tags(get_ok(client, f"/en/{HUB}/"))
    links = {a["href"] for a in page.find("a")}
    assert {f"/en/{HUB}/rules/", f"/en/{HUB}/puzzles/"} <= links
    assert f"/en/{HUB}/lessons/" not in links and f"/en/{HUB}/play/" not in links
    ready = [a for t, a in page.tags if t == "li" and "is-ready" in a.get("class", "")]
    assert [a["data-section"] for a in ready] == ["rules", "puzzles"]


@pytest.mark.parametrize("lang, title", [("ja", "ページが見つかりません"), ("en", "Page not found")])
def test_unknown_game_is_a_404_in_the_page_language(client, lang, title):
    response = client.get(f"/{lang}/no-such-game/")
    assert response.status_code == 404
    html = response.content.decode()
    assert f'<html lang="{lang}"' in html
    assert title in html
    assert f'href="/{lang}/"' in html


def test_server_error_page_speaks_both_languages():
    from django.views.defaults import server_error

    request = RequestFactory().get("/ja/")
    with translation.override("en"):
        html = server_error(request).content.decode()
    assert "Something went wrong" in html and "エラーが発生しました" in html
    assert 'href="/ja/"' in html and 'href="/en/"' in html


# --- preferences --------------------------------------------------------------------------------
def test_four_colour_suits_cookie_and_class(client):
    html = get_ok(client, f"/en/{HUB}/")
    assert 'class="four-colour"' not in html
    response = client.post("/prefs/suits/", {"suits": "four", "next": f"/en/{HUB}/"})
    assert response.status_code == 302
    assert response["Location"] == f"/en/{HUB}/"
    assert response.cookies["suits"].value == "four"
    page = Tags(get_ok(client, f"/en/{HUB}/"))
    assert "four-colour" in page.find("html")[0]["class"].split()
    button = page.find("button", name="suits")[0]
    assert button["value"] == "two" and button["aria-pressed"] == "true"
    client.post("/prefs/suits/", {"suits": "two", "next": "/en/"})
    assert "four-colour" not in Tags(get_ok(client, "/en/")).find("html")[0].get("class", "")


def test_suits_form_works_with_csrf_enforced(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    page = Tags(get_ok(strict, "/ja/"))
    token = page.find("input", name="csrfmiddlewaretoken")[0]["value"]
    response = strict.post("/prefs/suits/", {"csrfmiddlewaretoken": token, "suits": "four", "next": "/ja/"})
    assert response.status_code == 302 and response.cookies["suits"].value == "four"


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/ja/", "http://evil.example",
                                    "https:evil.example", "/\\evil.example"])
def test_suits_redirect_refuses_other_hosts(client, target):
    response = client.post("/prefs/suits/", {"suits": "four", "next": target})
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_suits_form_is_post_only(client):
    assert client.get("/prefs/suits/").status_code == 405


# --- security -----------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/ja/", f"/en/{HUB}/", "/en/no-such-game/"])
def test_security_headers(client, path):
    response = client.get(path)
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"


XMLNS = re.compile(r'\sxmlns(:\w+)?="[^"]*"')
ABSOLUTE = re.compile(r"(?:https?:)?//([A-Za-z0-9.-]+(?::\d+)?)")


@pytest.mark.parametrize("path", ALL_PAGES + ["/ja/no-such-game/"])
def test_no_request_to_another_host_and_nothing_inline(client, path):
    """Nothing on a page reaches another host, and nothing needs 'unsafe-inline' under our CSP."""
    html = client.get(path).content.decode()
    page = Tags(html)
    for tag, attrs in page.tags:
        for name in ("src", "href", "action", "srcset", "poster", "data", "formaction", "hx-get", "hx-post"):
            value = attrs.get(name) or ""
            for host in ABSOLUTE.findall(value):
                assert host == "testserver", (path, tag, name, value)
        assert "style" not in attrs, (path, tag)
        assert not [a for a in attrs if a.startswith("on")], (path, tag, attrs)
    assert not page.script_bodies, path
    assert "<style" not in html, path
    for host in re.findall(r"https?://([A-Za-z0-9.-]+)", XMLNS.sub("", html)):
        assert host == "testserver", (path, host)


def test_our_static_files_reach_no_other_host():
    for path in list((ROOT / "static" / "css").glob("*.css")) + list((ROOT / "static" / "js").glob("*.js")):
        text = XMLNS.sub("", path.read_text(encoding="utf-8"))
        assert not re.findall(r"https?://(?!www\.w3\.org/)", text), path
        assert "@import" not in text, path


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(PYTHONPATH=str(ROOT / "site"), DJANGO_SETTINGS_MODULE="dojo.settings", **extra)
    return env


def test_check_deploy_has_no_warnings():
    env = _env(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secrets.token_urlsafe(64), DJANGO_ALLOWED_HOSTS="example.org")
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in output, output


def test_production_settings_refuse_to_start_without_a_secret_key():
    for debug in ({"DJANGO_DEBUG": "0"}, {}):
        result = subprocess.run(
            [sys.executable, "-c", "import dojo.settings"],
            cwd=ROOT, env=_env(DJANGO_ALLOWED_HOSTS="example.org", **debug), capture_output=True, text=True,
            timeout=60,
        )
        assert result.returncode != 0
        assert "ImproperlyConfigured" in result.stderr and "DJANGO_SECRET_KEY" in result.stderr


def test_database_vendor_matches_database_url():
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres://", "postgresql://", "postgis://")) else "sqlite"
    if url and expected == "sqlite":
        assert url.startswith("sqlite:"), f"DATABASE_URL={url!r} is neither PostgreSQL nor SQLite"
    assert connection.vendor == expected
    assert settings.DATABASES["default"]["ENGINE"].endswith({"postgresql": "postgresql", "sqlite": "sqlite3"}[expected])
