"""Learning from a finished deal: the replay's list of moves, the review of the reader's decisions
without hindsight (games/table/review.py and each game's expert ``values``), a practice table opened
at one of those decisions, and a finished deal shared read-only. Every game with a practice table."""

import random
import re
from collections import Counter
from html import unescape

import pytest
from django.test import Client

from games.engine.bots import Evaluation
from games.engine.rng import rng_for
from games.models import DealReview, SharedDeal, Table
from games.table import review as reviews
from games.table import views as table_views
from games.table.match import Match
from games.ui import game_ui, site_games
from tests.compiled import ensure_compiled
from tests.tables import HX, advance, create, form_for, match_of, table_of

pytestmark = pytest.mark.django_db

GAMES = [g.slug for g in site_games()]
DATA_CARD = re.compile(r'data-card="([^"]+)"')


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def play_until(client, url, done, seed="review"):
    """Play at the table through its views until done(match); returns the match. The reader plays
    as the club bot would, from his view: a reader choosing at random makes some games' deals last
    for thousands of moves (Crapette's cards go round the houses)."""
    rng = random.Random(seed)
    reader = None
    for _ in range(3000):
        match = match_of(url)
        if done(match):
            return match
        if match.table.shown == match.length and match.reader_awaited():
            reader = reader or match.ui.levels["club"](match.game)
            action = reader.choose(match.view(), match.human, rng)
            assert client.post(url + "act/", form_for(match, action), **HX).status_code == 200
        else:
            assert advance(client, url, match).status_code == 200
    pytest.fail("the table never got there")


def first_deal_over(client, slug, seed="review"):
    url = create(client, slug, seed=seed)
    return url, play_until(client, url, lambda m: 1 in m.finished_deals(), seed)


def weighed_decision(match, deal=1):
    """The index of a decision of the reader that the expert weighs (more than one choice)."""
    bot = match.ui.levels[reviews.REVIEW_LEVEL](match.game)
    for i in reviews.decisions(match, deal):
        view = match.view(i)
        if bot.values(view, match.human, rng_for("probe", i)) is not None:
            return i
    return None


# --- the expert's values ------------------------------------------------------------------------
@pytest.mark.parametrize("slug", GAMES)
def test_the_expert_values_a_decision_from_the_view_alone_in_paired_worlds(client, slug):
    url, match = first_deal_over(client, slug)
    game = match.game
    bot = match.ui.levels["expert"](game)
    i = weighed_decision(match)
    assert i is not None, "no decision of the deal was weighed"
    view = match.view(i)
    legal = game.legal_actions(view, match.human)
    chosen = reviews.legal_form(game, view, match.human, game.parse_action(match.table.actions[i][1]))
    evaluation = bot.values(view, match.human, rng_for("x", 1), include=(chosen,))
    assert isinstance(evaluation, Evaluation)
    assert chosen in evaluation.samples and set(evaluation.samples) <= set(legal)
    assert evaluation.worlds > 1 and {len(v) for v in evaluation.samples.values()} == {evaluation.worlds}
    # The same rng, the same values; the view is all it is given (the real hidden cards play no part).
    assert bot.values(view, match.human, rng_for("x", 1), include=(chosen,)) == evaluation
    other = game.determinize(view, match.human, rng_for("another deal", 2))
    assert game.view(other, match.human) == view
    best = evaluation.best()
    cost, error = evaluation.cost(best)
    assert cost == 0 and error == 0
    assert all(evaluation.cost(a)[0] >= 0 for a in evaluation.samples)


def test_an_evaluation_measures_a_cost_against_the_best_in_the_same_worlds():
    from games.engine.actions import Action

    a, b = Action("stand"), Action("propose")
    evaluation = Evaluation({a: (1.0, 1.0, -1.0, 2.0), b: (1.0, 0.0, -1.0, 1.0)})
    assert evaluation.best() == a and evaluation.worlds == 4
    cost, error = evaluation.cost(b)
    assert cost == pytest.approx(0.5) and error == pytest.approx(((1 / 3) / 4) ** 0.5)
    with pytest.raises(ValueError):
        Evaluation({a: (1.0,), b: (1.0, 2.0)})


# --- the review -----------------------------------------------------------------------------------
class DealtOtherwise(Match):
    """The same table, with every position's hidden cards dealt otherwise: what the reader saw is
    the same at every step, what he could not see is not."""

    def state_at(self, index):
        real = super().state_at(index)
        view = self.game.view(real, self.human)
        return self.game.determinize(view, self.human, rng_for("otherwise", index))


