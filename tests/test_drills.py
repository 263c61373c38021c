"""Interrupt drills (the lesson step kind "interrupt"), on the toy game's Stop!: the checker of a
drill lesson, and the drill pages. In the toy's stop mode the elder may stake 2 only after losing the
last deal, and the dealer may call Stop! right after the stake."""

import re
from html import unescape

import pytest

from tests import drills
from tests.compiled import ensure_compiled
from tests.toy import GAME
from tutorials import lessons
from tutorials.lessons import Lesson, Step

HX = {"HTTP_HX_REQUEST": "true"}
pytestmark = pytest.mark.django_db

# Deal 1 is over and seat 1 won it; the learner (seat 0) deals the second. Seat 1 deals on (move 1),
# which is no fault; staking 2 (move 2) breaks the limit, so Stop! is upheld after move 2 and only
# then: once seat 1 has led (move 3) the call's moment has passed.
DRILL = "toy seed=? ph=end sk=1 ld=1 tk=1,2 h0=- h1=- tr=- w0=ASQS w1=KHAHQHKS hist=1+1 tg=3 st=1"
DRILL_LINE = ((1, "next"), (1, "stake=2"), (1, "play:KS"))


@pytest.fixture(autouse=True)
def _toy_and_catalogue(toy):
    ensure_compiled()


def text(response):
    return unescape(response.content.decode())


def drill_problems(**changes):
    fields = dict(kind="interrupt", position=DRILL, seat=0, line=DRILL_LINE, interrupt="stop", fault=2,
                  text={"en": "Call it.", "ja": "止めよう。"}, success={"en": "Stopped.", "ja": "止めました。"})
    fields.update(changes)
    lesson = Lesson(GAME.slug, "drill", 1, {"en": "T", "ja": "T"}, {"en": "S", "ja": "S"}, (Step(**fields),))
    return "\n".join(lessons.validate(lesson))


def test_a_broken_interrupt_drill_is_caught():
    assert drill_problems() == ""
    assert lessons.interrupt_fault(GAME.slug, Step(kind="interrupt", position=DRILL, seat=0, text={},
                                                   line=DRILL_LINE, interrupt="stop")) == 2
    # The author's fault must be the engine's: the first move after which the call is upheld.
    assert "the author says move 3, the engine finds move 2" in drill_problems(fault=3)
    assert "the author says no fault, the engine finds move 2" in drill_problems(fault=0)
    assert "the engine finds no fault in the line" in drill_problems(line=DRILL_LINE[:1], fault=1)
    assert "state the fault: fault = 2" in drill_problems(fault=None)
    # A line the engine refuses, or one with the learner's own moves.
    assert "its line is not legal" in drill_problems(line=((1, "stake=2"),) + DRILL_LINE)
    assert "the other seats' moves" in drill_problems(line=((0, "next"),) + DRILL_LINE[1:])
    # The interrupting action must be an action of the game, for the learner's seat, here.
    assert "is not an action" in drill_problems(interrupt="STOP now")
    assert "not an action of the game" in drill_problems(interrupt="shout")
    assert "not an action of the game" in drill_problems(line=DRILL_LINE[:1], fault=0)  # no window in it
    # The author's word on a call is for a wrong call: a move before the fault, in both languages.
    assert "not a wrong call" in drill_problems(feedback={"2": {"en": "x", "ja": "x"}})
    assert "must name a move of the line" in drill_problems(feedback={"9": {"en": "x", "ja": "x"}})
    assert "feedback for 1 needs en and ja" in drill_problems(feedback={"1": {"en": "x"}})
    assert "success_ja is empty" in drill_problems(success={"en": "Stopped.", "ja": ""})


def drill_lesson(monkeypatch, line=DRILL_LINE, fault=2, feedback=None):
    return drills.drill_lesson(monkeypatch, GAME.slug, DRILL, line, fault, feedback)


def drill_done(client):
    return drills.drill_done(client, GAME.slug)


def test_a_drill_starts_before_the_first_move_and_offers_no_call_yet(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch)
    page = text(client.get(url.format(lang="en")))
    assert "Watch the first move" in page and 'value="stop"' not in page
    assert 'name="at" value="0"' in page
    page = text(client.post(url.format(lang="en"), {**form, "at": 0, "answer": "go"}, **HX))
    assert "<html" not in page
    assert "Move 1 of 3" in page and "Deal 2: You dealt." in page
    # The game's own name for the call (its ui's), and the neutral way on.
    from django.utils import translation

    from games.ui import game_ui

    ui = game_ui(GAME.slug)
    with translation.override("en"):
        label = ui.action_label(GAME.view(GAME.from_text(DRILL), 0), 0, GAME.parse_action("stop"))
    assert label == "Call Stop!"
    assert re.search(rf'<button[^>]*value="stop"[^>]*>{re.escape(label)}</button>', page)
    assert re.search(r'<button[^>]*value="go"[^>]*>Go on →</button>', page)
    assert 'name="at" value="1"' in page


