"""Crapette's ui over whole deals in both stop modes and both languages: every action is told in
sentences with no placeholder left, every decision's controls and board render, Stop calls are
explained with the obligation that was skipped, and the hint's reason is given for every choice
the club player makes."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.engine.play import interruption
from games.engine.registry import all_games
from games.engine.rng import rng_for

pytestmark = pytest.mark.skipif("crapette" not in [g.slug for g in all_games()],
                                reason="crapette is left out of this run (DOJO_GAMES)")

LEFTOVER = re.compile(r"%\(|%s|\{\{|\{%")


def _ui():
    from games.ui import game_ui

    return game_ui("crapette")


def _one_deal(options, seed):
    """(state, seat, action, after) of one deal between beginners, who forget obligations and
    miss Stops now and then (so the callable mode sees both right and missed calls)."""
    ui = _ui()
    game = ui.game
    bots = {s: ui.levels["beginner"](game) for s in (0, 1)}
    state = game.new(seed, 2, game.options(options))
    out = []
    for k in range(3000):
        rng = rng_for("ui-test", seed, k)
        taken = interruption(game, state, bots, rng)
        if taken is None:
            seat = min(game.turn(state))
            taken = seat, bots[seat].choose(game.view(state, seat), seat, rng)
        after = game.apply(state, *taken)
        out.append((state, taken[0], taken[1], after))
        state = after
        if state.phase != "play":
            break
    return out


@pytest.mark.parametrize("mode", ["enforced", "callable"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_deal_is_told_and_drawn(mode, lang):
    ui = _ui()
    game = ui.game
    steps = _one_deal({"stop_mode": mode}, f"ui-{mode}")
    assert steps[-1][3].phase in ("end", "over")
    stops = 0
    with translation.override(lang):
        names = ui.seat_names(0, 2)
        for n, (before, seat, action, after) in enumerate(steps):
            said = ui.narrate(game, before, seat, action, after, names, 0)
            assert said and not any(LEFTOVER.search(s) for s in said), (str(action), said)
            if action.kind == "stop":
                stops += 1
                assert any(str(ui.rules[before.fault.duty].title) in s for s in said), said
            if n % 7 == 0 or action.kind == "stop":
                for viewer in (0, 1):
                    view = game.view(before, viewer)
                    html = render_to_string(ui.board_template, {
                        "board": ui.board(view, viewer, ui.seat_names(viewer, 2)),
                        "controls": ui.controls(game, view, viewer), "pack": "french", "highlight": True,
                        "live": True})
                    assert not LEFTOVER.search(html)
                assert ui.phase_text(game.view(before, 0), 0)
        summary = ui.deal_summary(game.view(steps[-1][3], 0), 0, names)
        assert summary and summary["counts"] and not LEFTOVER.search(str(summary))
        html = render_to_string(ui.summary_template, {"summary": summary, "urls": {"rules": "/rules/"}})
        assert "crapette.end." in html
    if mode == "callable":
        assert stops > 0, "no Stop was called in a deal between beginners"


def test_every_club_choice_has_a_reason_and_a_description():
    ui = _ui()
    game = ui.game
    club = ui.levels["club"](game)
    steps = _one_deal({"stop_mode": "callable"}, "ui-hints")
    kinds = set()
    for n, (before, seat, _action, _after) in enumerate(steps[:400]):
        if seat not in game.turn(before):
            continue
        view = game.view(before, seat)
        if len(game.legal_actions(view, seat)) < 2:
            continue
        choice = club.choose(view, seat, rng_for("hint", n))
        for lang in ("en", "ja"):
            with translation.override(lang):
                assert ui.hint_reason(view, seat, choice) and not LEFTOVER.search(ui.hint_reason(view, seat, choice))
                assert ui.describe(view, seat, choice)
        kinds.add(choice.kind)
    assert {"move", "turn"} <= kinds


def test_the_opening_says_who_starts_and_why():
    ui = _ui()
    game = ui.game
    state = game.new("opening")
    with translation.override("en"):
        lines = ui.opening(game.view(state, 0), 0, ui.seat_names(0, 2))
    assert len(lines) == 2 and ("you start" in lines[0] or "starts" in lines[0])
    assert "reserve card" in lines[1]


def test_controls_identify_cards_by_place_and_offer_every_legal_move():
    """Two packs: the same card may lie on top of two houses; each is its own control, found by
    its zone, and every legal action is among the controls."""
    ui = _ui()
    game = ui.game
    for before, seat, _action, _after in _one_deal({}, "ui-places")[:300:5]:
        if seat not in game.turn(before):
            continue
        controls = ui.controls(game, before, seat)
        offered = set(controls.actions())
        assert set(game.legal_actions(before, seat)) <= offered
        zones = [(i.card, i.zone) for i in controls.items if hasattr(i, "targets")]
        assert len(zones) == len(set(zones))


def test_stop_looks_the_same_whether_or_not_the_opponent_erred():
    """During the opponent's turn the Stop! button is never marked legal: lit up, or given the focus
    after a move as the first legal choice, it would call the fault for the player."""
    from tutorials import content

    ui = _ui()
    game = ui.game
    faulty = game.from_text(content.examples("crapette")["stop"]["en"]["position"])
    stop = game.parse_action("stop")
    assert stop in game.legal_actions(faulty, 0)
    buttons = [item for item in ui.controls(game, faulty, 0).items if getattr(item, "action", None) == stop]
    assert len(buttons) == 1 and not buttons[0].legal


def test_cards_of_which_any_one_would_do_are_joined_with_or():
    """A Stop's reason names every card that could have gone to a foundation: "the four of diamonds
    or the five of diamonds could go", not a bare list."""
    from games.ui.crapette import _either

    with translation.override("en"):
        assert _either(["4D"]) == "four of diamonds"
        assert _either(["4D", "5D"]) == "four of diamonds or the five of diamonds"
        assert _either(["4D", "5D", "AC"]) == "four of diamonds, the five of diamonds or the ace of clubs"
    with translation.override("ja"):
        assert _either(["4D", "5D"]) == "ダイヤの4かダイヤの5"


