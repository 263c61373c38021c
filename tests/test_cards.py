"""The card sprites, the card names and the {% card %} tag, and the gallery page."""

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.template import Context, Template
from django.utils import translation

from games import cardart
from games.cardnames import card_name
from games.engine.cards import french_pack, spanish_pack

SVG = "{http://www.w3.org/2000/svg}"
CARDS_DIR = Path(settings.BASE_DIR) / "static" / "cards"
PO = Path(settings.BASE_DIR) / "site" / "locale" / "ja" / "LC_MESSAGES" / "django.po"
PACKS = {"french": french_pack(2), "spanish": spanish_pack()}
SIZE_LIMITS = {"french": 120_000, "spanish": 80_000}


@pytest.fixture(scope="module", autouse=True)
def japanese_catalogue():
    """Compile the Japanese catalogue when it is missing or older than the .po, then make Django
    read it afresh (the .mo files are build output, not committed)."""
    mo = PO.with_suffix(".mo")
    if not mo.exists() or mo.stat().st_mtime < PO.stat().st_mtime:
        if shutil.which("msgfmt") is None:
            pytest.skip("msgfmt (GNU gettext) is needed: apt-get install gettext")
        call_command("compilemessages", locale=["ja"], verbosity=0)
        from django.utils.translation import trans_real

        trans_real._translations = {}
        trans_real._default = None
        trans_real._active = trans_real.Local()


def sprite_tree(pack):
    return ET.parse(CARDS_DIR / f"{pack}.svg").getroot()


def render(source, **context):
    return Template("{% load cards %}" + source).render(Context(context))


# --------------------------------------------------------------------------- sprites


@pytest.mark.parametrize("pack", PACKS)
def test_committed_sprite_is_what_cardart_generates(pack, tmp_path):
    cardart.build(tmp_path)
    generated = (tmp_path / f"{pack}.svg").read_text(encoding="utf-8")
    committed = (CARDS_DIR / f"{pack}.svg").read_text(encoding="utf-8")
    assert committed == generated, "run `python manage.py build_cards` and commit static/cards/"
    assert generated == cardart.FILES[f"{pack}.svg"](), "the art is not deterministic"


@pytest.mark.parametrize("pack", PACKS)
def test_every_card_and_the_back_have_a_symbol(pack):
    root = sprite_tree(pack)
    ids = {el.get("id") for el in root.iter(f"{SVG}symbol")}
    missing = [code for code in (*PACKS[pack], "back") if code not in ids]
    assert not missing
    for code in (*PACKS[pack], "back"):
        sym = root.find(f"{SVG}symbol[@id='{code}']")
        assert sym.get("viewBox") == "0 0 100 140"
    if pack == "spanish":
        assert not ids & {r + s for r in "89T" for s in "SHDC"}


@pytest.mark.parametrize("pack", PACKS)
def test_only_symbols_have_ids_and_every_reference_resolves(pack):
    root = sprite_tree(pack)
    symbol_ids = set()
    for el in root.iter():
        if el.get("id") is not None:
            assert el.tag == f"{SVG}symbol", f"id on a <{el.tag}>: cards would clash in a page"
            symbol_ids.add(el.get("id"))
    for el in root.iter(f"{SVG}use"):
        href = el.get("href")
        assert href and href.startswith("#") and href[1:] in symbol_ids, href
    # nothing at all points by url(#...) (gradients, clip paths, patterns would need ids)
    assert "url(#" not in (CARDS_DIR / f"{pack}.svg").read_text(encoding="utf-8")


@pytest.mark.parametrize("pack", PACKS)
def test_sprite_colours_come_from_custom_properties_and_size_is_small(pack):
    text = (CARDS_DIR / f"{pack}.svg").read_text(encoding="utf-8")
    names = ("--suit-s", "--suit-h", "--suit-d", "--suit-c") if pack == "french" else (
        "--es-d", "--es-h", "--es-s", "--es-c")
    for name in names:
        assert f"var({name}," in text
    assert len(text.encode()) < SIZE_LIMITS[pack]


