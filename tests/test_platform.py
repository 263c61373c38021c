"""The platform every game joins by its own parts: the declared ui, the typed controls and the one
module that turns them into form fields and back, the practice table's snapshots and bots' runs, and
the tutorials' sequences, best values and goals. Nothing here names a game's action words; where a
test needs a particular position it takes one from a game's own content or play."""

import random
import re
import sys
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import Client

from games.controls import FIELD_ACTION, FIELD_COMPLETE, Controls, decode, encode
from games.engine import registry
from games.engine.bots import RandomBot
from games.engine.rng import rng_for
from games.table.match import SNAPSHOT_EVERY
from games.ui import GameUI, check_game_uis, game_ui, has_ui, site_games
from tests.compiled import ensure_compiled
from tests.tables import HX, advance, create, form_for, match_of, table_of

GAMES = [g.slug for g in site_games()]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


# --- the declared ui -----------------------------------------------------------------------------
def test_every_game_declares_its_whole_ui():
    assert check_game_uis() == []


@pytest.mark.parametrize("quick", [{"no_such_option": 1}, {"__first__": "no such value"}])
def test_a_quick_match_must_be_offered_by_the_set_up_form(monkeypatch, quick):
    """A game's quick match (the options the suite plays whole matches with) is checked against
    the choices its set-up form offers."""
    game = next(g for g in site_games() if g.option_choices())
    ui = game_ui(game.slug)
    if "__first__" in quick:
        quick = {next(iter(game.option_choices())): quick["__first__"]}
    monkeypatch.setattr(type(ui), "quick_match", quick)
    assert check_game_uis() == [f"{game.slug}: quick_match must be choices the set-up form offers"]


def test_a_ui_that_leaves_a_part_out_cannot_be_made():
    class Half(GameUI):
        slug = "half"

        def seat_names(self, viewer, players):
            return {}

    with pytest.raises(TypeError, match="abstract"):
        Half()


def test_an_action_named_away_from_the_board_is_its_description_with_a_capital():
    """A lesson's interrupt drill offers its action beside the board, named by the game's ui; by
    default that name is the action's description."""
    from types import SimpleNamespace

    ui = SimpleNamespace(describe=lambda view, seat, action: "shout out")
    assert GameUI.action_label(ui, None, 0, None) == "Shout out"


@pytest.mark.parametrize("slug", GAMES)
def test_every_action_has_a_name_away_from_the_board(slug):
    from django.utils import translation

    ui = game_ui(slug)
    game = ui.game
    with translation.override("en"):
        for state, seat in _positions(slug, 12):
            view = game.view(state, seat)
            for action in game.legal_actions(state, seat)[:4]:
                label = ui.action_label(view, seat, action)
                assert isinstance(label, str) and label.strip() and not label[0].islower(), (action, label)


def test_the_games_are_found_not_listed():
    assert [g.slug for g in registry.all_games()] == sorted(registry.game_packages())


def test_a_game_left_out_by_dojo_games_stays_off_the_lists_even_when_imported(monkeypatch):
    """DOJO_GAMES=a keeps only game a; a test that imports another game's package (its engine
    tests do) registers it, yet it must not join the run's lists of games."""
    import importlib

    packages = sorted(registry.game_packages() + registry.left_out_packages())
    kept = registry.all_games()[0].slug  # loaded already
    other = next(p for p in packages if p != kept)
    monkeypatch.setenv("DOJO_GAMES", kept)
    importlib.import_module(f"games.{other}")
    assert registry.left_out_packages() == [p for p in packages if p != kept]
    slugs = [g.slug for g in registry.all_games()]
    assert kept in slugs and other not in slugs
    with pytest.raises(KeyError):
        registry.get(other)
    monkeypatch.delenv("DOJO_GAMES")
    assert registry.get(other).slug == other and registry.left_out_packages() == []


