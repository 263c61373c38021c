"""What the Frepe table shows, offers and says: whole sessions at five, six and seven played through
the ui with nothing hidden drawn, the controls of every decision, the ledger, the quiz facts and the
play-or-pass figure."""

import random
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.controls import Button, CardButton, ChoiceGroup, TickCards
from games.engine.results import POT
from games.ui import game_ui

UI = game_ui("frepe")
G = UI.game


def _visible_cards(view, seat):
    """Every card `seat` may see in its view: its own cards, the table's open cards and whatever
    of the others' hands the view shows (the dealer's taken card)."""
    seen = {c for hand in view.hands for c in hand if c is not None}
    seen |= {c for c in view.passed[seat] + view.discards[seat] if c is not None}
    seen |= set(view.trick) | {c for _leader, cards in view.done for c in cards}
    if not view.taken:  # a turned card taken by the dealer is seen only where the view shows it
        seen.add(view.turned)
    return seen


def _session(players, seed, lang="en"):
    """A short session played at random from every seat, the reader at seat 0; yields each
    position before and after a move, with the move."""
    state = G.new(seed, players, {"rounds": 4})
    rng = random.Random(seed)
    while state.phase != "over":
        seat = min(G.to_move(state))
        action = rng.choice(G.legal_actions(state, seat))
        after = G.apply(state, seat, action)
        yield state, seat, action, after
        state = after


@pytest.mark.parametrize("players", [5, 6, 7])
def test_a_whole_session_draws_only_what_the_reader_may_see(players):
    names = UI.seat_names(0, players)
    summaries = 0
    with translation.override("en"):
        for before, seat, action, after in _session(players, f"ui-{players}"):
            view = G.view(before, 0)
            controls = UI.controls(G, before, 0) if 0 in G.to_move(before) else None
            html = render_to_string(UI.board_template, {"board": UI.board(view, 0, names), "controls": controls,
                                                         "pack": UI.pack})
            drawn = set(re.findall(r'data-card="([^"]+)"', html)) - {"?"}
            assert drawn <= _visible_cards(view, 0), (before, drawn - _visible_cards(view, 0))
            assert "cards/french.svg" not in html
            lines = UI.narrate(G, G.view(before, 0), seat, action, G.view(after, 0), names, viewer=0)
            assert lines and all(lines)
            if after.phase in ("end", "over"):
                summary = UI.deal_summary(G.view(after, 0), 0, names)
                page = render_to_string(UI.summary_template, {"summary": summary, "urls": {"rules": "/r/"}})
                assert summary["chart"]["deals"] == len(after.history)
                # The chart's figures are also a table (for a screen reader): the last column is
                # every seat's balance now.
                last = [row["balances"][-1].replace("\u2212", "-").lstrip("+") for row in summary["chart"]["table"]]
                assert last == [str(b) for b in after.balances]
                assert page.count('<th scope="col">Deal ') == len(after.history)
                assert len(summary["players"]) == players and "Who paid whom" in page
                summaries += 1
    assert summaries == 4


@pytest.mark.parametrize("players", [5, 7])
def test_every_legal_decision_is_among_the_controls_and_nothing_else_is_legal(players):
    for before, seat, _action, _after in _session(players, f"controls-{players}"):
        controls = UI.controls(G, before, seat, only_legal=True)
        legal = set(G.legal_actions(before, seat))
        for action in legal:
            assert controls.form_for(action) is not None, (before, action)
        for item in controls.items:
            if isinstance(item, (Button, CardButton)):
                assert item.action in legal
            if isinstance(item, ChoiceGroup):
                assert all(b.action in legal for b in item.buttons)


def test_the_exchange_ticks_within_its_bounds_and_the_dealer_takes_by_ticking_one_card():
    for before, seat, _action, _after in _session(5, "bounds"):
        controls = UI.controls(G, before, seat)
        ticks = [i for i in controls.items if isinstance(i, TickCards)]
        if before.phase == "exchange":
            assert [(t.least, t.most) for t in ticks] == [G.exchange_bounds(before, seat)]
            assert ticks[0].least == 1  # five players discard at least one
        if before.phase == "trump":
            assert ticks and (ticks[0].least, ticks[0].most) == (1, 1) and str(ticks[0].action) == "take"
            assert any(isinstance(i, Button) and i.action.kind == "leave" for i in controls.items)


