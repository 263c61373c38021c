"""The rules pages of every game that has them: complete, the same in both languages where they must
be, every rule anchored, and live examples the engine answers — without ever showing a hidden card.
(A game's own page is checked in more detail in that game's tests.)"""

import re
from html import unescape
from html.parser import HTMLParser

import pytest
from django.utils import translation

from games.engine import registry
from games.ui import explain
from tests.compiled import ensure_compiled
from tutorials import content

pytestmark = pytest.mark.django_db

GAMES = [g.slug for g in registry.all_games() if content.has_rules(g.slug)]
LANGS = ["ja", "en"]
HX = {"HTTP_HX_REQUEST": "true"}
DATA_CARD = re.compile(r'data-card="([^"]+)"')
EXAMPLE_DIV = re.compile(r'<div class="example" id="example-([^"]+)">')


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def _page(client, slug, lang, query=""):
    response = client.get(f"/{lang}/{slug}/rules/{query}")
    assert response.status_code == 200
    return response.content.decode()


def _examples(slug):
    """(id, state, seat, fields) of every example, from the English page (both must agree)."""
    game = registry.get(slug)
    out = []
    for example_id, by_lang in content.examples(slug).items():
        fields = by_lang["en"]
        state = game.from_text(fields["position"])
        out.append((example_id, state, int(fields.get("seat", 0)), fields))
    return out


def _visible(slug, state, seat, fields):
    """Every card the reader may see in an example's position."""
    game = registry.get(slug)
    view = state if fields.get("open") == "yes" else game.view(state, seat)
    return {c for cards in game.zones(view).values() for c in cards if c is not None}


def _hidden(slug, state, seat, fields):
    """Every card of the position that the reader must not see (none with `open: yes`)."""
    game = registry.get(slug)
    every = {c for cards in game.zones(state).values() for c in cards if c is not None}
    return every - _visible(slug, state, seat, fields)


def _by_example(html):
    """The page cut into pieces, one per live example, each from its board to the next one."""
    parts = EXAMPLE_DIV.split(html)
    return dict(zip(parts[1::2], parts[2::2]))


def _explanation(slug, state, seat, action, lang):
    with translation.override(lang):
        return unescape(explain(slug, registry.get(slug).check(state, seat, action))["text"])


# --- every game with rules pages ----------------------------------------------------------------

@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_renders_in_its_language(client, slug, lang):
    html = _page(client, slug, lang)
    assert f'<html lang="{lang}"' in html
    headings = content.rules_page(slug, lang).headings
    for _level, anchor, _text in headings:
        assert html.count(f' id="{anchor}"') == 1, anchor


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_is_anchored_exactly_once(client, slug, lang):
    html = _page(client, slug, lang)
    for rule in registry.get(slug).rules:
        assert html.count(f'<a class="rule-id" id="{rule.id}"') == 1, rule.id
        assert html.count(f' id="{rule.id}"') == 1, rule.id
    marked = content.rules_page(slug, lang).rule_ids
    assert sorted(marked) == sorted(r.id for r in registry.get(slug).rules), "unknown or repeated rule ids"


@pytest.mark.parametrize("slug", GAMES)
def test_both_languages_have_the_same_sections_and_examples(slug):
    ja, en = content.rules_page(slug, "ja"), content.rules_page(slug, "en")
    assert [h[:2] for h in ja.headings] == [h[:2] for h in en.headings]
    assert [h[2] for h in ja.headings] != [h[2] for h in en.headings], "headings left untranslated"
    examples = content.examples(slug)
    assert len(examples) >= 6
    for example_id, by_lang in examples.items():
        assert set(by_lang) == {"ja", "en"}, example_id
        assert by_lang["ja"] == by_lang["en"], f"{example_id}: positions differ between languages"
    order = {lang: [s.id for s in content.rules_page(slug, lang).segments if hasattr(s, "fields")]
             for lang in LANGS}
    assert order["ja"] == order["en"], "the examples come in a different order"


