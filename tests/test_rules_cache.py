"""Rules pages are drawn once and served to every reader from Django's cache, each with his own
CSRF token; new content or a new deployment draws them again; a reader's answer is never cached."""

import os
import re
from html import unescape

import pytest
from django.core.cache import cache
from django.test import Client

from dojo import shared
from games.ui import site_games
from tutorials import content, views
from tutorials.markdown import Example

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SLUG = next(g.slug for g in site_games() if content.has_rules(g.slug))


@pytest.fixture
def drawings(monkeypatch):
    """Counts how often a rules page is drawn afresh."""
    cache.clear()
    calls = []
    real = views._drawn

    def counted(*args, **kwargs):
        calls.append(args[1:4])
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "_drawn", counted)
    return calls


def _example_id(lang="en"):
    return next(seg.id for seg in content.rules_page(SLUG, lang).segments if isinstance(seg, Example))


@pytest.mark.parametrize("both", ["", "?both=1"])
def test_two_readers_share_one_drawing_and_each_posts_with_his_own_token(drawings, both):
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    pages = [c.get(f"/en/{SLUG}/rules/{both}").content.decode() for c in (first, second)]
    assert len(drawings) == 1
    for page in pages:
        assert views.CSRF_SLOT not in page and TOKEN.search(page)
    tokens = [TOKEN.search(p)[1] for p in pages]
    assert tokens[0] != tokens[1]
    url = f"/en/{SLUG}/rules/example/{_example_id()}/"
    for client, token in zip((first, second), tokens):
        answer = client.post(url, {"action": "next", "csrfmiddlewaretoken": token})
        assert answer.status_code in (200, 400)  # judged (a move the example may refuse), not forbidden
    # One reader's token is no good to the other: the page did not hand out the first reader's.
    forged = second.post(url, {"action": "next", "csrfmiddlewaretoken": "x" * 64})
    assert forged.status_code == 403


def test_new_content_is_drawn_again_and_each_language_is_its_own_page(drawings):
    Client().get(f"/en/{SLUG}/rules/")
    Client().get(f"/ja/{SLUG}/rules/")
    Client().get(f"/en/{SLUG}/rules/")
    assert len(drawings) == 2
    path = content.game_dir(SLUG) / "rules.en.md"
    info = path.stat()
    try:
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000))
        Client().get(f"/en/{SLUG}/rules/")
        assert len(drawings) == 3
    finally:
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))


def test_a_new_deployment_is_drawn_again(drawings, monkeypatch):
    Client().get(f"/en/{SLUG}/rules/")
    monkeypatch.setattr(views, "DEPLOYMENT", "another")
    monkeypatch.setattr(shared, "DEPLOYMENT", "another")
    Client().get(f"/en/{SLUG}/rules/")
    assert len(drawings) == 2


def test_a_readers_answer_is_not_cached(drawings):
    from games.engine import registry

    example = content.example(SLUG, _example_id(), "en")
    game = registry.get(SLUG)
    state = game.from_text(example.fields["position"])
    seat = int(example.fields.get("seat", min(game.turn(state) or {0})))
    legal = game.legal_actions(game.view(state, seat), seat)[0]
    url = f"/en/{SLUG}/rules/example/{_example_id()}/"
    answered = unescape(Client().post(url, {"action": str(legal)}).content.decode())
    assert answered.count('class="example-result') == 1
    again = unescape(Client().get(f"/en/{SLUG}/rules/").content.decode())
    assert 'class="example-result' not in again