def _net_of(record, players):
    net = [0] * players
    for p in record.payments:
        if p.payer != POT:
            net[p.payer] -= p.amount
        if p.payee != POT:
            net[p.payee] += p.amount
    return net


def test_the_ledger_lists_every_payment_and_the_nets_add_up():
    names = UI.seat_names(2, 6)
    for before, _seat, _action, after in _session(6, "ledger"):
        if len(after.history) == len(before.history):
            continue
        record = after.history[-1]
        with translation.override("en"):
            summary = UI.deal_summary(G.view(after, 2), 2, names)
        assert sum(line["count"] for line in summary["ledger"]) == len(record.payments)
        assert sum(line["total"] for line in summary["ledger"]) == sum(p.amount for p in record.payments)
        # The antes into an empty pot are one row: everyone seated, one chip each.
        if record.deal == 1:
            first = summary["ledger"][0]
            assert first["rule"] == "frepe.ante.empty-pot" and first["count"] == 6 and first["payee"] == "the pot"
        nets = {p["name"]: p["net"] for p in summary["players"]}
        assert [nets[names[s]] for s in range(6)] == _net_of(record, 6)
        assert all(set(line["payer"].split(", ")) <= set(names.values()) | {"the pot"} for line in summary["ledger"])


def test_quiz_facts_name_the_trick_winner_frepe_the_nets_and_the_pot():
    for before, seat, _action, after in _session(7, "quiz"):
        facts = UI.quiz_facts(G, before, after, 0)
        if len(after.done) > len(before.done) and after.deal == before.deal:
            leader, cards = after.done[-1]
            from games.frepe.rules import trick_winner
            assert facts["trick-winner"] == str(after.seat_of(leader, trick_winner(cards, after.trumps)))
        if len(after.history) > len(before.history):
            record = after.history[-1]
            assert facts["frepe"] == (",".join(map(str, sorted(record.frepe))) or "none")
            assert [int(x.split(":")[1]) for x in facts["net"].split()] == _net_of(record, 7)
            assert facts["pot"] == str(after.pot)
        else:
            assert "net" not in facts


def test_the_play_or_pass_hint_gives_a_figure_sampled_from_the_readers_view(monkeypatch):
    import games.ui.frepe

    monkeypatch.setattr(games.ui.frepe, "HINT_SECONDS", None)  # every deal, however busy the machine
    state = G.new("hint-figure", 6)
    while state.phase != "declare":
        seat = min(G.to_move(state))
        state = G.apply(state, seat, G.legal_actions(state, seat)[0])
    seat = state.to
    view = G.view(state, seat)
    with translation.override("en"):
        reason = UI.hint_reason(view, seat, G.legal_actions(view, seat)[0])
    figures = re.search(r"escapes frepe in (\d+)% ± (\d+)% of (\d+) deals .* come to ([+\u2212]?\d+\.\d) on "
                        r"average \(± (\d+\.\d)\)", reason)
    assert figures, reason
    pct, pm, deals = (int(figures[i]) for i in (1, 2, 3))
    assert 0 <= pct <= 100 and 1 <= pm <= 10 and deals == 200
    # The same view gives the same figure (its deals are seeded by the position).
    with translation.override("en"):
        assert UI.hint_reason(view, seat, G.legal_actions(view, seat)[0]) == reason


def test_the_hint_figure_spends_at_most_its_time_and_keeps_the_first_deals():
    from games.frepe.sampling import play_or_pass_figures

    state = G.new("hint-time", 7)
    while state.phase != "declare":
        seat = min(G.to_move(state))
        state = G.apply(state, seat, G.legal_actions(state, seat)[0])
    view = G.view(state, state.to)
    every = play_or_pass_figures(G, view, state.to, "s", range(60))
    quick = play_or_pass_figures(G, view, state.to, "s", range(60), seconds=0.0, chunk=20)
    assert len(every) == 60 and quick == every[:20]  # one run of deals at least, the same deals
