"""Écarté's rules page in detail: its sections, what each example teaches, its glossary."""

import re
from dataclasses import fields
from html import unescape

import pytest

from games.engine import registry
from tests.compiled import ensure_compiled
from tests.test_rules_content import HX, LANGS, _examples
from tutorials import content

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def test_ecarte_has_rules_pages():
    assert "ecarte" in [g.slug for g in registry.all_games() if content.has_rules(g.slug)]


# --- Écarté in detail ---------------------------------------------------------------------------

ECARTE_SECTIONS = ["ecarte", "overview", "pack", "deal", "exchange", "king", "play", "follow", "scoring",
                   "match", "variants", "sources"]


def test_ecarte_sections():
    for lang in LANGS:
        assert [h[1] for h in content.rules_page("ecarte", lang).headings] == ECARTE_SECTIONS, lang


def test_ecarte_examples_are_real_deals():
    """Every card once, hands of five less the cards played, a stock of 21 less what was drawn."""
    from games.engine.cards import piquet_pack

    game = registry.get("ecarte")
    examples = _examples("ecarte")
    assert 7 <= len(examples) <= 10
    for example_id, state, seat, _fields in examples:
        every = [c for cards in game.zones(state).values() for c in cards]
        assert sorted(every) == sorted(piquet_pack()), example_id
        played = sum(state.tricks)
        for s in (0, 1):
            in_trick = 1 if state.trick and (state.leader == s) else 0
            assert len(state.hands[s]) == 5 - played - in_trick, (example_id, s)
        assert len(state.stock) + len(state.discards[0]) + len(state.discards[1]) == 21, example_id
        if state.phase == "play" and not state.discards[state.nondealer]:
            assert state.vulnerable is not None, f"{example_id}: nobody exchanged, so someone declined"
        assert state.scores == (0, 0) and not state.events, example_id


# What each Écarté example teaches: moves the engine takes, and moves it refuses with their rule.
ECARTE_LESSONS = {
    "ace-below-jack": (["play:QS"], {"play:AS": "ecarte.play.must-beat"}),
    "propose-or-play": (["propose", "stand"], {}),
    "accept-or-refuse": (["accept", "refuse"], {}),
    "discard": (["discard:7C8C9D", "discard:KSQH7C8C9D"], {"discard": "ecarte.exchange.nondealer-minimum"}),
    "king-of-trumps": (["king", "play:KH", "play:AS"], {}),
    "follow-and-beat": (["play:QC"], {"play:9H": "ecarte.play.follow-suit", "play:8C": "ecarte.play.must-beat",
                                      "play:JD": "ecarte.play.follow-suit"}),
    "must-trump": (["play:9D", "play:TD"], {"play:KH": "ecarte.play.must-trump", "play:7S": "ecarte.play.must-trump"}),
    "free-card": (["play:KS", "play:JS", "play:7S", "play:9C"], {}),
}


def test_ecarte_examples_teach_what_the_text_says():
    game = registry.get("ecarte")
    examples = {e[0]: e for e in _examples("ecarte")}
    assert set(examples) == set(ECARTE_LESSONS)
    for example_id, (allowed, refused) in ECARTE_LESSONS.items():
        _, state, seat, _fields = examples[example_id]
        for action in allowed:
            assert game.check(state, seat, game.parse_action(action)), (example_id, action)
        for action, rule in refused.items():
            assert game.check(state, seat, game.parse_action(action)).rule == rule, (example_id, action)
    # The free card really is free: every card in the hand is legal.
    _, state, seat, _ = examples["free-card"]
    assert {a.card for a in game.legal_actions(state, seat) if a.kind == "play"} == set(state.hands[seat])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("example_id, action, rule", [
    ("ace-below-jack", "play:AS", "ecarte.play.must-beat"),
    ("follow-and-beat", "play:9H", "ecarte.play.follow-suit"),
    ("follow-and-beat", "play:8C", "ecarte.play.must-beat"),
    ("must-trump", "play:KH", "ecarte.play.must-trump"),
])
def test_ecarte_refusals_link_to_their_rule(client, lang, example_id, action, rule):
    text = unescape(client.post(f"/{lang}/ecarte/rules/example/{example_id}/", {"action": action}, **HX)
                    .content.decode())
    assert 'class="example-result is-refused"' in text and f'href="#{rule}"' in text


def test_ecarte_discarding_nothing_is_refused_and_a_discard_draws(client):
    url = "/en/ecarte/rules/example/discard/"
    text = unescape(client.post(url, {"action": "discard"}, **HX).content.decode())
    assert 'href="#ecarte.exchange.nondealer-minimum"' in text
    text = unescape(client.post(url, {"complete": "discard", "cards": ["7C", "8C"]}, **HX).content.decode())
    assert 'class="example-result is-ok"' in text
    game = registry.get("ecarte")
    _, state, seat, fields = next(e for e in _examples("ecarte") if e[0] == "discard")
    drawn = state.stock[:2]
    assert all(f'data-card="{c}"' in text for c in drawn), "the reader sees the cards he drew"
    assert not any(f'data-card="{c}"' in text for c in state.stock[2:] + state.hands[1 - seat])
    assert game.to_move(game.apply(state, seat, game.parse_action("discard:7C8C"))) == {1 - seat}


def test_ecarte_showing_the_king_scores_a_point(client):
    text = unescape(client.post("/en/ecarte/rules/example/king-of-trumps/", {"action": "king"}, **HX)
                    .content.decode())
    assert 'class="example-result is-ok"' in text and "1 point" in text


ECARTE_TERMS = {
    "エカルテ": "Écarté", "切り札": "trump", "めくり札": "turn-up", "山札": "stock", "親": "dealer",
    "子": "non-dealer", "ヴォール": "vole", "バルネラブル": "vulnerable", "リード": "lead", "トリック": "trick",
    "捨て札": "discard", "切り札のキング": "king of trumps",
}


def test_ecarte_glossary_names_the_terms_the_site_uses():
    terms = content.glossary("ecarte")
    pairs = {t["ja"]: t["en"] for t in terms}
    for ja, en in ECARTE_TERMS.items():
        assert pairs.get(ja, "").startswith(en), ja
    assert any(t["ja"].startswith("プロポーズ") and t["en"] == "propose" for t in terms)
    assert any("マストフォロー" in t["ja"] and t["en"] == "follow suit" for t in terms)
    # The Japanese page uses the glossary's words, not others for the same thing.
    ja_text = (content.game_dir("ecarte") / "rules.ja.md").read_text(encoding="utf-8")
    for word in ("めくり札", "山札", "切り札のキング", "ヴォール", "バルネラブル", "マストフォロー"):
        assert word in ja_text, word
    for stray in ("ディーラーではない", "ノンディーラー", "脆弱", "ボール"):
        assert stray not in ja_text, stray


def test_ecarte_variants_are_the_engine_options():
    from games.ecarte.state import EcarteOptions

    names = [f.name for f in fields(EcarteOptions)]
    for lang in LANGS:
        text = (content.game_dir("ecarte") / f"rules.{lang}.md").read_text(encoding="utf-8")
        section = text.split("{#variants}")[1].split("\n## ")[0]
        assert [n for n in re.findall(r"`([a-z_]+)`", section)] == names, lang
        assert "10" in section