def test_four_colour_palette_is_in_the_stylesheet():
    css = (Path(settings.BASE_DIR) / "static" / "css" / "cards.css").read_text(encoding="utf-8")
    block = re.search(r"html\.four-colour\s*\{([^}]*)\}", css)
    assert block and "--suit-d" in block.group(1) and "--suit-c" in block.group(1)
    assert "prefers-reduced-motion" in css


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    "code, pack, en, ja",
    [
        ("QH", "french", "Queen of hearts", "ハートのクイーン"),
        ("TS", "french", "Ten of spades", "スペードの10"),
        ("AC", "french", "Ace of clubs", "クラブのエース"),
        ("X1", "french", "Joker", "ジョーカー"),
        ("KD", "spanish", "King (rey) of coins", "金貨のレイ"),
        ("QH", "spanish", "Knight (caballo) of cups", "杯のカバージョ"),
        ("JS", "spanish", "Knave (sota) of swords", "剣のソタ"),
        ("AC", "spanish", "Ace of clubs", "棍棒のエース"),
        (None, "french", "Face-down card", "裏向きのカード"),
    ],
)
def test_card_names(code, pack, en, ja):
    with translation.override("en"):
        assert card_name(code, pack) == en
    with translation.override("ja"):
        assert card_name(code, pack) == ja


@pytest.mark.parametrize("pack", PACKS)
def test_every_card_has_a_japanese_name(pack):
    for code in PACKS[pack]:
        with translation.override("en"):
            english = card_name(code, pack)
        with translation.override("ja"):
            japanese = card_name(code, pack)
        assert japanese != english and not re.search(r"[A-Za-z]", japanese), (code, japanese)


# --------------------------------------------------------------------------- the tag


def test_card_tag_in_both_languages():
    with translation.override("ja"):
        html = render('{% card "QH" %}')
    assert 'data-card="QH"' in html
    assert 'role="img"' in html and 'aria-label="ハートのクイーン"' in html
    assert '<svg aria-hidden="true" viewBox="0 0 100 140">' in html
    assert re.search(r'<use href="[^"]*cards/french\.svg#QH"/>', html)
    assert len(html) < 260
    with translation.override("en"):
        html = render('{% card code pack="spanish" size="l" %}', code="KD")
    assert 'data-card="KD"' in html and 'aria-label="King (rey) of coins"' in html
    assert "cards/spanish.svg#KD" in html and "card-l" in html


def test_card_tag_as_a_button():
    with translation.override("en"):
        html = render('{% card "9H" button=True name="play" selected=True extra_class="in-hand" %}')
    assert html.startswith('<button type="submit"')
    assert 'name="play"' in html and 'value="9H"' in html and 'data-card="9H"' in html
    assert 'aria-label="Nine of hearts"' in html and 'aria-pressed="true"' in html
    assert "is-selected" in html and "in-hand" in html and 'role="img"' not in html


@pytest.mark.parametrize(
    "source, code",
    [
        ('{% card code face_down=True %}', "QH"),
        ('{% card code face_down=True button=True name="take" value=code %}', "QH"),
        ('{% card code face_down=True pack="spanish" %}', "KD"),
        ("{% card None %}", None),
        ('{% card "?" %}', None),
    ],
)
def test_hidden_card_shows_no_code(source, code):
    for lang, label in (("en", "Face-down card"), ("ja", "裏向きのカード")):
        with translation.override(lang):
            html = render(source, code=code)
        assert html.count("data-card=") == 1 and 'data-card="?"' in html
        assert f'aria-label="{label}"' in html and "#back" in html
        if code:
            assert code not in html


# --------------------------------------------------------------------------- the gallery


@pytest.mark.django_db
@pytest.mark.parametrize("lang, heading", [("ja", "ハートのクイーン"), ("en", "Queen of hearts")])
def test_gallery_shows_every_face(client, lang, heading):
    response = client.get(f"/{lang}/cards/")
    assert response.status_code == 200
    html = response.content.decode()
    faces = re.findall(r'data-card="([^"?]+)"', html)
    assert len(faces) == 94
    assert sorted(faces) == sorted(PACKS["french"] + PACKS["spanish"])
    assert html.count('data-card="?"') == 2  # the back of each pack
    assert heading in html
