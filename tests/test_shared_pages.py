"""Pages drawn once for every reader and served from the cache (dojo.shared): the home page, hubs,
rules pages, catalogues, lesson steps and puzzle pages.

The test that matters: whoever draws a page first, every other reader is served exactly the page
he would have been drawn himself (his account links, his marks, his progress, his organiser's
buttons), never the first reader's; only the CSRF token and a form's nonce differ, as they differ
between any two requests."""

import os
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.test.signals import template_rendered

from dojo import caching, shared
from games.controls import encode
from games.ui import site_games
from tests.clubs import client_for, make_club, person
from tutorials import content, lessons, puzzles

GAMES = [g.slug for g in site_games() if content.published(g.slug)]
TOKENS = re.compile(r'(name="(?:csrfmiddlewaretoken|nonce)" value=")[^"]*(")')


def _pages(slug):
    lesson = lessons.lessons(slug)[0]
    every = puzzles.puzzles(slug)
    theme = every[0].theme
    return [f"/en/{slug}/", f"/ja/{slug}/", f"/en/{slug}/rules/", f"/ja/{slug}/rules/?both=1",
            f"/en/{slug}/lessons/", f"/ja/{slug}/lessons/", f"/en/{slug}/puzzles/",
            f"/ja/{slug}/puzzles/?theme={theme}", f"/en/{slug}/puzzles/{every[0].id}/",
            f"/ja/{slug}/puzzles/{every[1].id}/", f"/en/{slug}/lessons/{lesson.id}/1/",
            f"/ja/{slug}/lessons/{lesson.id}/2/"]


def _answer(client, slug, p, right=True):
    """Answer a puzzle's first move: with its answer, or with a legal move the judge finds wrong."""
    from attempts.models import PuzzleMove
    from games.ui import game_ui

    game = game_ui(slug).game
    url = f"/en/{slug}/puzzles/{p.id}/"
    if right:
        return client.post(url, encode(game.parse_action(p.answers[0])))
    state = game.from_text(p.position)
    for action in game.legal_actions(game.view(state, p.seat), p.seat):
        if str(action) in p.answers:
            continue
        answer = client.post(url, encode(action))
        if PuzzleMove.objects.filter(puzzle=p.id).latest("id").verdict == PuzzleMove.WRONG:
            return answer
    return None


def _miss(client, slug):
    """Miss one of the game's puzzles (the first with a legal first move the judge finds wrong)."""
    for p in _one_move(slug)[1:]:
        if _answer(client, slug, p, right=False):
            return p
    raise AssertionError(f"no {slug} puzzle has a wrong first move")


def _one_move(slug):
    """Puzzles solved by their first move."""
    return [p for p in puzzles.puzzles(slug) if not p.line]


def _readers(slug):
    """A newcomer; a learner with marks (one puzzle solved, one missed, a lesson begun); an
    organiser of a club (whose pages offer the teaching table) with marks of his own."""
    learner = Client()
    every = _one_move(slug)
    _answer(learner, slug, every[0])
    _miss(learner, slug)
    lesson = lessons.lessons(slug)[0]
    learner.post(f"/en/{slug}/lessons/{lesson.id}/1/", {"go": "next"})
    organiser = person(f"olga-{slug}")
    make_club(organiser)
    olga = client_for(organiser)
    _answer(olga, slug, every[1])
    return {"newcomer": Client(), "learner": learner, "organiser": olga}


def _same(html):
    return TOKENS.sub(r"\1…\2", html)


@pytest.fixture
def drawings():
    """How many pages were drawn from their templates (a page served from the cache draws none)."""
    seen = []

    def count(sender, template, **kwargs):
        if template.name == "base.html":
            seen.append(template.name)

    template_rendered.connect(count)
    yield seen
    template_rendered.disconnect(count)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_each_reader_is_served_his_own_page_whoever_drew_it_first(slug, settings, drawings):
    readers = _readers(slug)
    for url in _pages(slug):
        for first in readers:
            cache.clear()
            readers[first].get(url)  # drawn for everyone, from this reader's request
            for name, client in readers.items():
                del drawings[:]
                served = client.get(url)
                assert served.status_code == 200, url
                assert drawings == [], f"{url} was drawn again for the {name}"
                settings.SHARED_PAGES = False
                own = client.get(url)
                settings.SHARED_PAGES = True
                assert _same(served.content.decode()) == _same(own.content.decode()), \
                    f"{url}, drawn first for the {first}, served to the {name}"