def test_a_call_too_early_is_refused_with_the_engines_rule(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch, feedback={"1": {"en": "Dealing is no fault.", "ja": "配るのは違反ではありません。"}})
    for lang in ("en", "ja"):
        page = text(client.post(url.format(lang=lang), {**form, "at": 1, "answer": "stop"}))
        assert 'class="result is-refused"' in page
        assert '#toy.stop.call"' in page  # the rule the engine refuses the call by, linked
        assert ("Dealing is no fault." if lang == "en" else "配るのは違反ではありません。") in page
        assert 'value="stop"' not in page  # the attempt is over: try again from the start
    page = text(client.post(url.format(lang="en"), {**form, "at": 1, "answer": "stop"}))
    assert "Move 1 was no fault." in page and "Calling Stop!" in page  # the rule's title
    assert not drill_done(client)


def test_a_call_right_after_the_fault_is_upheld_and_counts(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch)
    page = text(client.post(url.format(lang="en"), {**form, "at": 2, "answer": "stop"}, **HX))
    assert 'class="result is-ok"' in page and "Well stopped." in page
    # The game's own words for the call, and the board after it: the stake back at 1.
    assert "You called Stop!: the stake of 2 broke the limit, and goes back to 1." in page
    board = page[page.index('class="board'):]
    assert '<p class="toy-stake">1</p>' in board
    assert drill_done(client)


def test_letting_the_fault_go_by_says_which_move_it_was(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch)
    page = text(client.post(url.format(lang="en"), {**form, "at": 2, "answer": "go"}))
    assert 'class="result is-refused"' in page and "Too late: the fault was move 2." in page
    assert "Your opponent set the stake at 2." in page  # the faulty move, told
    # What the call would have done, in the game's words.
    assert "Called right after it, it would have gone like this:" in page
    assert "You called Stop!: the stake of 2 broke the limit, and goes back to 1." in page
    # A forged form that goes on past the fault, or calls after a later move, is told the same.
    for answer in ("go", "stop"):
        page = text(client.post(url.format(lang="en"), {**form, "at": 3, "answer": answer}))
        assert "Too late: the fault was move 2." in page
    assert not drill_done(client)


def test_a_line_with_no_fault_is_right_to_let_by(client, monkeypatch):
    line = ((1, "next"), (1, "stake=1"), (1, "play:KS"))
    url, form, _step = drill_lesson(monkeypatch, line=line, fault=0)
    page = text(client.post(url.format(lang="en"), {**form, "at": 2, "answer": "go"}))
    assert "Move 3 of 3" in page and re.search(r'value="go"[^>]*>No fault</button>', page)
    page = text(client.post(url.format(lang="en"), {**form, "at": 2, "answer": "stop"}))
    assert "Move 2 was no fault." in page and '#toy.stop.wrong"' in page and not drill_done(client)
    page = text(client.post(url.format(lang="ja"), {**form, "at": 3, "answer": "go"}))
    assert 'class="result is-ok"' in page and "よく止めました。" in page
    assert drill_done(client)


@pytest.mark.parametrize("fields", [
    {"at": 9, "answer": "go"}, {"at": -1, "answer": "go"}, {"at": "x", "answer": "stop"},
    {"at": 1, "answer": "call"}, {"at": 0, "answer": "stop"}, {"at": 1}, {"answer": "stop"},
])
def test_a_forged_drill_answer_is_a_clear_400_that_records_nothing(client, monkeypatch, fields):
    url, form, step = drill_lesson(monkeypatch)
    response = client.post(url.format(lang="en"), {**form, **fields}, **HX)
    assert response.status_code == 400 and "could not be read" in text(response)
    assert step.text["en"] in text(response) and "Watch the first move" in text(response)
    response = client.post(url.format(lang="en"), {"at": 2, "answer": "stop"})  # no version at all
    assert response.status_code == 400
    assert not drill_done(client)


def test_an_answer_from_a_stale_page_of_the_drill_starts_it_again(client, monkeypatch):
    """The page was drawn from an earlier version of the step (the lesson changed since): its move
    numbers may mean other moves now, so the answer is not judged."""
    url, _form, _step = drill_lesson(monkeypatch)
    response = client.post(url.format(lang="en"), {"drill": "0123456789ab", "at": 2, "answer": "stop"})
    assert response.status_code == 409
    page = text(response)
    assert "changed since the page was loaded" in page
    assert 'class="result' not in page and "Watch the first move" in page
    assert not drill_done(client)


def test_a_drill_speaks_japanese(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch)
    url = url.format(lang="ja")
    assert "最初の手を見る" in text(client.get(url))
    page = text(client.post(url, {**form, "at": 0, "answer": "go"}))
    assert "3手中1手目" in page and "続ける" in page and "ストップを宣言する" in page
    assert "第2ディール：あなたが配りました。" in page
    assert "1手目は違反ではありません。" in text(client.post(url, {**form, "at": 1, "answer": "stop"}))
    page = text(client.post(url, {**form, "at": 2, "answer": "go"}))
    assert "遅すぎました。違反は2手目でした。" in page and "その手の直後に止めていれば" in page
    assert "この練習の内容が変わりました" in text(client.post(url, {"drill": "0", "at": 1, "answer": "go"}))
