"""Puzzles whose deciding cards are hidden, backed by a sample (Game.sampled_values): the stored
figures are those of the stored deals, the accepted answer is the best with intervals that say so,
the first deals dealt again come out as stored, the command writes them, and the pages show them
(with a proved or sampled status) in both languages."""

import dataclasses
import json
import re
from html import unescape

import pytest
from django.core.management import call_command

from games.engine import registry
from games.engine.actions import Action
from games.engine.game import Game
from games.engine.rng import below, rng_for
from games.engine.rules import LEGAL, NotationError, refuse
from games.engine.sampling import Sample, figures
from tests.compiled import ensure_compiled
from tutorials import puzzles

BET, FOLD = Action("bet"), Action("fold")


class HighCard(Game):
    """A tiny game: seat 0 sees its own card (a rank 2..14) and bets or folds; the other card is
    hidden. Betting wins the stake if its card is higher, loses it otherwise; folding costs 2."""

    slug = "highcard"
    stake = 10

    def from_text(self, text):
        name, _, rank = text.partition(" ")
        if name != self.slug or not rank.isdigit():
            raise NotationError(text)
        return (int(rank),)

    def to_text(self, state):
        return f"{self.slug} {state[0]}"

    def to_move(self, state):
        return frozenset() if len(state) > 1 else frozenset({0})

    def players(self, state):
        return 2

    def candidate_actions(self, state, seat):
        return [BET, FOLD]

    def check(self, state, seat, action):
        return LEGAL if seat in self.to_move(state) and action in (BET, FOLD) else refuse("highcard.turn")

    def _apply(self, state, seat, action):
        return state + (str(action),)  # the deal is decided: nobody moves again

    def sampled_values(self, state, seat, seed, deals):
        mine = state[0]
        others = [r for r in range(2, 15) if r != mine]
        values = {BET: [], FOLD: []}
        for k in deals:
            theirs = others[below(rng_for(self.slug, seed, k), len(others))]
            values[BET].append(self.stake if mine > theirs else -self.stake)
            values[FOLD].append(-2)
        return Sample(policy="showdown", unit="points", first=deals.start,
                      values={a: tuple(v) for a, v in values.items()},
                      ahead={a: tuple(x > 0 for x in v) for a, v in values.items()})


TOML = """
[themes]
t = {{ en = "Betting", ja = "賭け" }}

[policies.showdown]
en = "The other card dealt at random from the rest."
ja = "相手の札は残りからランダムに配りました。"

[[puzzle]]
id = "high"
theme = "t"
level = 1
position = "highcard {rank}"
seat = 0
sampled = {deals}
seed = "s"
question_en = "Bet or fold?"
question_ja = "賭けますか。"
explanation_en = "A high card."
explanation_ja = "高い札です。"
hints_en = ["Count the higher cards."]
hints_ja = ["上の札を数えましょう。"]
answers = [{answers}]
"""


@pytest.fixture
def fake(tmp_path, monkeypatch):
    """The fake game registered, with its content in a folder of its own; write(**kw) sets its
    puzzle file and returns the puzzle."""
    registry.all_games()
    game = HighCard()
    monkeypatch.setitem(registry._GAMES, game.slug, game)
    from tutorials import content

    monkeypatch.setitem(content.FOLDERS, game.slug, tmp_path / game.slug)
    # The fake game has no ui; its puzzles are read as a published game's would be.
    monkeypatch.setattr(puzzles, "published", lambda slug: True)
    (tmp_path / game.slug).mkdir()

    def write(rank=13, deals=200, answers='"bet"'):
        path = tmp_path / game.slug / "puzzles.toml"
        path.write_text(TOML.format(rank=rank, deals=deals, answers=answers), encoding="utf-8")
        return puzzles.puzzle(game.slug, "high")

    write.game = game
    write.path = tmp_path / game.slug / "sampled.json"
    return write


def store(p):
    puzzles.write_sampled(p.game, {p.id: puzzles.record(p, puzzles.sample(p, range(0, p.sampled)))})