@pytest.mark.parametrize("slug", GAMES)
def test_every_example_is_a_position_where_the_reader_can_act(slug):
    game = registry.get(slug)
    for example_id, state, seat, fields in _examples(slug):
        assert game.to_text(game.from_text(fields["position"])) == fields["position"], example_id
        assert seat in game.to_move(state), example_id
        assert game.legal_actions(state, seat), example_id


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_no_hidden_card_is_on_the_page(client, slug, lang):
    boards = _by_example(_page(client, slug, lang))
    examples = _examples(slug)
    assert set(boards) == {e[0] for e in examples}, "every example is on the page"
    for example_id, state, seat, fields in examples:
        shown = set(DATA_CARD.findall(boards[example_id])) - {"?"}
        assert shown, f"{example_id}: no card shown at all"
        assert not shown & _hidden(slug, state, seat, fields), f"{example_id}: hidden cards on the page"
        assert shown <= _visible(slug, state, seat, fields), example_id


def _illegal_and_legal(slug):
    """An example with a refused move, that move, its rule and a legal action."""
    game = registry.get(slug)
    for example_id, state, seat, _fields in _examples(slug):
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


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_example_answers_a_legal_and_a_refused_move(client, slug, lang):
    """Each example, through htmx and through the plain form: a legal move is played and shown
    (still without hidden cards), a refused one names its rule and explains it."""
    game = registry.get(slug)
    for example_id, state, seat, fields in _examples(slug):
        url = f"/{lang}/{slug}/rules/example/{example_id}/"
        legal = game.legal_actions(state, seat)
        right = legal[0]
        after = game.apply(state, seat, right)
        may_see = _visible(slug, state, seat, fields) | _visible(slug, after, seat, fields)
        for headers in (HX, {}):
            response = client.post(url, {"action": str(right)}, **headers)
            text = unescape(response.content.decode())
            assert response.status_code == 200, example_id
            assert ("<html" in text) == (not headers), example_id
            assert text.count('class="example-result is-ok"') == 1, example_id
            board = text if headers else _by_example(text)[example_id]
            assert set(DATA_CARD.findall(board)) - {"?"} <= may_see, example_id
        wrong = [a for a in game.candidate_actions(state, seat) if a not in legal]
        if not wrong:
            continue
        rule = game.check(state, seat, wrong[0]).rule
        why = _explanation(slug, state, seat, wrong[0], lang)
        for headers in (HX, {}):
            response = client.post(url, {"action": str(wrong[0])}, **headers)
            text = unescape(response.content.decode())
            assert response.status_code == 200, example_id
            assert text.count('class="example-result is-refused"') == 1, example_id
            assert f'href="#{rule}"' in text and why in text, (example_id, rule)


def test_a_refusal_is_explained_in_japanese(client, toy):
    example_id, wrong, rule, _ = _illegal_and_legal(toy)
    text = unescape(client.post(f"/ja/{toy}/rules/example/{example_id}/", {"action": str(wrong)}, **HX).content.decode())
    assert "その手は出せません" in text and f'href="#{rule}"' in text


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
    assert len({t["ja"] for t in terms}) == len(terms) and len({t["en"] for t in terms}) == len(terms)
    ja = unescape(_page(client, slug, "ja"))
    en = unescape(_page(client, slug, "en"))
    assert all(t["ja"] in ja and t["en"] in ja and t["note_ja"] in ja for t in terms)
    assert all(t["ja"] in en and t["en"] in en and t["note_en"] in en for t in terms)


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_side_by_side_shows_both_languages_without_repeating_ids(client, slug, lang):
    other = "en" if lang == "ja" else "ja"
    html = unescape(_page(client, slug, lang, "?both=1"))
    assert f'lang="{other}"' in html
    for _level, _anchor, text in content.rules_page(slug, lang).headings + content.rules_page(slug, other).headings:
        assert text in html, text
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    single = unescape(_page(client, slug, lang))
    assert content.rules_page(slug, other).headings[1][2] not in single


class _Pair(HTMLParser):
    """The side-by-side view's rows: for each cell of .rules-pair (in order: this language, the
    other, this, the other …), its lang and the ids of its headings and live examples."""

    def __init__(self, html):
        super().__init__()
        self.cells, self._depth, self._in_pair = [], 0, 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("br", "img", "input", "meta", "link", "hr"):
            return
        if self._in_pair:
            self._depth += 1
            if self._depth == 1:
                self.cells.append({"lang": a.get("lang"), "class": a.get("class", ""), "headings": [],
                                   "examples": [], "rules": [], "posts": []})
            cell = self.cells[-1] if self.cells else None
            if cell is not None and tag in ("h1", "h2", "h3") and a.get("id"):
                cell["headings"].append(a["id"])
            if cell is not None and "example" in a.get("class", "").split():
                cell["examples"].append(a["id"])
            if cell is not None and "rule-id" in a.get("class", "").split():
                cell["rules"].append(a["id"])
            if cell is not None and tag == "form" and a.get("hx-post"):
                cell["posts"].append(a["hx-post"])
        elif "rules-pair" in a.get("class", "").split():
            self._in_pair = 1

    def handle_endtag(self, tag):
        if self._in_pair:
            if self._depth == 0:
                self._in_pair = 0
            else:
                self._depth -= 1