@pytest.mark.parametrize("slug", GAMES)
def test_the_review_never_uses_the_hidden_cards(client, slug):
    """With the hidden cards dealt otherwise at every decision, the review is the same: it is made
    from what the reader could see. A review made with hindsight (the old one solved the real
    position) changes."""
    url, match = first_deal_over(client, slug)
    real = reviews.review(match, 1, seconds=60)
    assert real.complete and real.total == len(reviews.decisions(match, 1)) > 0
    assert any(v["kind"] == "weighed" for v in real.verdicts.values())
    DealReview.objects.all().delete()
    other = DealtOtherwise(table_of(url), match.ui)
    assert any(other.state_at(i) != match.state_at(i) for i in real.verdicts)
    assert reviews.review(other, 1, seconds=60).verdicts == real.verdicts


@pytest.mark.parametrize("slug", GAMES)
def test_the_review_is_stored_filled_a_slice_at_a_time_and_reproducible(client, slug):
    url, match = first_deal_over(client, slug)
    total = len(reviews.decisions(match, 1))
    first = reviews.review(match, 1, seconds=1e-9)  # the least slice: one decision
    assert first.done == 1 and not first.complete or total == 1
    assert reviews.review(match, 1, seconds=0).done == first.done  # only what is stored
    row = DealReview.objects.get(table=match.table, deal=1)
    assert row.done == first.done and row.total == total
    whole = reviews.review(match, 1, seconds=60)
    assert whole.complete and whole.done == total
    # Made again from nothing, the same verdicts (seeded by what the reader saw).
    DealReview.objects.all().delete()
    assert reviews.review(match, 1, seconds=60).verdicts == whole.verdicts
    # A review made of other actions (its key no longer matches) is started afresh.
    DealReview.objects.filter(table=match.table).update(key="old")
    assert reviews.review(match, 1, seconds=1e-9).done == 1


def test_the_costliest_decisions_are_marked_clear_losses_first():
    verdicts = {
        3: {"kind": "weighed", "cost": 0.5, "error": 0.4},  # larger, but too close to call
        5: {"kind": "weighed", "cost": 0.3, "error": 0.05},
        7: {"kind": "weighed", "cost": 0.2, "error": 0.0},
        9: {"kind": "weighed", "cost": 0.0, "error": 0.0},
        11: {"kind": "forced"},
        13: {"kind": "weighed", "cost": 0.1, "error": 0.01},
    }
    review = reviews.Review(total=6, verdicts=verdicts)
    assert review.marked() == {5: 1, 7: 2, 13: 3}
    assert reviews.Review(total=7, verdicts=verdicts).marked() == {}  # not before it is complete


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_figures_have_the_precision_their_worlds_give_them(lang):
    """An average over sampled deals is rounded to its standard error and said with it; one deal
    measures no error, so it is never "± 0"; where every deal agreed (no error) the value stands."""
    from django.utils import translation

    with translation.override(lang):
        about_80 = reviews.figure(79.83, 13.17, 40, "points")
        assert about_80 == {"en": "about 80 points, ± 13", "ja": "約80点（±13）"}[lang]
        assert reviews.figure(3.95, 0.8608, 40, "points") == {"en": "about 4.0 points, ± 0.9",
                                                               "ja": "約4.0点（±0.9）"}[lang]
        assert reviews.figure(0.6, 0.1468, 40, "points").endswith({"en": "0.60 points, ± 0.15",
                                                                    "ja": "0.60点（±0.15）"}[lang])
        assert reviews.figure(80, 25, 40, "points").endswith({"en": "80 points, ± 30", "ja": "80点（±30）"}[lang])
        assert reviews.figure(0.123, 0.04, 16, "finish") == {
            "en": "about 0.12 on the finishing scale, ± 0.04", "ja": "順位の尺度で約0.12（±0.04）"}[lang]
        assert reviews.figure(0.84, 0.21, 500, "chips") == {"en": "about 0.8 chips, ± 0.2",
                                                              "ja": "約0.8枚（±0.2）"}[lang]
        assert reviews.figure(1, 0.0, 3, "chips") == {"en": "1 chip", "ja": "1枚"}[lang]
        one = reviews.figure(12.5, 0.0, 1, "points")
        assert "±" not in one and one == {"en": "about 12.5 points", "ja": "約12.5点"}[lang]
        assert reviews.figure(5, 0.0, 4, "points") == {"en": "5 points", "ja": "5点"}[lang]
    assert [reviews.places(e) for e in (13.17, 0.8608, 0.1468, 2.1, 25, 9.6, 0.0)] == [0, 1, 2, 0, -1, 0, None]
    assert reviews.number(-3.25, 1) == "\u22123.3" and reviews.number(-0.04, 1) == "0.0"
    # The move list's short cost, and a loss in one deal: never clear, whatever its size.
    assert reviews.short_cost({"cost": 79.83, "error": 13.17, "worlds": 40}) == "80"
    assert not reviews.clear({"cost": 50.0, "error": 0.0, "worlds": 1})
    assert reviews.clear({"cost": 5.0, "error": 0.0, "worlds": 4})