def edit(path, change):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["high"])
    path.write_text(puzzles.dumps(data), encoding="utf-8")


def test_figures_sum_up_the_deals():
    f = figures([10, -10, 10, 10], [True, False, True, True])
    assert (f.deals, f.mean, f.ahead) == (4, 5.0, 3)
    # The sample's standard deviation is 10: the half-width is 1.96 * 10 / 2.
    assert (f.low, f.high) == (-4.8, 14.8)
    assert (f.ahead_low, f.ahead_high) == (0.3006, 0.9544)  # Wilson's interval of 3 in 4
    assert figures([3], [True]) == figures([3.0], [True])


def test_a_puzzle_is_not_sampled_until_its_figures_are_stored(fake):
    p = fake()
    assert p.sampled == 200 and p.seed == "s"
    assert any("run manage.py sample_puzzles highcard" in x for x in puzzles.validate(p))
    assert puzzles.proof(p) == ""
    store(p)
    assert puzzles.validate(p) == [] and puzzles.rederive(p, 30) == []
    assert puzzles.proof(p) == "sampled"
    text = fake.path.read_text(encoding="utf-8")
    assert re.search(r'"values": \[(-?\d+,){199}-?\d+\]', text)  # a deal's values on one line


def test_a_hand_edited_figure_is_caught(fake):
    p = fake()
    store(p)
    edit(fake.path, lambda rec: rec["actions"]["bet"]["figures"].update(mean=9.99))
    assert any("are not those of its deals" in x for x in puzzles.validate(p))
    # Edit a deal and its summary together: the summary agrees, but the engine deals it otherwise.
    store(p)

    def change_first_deal(rec):
        bet = rec["actions"]["bet"]
        bet["values"][0] = -bet["values"][0]
        bet["ahead"] = ("1" if bet["ahead"][0] == "0" else "0") + bet["ahead"][1:]
        bet["figures"] = dataclasses.asdict(figures(bet["values"], [c == "1" for c in bet["ahead"]]))

    edit(fake.path, change_first_deal)
    assert puzzles.validate(p) == []
    assert any("in deal 0: the engine gives" in x for x in puzzles.rederive(p, 30))


def test_a_changed_engine_fails_the_dealing_again(fake, monkeypatch):
    p = fake()
    store(p)
    monkeypatch.setattr(HighCard, "stake", 12)
    assert any("the engine gives 12" in x for x in puzzles.rederive(p, 30))


def test_stale_figures_are_caught(fake):
    store(fake())
    p = fake(deals=300)
    assert any("another deals" in x for x in puzzles.validate(p))
    p = fake(rank=12)
    assert any("another position" in x for x in puzzles.validate(p))


def test_the_accepted_answer_must_be_the_best_with_intervals_that_say_so(fake):
    p = fake(answers='"fold"')
    store(p)
    assert any("the best average is bet's" in x for x in puzzles.validate(p))
    # With a 7 betting wins 5 times in 12: over these 100 deals it averages -1.4 against folding's
    # -2, but its interval reaches below -2. The sample cannot back it.
    p = fake(rank=7, deals=100, answers='"bet"')
    store(p)
    assert [x.split(": ", 1)[1] for x in puzzles.validate(p)] == [
        "the sample cannot tell bet (-3.35 to 0.55) from fold (-2.0 to -2.0) at 95%: sample more deals or "
        "change the position"]
    p = fake(deals=50)
    store(p)
    assert any("sample at least 100 deals" in x for x in puzzles.validate(p))


def test_the_command_writes_the_sample_and_says_how_far_it_is(fake, capsys):
    p = fake()
    call_command("sample_puzzles", "highcard", "--chunk", "80")
    out, err = capsys.readouterr()
    assert "80/200 deals" in err and "200/200 deals" in err
    assert "highcard/high bet: mean" in out
    assert puzzles.validate(p) == [] and puzzles.rederive(p, 200) == []
    assert puzzles.sampled_record("highcard", "high")["actions"]["bet"]["figures"]["deals"] == 200


