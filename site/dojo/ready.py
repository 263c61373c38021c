"""A server process made ready before it answers anyone.

A process loads what it needs on first use: every view module, the translation catalogues, each
template (compiled once, then kept), each game's content, and the proof of each puzzle's answer
(an exact search, up to a second and a half for one game's puzzles). Left to the first readers,
that is a request of a few hundred milliseconds, or two seconds, in each worker, and the requests
queued behind it wait as long.

``prepare()`` does it all at start instead. The production entry point (dojo.serve) calls it
once, in the server's first process, before the workers are forked (gunicorn --preload): they
start with everything loaded, and share it. Each installed app says what it keeps in a module
``warm`` with a function ``warm()`` (tutorials: the content and the proofs; games: each game's ui,
engine and bots).

Then what is loaded is frozen (``gc.freeze``): the collector no longer looks through those objects
every time it looks through all of them (a full collection of a loaded process took 55–70 ms; with
them frozen, 1–12), and a forked worker does not copy the memory pages it shares with its parent
just because the collector has touched them. Frozen objects are freed as usual when nothing refers
to them any more.

Nothing here writes to the database or the cache; the connections it opened are closed before the
fork, so that no two processes share one.
"""

import gc
import importlib
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.cache import close_caches
from django.db import connections
from django.template import engines
from django.template.utils import get_app_template_dirs
from django.urls import get_resolver
from django.utils import translation
from django.utils.module_loading import module_has_submodule

TEMPLATE_SUFFIXES = (".html", ".txt")


def prepare():
    """Load everything a request may need, close the connections, collect and freeze. Returns the
    names of the apps whose warm() ran."""
    get_resolver().url_patterns  # noqa: B018 (imports every view module)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("")  # loads the language's catalogues
    compile_templates()
    warmed = []
    for config in apps.get_app_configs():
        if module_has_submodule(config.module, "warm"):
            importlib.import_module(f"{config.name}.warm").warm()
            warmed.append(config.name)
    connections.close_all()
    close_caches()
    gc.collect()
    gc.freeze()
    return warmed


def template_folders(engine):
    """The project's own template folders: settings.TEMPLATES' DIRS and its apps' templates/ (not
    those of the packages it installs)."""
    root = Path(settings.BASE_DIR).resolve()
    # Not engine.template_dirs: the loaders are set in settings.TEMPLATES, and APP_DIRS is off.
    for folder in [*engine.dirs, *get_app_template_dirs("templates")]:
        folder = Path(folder).resolve()
        if folder.is_relative_to(root) and "site-packages" not in folder.parts:
            yield folder


def compile_templates():
    """Compile every template of the project's own folders, in each of the site's languages (the
    loader keeps one copy per language: dojo/template_loader.py), and keep it in the loader's cache.
    Returns how many copies."""
    count = 0
    for engine in engines.all():
        for code, _name in settings.LANGUAGES:
            with translation.override(code):
                for folder in template_folders(engine):
                    for path in sorted(folder.rglob("*")):
                        if path.suffix in TEMPLATE_SUFFIXES:
                            engine.get_template(path.relative_to(folder).as_posix())
                            count += 1
    return count
