"""The pack comes from the game: ``{% card %}`` draws the context's pack when none is named, and
every page that draws a game's board (its table, its rules page, a lesson step, a puzzle) puts the
game's pack there, so that no board names a pack and none shows another pack's faces."""

import re

import pytest
from django.template import Context, Template

from games.cardnames import PACKS
from games.ui import game_ui, site_games
from tests.tables import create
from tutorials import lessons, puzzles

SLUGS = [g.slug for g in site_games()]


def _sprites(html):
    return set(re.findall(r"cards/(\w+)\.svg#", html))


@pytest.mark.parametrize("pack", PACKS)
def test_a_card_without_a_pack_is_drawn_from_the_context_pack(pack):
    html = Template('{% load cards %}{% card "KS" size="s" %}').render(Context({"pack": pack}))
    assert _sprites(html) == {pack}
    assert Template('{% load cards %}{% card "KS" %}').render(Context({})).count("cards/french.svg#KS") == 1


def test_a_named_pack_wins_over_the_context():
    html = Template('{% load cards %}{% card "KS" pack="spanish" %}').render(Context({"pack": "french"}))
    assert _sprites(html) == {"spanish"}


def test_no_board_template_names_a_pack():
    from django.template.loader import get_template

    for slug in SLUGS:
        source = get_template(game_ui(slug).board_template).template.source
        assert "pack=" not in source, slug


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_every_page_with_a_board_draws_the_games_pack(client, slug):
    pack = game_ui(slug).pack
    url = create(client, slug)
    pages = [url, f"/en/{slug}/rules/"]
    found = lessons.lessons(slug)
    for lesson in found[:2]:
        pages += [f"/en/{slug}/lessons/{lesson.id}/{n}/" for n, step in enumerate(lesson.steps, 1)
                  if step.kind in ("act", "quiz")][:2]
    pages += [f"/en/{slug}/puzzles/{p.id}/" for p in puzzles.puzzles(slug)[:2]]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert _sprites(response.content.decode()) == {pack}, page