def _stop_offer(ui, game, state, reader):
    """What the practice table offers the reader about Stop! in this position: the controls it
    draws (games/table/views.py table_context: the reader's controls exist when he is awaited or
    may interrupt), reduced to those of a Stop call, each as (kind, label, legal, css)."""
    if reader not in game.turn(state) and reader not in game.interrupters(state):
        return ()
    controls = ui.controls(game, game.view(state, reader), reader)
    return tuple(sorted((type(item).__name__, item.label, item.legal, item.css) for item in controls.items
                        if getattr(item, "action", None) == game.parse_action("stop")))


def test_what_the_reader_is_offered_never_tells_him_whether_the_opponent_erred():
    """Over many deals between beginners in the callable mode, after each action of a player's turn
    (during his turn, and at the start of the reader's turn that follows its last move) the Stop
    controls offered to the reader are the same whether that action skipped an obligation (a call
    would be right) or not (a call would be wrong): he is offered the call, and it is judged when
    he makes it."""
    ui = _ui()
    game = ui.game
    offers = {}  # (where, right) -> the different Stop offers met
    for deal in range(40):
        for before, _seat, _action, _after in _one_deal({"stop_mode": "callable"}, f"stop-offer-{deal}")[1:]:
            last = before.last
            if before.phase != "play" or last is None or last[1].kind not in ("move", "turn", "end"):
                continue
            reader = 1 - last[0]
            f = before.fault
            right = f is not None and f.open and f.seat == last[0]
            where = "turn start" if before.turn == reader else "opponent's turn"
            offers.setdefault((where, right), set()).add(_stop_offer(ui, game, before, reader))
    for where in ("turn start", "opponent's turn"):
        right, wrong = offers.get((where, True), set()), offers.get((where, False), set())
        assert right and wrong, f"no {where} met both with and without a fault"
        assert right == wrong and len(right) == 1, (where, right, wrong)
        assert right.pop(), f"no Stop offered at the {where}"


def test_a_wrong_call_is_made_and_told_with_its_rule():
    """Stop! is offered whether or not the last move skipped an obligation; a wrong call is judged
    when made: nothing changes, and the story says so with the rule, in both languages."""
    from tests.engine.test_crapette_rules import BASIC, callable_, play

    ui = _ui()
    game = ui.game
    before = play(callable_(BASIC), (0, "move:7S@reserve.0>house.1"))
    after = play(before, (1, "stop"))
    for lang, words in (("en", "skipped no obligation, so the call has no effect (A wrong call)"),
                        ("ja", "間違ったストップ")):
        with translation.override(lang):
            said = " ".join(ui.narrate(game, before, 1, game.parse_action("stop"), after, ui.seat_names(1, 2), 1))
        assert words in said and not LEFTOVER.search(said), said


def test_an_action_the_end_of_the_turn_before_forestalls_is_not_told():
    """The opponent lets a faulty turn end go by; the deal is blocked as the chance to call closes,
    before his first action, which is not played: the story tells the end of the deal only."""
    from tests.engine.test_crapette_rules import BLOCKING_FIELDS, callable_, play, position

    ui = _ui()
    game = ui.game
    ended = play(callable_(position(BLOCKING_FIELDS.replace("fd=3D,", "fd=JC,"), park="house.2")),
                 (0, "move:QC@hand.0>waste.0"))
    after = play(ended, (1, "turn"))
    with translation.override("en"):
        said = ui.narrate(game, ended, 1, game.parse_action("turn"), after, ui.seat_names(1, 2), 1)
    assert said[0] == "Neither player can get any further: the deal is blocked." and "turn up" not in " ".join(said)


def test_refusals_in_the_standard_mode_never_speak_of_stop():
    """In the standard (enforced) mode a move that skips an obligation is refused, and there is
    nothing to stop: no refusal of a move, a turn or the end of a turn begins "Stop!" or names it,
    in either language (only a press of Stop! itself is told that Stop belongs to the other mode)."""
    from games.ui import explain

    ui = _ui()
    game = ui.game
    rules = set()
    for before, seat, _action, _after in _one_deal({"stop_mode": "enforced"}, "ui-enforced-words")[::3]:
        for action in set(game.candidate_actions(before, seat)) - {game.parse_action("stop")}:
            verdict = game.check(before, seat, action)
            if verdict:
                continue
            rules.add(verdict.rule)
            for lang, word in (("en", "stop"), ("ja", "ストップ")):
                with translation.override(lang):
                    said = explain("crapette", verdict)["text"]
                assert word not in said.lower(), (verdict.rule, lang, said)
    assert {"crapette.duty.reserve-first", "crapette.duty.foundation", "crapette.duty.fill-spaces"} <= rules
