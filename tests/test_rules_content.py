"""The rules pages of every game that has them: complete, the same in both languages where they must
be, every rule anchored, and live examples the engine answers — without ever showing a hidden card."""

import re
from html import unescape

import pytest

from games.engine import registry
from tests.compiled import ensure_compiled
from tutorials import content

pytestmark = pytest.mark.django_db

GAMES = [g.slug for g in registry.all_games() if content.has_rules(g.slug)]
HX = {"HTTP_HX_REQUEST": "true"}
DATA_CARD = re.compile(r'data-card="([^"]+)"')


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def test_ecarte_has_rules_pages():
    assert "ecarte" in GAMES


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_rule_is_anchored_exactly_once(client, slug, lang):
    html = client.get(f"/{lang}/{slug}/rules/").content.decode()
    for rule in registry.get(slug).rules:
        assert html.count(f'<a class="rule-id" id="{rule.id}"') == 1, rule.id
    marked = content.rules_page(slug, lang).rule_ids
    assert sorted(marked) == sorted(r.id for r in registry.get(slug).rules), "unknown or repeated rule ids"


@pytest.mark.parametrize("slug", GAMES)
def test_both_languages_have_the_same_sections_and_examples(slug):
    ja, en = content.rules_page(slug, "ja"), content.rules_page(slug, "en")
    assert [h[1] for h in ja.headings] == [h[1] for h in en.headings]
    examples = content.examples(slug)
    assert len(examples) >= 6
    for example_id, by_lang in examples.items():
        assert set(by_lang) == {"ja", "en"}, example_id
        assert by_lang["ja"] == by_lang["en"], f"{example_id}: positions differ between languages"


@pytest.mark.parametrize("slug", GAMES)
def test_every_example_is_a_position_where_the_reader_can_act(slug):
    game = registry.get(slug)
    for example_id, by_lang in content.examples(slug).items():
        fields = by_lang["en"]
        state = game.from_text(fields["position"])
        seat = int(fields.get("seat", 0))
        assert seat in game.to_move(state), example_id
        assert game.legal_actions(state, seat), example_id


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_hidden_card_is_on_the_page(client, slug, lang):
    game = registry.get(slug)
    html = client.get(f"/{lang}/{slug}/rules/").content.decode()
    shown = set(DATA_CARD.findall(html)) - {"?"}
    visible = set()
    for by_lang in content.examples(slug).values():
        fields = by_lang[lang]
        state = game.from_text(fields["position"])
        seat = int(fields.get("seat", 0))
        view = state if fields.get("open") == "yes" else game.view(state, seat)
        for cards in game.zones(view).values():
            visible.update(c for c in cards if c is not None)
    assert shown <= visible, f"hidden cards on the page: {shown - visible}"


def _illegal_and_legal(slug):
    """An example with a refused card, that card, its rule and a legal action."""
    game = registry.get(slug)
    for example_id, by_lang in content.examples(slug).items():
        fields = by_lang["en"]
        state = game.from_text(fields["position"])
        seat = int(fields.get("seat", 0))
        legal = game.legal_actions(state, seat)
        wrong = [a for a in game.candidate_actions(state, seat) if a not in legal]
        if wrong:
            return example_id, wrong[0], game.check(state, seat, wrong[0]).rule, legal[0]
    raise LookupError("no example offers a refused move")


@pytest.mark.parametrize("slug", GAMES)
def test_an_example_answers_through_htmx_and_without_javascript(client, slug):
    example_id, wrong, rule, right = _illegal_and_legal(slug)
    url = f"/en/{slug}/rules/example/{example_id}/"
    fragment = client.post(url, {"action": str(wrong)}, **HX)
    text = unescape(fragment.content.decode())
    assert fragment.status_code == 200 and "<html" not in text
    assert "Not allowed" in text and f'href="#{rule}"' in text
    fragment = client.post(url, {"action": str(right)}, **HX)
    assert "Legal." in unescape(fragment.content.decode())
    page = client.post(url, {"action": str(wrong)})  # a plain form post: the whole page comes back
    text = unescape(page.content.decode())
    assert page.status_code == 200 and "<html" in text and f'href="#{rule}"' in text
    assert text.count('class="example-result') == 1


def test_a_refusal_is_explained_in_japanese(client):
    example_id, wrong, rule, _ = _illegal_and_legal("ecarte")
    text = unescape(client.post(f"/ja/ecarte/rules/example/{example_id}/", {"action": str(wrong)}, **HX).content.decode())
    assert "その手は出せません" in text


def test_follow_and_beat_example_refuses_the_nine_and_takes_the_jack(client):
    url = "/en/ecarte/rules/example/follow-and-beat/"
    text = unescape(client.post(url, {"action": "play:9S"}, **HX).content.decode())
    assert 'href="#ecarte.play.must-beat"' in text
    text = unescape(client.post(url, {"action": "play:JS"}, **HX).content.decode())
    assert "Legal." in text


@pytest.mark.parametrize("slug", GAMES)
def test_an_unreadable_move_is_a_400_that_keeps_the_page(client, slug):
    example_id = next(iter(content.examples(slug)))
    response = client.post(f"/ja/{slug}/rules/example/{example_id}/", {"action": "play:\x00"})
    assert response.status_code == 400
    assert 'class="notice is-error"' in response.content.decode()
    assert client.post(f"/en/{slug}/rules/example/no-such-example/", {"action": "stand"}).status_code == 404


@pytest.mark.parametrize("slug", GAMES)
def test_glossary_has_both_languages(client, slug):
    terms = content.glossary(slug)
    assert len(terms) >= 14
    for term in terms:
        assert all(term.get(k, "").strip() for k in ("ja", "en", "note_ja", "note_en")), term
    html = unescape(client.get(f"/ja/{slug}/rules/").content.decode())
    assert all(term["ja"] in html and term["note_ja"] in html for term in terms)


def test_side_by_side_shows_the_other_language_without_repeating_ids(client):
    html = unescape(client.get("/en/ecarte/rules/?both=1").content.decode())
    assert 'lang="ja"' in html and "ひと目でわかるエカルテ" in html and "At a glance" in html
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids))
