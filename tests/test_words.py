"""The words of every game with a ui, in both languages, over seeded bot matches in every variant:
counts read as English writes them ("no trumps", "1 trump"; never "0 trumps" or "1 cards"), an
English sentence starts with a capital, and Japanese text ends its sentences with 。 and writes its
colon full width (：), in the story of a deal, the hints, the refusals and the deal summaries, and
in the templates, the catalogue and the pages themselves."""

import random
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.utils import translation

from games.engine.play import acting_seat, bot_levels, interruption
from games.engine.rng import rng_for
from games.models import SharedDeal
from games.ui import explain, game_ui
from tests.compiled import PO, ROOT, ensure_compiled
from tests.test_i18n import parse_po
from tests.tables import create, match_of, quick, tables
from tests.test_narration import strings


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


# --- what the games say ------------------------------------------------------------------------------
SENTENCES = ("opening", "narration", "phase", "hint", "refusal")  # whole sentences; the rest may be fragments


def said_in_a_match(ui, players, seed, options=None, reader=0):
    """(kind, text) of everything the site tells the reader over one bot match: the opening lines,
    each move told, the phase line, the hint's reason at each decision of the reader, the
    explanation of every move his board offers that the rules refuse, and each deal's summary."""
    game = ui.game
    club = bot_levels(game)["club"]
    bots = {s: club(game) for s in range(players)}
    names = ui.seat_names(reader, players)
    state = game.new(seed, players, options)
    rng, hint_rng = rng_for("words", game.slug, seed), random.Random(seed)
    yield from (("opening", line) for line in ui.opening(game.view(state, reader), reader, names))
    for _ in range(20_000):
        if reader in game.turn(state):
            view = game.view(state, reader)
            if len(game.legal_actions(state, reader)) > 1:  # the table offers a hint where there is a choice
                yield "hint", ui.hint_reason(view, reader, club(game).choose(view, reader, hint_rng))
            for action in ui.controls(game, view, reader).actions():
                verdict = game.check(state, reader, action)
                if not verdict:
                    refusal = explain(game.slug, verdict)
                    yield "refusal title", refusal["title"]
                    yield "refusal", refusal["text"]
        taken = interruption(game, state, bots, rng)
        if taken is None:
            seat = acting_seat(game, state)
            if seat is None:
                yield from (("summary", s) for s in strings(ui.deal_summary(game.view(state, reader), reader, names)))
                return
            taken = seat, bots[seat].choose(game.view(state, seat), seat, rng)
        after = game.apply(state, *taken)
        yield from (("narration", line) for line in ui.narrate(game, state, *taken, after, names, reader))
        yield "phase", ui.phase_text(game.view(after, reader), reader)
        if game.deal_number(after) != game.deal_number(state):
            yield from (("summary", s) for s in strings(ui.deal_summary(game.view(after, reader), reader, names)))
        state = after
    raise AssertionError("the match did not end")


def variants(game):
    """The default options, then each option at each of its other values (the rest as the quick
    match has them)."""
    out = [None]
    for name, values in game.option_choices().items():
        for value in values[1:]:
            out.append(game.options({**quick(game.slug), name: value}))
    return out


_SAID = {}


def said(slug, players, lang):
    """Every distinct (kind, text) the site says over seeded matches of the game in every variant."""
    key = (slug, players, lang)
    if key not in _SAID:
        ui = game_ui(slug)
        found = set()
        with translation.override(lang):
            for n, options in enumerate(variants(ui.game)):
                for seed in (("words1", "words2") if options is None else (f"words{n}",)):
                    found.update((kind, str(text)) for kind, text in said_in_a_match(ui, players, seed, options))
        _SAID[key] = sorted(found)
    return _SAID[key]


def _counted_nouns():
    """The nouns the site counts, from the catalogue's plural entries ("%(n)s trump" / "%(n)s
    trumps", "%(n)s side ace" / "%(n)s side aces"): the last word after the number, singular and
    plural."""
    singular, plural = set(), set()
    after_a_number = re.compile(r"%\(\w+\)[sd] (?:[a-z]+ )?([a-z]+)")
    for entry in parse_po(PO.read_text(encoding="utf-8")):
        if entry["plural"]:
            for one, many in zip(after_a_number.findall(entry["id"]), after_a_number.findall(entry["plural"])):
                if one != many:
                    singular.add(one)
                    plural.add(many)
    return singular, plural


SINGULAR, PLURAL = _counted_nouns()


def count_slips(text):
    """"0 trumps", "0 side ace", "1 cards": a count of none or one written as a figure where English
    says "no …", or a plural after 1."""
    slips = []
    for m in re.finditer(r"(?<![\w.,:/–-])([01]) (?:[a-z]+ )?([a-z]+)\b", text):
        number, noun = m.groups()
        if (number == "0" and noun in SINGULAR | PLURAL) or (number == "1" and noun in PLURAL):
            slips.append(m.group(0))
    return slips


def small_starts(text, whole_sentence):
    """Sentences that start with a small letter: after a full stop or a question mark, or the text
    itself when it is a whole sentence."""
    found = [m.group(0) for m in re.finditer(r"(?<!\be\.g)(?<!\bi\.e)[.?][”’\")]?\s+[a-z]\w*", text)]
    if whole_sentence and text[:1].islower():
        found.append(text[:20])
    return found


