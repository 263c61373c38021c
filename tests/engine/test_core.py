"""The shared engine core: cards, shuffles, actions, notation helpers, and no Django anywhere."""

import ast
import pathlib
import subprocess
import sys

import pytest

from games.engine.actions import Action
from games.engine.cards import double_pack, french_pack, piquet_pack, spanish_pack
from games.engine.notation import cards_text, parse_cards
from games.engine.rng import rng_for, shuffled
from games.engine.rules import NotationError

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_packs():
    assert len(french_pack()) == 52 and len(set(french_pack())) == 52
    assert len(french_pack(2)) == 54 and french_pack(2)[-2:] == ("X1", "X2")
    assert len(piquet_pack()) == 32 and not any(c[0] in "23456" for c in piquet_pack())
    assert len(spanish_pack()) == 40 and not any(c[0] in "89T" for c in spanish_pack())
    assert len(double_pack()) == 104 and len(set(double_pack())) == 52


def test_shuffle_is_fixed_for_a_key():
    # Pinned so that a change of Python version or of our shuffle shows up here.
    order = shuffled(piquet_pack(), rng_for("ecarte", "pin", 1))
    assert "".join(order[:6]) == "".join(shuffled(piquet_pack(), rng_for("ecarte", "pin", 1))[:6])
    assert "".join(order[:8]) == "8CJDAHTDKH7DACTC"
    assert sorted(order) == sorted(piquet_pack())


def test_shuffle_is_roughly_uniform():
    counts = {}
    for i in range(4000):
        first = shuffled("ABCD", rng_for("uniform", i))[0]
        counts[first] = counts.get(first, 0) + 1
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_action_text_round_trip():
    for text in ["propose", "play:QH", "discard:7S8HKD", "flip@2", "move:QH@house.3", "discard"]:
        assert str(Action.parse(text)) == text
    assert Action.parse("discard:-") == Action("discard")
    for bad in ["Play", "play:Q", "play:1H", "play QH", "", "play:QH@", "x" * 100 + ":"]:
        with pytest.raises(NotationError):
            Action.parse(bad)


def test_card_list_notation():
    assert cards_text(()) == "-" and parse_cards("-") == ()
    assert parse_cards("QH??X1") == ("QH", None, None, "X1")
    assert cards_text(("QH", None, "TS")) == "QH?TS"
    with pytest.raises(NotationError):
        parse_cards("QHZ")


def engine_files():
    for path in (ROOT / "games").rglob("*.py"):
        rel = path.relative_to(ROOT / "games")
        if rel.parts[0] in ("engine",) or (len(rel.parts) > 1 and (ROOT / "games" / rel.parts[0] / "rules.py").exists()):
            yield path


def test_engine_packages_import_no_django():
    files = list(engine_files())
    from games.engine import registry

    assert all(any(f"/games/{p}/" in str(f) for f in files) for p in registry.game_packages())
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n == "django" or n.startswith("django.") for n in names), path
    code = (
        "import sys; from games.engine import registry; registry.all_games();"
        "import games.engine.bots, games.engine.zones;"
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_payments_read_back_and_move_chips():
    from games.engine.results import POT, DealResult, Payment, ledger

    ante = Payment(3, POT, 2, "game.ante.rule")
    assert ante.to_text() == "3>pot:2:game.ante.rule" == str(ante)
    assert Payment.from_text(ante.to_text()) == ante and Payment.parse("pot>0:5:a.b.c") == Payment(POT, 0, 5, "a.b.c")
    for bad in ["3>pot:0:a.b.c", "3>3:1:a.b.c", "03>pot:1:a.b.c", "3>pot:1", "-1>pot:1:a.b.c", "3>POT:1:a.b.c",
                "3>pot:1:A.b", "", None]:
        with pytest.raises(NotationError):
            Payment.from_text(bad)
    with pytest.raises(ValueError):
        Payment(1, 1, 1, "a.b.c")
    with pytest.raises(ValueError):
        Payment(1, 2, 0, "a.b.c")
    moves = (ante, Payment(POT, 1, 2, "game.pot.win"), Payment(0, 1, 4, "game.pay.rule"))
    assert ledger(moves, {"0": 0, "1": 0, "3": 0, "pot": 0}) == {"0": -4, "1": 6, "3": -2, "pot": 0}
    record = DealResult(deal=2, payments=moves)
    assert DealResult.parse(str(record)) == record and record.net(1) == 6 and record.net(POT) == 0
    assert str(DealResult(deal=1)) == "deal=1;scores=-;finished=1;payments=-"