@pytest.mark.django_db
def test_the_marks_and_links_that_make_a_page_a_readers_own_are_filled_per_request():
    slug = GAMES[0]
    readers = _readers(slug)
    cache.clear()
    readers["organiser"].get(f"/en/{slug}/puzzles/")
    newcomer = readers["newcomer"].get(f"/en/{slug}/puzzles/").content.decode()
    learner = readers["learner"].get(f"/en/{slug}/puzzles/").content.decode()
    organiser = readers["organiser"].get(f"/en/{slug}/puzzles/").content.decode()
    assert "Log out" not in newcomer and "Log out" not in learner and "Log out" in organiser
    assert "status-solved" not in newcomer and "status-failed" not in newcomer
    assert "status-solved" in learner and "status-failed" in learner
    assert "Retry the ones I missed" in learner and "Retry the ones I missed" not in organiser
    cache.clear()
    readers["newcomer"].get(f"/en/{slug}/lessons/{lessons.lessons(slug)[0].id}/1/")
    step = readers["organiser"].get(f"/en/{slug}/lessons/{lessons.lessons(slug)[0].id}/1/").content.decode()
    assert "Show on the teaching table" in step
    assert "Show on the teaching table" not in readers["learner"].get(
        f"/en/{slug}/lessons/{lessons.lessons(slug)[0].id}/1/").content.decode()
    for page in (newcomer, learner, organiser, step):
        assert shared.OPEN not in page and shared.CLOSE not in page


@pytest.mark.django_db
def test_a_browser_revalidates_a_page_cheaply_until_something_of_its_reader_changes():
    slug = GAMES[0]
    learner = Client()
    url = f"/en/{slug}/puzzles/"
    first = learner.get(url)
    etag = first["ETag"]
    assert "private" in first["Cache-Control"] and "no-cache" in first["Cache-Control"]
    assert "Cookie" in first["Vary"]
    again = learner.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    # Compressed, the page's ETag is a weak one; sent back so, it still matches.
    zipped = learner.get(url, headers={"Accept-Encoding": "gzip"})
    assert zipped["ETag"].startswith("W/")
    assert learner.get(url, headers={"If-None-Match": zipped["ETag"]}).status_code == 304
    # His mark changes: the page is sent again, with it.
    _answer(learner, slug, _one_move(slug)[0])
    changed = learner.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and "status-solved" in changed.content.decode()
    # Another reader's tag is not his: each ETag holds its reader's parts.
    other = Client()
    assert other.get(url, headers={"If-None-Match": changed["ETag"]}).status_code == 200


@pytest.mark.django_db
def test_a_page_whose_forms_carry_a_nonce_is_never_shown_again_from_the_browser():
    slug = GAMES[0]
    p = puzzles.puzzles(slug)[0]
    client = Client()
    page = client.get(f"/en/{slug}/puzzles/{p.id}/")
    assert "ETag" not in page
    nonces = [re.search(r'name="nonce" value="([^"]+)"', client.get(f"/en/{slug}/puzzles/{p.id}/").content.decode())[1]
              for _ in range(2)]
    assert nonces[0] != nonces[1]


@pytest.mark.django_db
def test_new_content_and_a_new_deployment_are_drawn_again(drawings, monkeypatch):
    slug = GAMES[0]
    url = f"/en/{slug}/lessons/"
    Client().get(url)
    Client().get(url)
    assert len(drawings) == 1
    path = next(p for p in content.game_dir(slug).rglob("*") if p.is_file())
    info = path.stat()
    try:
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
        monkeypatch.setattr(content, "_last", {"at": float("-inf"), "stamp": ""})
        Client().get(url)
        assert len(drawings) == 2
    finally:
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    monkeypatch.setattr(shared, "DEPLOYMENT", "another")
    Client().get(url)
    assert len(drawings) == 3


