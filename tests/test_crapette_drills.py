"""Crapette's interrupt drills (Stop!): its drills checked, and what its drill pages say in its own
words (the obligation skipped, the move taken back, the owed move). The drill step kind itself is
tested on the toy game (tests/test_drills.py)."""

import re
from html import unescape

import pytest

from games.engine import registry
from tests import drills
from tests.compiled import ensure_compiled
from tutorials import lessons
from tutorials.lessons import Lesson, Step

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def text(response):
    return unescape(response.content.decode())


# Crapette in the callable mode, seat 1 to play: loading the two of hearts (move 1) uncovers the
# three of clubs, which fits the two of clubs; building the jack of spades instead (move 2) skips
# that obligation, so the engine allows Stop! after move 2 and not before.
DRILL = ("crapette o=sh.r13.pc.n0.w0.t300 p=1 r0=3SJH9HKCQC3S9C2S/8D r1=JH9H6C2D5C9DQS5H/JS "
         "t0=6S4SAD8C6CJS3C7C8DKS4D8H6H4H8S7HJD3D4HTCKHAH5C4CQH t1=QD9CASQS4C8S5H8HTCAS9D6D2SAC7S3H5DQDTD2C9S7H5S7CTS "
         "w0=QC7DJCJCKD5STDKS2H3H w1=7DTSKH6H6D6SAH4STHKC h0=- h1=- hs=KD,QH,9S,TH,8C,3C2H,JD,7S fd=2C,5D,-,-,-,-,-,-")
DRILL_LINE = ((1, "move:2H@house.6>waste.0"), (1, "move:JS@reserve.1>house.2"), (1, "move:3C@house.6>foundation.1"))


def drill_problems(**changes):
    fields = dict(kind="interrupt", position=DRILL, seat=0, line=DRILL_LINE, interrupt="stop", fault=2,
                  text={"en": "Call it.", "ja": "止めよう。"},
                  success={"en": "Stopped.", "ja": "止めました。"})
    fields.update(changes)
    lesson = Lesson("crapette", "drill", 1, {"en": "T", "ja": "T"}, {"en": "S", "ja": "S"}, (Step(**fields),))
    return "\n".join(lessons.validate(lesson))


def test_the_engine_finds_the_obligation_skipped_in_a_drill():
    """Crapette's Stop! is upheld right after a move that skips an obligation, and only then (the
    checker's other cases are tested on the toy game)."""
    assert drill_problems() == ""
    assert lessons.interrupt_fault("crapette", Step(kind="interrupt", position=DRILL, seat=0, text={},
                                                    line=DRILL_LINE, interrupt="stop")) == 2
    assert "the author says move 3, the engine finds move 2" in drill_problems(fault=3)
    assert "the engine finds no fault in the line" in drill_problems(line=DRILL_LINE[:1], fault=1)


# --- interrupt drills ------------------------------------------------------------------------------
# The drill of the checker's tests (Crapette, callable mode): Stop! is allowed after move 2 of 3.
needs_crapette = pytest.mark.skipif("crapette" not in [g.slug for g in registry.all_games()],
                                    reason="crapette is left out of this run (DOJO_GAMES)")
pytestmark = [pytest.mark.django_db, needs_crapette]


def drill_lesson(monkeypatch, line=DRILL_LINE, fault=2, feedback=None):
    return drills.drill_lesson(monkeypatch, "crapette", DRILL, line, fault, feedback)


def drill_done(client):
    return drills.drill_done(client, "crapette")


@needs_crapette
def test_a_drill_tells_crapettes_moves_and_names_its_call(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch)
    page = text(client.post(url.format(lang="en"), {**form, "at": 0, "answer": "go"}, **HX))
    assert "loads the two of hearts from house 6 onto your waste" in page
    assert re.search(r'<button[^>]*value="stop"[^>]*>Stop!</button>', page)  # its ui's name for the call


@needs_crapette
def test_a_call_too_early_is_refused_with_the_engines_rule(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch,
                                    feedback={"1": {"en": "Loading is free.", "ja": "ロードは自由です。"}})
    for lang in ("en", "ja"):
        page = text(client.post(url.format(lang=lang), {**form, "at": 1, "answer": "stop"}))
        assert 'class="result is-refused"' in page
        assert '#crapette.stop.wrong"' in page  # the rule the engine refuses the call by, linked
        assert ("Loading is free." if lang == "en" else "ロードは自由です。") in page
        assert 'value="stop"' not in page  # the attempt is over: try again from the start
    page = text(client.post(url.format(lang="en"), {**form, "at": 1, "answer": "stop"}))
    assert "Move 1 was no fault." in page and "A wrong call" in page
    assert not drill_done(client)


@needs_crapette
def test_a_call_right_after_the_fault_takes_the_move_back_and_counts(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch)
    page = text(client.post(url.format(lang="en"), {**form, "at": 2, "answer": "stop"}, **HX))
    assert 'class="result is-ok"' in page and "Well stopped." in page
    # The game's own words for the call: the obligation skipped, the move taken back, the owed move.
    assert "skipped an obligation (Obligation 2" in page and "The move is taken back." in page
    assert "The three of clubs goes to its foundation instead." in page
    board = page[page.index('class="board'):]
    assert 'data-card="3C"' in board[board.index("cr-fs"):]  # on its foundation now
    assert drill_done(client)


@needs_crapette
def test_letting_the_fault_go_by_says_which_move_it_was(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch)
    page = text(client.post(url.format(lang="en"), {**form, "at": 2, "answer": "go"}))
    assert 'class="result is-refused"' in page and "Too late: the fault was move 2." in page
    assert "(Obligation 2: every card that fits a foundation)" in page  # the rule of the obligation skipped
    assert "the jack of spades from the reserve on the queen of hearts" in page  # the faulty move, told
    # A forged form that goes on past the fault, or calls after a later move, is told the same.
    for answer in ("go", "stop"):
        page = text(client.post(url.format(lang="en"), {**form, "at": 3, "answer": answer}))
        assert "Too late: the fault was move 2." in page
    assert not drill_done(client)






@needs_crapette
def test_a_step_that_asks_to_try_turning_a_card_offers_the_talon_and_says_why_not(client):
    """Crapette's obligations, step 4: "First try turning up a card from your talon" — the talon is
    there to press; the engine refuses by obligation 3, and the author's word follows."""
    for lang, word in (("en", "the talon waits while a house is empty"), ("ja", "タロンはめくれません")):
        url = f"/{lang}/crapette/lessons/obligations/4/"
        page = text(client.get(url))
        assert re.search(r'<button type="submit" name="action" value="turn" class="card-button[^"]*"', page)
        answered = text(client.post(url, {"action": "turn"}))
        assert 'class="result is-refused"' in answered and '#crapette.duty.fill-spaces"' in answered
        assert word in answered
