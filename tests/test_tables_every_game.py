"""The practice table of every game that has one, at every number of players it is played by:
whole matches through the HTTP views as htmx makes them, with nothing the reader may not see ever on
a page, undo that never shows what was hidden, and a replay of each finished deal with every hand
open. A game joins by having a practice table (games/ui/<game>.py and its board template).
"""

import random
import re
from collections import Counter
from html import unescape

import pytest

from tests.compiled import ensure_compiled
from tests.tables import HX, advance, create, form_for, match_of, quick, tables

pytestmark = pytest.mark.django_db

DATA_CARD = re.compile(r'data-card="([^"]+)"')
# Any attribute whose whole value is one card code (value="7H", data-card="7H", ...).
CARD_ATTR = re.compile(r'="([2-9TJQKA][SHDC]|X[12]|[1-9RSC][OCEB]|1[0-2][OCEB])"')

TABLES = tables()  # each game at its fewest and most players
EVERY_COUNT = tables(every_count=True)


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def visible_cards(match, at=None):
    zones = match.game.zones(match.view(at))
    return Counter(c for cards in zones.values() for c in cards if c is not None)


def hidden_cards(match, at=None):
    at = match.length if at is None else at
    return set(match.game.hidden_cards(match.state_at(at), match.human))


def assert_shows_nothing_hidden(html, match, at=None):
    """Nothing on the page the reader may not see at the position shown (`at`, the reader's
    shown position by default)."""
    at = match.table.shown if at is None else at
    shown = set(DATA_CARD.findall(html)) - {"?"}
    visible = set(visible_cards(match, at))
    assert shown <= visible, f"hidden cards on the page: {sorted(shown - visible)}"
    # A code may be hidden in one place and seen in another (two packs): only codes never seen leak.
    leaked = set(CARD_ATTR.findall(html)) & (hidden_cards(match, at) - visible)
    assert not leaked, f"hidden card codes in the page's attributes: {sorted(leaked)}"