def test_a_game_whose_ui_is_not_written_is_on_the_site_without_a_table(client, monkeypatch):
    """An engine may land before its ui: the game keeps its hub, offers no table, and its table
    address is a plain 404; the start-up check passes over it."""
    slug = GAMES[0]
    assert has_ui(slug)
    monkeypatch.setitem(sys.modules, f"games.ui.{slug}", None)  # as if games/ui/<slug>.py were absent
    assert not has_ui(slug) and slug not in [g.slug for g in site_games()]
    assert slug in [g.slug for g in registry.all_games()]
    assert check_game_uis() == []
    hub = client.get(f"/en/{slug}/")
    assert hub.status_code == 200 and f"/en/{slug}/play/" not in hub.content.decode()
    assert client.get(f"/en/{slug}/play/").status_code == 404


# --- typed controls ------------------------------------------------------------------------------
def _positions(slug, count=60):
    """(state, seat) where a seat decides, from seeded random play at each player count."""
    game = registry.get(slug)
    bot = RandomBot(game)
    out = []
    for players in sorted({min(game.player_counts), max(game.player_counts)}):
        rng = rng_for("controls", slug, players)
        state = game.new("controls", players)
        while game.to_move(state) and len(out) < count * players:
            for seat in sorted(game.to_move(state)):
                out.append((state, seat))
            seat = min(game.turn(state))
            state = game.apply(state, seat, bot.choose(game.view(state, seat), seat, rng))
    return out[:: max(1, len(out) // count)]


FIELD = re.compile(r'<(?:button|input)\b[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"')


@pytest.mark.parametrize("slug", GAMES)
def test_every_legal_action_can_be_made_on_the_board_and_reads_back(slug):
    """For every legal action there are form fields the board really draws (a button's value, a
    box to tick, a card to pick) and decode reads them back to an action the rules take as the
    same one."""
    ui = game_ui(slug)
    game = ui.game
    for state, seat in _positions(slug):
        view = game.view(state, seat)
        controls = ui.controls(game, view, seat)
        board = ui.board(view, seat, ui.seat_names(seat, game.players(state)))
        html = unescape(render_to_string(ui.board_template, {"board": board, "controls": controls,
                                                             "pack": ui.pack, "highlight": True}))
        drawn = set(FIELD.findall(html))
        for action in game.legal_actions(state, seat):
            fields = controls.form_for(action)
            assert fields is not None, f"{action} cannot be made on the board of {game.to_text(view)}"
            for name, value in fields.items():
                for v in value if isinstance(value, list) else [value]:
                    assert (name, v) in drawn, f"{action}: the board has no field {name}={v}"
            back = decode({k: v for k, v in fields.items()})
            assert game.check(state, seat, back), (action, back)
            assert sorted(back.cards) == sorted(action.cards) and back.kind == action.kind
            # Its whole text, as a lesson or a forged post sends it, reads back too.
            assert decode(encode(action)) == action


class _Form(HTMLParser):
    """The submit buttons of a drawn board (name, value, whether it completes ticks or picks) and
    its boxes to tick and cards to pick (name, value)."""

    def __init__(self, html):
        super().__init__()
        self.buttons, self.boxes = [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "button" and a.get("type") == "submit" and a.get("name"):
            self.buttons.append((a["name"], a.get("value", ""), "data-least" in a or "data-picks" in a))
        elif tag == "input" and a.get("type") in ("checkbox", "radio"):
            self.boxes.append((a["name"], a["value"]))


@pytest.mark.parametrize("slug", GAMES)
def test_a_button_that_makes_a_whole_action_makes_it_whatever_is_ticked(slug):
    """A board posts every box ticked and card picked whatever button is pressed: a button that
    takes no cards (done swapping, pick up the pile, a card, a place) makes its own action as it
    is, and the ticks go only to the button that completes them. Every button of every board met
    in seeded play, with whatever the board offers to tick or pick all ticked."""
    ui = game_ui(slug)
    game = ui.game
    pressed = 0
    for state, seat in _positions(slug, 120):
        view = game.view(state, seat)
        controls = ui.controls(game, view, seat)
        board = ui.board(view, seat, ui.seat_names(seat, game.players(state)))
        form = _Form(render_to_string(ui.board_template, {"board": board, "controls": controls,
                                                          "pack": ui.pack, "highlight": True}))
        ticked = {}
        for name, value in form.boxes:  # every box ticked, the first card of each pick chosen
            if name.startswith("pick"):
                ticked.setdefault(name, value)
            else:
                ticked.setdefault(name, []).append(value)
        for name, value, completes in form.buttons:
            if completes:
                continue
            pressed += 1
            action = decode({**ticked, name: value})
            assert action == game.parse_action(value), f"{value} with {ticked} posts {action} ({game.to_text(view)})"
    assert pressed, "no board offered a button"


def test_decode_refuses_what_is_not_an_action():
    from games.engine.rules import NotationError

    for form in ({}, {FIELD_ACTION: ""}, {FIELD_COMPLETE: "x", "cards": ["ZZ"]}, {FIELD_COMPLETE: "x", "pick0": "<b>"},
                 {FIELD_ACTION: ["a", "b"]}, {FIELD_ACTION: "x", "cards": ["7H"] * 61},
                 {FIELD_ACTION: "x", FIELD_COMPLETE: "y"}):
        with pytest.raises(NotationError):
            decode(form)
    assert str(decode({FIELD_COMPLETE: "x", "cards": ["7H", "7S"], "pick0": "AH"})) == "x:7H7SAH"
    assert str(decode({FIELD_ACTION: "x", "cards": ["7H", "7S"], "pick0": "AH"})) == "x"


def test_the_hint_mark_lands_on_what_makes_the_action():
    for slug in GAMES:
        ui = game_ui(slug)
        for state, seat in _positions(slug, 20):
            controls = ui.controls(ui.game, state, seat)
            legal = ui.game.legal_actions(state, seat)
            if not legal:
                continue
            controls.mark(legal[-1])
            assert "is-hint" in repr(controls), (slug, legal[-1])
    assert not Controls()


# --- the practice table ----------------------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_a_request_never_replays_more_than_a_snapshot_apart(slug, monkeypatch):
    """A long match is kept in snapshots (each deal's start, and every SNAPSHOT_EVERY actions), so
    the position of any request is reached by replaying a bounded number of actions."""
    game = registry.get(slug)
    client = Client()
    url = create(client, slug, max(game.player_counts))
    match = match_of(url)
    bots = {s: RandomBot(game) for s in range(match.table.players)}
    state, rng = match.state, rng_for("long", slug)
    moves, states = [], []
    while game.to_move(state) and len(moves) < 3 * SNAPSHOT_EVERY:
        seat = min(game.turn(state))
        action = bots[seat].choose(game.view(state, seat), seat, rng)
        state = game.apply(state, seat, action)
        moves.append((seat, action))
        states.append(state)
    assert match.record(moves, states)
    applied = []
    real = type(game).apply

    def counting(self, *args):
        applied.append(1)
        return real(self, *args)

    monkeypatch.setattr(type(game), "apply", counting)
    fresh = match_of(url)
    assert game.to_text(fresh.state) == game.to_text(state)
    assert len(applied) <= SNAPSHOT_EVERY
    assert client.get(url).status_code == 200


def _a_run_of_bot_moves(client):
    """A table where a move of the reader is answered by several bot moves (a game for three or
    more, or any game where it happens): its url and the match just after that move."""
    for slug in sorted(GAMES, key=lambda s: -max(registry.get(s).player_counts)):
        game = registry.get(slug)
        url = create(client, slug, max(game.player_counts), seed="frames")
        rng = random.Random(1)
        for _ in range(300):
            match = match_of(url)
            if match.table.shown == match.length and match.reader_awaited():
                legal = game.legal_actions(match.view(), match.human)
                response = client.post(url + "act/", form_for(match, rng.choice(legal)), **HX)
                after = match_of(url)
                if after.length - after.table.shown >= 2:
                    return url, after, response.content.decode()
            elif not game.to_move(match.state):
                break
            else:
                advance(client, url, match)
    pytest.skip("no game answers a move with several bot moves")


@pytest.mark.django_db
def test_the_bots_moves_are_shown_one_at_a_time_and_none_ahead():
    client = Client()
    url, match, html = _a_run_of_bot_moves(client)
    shown = match.table.shown
    assert f'data-at="{shown}"' in html and 'class="frame-timer"' in html
    # Asking for a move further on shows only the next one: nothing can be seen ahead of time.
    html = client.get(url + f"?at={match.length}", **HX).content.decode()
    assert f'data-at="{shown + 1}"' in html and table_of(url).shown == shown + 1
    # A page without JavaScript shows every move at once, each told in the story.
    page = client.get(url).content.decode()
    assert table_of(url).shown == match.length and f'data-at="{match.length}"' in page
    story = re.search(r'<ol>(.*?)</ol>', page.split('class="table-log"')[1], re.DOTALL).group(1)
    # The story is the deal's: count the moves since the deal in progress began.
    game = match.game
    deal = game.deal_number(match.state)
    start = next(i for i in range(match.length + 1) if game.deal_number(match.state_at(i)) == deal)
    assert story.count("<li") >= min(match.length - start, 30)


@pytest.mark.django_db
def test_undo_counts_what_the_reader_was_shown():
    client = Client()
    url, match, _html = _a_run_of_bot_moves(client)
    index = match.last_human_decision()
    before = match.revealed_since(index)  # only the moves on his screen so far
    client.get(url)  # now every move is shown
    after = match_of(url)
    seen = after.revealed_since(index)
    assert set(before) <= set(seen)
    response = client.post(url + "undo/", {"version": after.table.version})
    assert response.status_code == (409 if seen else 302)
    assert (table_of(url).actions == after.table.actions) == bool(seen)


@pytest.mark.django_db
def test_a_stale_tab_cannot_move_the_reader_back_or_ahead():
    client = Client()
    url, match, _html = _a_run_of_bot_moves(client)
    stale = {"version": match.table.version - 1, "at": match.table.shown, FIELD_ACTION: "x"}
    assert client.post(url + "act/", stale).status_code == 409
    assert table_of(url).actions == match.table.actions


# --- each game's own stylesheet ------------------------------------------------------------------
def test_a_game_styles_its_board_in_its_own_stylesheet(client):
    """static/css/games/<slug>.css is linked from that game's pages only, and no shared stylesheet
    has a rule for one game."""
    from django.contrib.staticfiles import finders

    shared = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "static" / "css").glob("*.css"))
    for slug in GAMES:
        assert f".board-{slug}" not in shared, slug
        own = f"css/games/{slug}.css"
        page = client.get(f"/en/{slug}/play/").content.decode()
        assert (own in page) == bool(finders.find(own)), slug
        for other in GAMES:
            if other != slug:
                assert f"css/games/{other}.css" not in page
    assert "css/games/" not in client.get("/en/").content.decode()


# --- a card to move, then its place -----------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_card_then_place_script_comes_with_its_words_in_the_page_language(client, lang):
    """static/js/pick.js says what is chosen and where it may go: its words are attributes of its
    script element, translated, with the card and the places left for the script to fill in."""
    html = client.get(f"/{lang}/").content.decode()
    script = re.search(r'<script src="[^"]*/js/pick\.js"[^>]*>', html)
    assert script, "every page loads pick.js"
    words = {k: unescape(v) for k, v in re.findall(r'data-([a-z]+)="([^"]*)"', script.group(0))}
    assert set(words) == {"hint", "chosen", "nowhere", "places", "refused"}
    assert all("%(card)s" in words[k] for k in ("chosen", "nowhere", "places"))
    assert all("%(places)s" in words[k] for k in ("chosen", "places"))
    japanese = [bool(re.search(r"[\u3040-\u30ff]", v)) for v in words.values()]
    assert all(japanese) if lang == "ja" else not any(japanese)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_addresses_a_table_posts_to_lead_back_to_it_when_opened(slug):
    """Reloading after a refused move (without JavaScript the address bar shows …/act/), or opening
    that address again, leads back to the table instead of a 405."""
    client = Client()
    url = create(client, slug, min(registry.get(slug).player_counts))
    for part in ("act/", "step/", "undo/"):
        response = client.get(url + part)
        assert response.status_code == 302 and response["Location"] == url, part


def test_a_deal_code_is_made_only_for_options_it_can_bring_back():
    """A table whose option has a value the form does not offer (bench's longer matches) has no
    code, instead of failing when the match ends; every other table's code reads back."""
    from games.table.codes import deal_code, read_deal_code

    tried = 0
    for slug in GAMES:
        game = registry.get(slug)
        players = min(game.player_counts)
        assert read_deal_code(game, deal_code(game, "abcdefgh", players, {}))[:2] == ("abcdefgh", players)
        for name, values in game.option_choices().items():
            if not all(type(v) is int for v in values):
                continue
            for other in (n for n in range(1, 12) if n not in values):
                try:
                    game.options({name: other})
                except ValueError:
                    continue
                assert deal_code(game, "abcdefgh", players, {name: other}) is None
                tried += 1
    assert tried


@pytest.mark.parametrize("slug", GAMES)
def test_bench_times_a_bots_whole_turn_to_its_end(slug):
    """`make bench` times a bot's whole turn (every decision it makes in a row): the run stops
    exactly when another seat is to move or the match is over, never before."""
    from games.engine.play import bot_levels
    from games.management.commands.bench import positions, whole_turn

    game = registry.get(slug)
    club = bot_levels(game)["club"](game)
    for n, (state, seat) in enumerate(positions(game, 6, min(game.player_counts))):
        made, after = whole_turn(game, club, state, seat, random.Random(n))
        assert made >= 1
        assert not game.to_move(after) or min(game.turn(after)) != seat


def test_the_arena_plays_with_the_options_it_is_given_and_refuses_unknown_ones():
    """`arena --options name=value` sets up every match with them (and says so), two players or
    more; an option the game does not have is refused before any match is played."""
    from io import StringIO

    from django.core.management import call_command
    from django.core.management.base import CommandError

    tried = 0
    for slug in GAMES:
        game = registry.get(slug)
        if not game.option_choices():
            continue
        name, values = next(iter(game.option_choices().items()))
        for players in sorted({min(game.player_counts), max(game.player_counts)}):
            out = StringIO()
            call_command("arena", slug, "--a", "club", "--b", "beginner", "--matches", "2", "--jobs", "1",
                         "--players", str(players), "--options", f"{name}={values[-1]}", stdout=out,
                         stderr=StringIO())
            assert f"{name}={values[-1]}" in out.getvalue() and "2 matches" in out.getvalue()
            tried += players > 2
        with pytest.raises(CommandError, match="no option"):
            call_command("arena", slug, "--matches", "2", "--options", "no_such_option=1")
    assert tried, "no game of more than two players was tried"


def test_the_arena_measures_a_game_of_chips_in_chips_won_per_deal():
    """In a game played with chips the arena reports the level-a seat's chips won per deal with its
    95% interval, and the chips it reports balance: what the a seats won, the b seats and the pot
    lost (checked on the matches themselves)."""
    import re
    from io import StringIO

    from django.core.management import call_command

    from games.management.commands import arena

    chip_games = [registry.get(g.slug) for g in registry.all_games()
                  if g.chips(g.new("x", g.player_counts[0])) is not None]
    if not chip_games:
        pytest.skip("no game played with chips in this run")
    for game in chip_games:
        players = game.player_counts[0]
        out = StringIO()
        call_command("arena", game.slug, "--a", "club", "--b", "beginner", "--matches", "4", "--jobs", "1",
                     "--players", str(players), stdout=out, stderr=StringIO())
        m = re.search(r"club seat won ([-+][\d.]+) chips a deal \(95% interval ([-+][\d.]+) to ([-+][\d.]+)\)",
                      out.getvalue())
        assert m, out.getvalue()
        mean, low, high = map(float, m.groups())
        assert low <= mean <= high
        rows = [arena._one((game.slug, "club", "beginner", i, "arena", players, {})) for i in range(4)]
        a_means = [chips[seats.index("club")] for seats, _w, (_s, chips) in rows]
        assert round(sum(a_means) / 4, 3) == round(mean, 3)
    assert arena.mean_interval([1.0, 3.0]) == (2.0, 2.0 - 1.96, 2.0 + 1.96)


def test_a_games_own_test_files_are_left_out_with_the_game(monkeypatch):
    """DOJO_GAMES=a: the test files named after another game are not collected; generic ones are."""
    from tests.conftest import left_out_test_file

    packages = sorted(registry.game_packages() + registry.left_out_packages())
    kept, other = packages[0], packages[-1]
    monkeypatch.delenv("DOJO_GAMES", raising=False)
    assert not left_out_test_file(f"test_{other}_ui.py")
    monkeypatch.setenv("DOJO_GAMES", kept)
    assert left_out_test_file(f"test_{other}_ui.py") and left_out_test_file(f"test_{other}.py")
    assert not left_out_test_file(f"test_{kept}_ui.py") and not left_out_test_file("test_platform.py")
    assert not left_out_test_file(f"test_{other}s_and_more.py")


def test_a_game_registered_by_a_test_can_be_taken_off_again():
    class Extra(type(registry.all_games()[0])):
        slug = "extra-for-a-test"

    registry.register(Extra())
    assert registry.get("extra-for-a-test").slug == "extra-for-a-test"
    registry.unregister("extra-for-a-test")
    assert "extra-for-a-test" not in [g.slug for g in registry.all_games()]
    with pytest.raises(KeyError):
        registry.get("extra-for-a-test")


def test_a_games_content_may_live_in_a_folder_of_its_own(monkeypatch, tmp_path):
    """content.FOLDERS (empty on the site) puts a game's content elsewhere: its lessons and puzzles
    are read from there."""
    from tutorials import content, lessons, puzzles

    slug = registry.all_games()[0].slug
    assert content.FOLDERS == {} and content.game_dir(slug) == content.ROOT / slug
    (tmp_path / "lessons").mkdir()
    monkeypatch.setitem(content.FOLDERS, slug, tmp_path)
    assert content.game_dir(slug) == tmp_path
    assert list(lessons.lesson_files(slug)) == [] and puzzles._path(slug) == tmp_path / "puzzles.toml"


def test_a_game_left_out_by_dojo_games_shows_no_content(client, monkeypatch):
    """Its ui module exists, but without its engine in the run its rules and lessons are not
    published (no page that would fail for want of the engine)."""
    from tutorials import content

    kept = registry.all_games()[0].slug
    other = next((p for p in sorted(registry.game_packages() + registry.left_out_packages()) if p != kept))
    assert content.published(kept) and content.published(other) == (other not in registry.left_out_packages())
    monkeypatch.setenv("DOJO_GAMES", kept)
    assert content.published(kept) and not content.published(other) and not content.has_rules(other)
    assert client.get(f"/en/{other}/rules/").status_code == 404


def test_game_addresses_are_tried_first_and_match_only_games(toy):
    """<game:…> matches a game of the catalogue or the registry (the toy game, registered by this
    test, too) and nothing else, so the games' patterns can come first without catching another
    app's addresses."""
    from django.urls import Resolver404, resolve
    from django.utils import translation

    from games.catalogue import CATALOGUE

    with translation.override("en"):
        for slug in [g.slug for g in CATALOGUE] + [toy]:
            assert resolve(f"/en/{slug}/").url_name == "game-hub"
            assert resolve(f"/en/{slug}/rules/").url_name == "rules"
        assert resolve("/en/clubs/").url_name == "my-clubs"
        assert resolve("/en/people/").url_name == "people-enter"
        with pytest.raises(Resolver404):
            resolve("/en/no-such-game/")
        with pytest.raises(Resolver404):
            resolve("/en/no-such-game/rules/")
