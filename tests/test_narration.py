"""How the site tells a deal, in English, from the reader's seat, for every game with a ui: whole
seeded matches of bots at every player count, every line checked for grammatical person and number
("You play", never "You plays"; "you" written small inside a sentence)."""

import re

import pytest
from django.utils import translation

from games.engine.play import acting_seat, bot_levels, interruption
from games.engine.rng import rng_for
from games.ui import game_ui
from tests.tables import tables

YOU_INSIDE = re.compile(r"(?<![.!?:—]\s)(?<!^)(?<!\()\bYou\b")  # "taken by You"
YOU_THIRD_PERSON = re.compile(r"\bYou (is|was|has|does|goes|(?!(?:pass|press|miss|toss)\b)[a-z]+[^s']s)\b", re.I)
SMALL_YOU_FIRST = re.compile(r"(?:^|[.!?]\s)you\b")


def grammar_slips(line):
    slips = []
    for pattern, what in ((YOU_INSIDE, "'You' inside a sentence"), (YOU_THIRD_PERSON, "'You' with a third-person verb"),
                          (SMALL_YOU_FIRST, "'you' starting a sentence")):
        if pattern.search(line):
            slips.append(f"{what}: {line!r}")
    return slips


def test_the_checker_finds_the_slips_it_looks_for():
    assert grammar_slips("You plays first.")
    assert grammar_slips("Last trick, taken by You:")
    assert grammar_slips("you deal.")
    assert not grammar_slips("Deal 2 begins: you deal. You play first. Player 2 plays the 7♠.")


def strings(value):
    """Every text inside a deal summary (dicts, lists and tuples of texts and numbers)."""
    if isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)
    elif value is not None and not isinstance(value, (bool, int, float)):
        yield str(value)


def told_lines(ui, players, seed):
    """Every line the table would tell seat 0 over one bot match: openings, narration, phase lines."""
    game = ui.game
    bots = {s: cls(game) for s, cls in enumerate([bot_levels(game)["club"]] * players)}
    names = ui.seat_names(0, players)
    state = game.new(seed, players, None)
    rng = rng_for("narration", game.slug, seed)
    lines = list(ui.opening(game.view(state, 0), 0, names))
    for _ in range(20_000):
        taken = interruption(game, state, bots, rng)
        if taken is None:
            seat = acting_seat(game, state)
            if seat is None:
                return lines + list(strings(ui.deal_summary(game.view(state, 0), 0, names)))
            taken = seat, bots[seat].choose(game.view(state, seat), seat, rng)
        after = game.apply(state, *taken)
        lines += ui.narrate(game, state, taken[0], taken[1], after, names, 0)
        lines.append(ui.phase_text(game.view(after, 0), 0))
        state = after
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("slug,players", tables(every_count=True))
def test_every_line_of_a_match_speaks_to_the_reader_in_the_right_person(slug, players):
    ui = game_ui(slug)
    slips = []
    with translation.override("en"):
        for seed in ("grammar1", "grammar2"):
            for line in told_lines(ui, players, seed):
                slips += grammar_slips(str(line))
    assert not slips, "\n".join(sorted(set(slips))[:20])


def test_sentences_are_joined_as_each_language_writes_them():
    from games.ui import join_sentences

    assert join_sentences(["You play the 7.", "The pile is burned."]) == "You play the 7. The pile is burned."
    assert join_sentences(["7を出します。", "山が流れます。"]) == "7を出します。山が流れます。"


@pytest.mark.django_db
@pytest.mark.parametrize("slug,players", tables())
def test_the_japanese_story_of_a_deal_has_no_space_after_a_full_stop(client, slug, players):
    """The table's story in Japanese: several sentences told for one move run on without the
    half-width space an English join would put after 。."""
    from tests.compiled import ensure_compiled
    from tests.tables import advance, create, form_for, match_of

    ensure_compiled()
    url = create(client, slug, players, lang="ja")
    for _ in range(200):
        match = match_of(url)
        awaited = match.table.shown == match.length and match.reader_awaited()
        if (match.length >= 12 and awaited) or not match.game.to_move(match.state):
            break
        if awaited:
            action = match.game.legal_actions(match.view(), match.human)[0]
            client.post(url + "act/", form_for(match, action), **{"HTTP_HX_REQUEST": "true"})
        else:
            advance(client, url, match)
    page = client.get(url + "?log=all&hint=1").content.decode()
    story = page.split('class="table-log"', 1)[1]
    assert "。" in story and "。 " not in story
    # The turn line and the hint: sentences and labels run on too.
    table = page.split('id="table"', 1)[1].split('class="table-log"', 1)[0]
    text = re.sub(r"\s*\n\s*", "", re.sub(r"<[^>]+>", "", table))
    assert "あなたの番です。" in text and "。 " not in text and "： " not in text


def test_no_template_puts_a_fixed_space_after_a_translated_label():
    """A label ending in a colon ("Tricks:", 「トリック：」) is followed by its own gap
    (``{{ label|gap }}``): a space in English, none after a Japanese full-width colon."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "templates"
    fixed = re.compile(r'\{% translate "[^"]*:"( context "[^"]*")? %\} ')
    found = [f"{p.relative_to(root)}: {m.group(0)}" for p in root.rglob("*.html") for m in fixed.finditer(p.read_text())]
    assert found == []