@pytest.mark.parametrize("slug", GAMES)
def test_a_practice_table_at_a_reviewed_decision_hints_the_reviews_best(client, slug):
    """The review said what the expert would rather do at a decision; opened there as a practice
    table, the hint gives that same choice, and says it is the review's."""
    url, match = first_deal_over(client, slug)
    review = reviews.review(match, 1, seconds=60)
    i = next(i for i, v in review.verdicts.items() if v["kind"] == "weighed")
    practice_url = client.post(url + "practice/", {"at": i})["Location"]
    html = client.get(practice_url + "?hint=1", **HX).content.decode()
    practice = match_of(practice_url)
    game, view = practice.game, practice.view()

    def legal(text):
        return reviews.legal_form(game, view, practice.human, game.parse_action(text))

    assert legal(unescape(re.search(r'data-hint="([^"]+)"', html).group(1))) == legal(review.verdicts[i]["best"])
    assert f"over {review.verdicts[i]['worlds']} deals you could not rule out, in the review of your deal" in html
    assert "The expert would" in html


# --- the replay -----------------------------------------------------------------------------------
def move_list(html):
    return re.search(r'<ol class="move-list"[^>]*>(.*?)</ol>', html, re.S).group(1)


@pytest.mark.parametrize("slug", GAMES)
def test_the_replay_lists_every_move_as_a_link_to_the_position_before_it(client, slug, monkeypatch):
    url, match = first_deal_over(client, slug)
    first, last = match.deal_span(1)
    steps = last - first
    monkeypatch.setattr(table_views, "MOVE_PAGE", steps)  # the whole deal on one page of the list
    html = client.get(url + "replay/?deal=1&step=2").content.decode()
    moves = move_list(html)
    links = re.findall(r'href="([^"]+)"', moves)
    assert [link.replace("&amp;", "&") for link in links] == [
        f"{url}replay/?deal=1&step={k}" for k in range(steps)] + [f"{url}replay/?deal=1&step={steps}"]
    assert len(re.findall(r'aria-current="step"', moves)) == 1
    assert re.search(r'step=2"\s+aria-current="step"', moves.replace("&amp;", "&"))
    # Each move is told as the table told it, the reader's own marked as his.
    assert moves.count('class="is-mine') == len(reviews.decisions(match, 1))
    # Keys: Home and End as well as ← and →, from replay.js (not the table's script).
    assert 'data-replay-key="first"' in html and 'data-replay-key="last"' in html
    assert "/static/js/replay.js" in html