def _rows(html):
    cells = _Pair(html).cells
    return list(zip(cells[0::2], cells[1::2]))


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_side_by_side_pairs_each_section_and_each_example_with_its_translation(client, slug, lang):
    """The two languages section by section: each row holds the same section (or the same live
    example) in both, every example is live in both columns, and each column keeps every rule
    anchor of its language, the other's under its own prefix."""
    other = "en" if lang == "ja" else "ja"
    rows = _rows(_page(client, slug, lang, "?both=1"))
    mine, theirs = content.rules_page(slug, lang), content.rules_page(slug, other)
    assert len(rows) >= len(mine.headings)
    for left, right in rows:
        assert left["lang"] is None and right["lang"] == other and "rules-other" in right["class"]
        assert ["other-" + h for h in left["headings"]] == right["headings"]
        assert ["other-" + e for e in left["examples"]] == right["examples"]
        assert len(left["examples"]) == len(left["posts"]) and len(right["examples"]) == len(right["posts"])
        assert all(url.endswith("?both=1") for url in left["posts"])
        assert all(url.endswith("?both=1&other=1") for url in right["posts"])
    assert [h for left, _ in rows for h in left["headings"]] == [h[1] for h in mine.headings]
    examples = [f"example-{e}" for e in content.examples(slug)]
    assert sorted(e for left, _ in rows for e in left["examples"]) == sorted(examples)
    assert sorted(r for left, _ in rows for r in left["rules"]) == sorted(mine.rule_ids)
    assert sorted(r for _, right in rows for r in right["rules"]) == sorted("other-" + r for r in theirs.rule_ids)


@pytest.mark.parametrize("slug", GAMES)
def test_an_example_of_the_other_column_answers_in_its_language_and_keeps_the_page(client, slug):
    """In the side-by-side view of the English page, an example of the Japanese column answers in
    Japanese into that column (htmx), or with the whole side-by-side page (no JavaScript)."""
    example_id, wrong, rule, right = _illegal_and_legal(slug)
    url = f"/en/{slug}/rules/example/{example_id}/?both=1&other=1"
    fragment = unescape(client.post(url, {"action": str(wrong)}, **HX).content.decode())
    assert f'id="other-example-{example_id}"' in fragment and "その手は出せません" in fragment
    assert f'href="#other-{rule}"' in fragment and "Not allowed" not in fragment
    page = client.post(url, {"action": str(right)})
    text = unescape(page.content.decode())
    assert page.status_code == 200 and '<html lang="en"' in text
    answered = [cell for row in _rows(text) for cell in row if cell["examples"] == [f"other-example-{example_id}"]]
    assert len(answered) == 1 and answered[0]["lang"] == "ja"
    after = text.split(f'id="other-example-{example_id}"', 1)[1]
    assert after.index('class="example-result is-ok"') < after.index('class="example"')
    assert client.get(url)["Location"] == (f"/en/{slug}/rules/?both=1&anchor=other-example-{example_id}"
                                           f"#other-example-{example_id}")


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_no_markdown_mark_is_left_on_the_page(client, slug, lang):
    """Emphasis next to Japanese brackets is easily left as literal asterisks: 「**ストップ！**」
    renders, **「ストップ！」** does not."""
    text = re.sub(r"<[^>]+>", "", _page(client, slug, lang))
    assert "**" not in text and "__" not in text


@pytest.mark.parametrize("slug", GAMES)
def test_a_live_examples_address_opened_again_leads_back_to_the_example(client, slug):
    example_id = next(iter(content.examples(slug)))
    response = client.get(f"/en/{slug}/rules/example/{example_id}/")
    assert response.status_code == 302
    assert response["Location"] == f"/en/{slug}/rules/?anchor=example-{example_id}#example-{example_id}"