@pytest.mark.django_db
def test_answers_fragments_and_readers_own_lists_are_never_taken_from_the_cache(drawings):
    slug = GAMES[0]
    learner = Client()
    p = _miss(learner, slug)
    url = f"/en/{slug}/puzzles/"
    missed = learner.get(f"{url}?missed=1").content.decode()
    assert p.question["en"] in missed
    del drawings[:]
    assert p.question["en"] in learner.get(f"{url}?missed=1").content.decode()
    assert len(drawings) == 1  # his own list, drawn for him each time
    fragment = learner.get(f"/en/{slug}/puzzles/{p.id}/", headers={"HX-Request": "true"})
    assert "<html" not in fragment.content.decode()


def test_the_cache_is_one_redis_for_every_server_when_the_environment_names_one():
    shared_one = caching.caches({"REDIS_URL": "redis://cache.internal:6379/0"})["default"]
    assert shared_one["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert shared_one["LOCATION"] == "redis://cache.internal:6379/0"
    local = caching.caches({})["default"]
    assert local["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    assert local["OPTIONS"]["MAX_ENTRIES"] >= 1000


def test_a_slot_cannot_be_forged_by_its_arguments():
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.drawn_for_everyone = True
    with pytest.raises(ValueError):
        shared.slot(request, "csrf", f"x{shared.CLOSE}")
    with pytest.raises(KeyError):
        shared.slot(request, "no-such-part")


@pytest.mark.django_db
def test_a_judged_move_is_drawn_once_and_recorded_for_each_reader(drawings, settings):
    from attempts.models import PuzzleMove

    slug = GAMES[0]
    p = _one_move(slug)[0]
    readers = _readers(slug)
    answers = {}
    for name, client in readers.items():
        del drawings[:]
        answers[name] = _answer(client, slug, p)
        assert answers[name].status_code == 200
        settings.SHARED_PAGES = False
        own = _answer(client, slug, p)
        settings.SHARED_PAGES = True
        assert _same(answers[name].content.decode()) == _same(own.content.decode()), name
    assert PuzzleMove.objects.filter(puzzle=p.id, verdict=PuzzleMove.SOLVED).count() >= 2 * len(readers)
    del drawings[:]
    _answer(Client(), slug, p)
    assert drawings == []  # the same move of the same position: its drawing is the cache's
    assert "Log out" in answers["organiser"].content.decode()
    assert "Log out" not in answers["learner"].content.decode()


@pytest.mark.django_db
def test_the_badge_after_an_answer_is_the_one_the_records_then_give():
    """The answer's badge is filled from the rows the answer has just left (read once, the new row
    added): it is the badge the next page, reading them afresh, shows."""
    slug = GAMES[0]
    badge = re.compile(r'<strong class="badge badge-(?:ok|warn)">[^<]*</strong>')
    solver, misser = Client(), Client()
    p = _one_move(slug)[0]
    solved = _answer(solver, slug, p).content.decode()  # his first answer ever solves it
    assert badge.findall(solved) == badge.findall(solver.get(f"/en/{slug}/puzzles/{p.id}/").content.decode())
    assert "solved" in "".join(badge.findall(solved))
    q = _miss(misser, slug)
    missed = misser.get(f"/en/{slug}/puzzles/{q.id}/").content.decode()
    assert "missed" in "".join(badge.findall(missed))
    again = _answer(misser, slug, q).content.decode()  # solved now, but missed first
    assert badge.findall(again) == badge.findall(misser.get(f"/en/{slug}/puzzles/{q.id}/").content.decode())


@pytest.mark.django_db
def test_an_answer_served_from_the_cache_does_not_make_its_context():
    """shared.render takes the context or a function giving it: called only when the answer is
    drawn, so a reader served the drawing pays nothing for the board it shows."""
    from django.test import RequestFactory

    made = []

    def context():
        made.append(1)
        return {"title": "A judged move"}

    def served(key="a judged move of a fixed position"):
        from django.contrib.auth.models import AnonymousUser

        request = RequestFactory().post("/en/")
        request.user = AnonymousUser()
        return shared.render(request, "base.html", context, key=key)

    cache.clear()
    first, second = served(), served()
    assert made == [1] and _same(first.content.decode()) == _same(second.content.decode())
    served("another move")
    assert made == [1, 1]
