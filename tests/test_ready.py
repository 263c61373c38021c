"""A server process is made ready before it answers anyone (dojo.ready): after prepare(), no reader
pays for a puzzle's proof, a template's compilation or a rules example's board, nothing was written,
no connection is left open for the forked workers to share, and what is loaded is frozen."""

import gc
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connections
from django.template import engines
from django.utils import translation

from dojo import ready
from games.engine import registry
from tutorials import content, markdown, puzzles, views

ROOT = Path(settings.BASE_DIR)


@pytest.fixture(scope="module")
def prepared():
    warmed = ready.prepare()
    yield warmed
    gc.unfreeze()


def test_prepare_runs_each_apps_warm_and_closes_every_connection(prepared):
    # No database access is allowed in this test: prepare() reading or writing one would fail it.
    assert {"games", "tutorials"} <= set(prepared)
    assert all(conn.connection is None for conn in connections.all(initialized_only=True))
    assert gc.get_freeze_count() > 0


def test_no_reader_pays_for_a_puzzles_proof_after_prepare(prepared, monkeypatch):
    def searched(*args, **kwargs):
        raise AssertionError("a puzzle's proof was searched for after prepare()")

    for game in registry.all_games():
        monkeypatch.setattr(type(game), "goal_reachable", searched)
        monkeypatch.setattr(type(game), "exact_values", searched)
    shown = [p for game in registry.all_games() for p in puzzles.puzzles(game.slug)]
    assert shown, "no puzzle is published"
    assert {puzzles.proof(p) for p in shown} <= {"proved", "sampled", ""}
    assert "proved" in {puzzles.proof(p) for p in shown}


def test_no_rules_example_board_is_drawn_again_after_prepare(prepared, monkeypatch):
    def drawn(*args, **kwargs):
        raise AssertionError("a rules example's board was drawn after prepare()")

    monkeypatch.setattr(views, "render_to_string", drawn)
    seen = 0
    for game in registry.all_games():
        if not content.has_rules(game.slug):
            continue
        for lang in content.LANGS:
            for seg in content.rules_page(game.slug, lang).segments:
                if isinstance(seg, markdown.Example):
                    assert views.example_context(game.slug, seg, lang)["board_html"]
                    seen += 1
    assert seen


def test_every_template_of_the_project_is_compiled_once_by_prepare(prepared, monkeypatch):
    from django.template.loaders import base

    compiled = []
    real = base.Template

    def counting(*args, **kwargs):
        compiled.append(kwargs.get("name") or args[2])
        return real(*args, **kwargs)

    monkeypatch.setattr(base, "Template", counting)
    engine = engines["django"]
    folders = list(ready.template_folders(engine))
    assert ROOT / "templates" in folders and ROOT / "clubs" / "templates" in folders
    assert not any("site-packages" in f.parts for f in folders)
    names = [p.relative_to(f).as_posix() for f in folders for p in sorted(f.rglob("*.html"))]
    assert len(names) > 90
    for code, _name in settings.LANGUAGES:  # a copy per language (dojo/template_loader.py)
        with translation.override(code):
            for name in names:
                engine.get_template(name)
    assert compiled == []


def test_the_production_server_is_started_ready():
    """The commands that start gunicorn load the entry point that prepares, once, before forking."""
    for path in (ROOT / ".ci" / "setup.sh", ROOT / "games" / "management" / "commands" / "loadrun.py",
                 ROOT / "README.md"):
        text = path.read_text(encoding="utf-8")
        started = re.findall(r'--pythonpath\W+(?:site|str\(root / "site"\))\W+([\w.:]+)', text)
        assert started and set(started) == {"dojo.serve:application"}, (path, started)
        assert "--preload" in text, path
    assert "ready.prepare()" in (ROOT / "site" / "dojo" / "serve.py").read_text(encoding="utf-8")