def test_the_checkers_find_what_they_look_for():
    assert count_slips("With spades as trumps you would hold only 0 trumps, 2 side aces.") == ["0 trumps"]
    assert count_slips("With 1 trumps, lead the highest.") == ["1 trumps"]
    assert count_slips("You hold 1 trump and 1 side ace; move it from house 1 to house 2.") == []
    assert small_starts("… as trumps. spades suit your hand best.", False) == [". spades"]
    assert small_starts("spades suit your hand best.", True) and not small_starts("spades", False)
    assert not small_starts("You play first. Your opponent plays the 7♠.", True)


@pytest.mark.parametrize("slug,players", tables())
def test_counts_of_none_and_one_read_as_english_writes_them(slug, players):
    slips = [f"{kind}: {text}" for kind, text in said(slug, players, "en") if count_slips(text)]
    assert not slips, "\n".join(slips[:20])


@pytest.mark.parametrize("slug,players", tables())
def test_every_english_sentence_starts_with_a_capital(slug, players):
    slips = [f"{kind}: {text}" for kind, text in said(slug, players, "en") if small_starts(text, kind in SENTENCES)]
    assert not slips, "\n".join(slips[:20])


LATIN_COLON = re.compile(r"[^\x00-\x7f]\s*:|:\s*[^\x00-\x7f]")


@pytest.mark.parametrize("slug,players", tables())
def test_japanese_sentences_end_with_a_full_stop_and_take_the_full_width_colon(slug, players):
    slips = []
    for kind, text in said(slug, players, "ja"):
        if ":" in text:
            slips.append(f"Latin colon in {kind}: {text}")
        if kind in SENTENCES and kind != "refusal title" and not text.endswith(("。", "！", "？")):
            slips.append(f"{kind} without its full stop: {text}")
    assert not slips, "\n".join(slips[:20])


# --- what the templates and the catalogue write ---------------------------------------------------
def test_no_template_writes_a_colon_of_its_own():
    """A colon in a template's own text, outside the translated strings, is the same in both
    languages: Latin in the Japanese page ("ディールコード: …"). The label carries its colon in the
    catalogue ("Deal code:" / 「ディールコード：」), followed by its gap."""
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\{% blocktranslate.*?\{% endblocktranslate %\}|\{% comment %\}.*?\{% endcomment %\}", "",
                      text, flags=re.S)
        text = re.sub(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", " ", text, flags=re.S)
        text = re.sub(r"<(script|style)\b.*?</\1>", "", text, flags=re.S)
        text = re.sub(r"<[^>]*>", " ", text, flags=re.S)
        found += [f"{path.relative_to(ROOT)}: …{text[max(0, m.start() - 20):m.end() + 20].strip()}…"
                  for m in re.finditer(r":", text)]
    assert found == []


def test_no_japanese_translation_has_a_latin_colon():
    found = [s for e in parse_po(PO.read_text(encoding="utf-8")) if e["id"] for s in e["strs"]
             if re.search(r"(?<!\d):(?!\d)", s)]
    assert found == []


# --- what the pages show ----------------------------------------------------------------------------
class _Text(HTMLParser):
    """The text a reader sees or hears on a page: its text, and its titles and labels."""

    def __init__(self, html):
        super().__init__()
        self.parts, self._skip = [], 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        self.parts += [v for k, v in attrs if k in ("title", "aria-label", "alt", "placeholder") and v]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def latin_colons(html):
    return [m.group(0) for part in _Text(html).parts for m in LATIN_COLON.finditer(part.strip())]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", sorted({slug for slug, _players in tables()}))
def test_the_japanese_pages_write_no_latin_colon(client, slug):
    """The pages of a game in Japanese, a finished match among them (its deal code, its replay, a
    deal shared): no Latin colon next to Japanese text."""
    ui = game_ui(slug)
    game = ui.game
    url = create(client, slug, lang="ja", **quick(slug))
    match = match_of(url)
    bots = {s: bot_levels(game)["club"](game) for s in range(match.table.players)}
    state, rng, moves, states = match.state, rng_for("colons", slug), [], []
    while game.to_move(state):
        taken = interruption(game, state, bots, rng)
        if taken is None:
            seat = acting_seat(game, state)
            taken = seat, bots[seat].choose(game.view(state, seat), seat, rng)
        state = game.apply(state, *taken)
        moves.append(taken)
        states.append(state)
    assert match.record(moves, states, shown=len(moves))
    client.post(url + "share/", {"deal": 1})
    shared = SharedDeal.objects.get(table=match.table, deal=1)
    first, last = match.deal_span(1)
    paths = [url, url + "?hint=1", url + "replay/?deal=1", f"/ja/{slug}/deal/{shared.token}/"]
    # The replay's steps: all of a short deal; of a long one (a Crapette deal runs to hundreds) forty
    # spread over it, the first and the last among them. What each step narrates is checked for
    # every move of every variant above (said); here it is the page around it.
    steps = last - first + 1
    shown = sorted({round(i * (steps - 1) / 39) for i in range(40)})
    paths += [url + f"replay/?deal=1&step={k}" for k in shown]
    paths += [f"/ja/{slug}/", f"/ja/{slug}/rules/", f"/ja/{slug}/rules/?both=1", f"/ja/{slug}/lessons/",
              f"/ja/{slug}/puzzles/", f"/ja/{slug}/play/"]
    hub = client.get(f"/ja/{slug}/").content.decode()
    paths += sorted(set(re.findall(rf'href="(/ja/{slug}/(?:lessons|puzzles)/[\w-]+/(?:\d+/)?)"', hub)))
    found = {}
    for path in paths:
        response = client.get(path, follow=True)
        assert response.status_code == 200, path
        colons = latin_colons(unescape(response.content.decode()))
        if colons:
            found[path] = colons[:3]
    assert not found, found