@pytest.mark.parametrize("slug", GAMES)
def test_the_replay_says_which_cards_it_opens(client, slug):
    """The replay opens every player's cards, not the cards nobody holds yet: its note says so, and
    says that those stay face down exactly where the board draws a card face down."""
    url, match = first_deal_over(client, slug)
    first, last = match.deal_span(1)
    for step in sorted({0, 1, (last - first) // 2, last - first}):
        for lang, opened, undealt in (("en", "Every player's cards are open here", "not yet dealt stay face down"),
                                      ("ja", "どのプレイヤーの札も表向き", "まだ配られていない札は伏せたまま")):
            html = client.get(url.replace("/en/", f"/{lang}/") + f"replay/?deal=1&step={step}").content.decode()
            note = re.search(r'<p class="replay-note">(.*?)</p>', html, re.S).group(1)
            assert opened in note and "Every card is open" not in note
            assert (undealt in note) == ('data-card="?"' in html), (step, note)


def test_a_long_deal_lists_its_moves_a_page_at_a_time(client, monkeypatch, toy):
    """A page of the list holds the step shown, with links to the moves before and after it: a
    deal of thousands of moves (Crapette) does not make a page of megabytes. Following the pages
    lists every move once."""
    url, match = first_deal_over(client, toy)  # the toy's short deal, listed two moves a page
    first, last = match.deal_span(1)
    steps = last - first
    size = 2
    assert steps > 2 * size
    monkeypatch.setattr(table_views, "MOVE_PAGE", size)
    html = client.get(url + f"replay/?deal=1&step={size + 1}").content.decode()
    moves = move_list(html)
    assert re.findall(r'step=(\d+)"', moves.replace("&amp;", "&")) == [str(k) for k in range(size - 1, 2 * size + 1)]
    assert f"↑ {size} earlier moves" in moves and f"↓ {steps - 2 * size} later moves" in moves
    assert re.search(r'data-steps="(\d+)"', html).group(1) == str(steps)
    assert f"{steps} moves" in html  # the summary counts the whole deal
    listed, step = [], 0
    for _ in range(steps):
        page = move_list(client.get(url + f"replay/?deal=1&step={step}").content.decode()).replace("&amp;", "&")
        shown = [int(k) for k in re.findall(r'<li class="(?!move-)[^"]*"><a href="[^"]*step=(\d+)"', page)]
        assert len(shown) <= size
        listed += shown
        later = re.search(r'step=(\d+)" rel="next"', page)
        if later is None:
            assert "The deal is over." in page
            break
        step = int(later.group(1))
    assert listed == list(range(steps))


@pytest.mark.parametrize("slug", GAMES)
def test_the_replay_shows_the_review_and_its_progress(client, slug, monkeypatch):
    url, match = first_deal_over(client, slug)
    total = len(reviews.decisions(match, 1))
    monkeypatch.setattr(reviews, "SLICE", 1e-9)  # one decision per request
    html = client.get(url + "replay/?deal=1").content.decode()
    if total > 1:
        # Not done: the page says how far it has got, asks again by itself (htmx) or by a reload.
        assert f'<progress max="{total}" value="1">' in html
        assert 'hx-get="' in html and 'hx-target="#replay"' in html
        fragment = client.get(url + "replay/?deal=1&step=0", **HX).content.decode()
        assert "<html" not in fragment and 'id="replay"' in fragment
        assert f'value="2"' in fragment
    monkeypatch.setattr(reviews, "SLICE", 60)
    monkeypatch.setattr(table_views, "MOVE_PAGE", len(match.table.actions))  # every move on one page of the list
    html = client.get(url + "replay/?deal=1").content.decode()
    assert "<progress" not in html and 'hx-get="' not in html
    review = reviews.review(match, 1, seconds=0)
    marked = review.marked()
    assert html.count('class="move-rank"') == len(marked) <= reviews.MARKED
    # At a decision the expert weighed, what it would have chosen and what the choice cost.
    i = weighed_decision(match)
    first, _last = match.deal_span(1)
    html = client.get(url + f"replay/?deal=1&step={i - first}").content.decode()
    verdict = review.verdicts[i]
    view = match.view(i)
    assert 'class="review-verdict is-weighed' in html
    assert f"over {verdict['worlds']} deal" in html
    described = match.ui.describe(view, match.human, match.game.parse_action(verdict["best"]))
    assert described.replace("'", "&#x27;") in html
    assert f'name="at" value="{i}"' in html  # practise from this moment


# --- practising from a moment ---------------------------------------------------------------------
@pytest.mark.parametrize("slug", GAMES)
def test_a_decision_opens_as_a_practice_table_that_cannot_be_undone_past_its_start(client, slug):
    url, match = first_deal_over(client, slug)
    i = reviews.decisions(match, 1)[-1]
    response = client.post(url + "practice/", {"at": i})
    assert response.status_code == 302
    new_url = response["Location"]
    copy = table_of(new_url)
    old = match.table
    assert copy.token != old.token and copy.owner == old.owner
    same = ("seed", "players", "options", "level", "human_seat")
    assert [getattr(copy, f) for f in same] == [getattr(old, f) for f in same]
    assert copy.actions == old.actions[:i] and copy.start == copy.shown == i
    practice = match_of(new_url)
    assert practice.state == match.state_at(i) and practice.reader_awaited()
    html = client.get(new_url).content.decode()
    assert 'action="' + new_url + 'undo/"' not in html
    response = client.post(new_url + "undo/", {"version": copy.version})
    assert response.status_code == 409 and match_of(new_url).table.actions == copy.actions
    assert "There is no decision of yours to take back yet." in response.content.decode()
    # The reader plays on from there; undo takes back his new decision, never what came before.
    legal = practice.game.legal_actions(practice.view(), practice.human)
    assert client.post(new_url + "act/", form_for(practice, legal[0]), **HX).status_code == 200
    assert match_of(new_url).last_human_decision() == i


@pytest.mark.parametrize("slug", GAMES[:1])
def test_only_the_readers_decisions_of_finished_deals_open_as_practice(client, slug):
    url, match = first_deal_over(client, slug)
    first, last = match.deal_span(1)
    theirs = next(i for i in range(first, last) if match.table.actions[i][0] != match.human)
    wrong = [theirs, match.length + 5, "x", ""]
    if match.length > last and match.table.actions[last][0] == match.human:
        wrong.append(last)  # the action that deals the next deal is no decision of this one
    for bad in wrong:
        assert client.post(url + "practice/", {"at": bad}).status_code == 404
    assert Client().post(url + "practice/", {"at": reviews.decisions(match, 1)[0]}).status_code in (403, 404)
    assert client.get(url + "practice/").status_code == 302  # a GET goes back to the table
    assert Table.objects.count() == 1


# --- a finished deal shared read-only ------------------------------------------------------------
@pytest.mark.parametrize("slug", GAMES)
def test_a_shared_deal_opens_read_only_in_a_fresh_browser(client, slug):
    url, match = first_deal_over(client, slug)
    assert 'name="deal" value="1"' in client.get(url + "replay/?deal=1").content.decode()
    response = client.post(url + "share/", {"deal": 1, "step": 3})
    assert response.status_code == 302 and response["Location"].endswith("replay/?deal=1&step=3#share")
    shared = SharedDeal.objects.get(table=match.table, deal=1)
    link = f"/en/{slug}/deal/{shared.token}/"
    assert link in client.get(url + "replay/?deal=1").content.decode()
    client.post(url + "share/", {"deal": 1})
    assert SharedDeal.objects.count() == 1  # one link per deal

    fresh = Client()  # no cookie: another browser, anyone
    first, last = match.deal_span(1)
    for step in sorted({0, (last - first) // 2, last - first}):
        response = fresh.get(f"{link}?step={step}")
        assert response.status_code == 200
        assert "noindex" in response["X-Robots-Tag"]
        html = response.content.decode()
        state = match.state_at(first + step)
        zones = match.game.zones(state)
        owned = match.game.held_zones(state)
        held = Counter(c for name, cards in zones.items() if name in owned for c in cards)
        assert not held - Counter(DATA_CARD.findall(html)), "every hand is open"
        # Read-only: nothing of the table (its address, its forms) and no practice or share button.
        assert match.table.token not in html
        assert 'name="at"' not in html and 'name="deal"' not in html and "/play/" not in html
        assert 'class="move-list"' in html
    assert fresh.get(f"/ja/{slug}/deal/{shared.token}/").status_code == 200
    # A wrong token, or the right one under another game: nothing.
    assert fresh.get(f"/en/{slug}/deal/{shared.token}x/").status_code == 404
    other = next((g for g in GAMES if g != slug), None)
    if other:
        assert fresh.get(f"/en/{other}/deal/{shared.token}/").status_code == 404


@pytest.mark.parametrize("slug", GAMES)
def test_a_deal_in_progress_can_be_neither_shared_nor_opened(client, slug):
    url = create(client, slug, seed="review")
    match = play_until(client, url,
                       lambda m: m.table.actions and m.reader_awaited() and not m.finished_deals())
    assert client.post(url + "share/", {"deal": 1}).status_code == 404
    assert not SharedDeal.objects.exists()
    # Even a link made for it (it could only come from elsewhere) shows nothing while it is played.
    shared = SharedDeal.objects.create(table=match.table, deal=1)
    response = Client().get(f"/en/{slug}/deal/{shared.token}/")
    assert response.status_code == 404
    hidden = match.game.hidden_cards(match.state, match.human)
    assert not set(DATA_CARD.findall(response.content.decode())) & set(hidden)
    assert Client().post(url + "share/", {"deal": 1}).status_code in (403, 404)  # not his table