@pytest.mark.parametrize("seed", ["leak1", "leak2"])
@pytest.mark.parametrize("slug,players", EVERY_COUNT)
def test_a_whole_match_shows_the_reader_only_what_it_may_see(client, slug, players, seed):
    url = create(client, slug, players, seed=seed, **quick(slug))
    assert match_of(url).table.seed == seed
    rng = random.Random(f"{slug}{players}")
    for _ in range(6000):
        match = match_of(url)
        game, table = match.game, match.table
        if not game.to_move(match.state) and table.shown == match.length:
            break
        if table.shown == match.length and match.reader_awaited():
            legal = game.legal_actions(match.view(), match.human)
            action = rng.choice(legal)
            response = client.post(url + "act/", form_for(match, action), **HX)
            assert response.status_code == 200
            html = response.content.decode()
            after = match_of(url)
            assert after.table.version == table.version + 1, html[:3000]
            assert after.table.actions[:match.length + 1] == table.actions + [[match.human, str(action)]]
            assert_shows_nothing_hidden(html, after)
            # Now and then, take the decision back: allowed only if it showed nothing new, and the
            # page afterwards still shows nothing hidden.
            if rng.random() < 0.1 and 'action="' + url + 'undo/"' in html:
                response = client.post(url + "undo/", {"version": after.table.version}, **HX)
                assert response.status_code == 200
                back = match_of(url)
                if len(back.table.actions) < len(after.table.actions):
                    # Taken back to just before the decision (an undo is itself a new version).
                    assert back.table.actions == table.actions and back.state == match.state
                    assert back.table.version == after.table.version + 1
                else:
                    # Refused (it showed new cards), and nothing changed.
                    assert back.table.actions == after.table.actions
                    assert back.table.version == after.table.version
                assert_shows_nothing_hidden(response.content.decode(), back)
        else:
            response = advance(client, url, match)
            assert response.status_code == 200
            after = match_of(url)
            assert after.table.shown > table.shown or after.table.version == table.version + 1
            assert_shows_nothing_hidden(response.content.decode(), after)
    else:
        pytest.fail("the match did not end")
    match = match_of(url)
    assert match.table.finished
    html = client.get(url).content.decode()
    assert 'class="match-result' in html and f"{slug}-" in html  # the deal code, now the match is over
    outcome = match.game.outcome(match.state)
    if match.human not in outcome.winners:  # "Player 2 wins", "Player 2, Player 3 win": number agrees
        verb = "wins the match" if len(outcome.winners) == 1 else "win the match"
        assert ", ".join(match.names[s] for s in outcome.winners) + " " + verb in html
    # Every finished deal replays with every card of every player shown, at every step.
    for deal in match.finished_deals():
        first, last = match.deal_span(deal)
        for step in sorted({0, (last - first) // 2, last - first}):
            replay = client.get(url + f"replay/?deal={deal}&step={step}")
            assert replay.status_code == 200
            state = match.state_at(first + step)
            zones = match.game.zones(state)
            held = Counter(c for name, cards in zones.items() if name in match.game.held_zones(state) for c in cards)
            shown = Counter(DATA_CARD.findall(replay.content.decode()))
            assert not held - shown, f"step {step}: a player's card is not shown: {sorted(held - shown)}"


@pytest.mark.parametrize("slug,players", TABLES)
def test_a_hint_at_every_decision_of_a_whole_match(client, slug, players):
    """Regression (a Shithead hint answered 500): at every decision of a seeded match, at the
    game's fewest and most players, the hint answers 200 and names a legal action."""
    url = create(client, slug, players, seed="hints", **quick(slug))
    rng = random.Random(slug)
    hints = 0
    for _ in range(6000):
        match = match_of(url)
        if not match.game.to_move(match.state) and match.table.shown == match.length:
            break
        if match.table.shown == match.length and match.reader_awaited():
            response = client.get(url + "?hint=1", **HX)
            assert response.status_code == 200, response.content.decode()[-3000:]
            legal = match.game.legal_actions(match.view(), match.human)
            found = re.search(r'data-hint="([^"]+)"', response.content.decode())
            if len(legal) > 1:
                # The attribute is escaped HTML: an action naming a target reads "move:QH@house.3&gt;…".
                hinted = match.game.parse_action(unescape(found.group(1))) if found else None
                assert hinted is not None and match.game.check(match.view(), match.human, hinted)
                hints += 1
            response = client.post(url + "act/", form_for(match, rng.choice(legal)), **HX)
            assert response.status_code == 200
        else:
            assert advance(client, url, match).status_code == 200
    else:
        pytest.fail("the match did not end")
    assert hints > 0


@pytest.mark.parametrize("slug,players", TABLES)
def test_another_browser_sees_nothing_of_the_table(client, slug, players):
    from django.test import Client

    url = create(client, slug, players)
    other = Client()
    for path in ("", "replay/", "?hint=1"):
        assert other.get(url + path).status_code == 404
    for path in ("act/", "step/", "undo/"):
        assert other.post(url + path, {"version": 0, "action": "pickup"}).status_code in (403, 404)


# --- lessons and puzzles ------------------------------------------------------------------------
def _learning_pages():
    from games.engine import registry
    from tutorials import lessons, puzzles
    from tutorials.lessons import step_states

    out = []
    for game in registry.all_games():
        for lesson in lessons.lessons(game.slug):
            for n, step in enumerate(lesson.steps, start=1):
                if not step.open:
                    states = step_states(game.slug, step)
                    out.append((f"/en/{game.slug}/lessons/{lesson.id}/{n}/", game.slug, states, step.seat))
        for p in puzzles.puzzles(game.slug):
            if not p.open:
                out.append((f"/en/{game.slug}/puzzles/{p.id}/", game.slug, [game.from_text(p.position)], p.seat))
    return out


@pytest.mark.parametrize("path,slug,states,seat", _learning_pages(), ids=lambda v: v if isinstance(v, str) else "")
def test_lesson_steps_and_puzzles_show_only_the_learners_cards(client, path, slug, states, seat):
    """A step that is not open shows, in any of the positions it passes through (its scripted
    line), only what the learner's seat sees there."""
    from games.engine import registry

    game = registry.get(slug)
    html = client.get(path).content.decode()
    visible = {c for state in states for cards in game.zones(game.view(state, seat)).values()
               for c in cards if c is not None}
    every = {c for cards in game.zones(states[0]).values() for c in cards if c is not None}
    shown = set(DATA_CARD.findall(html)) - {"?"}
    leaked = (shown | set(CARD_ATTR.findall(html))) & (every - visible)
    assert not leaked, f"{path}: hidden cards on the page: {sorted(leaked)}"
