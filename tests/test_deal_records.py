"""A practice table's finished deals as records (attempts.models.DealPlayed, games/table/played.py):
one per deal, written where the table stores the move that scores it, with the result for the
reader, the deal code, the target's judgement and, once reviewed, the costliest decision."""

import pytest

from attempts import summary
from attempts.models import DealPlayed
from games import owner
from games.models import Table
from games.table import played
from games.table import review as reviews
from games.table.match import Match
from games.ui import game_ui, site_games
from tests.compiled import ensure_compiled
from tests.test_review import first_deal_over

pytestmark = pytest.mark.django_db
GAMES = [g.slug for g in site_games()]


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


@pytest.mark.parametrize("slug", GAMES)
def test_a_finished_deal_is_one_record_with_its_result_and_later_its_costliest_decision(client, slug):
    url, match = first_deal_over(client, slug)
    table = match.table
    rows = list(DealPlayed.objects.filter(table=table.token))
    assert [r.deal for r in rows] == match.finished_deals()
    row = rows[0]
    assert row.owner == table.owner == owner.token_in(client.cookies)
    assert (row.game, row.level, row.target, row.target_met) == (slug, table.level, "", None)
    assert row.code.startswith(f"{slug}-{table.seed}")
    result = match.game.outcome(match.state).deals[0]
    assert row.result["scores"] == [match.game.deal_score(result, s) for s in range(table.players)]
    assert row.result["won"] == match.game.deal_won(result, table.human_seat)
    assert row.costliest is None  # not reviewed yet
    review = reviews.review(match, 1, seconds=60)
    assert review.complete
    row.refresh_from_db()
    lost = review.costly()
    if lost:
        # The costliest, the earliest of equally costly ones (a tie is no reason to pick another).
        index, verdict = max(lost, key=lambda item: (item[1]["cost"], -item[0]))
        assert row.costliest["loss"] == verdict["cost"] and row.costliest["unit"] == verdict["unit"]
        assert table.actions[row.costliest["index"]][0] == table.human_seat
        assert row.costliest["text"] == verdict["chosen"]
    else:
        assert row.costliest == {}
    # Stored again (a stale write of the same deal): still one record, the first kept.
    before = match.state_at(match.deal_span(1)[0])
    played.record_finished(match, before, [match.state_at(i) for i in range(match.deal_span(1)[0] + 1, match.length + 1)])
    assert DealPlayed.objects.filter(table=table.token, deal=1).count() == 1
    assert summary.deals(DealPlayed.objects.filter(owner=table.owner)).played == len(rows)


def test_a_table_with_a_target_records_the_engines_judgement(client, monkeypatch):
    slug = GAMES[0]
    calls = []

    def met(self, state, seat, target):
        calls.append((seat, target))
        if target == "unknown":
            raise KeyError(target)
        return True

    game = game_ui(slug).game
    monkeypatch.setattr(type(game), "deal_target_met", met)
    url, match = first_deal_over(client, slug, seed="target")
    row = DealPlayed.objects.get(table=match.table.token, deal=1)
    assert row.target_met is None and not calls  # no target, no judgement
    # The same deals at a table with a target.
    table = match.table
    copy = Table.objects.create(game=table.game, owner=table.owner, seed=table.seed, players=table.players,
                                options=table.options, human_seat=table.human_seat, level=table.level,
                                target="win")
    m = Match(copy, match.ui)
    m.snapshots()
    end = match.deal_span(1)[1]
    moves = [(s, game.parse_action(a)) for s, a in table.actions[:end]]
    assert m.record(moves, [match.state_at(i) for i in range(1, end + 1)], keep=0, shown=end)
    row = DealPlayed.objects.get(table=copy.token, deal=1)
    assert (row.target, row.target_met) == ("win", True) and calls == [(table.human_seat, "win")]
    assert played.target_met(game, match.state, 0, "unknown") is None


def test_who_won_a_deal():
    """Game.deal_won, by default: the named loser, else chips for a deal played for them, else points."""
    from dataclasses import dataclass

    from games.engine.game import Game
    from games.engine.results import DealResult, Payment, Score

    game = Game()
    assert game.deal_won(DealResult(1, (Score(0, 2, "r"), Score(1, 1, "r"))), 0) is True
    assert game.deal_won(DealResult(1, (Score(0, 1, "r"),)), 1) is False
    assert game.deal_won(DealResult(1, (Score(0, 1, "r"), Score(1, 1, "r"))), 0) is None

    @dataclass(frozen=True)
    class LoserDeal(DealResult):  # a game that names the deal's loser
        loser: int = -1

    assert game.deal_won(LoserDeal(deal=1, scores=(Score(1, 1, "r"),), loser=1), 0) is True
    assert game.deal_won(LoserDeal(deal=1, scores=(Score(0, 1, "r"),), loser=0), 0) is False
    # Played for chips, with no points scored: the chips decide (antes into the pot, the pot paid out).
    chips = DealResult(1, (), payments=(Payment(0, "pot", 1, "a"), Payment(1, "pot", 1, "a"), Payment(2, "pot", 1, "a"),
                                        Payment("pot", 1, 3, "w")))
    assert [game.deal_won(chips, s) for s in range(3)] == [False, True, False]
    assert [game.deal_score(chips, s) for s in range(3)] == [-1, 2, -1]
    even = DealResult(1, (), payments=(Payment(0, "pot", 1, "a"), Payment("pot", 0, 1, "w")))
    assert game.deal_won(even, 0) is None and game.deal_won(even, 1) is None
    assert game.deal_score(DealResult(1, (Score(0, 2, "r"),)), 0) == 2


@pytest.mark.parametrize("slug", GAMES)
def test_no_deal_is_won_by_every_seat_and_some_are_won(slug):
    """Over seeded random matches at the game's most seats, no deal is won by every seat, and some
    deal is won by somebody (a game played for chips judged by its points would be "won" by all)."""
    import random

    game = game_ui(slug).game
    players = max(game.player_counts)
    said = set()
    for k in range(12):
        state, rng = game.new(f"won{k}", players, None), random.Random(k)
        for _ in range(5000):
            deals = game.outcome(state).deals
            waiting = sorted(game.turn(state))
            if deals or not waiting:
                break
            state = game.apply(state, waiting[0], rng.choice(game.legal_actions(state, waiting[0])))
        for deal in game.outcome(state).deals[:1]:
            verdicts = [game.deal_won(deal, s) for s in range(players)]
            assert not all(verdicts), (slug, k, verdicts)
            said.add(True in verdicts)
    assert True in said
