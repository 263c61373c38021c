"""Every deal target a game declares has its words in both languages: the label a homework set
shows and the verdict on a finished deal (met, missed, or not applicable). A game that leaves a
target without words fails the start-up check. Nothing here names a game."""

import pytest
from django.utils import translation

from games.ui import GameUI, TargetText, check_game_uis, game_ui, site_games
from tests.compiled import ensure_compiled

GAMES = [g.slug for g in site_games()]


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


@pytest.mark.parametrize("slug", GAMES)
def test_every_target_has_a_label_and_verdicts_in_both_languages(slug):
    ui = game_ui(slug)
    targets = ui.game.deal_targets()
    assert set(ui.targets) == set(targets)
    for target in targets:
        words = {}
        for lang in ("en", "ja"):
            with translation.override(lang):
                said = (ui.target_label(target), ui.target_verdict(target, True),
                        ui.target_verdict(target, False), ui.target_verdict(target, None))
            assert all(isinstance(s, str) and s.strip() for s in said), (lang, target, said)
            assert len(set(said)) == 4, (lang, target, said)  # met, missed and n/a say different things
            words[lang] = said
        assert all(en != ja for en, ja in zip(words["en"], words["ja"])), (target, "not translated")


def test_a_target_without_words_fails_the_start_up_check(monkeypatch):
    game = next(g for g in site_games() if g.deal_targets())
    ui = game_ui(game.slug)
    target = next(iter(game.deal_targets()))
    kept = {t: w for t, w in ui.targets.items() if t != target}
    monkeypatch.setattr(type(ui), "targets", kept)
    assert check_game_uis() == [f"{game.slug}: no words for the deal targets {target}"]
    monkeypatch.setattr(type(ui), "targets", {**ui.targets, "no-such-target": TargetText("a", "b", "c")})
    assert check_game_uis() == [f"{game.slug}: no words for the deal targets {target}",
                                f"{game.slug}: words for unknown deal targets no-such-target"]


def test_an_unknown_target_has_no_words():
    ui = game_ui(GAMES[0])
    with pytest.raises(KeyError):
        GameUI.target_label(ui, "no-such-target")
    with pytest.raises(KeyError):
        GameUI.target_verdict(ui, "no-such-target", None)
