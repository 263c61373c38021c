"""Crapette's interrupt drills (Stop!): the checker of a drill lesson, and the drill pages."""

import re
from html import unescape

import pytest

from games.engine import registry
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


def test_a_broken_interrupt_drill_is_caught():
    assert drill_problems() == ""
    assert lessons.interrupt_fault("crapette", Step(kind="interrupt", position=DRILL, seat=0, text={},
                                                    line=DRILL_LINE, interrupt="stop")) == 2
    # The author's fault must be the engine's: the first move after which the call is allowed.
    assert "the author says move 3, the engine finds move 2" in drill_problems(fault=3)
    assert "the author says no fault, the engine finds move 2" in drill_problems(fault=0)
    assert "the engine finds no fault in the line" in drill_problems(line=DRILL_LINE[:1], fault=1)
    assert "state the fault: fault = 2" in drill_problems(fault=None)
    # A line the engine refuses, or one with the learner's own moves.
    assert "its line is not legal" in drill_problems(line=((1, "move:3C@house.6>house.2"),) + DRILL_LINE)
    assert "the other seats' moves" in drill_problems(position=DRILL.replace("p=1", "p=0"),
                                                     line=((0, "move:8D@reserve.0>house.3"),))
    # The interrupting action must be an action of the game.
    assert "is not an action" in drill_problems(interrupt="STOP now")
    assert "not an action of the game" in drill_problems(interrupt="shout")
    # The author's word on a call is for a wrong call: a move before the fault, in both languages.
    assert "not a wrong call" in drill_problems(feedback={"2": {"en": "x", "ja": "x"}})
    assert "must name a move of the line" in drill_problems(feedback={"9": {"en": "x", "ja": "x"}})
    assert "feedback for 1 needs en and ja" in drill_problems(feedback={"1": {"en": "x"}})
    assert "success_ja is empty" in drill_problems(success={"en": "Stopped.", "ja": ""})


# --- interrupt drills ------------------------------------------------------------------------------
# The drill of the checker's tests (Crapette, callable mode): Stop! is allowed after move 2 of 3.
needs_crapette = pytest.mark.skipif("crapette" not in [g.slug for g in registry.all_games()],
                                    reason="crapette is left out of this run (DOJO_GAMES)")
pytestmark = [pytest.mark.django_db, needs_crapette]


def drill_lesson(monkeypatch, line=DRILL_LINE, fault=2, feedback=None):
    step = lessons.Step(kind="interrupt", position=DRILL, seat=0, line=line, interrupt="stop", fault=fault,
                        text={"en": "Call it.", "ja": "止めよう。"},
                        success={"en": "Well stopped.", "ja": "よく止めました。"}, feedback=feedback or {})
    lesson = lessons.Lesson("crapette", "drill", 1, {"en": "D", "ja": "D"}, {"en": "D", "ja": "D"}, (step,))
    assert lessons.validate(lesson) == []
    monkeypatch.setattr(lessons, "lesson", lambda game, lesson_id: lesson)
    from tutorials.learn_views import drill_version
    return "/{lang}/crapette/lessons/drill/1/", {"drill": drill_version(step)}, step


def drill_done(client):
    """Whether the browser's records count the drill's one step as done."""
    from attempts import summary
    from attempts.models import LessonAnswer

    return summary.lesson(LessonAnswer.objects.filter(game="crapette", lesson="drill"), 1).done == {1}


@needs_crapette
def test_a_drill_starts_before_the_first_move_and_offers_no_call_yet(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch)
    page = text(client.get(url.format(lang="en")))
    assert "Watch the first move" in page and 'value="stop"' not in page
    assert 'name="at" value="0"' in page
    page = text(client.post(url.format(lang="en"), {**form, "at": 0, "answer": "go"}, **HX))
    assert "<html" not in page
    assert "Move 1 of 3" in page and "loads the two of hearts from house 6 onto your waste" in page
    # The game's own name for the call (its ui's), and the neutral way on.
    from django.utils import translation

    from games.ui import game_ui

    ui = game_ui("crapette")
    with translation.override("en"):
        label = ui.action_label(ui.game.view(ui.game.from_text(DRILL), 0), 0, ui.game.parse_action("stop"))
    assert re.search(rf'<button[^>]*value="stop"[^>]*>{re.escape(label)}</button>', page)
    assert re.search(r'<button[^>]*value="go"[^>]*>Go on →</button>', page)
    assert 'name="at" value="1"' in page


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
def test_a_line_with_no_fault_is_right_to_let_by(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch, line=DRILL_LINE[:1], fault=0)
    page = text(client.post(url.format(lang="en"), {**form, "at": 0, "answer": "go"}))
    assert "Move 1 of 1" in page and re.search(r'value="go"[^>]*>No fault</button>', page)
    page = text(client.post(url.format(lang="en"), {**form, "at": 1, "answer": "stop"}))
    assert "Move 1 was no fault." in page and not drill_done(client)
    page = text(client.post(url.format(lang="ja"), {**form, "at": 1, "answer": "go"}))
    assert 'class="result is-ok"' in page and "よく止めました。" in page
    assert drill_done(client)


@needs_crapette
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


@needs_crapette
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


@needs_crapette
def test_a_drill_speaks_japanese(client, monkeypatch):
    url, form, _step = drill_lesson(monkeypatch)
    url = url.format(lang="ja")
    assert "最初の手を見る" in text(client.get(url))
    page = text(client.post(url, {**form, "at": 0, "answer": "go"}))
    assert "3手中1手目" in page and "続ける" in page and "ストップ！" in page
    assert "1手目は違反ではありません。" in text(client.post(url, {**form, "at": 1, "answer": "stop"}))
    page = text(client.post(url, {**form, "at": 2, "answer": "go"}))
    assert "遅すぎました。違反は2手目でした。" in page and "その手の直後に止めていれば" in page
    assert "この練習の内容が変わりました" in text(client.post(url, {"drill": "0", "at": 1, "answer": "go"}))
    url, form, _step = drill_lesson(monkeypatch, line=DRILL_LINE[:1], fault=0)
    assert "違反なし" in text(client.post(url.format(lang="ja"), {**form, "at": 0, "answer": "go"}))


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