# --- the pages --------------------------------------------------------------------------------------
# The toy game's stake (the other hand unseen), given stored figures of 100 made-up deals: the pages
# show what is stored, whatever it is.
STAKE = "toy seed=? ph=stake sk=1 ld=0 tk=0,0 h0=QHAHKS h1=KHQSAS tr=- w0=- w1=- hist=-"


ROW = r'<li(?: class="is-best")?>(?:<strong>)?(.*?)(?:</strong>)?</li>'  # one action's figures


def page(response):
    return unescape(response.content.decode())


def figures_of(html):
    return html.split('class="sampled-figures"')[1].split("</ul>")[0]


@pytest.fixture
def shown(monkeypatch, toy):
    """A sampled puzzle of the toy game whose stored figures say: staking 2 came out ahead in 70 of
    100 deals at +1 each (-1 in the others), staking 1 in 45 (+1, else -1)."""
    ensure_compiled()
    p = puzzles.Puzzle(toy, "stand-or-not", "t", 2, STAKE, 0, {"en": "Stand?", "ja": "そのまま？"},
                       {"en": "Stand.", "ja": "そのままで。"}, {"en": ("h",), "ja": ("h",)}, ("stake=2",),
                       sampled=100, seed="s")
    stand, propose = Action("stake", choice="2"), Action("stake", choice="1")
    values = {stand: tuple([1] * 70 + [-1] * 30), propose: tuple([1] * 45 + [-1] * 55)}
    found = Sample("made-up", "points", 0, values, {a: tuple(v > 0 for v in vs) for a, vs in values.items()})
    monkeypatch.setattr(puzzles, "puzzle", lambda game, pid: p)
    stored = {p.id: puzzles.record(p, found)}
    monkeypatch.setattr(puzzles, "sampled_data", lambda game: stored if game == toy else {})
    words = {"en": "Made-up deals.", "ja": "作った配り。"}
    monkeypatch.setattr(puzzles, "policy_text", lambda game, policy, lang: words[lang])
    return p


@pytest.mark.django_db
def test_a_solved_sampled_puzzle_shows_each_choice_s_stored_figures(client, shown):
    html = page(client.post("/en/toy/puzzles/stand-or-not/", {"action": "stake=2"}))
    assert 'class="result is-ok"' in html and "Stand." in html
    assert "sampled over 100 deals" in html
    assert "Over 100 deals consistent with what you can see:" in html
    items = re.findall(ROW, figures_of(html), re.S)
    # The best average first; a true minus sign; the intervals as stored.
    assert items[0].startswith("Stake 2: ahead in 70% of them (95% interval 60%–78%); "
                               "+0.4 points a deal on average (95% interval +0.2 to +0.6).")
    assert items[1].startswith("Stake 1") and "ahead in 45%" in items[1] and "\u22120.1 points a deal" in items[1]
    assert figures_of(html).count('class="is-best"') == 1 and "Made-up deals." in html
    html = page(client.post("/ja/toy/puzzles/stand-or-not/", {"action": "stake=2"}))
    assert "100通りの配りで試算" in html and "70%で相手を上回る（95%信頼区間 60%〜78%）" in html
    assert "作った配り。" in html


@pytest.mark.django_db
def test_a_wrong_sampled_answer_shows_only_its_own_figures(client, shown):
    html = page(client.post("/en/toy/puzzles/stand-or-not/", {"action": "stake=1"}))
    assert 'class="result is-refused"' in html
    rows = figures_of(html)
    assert rows.count("<li") == 1 and "ahead in 45%" in rows and 'class="is-best"' not in rows


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_catalogue_says_which_puzzles_are_proved(client, lang, toy):
    ensure_compiled()
    html = page(client.get(f"/{lang}/{toy}/puzzles/"))
    rows = re.findall(r'<li class="puzzle-item.*?</li>', html, re.S)
    proved = "証明済み" if lang == "ja" else "proved"
    every = puzzles.puzzles(toy)
    assert sum(f">{proved}<" in r for r in rows) == sum(puzzles.is_proved(p) for p in every) > 0
    assert len(rows) == len(every) > sum(puzzles.is_proved(p) for p in every)  # the others say nothing
