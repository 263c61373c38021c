"""Reading the learning content of each game from tutorials/content/<game>/.

rules.<lang>.md   the rules page in each language (see tutorials/markdown.py)
glossary.toml     the bilingual glossary ([[term]] ja, en, note_ja, note_en)

A game's content is published with its ui (games/ui/<slug>.py): the examples, lessons and puzzles
are drawn by its board. Until the ui lands the files are held back — no page, no hub link — and
the suite checks them against the engine alone (tests/test_held_content.py).
"""

import hashlib
import os
import time
import tomllib
from functools import lru_cache
from pathlib import Path

from . import markdown

ROOT = Path(__file__).resolve().parent / "content"
LANGS = ("ja", "en")
# A game whose content lives elsewhere than ROOT/<slug>, by slug (empty on the site; a test may put
# a game of its own here).
FOLDERS: dict[str, Path] = {}


def game_dir(slug: str) -> Path:
    return FOLDERS.get(slug) or ROOT / slug


def published(slug: str) -> bool:
    """Whether the game's content is shown: once it has a ui to draw its boards (and its engine is
    registered: a run restricted by DOJO_GAMES shows nothing of the games it leaves out)."""
    from games.engine import registry
    from games.ui import has_ui

    return has_ui(slug) and slug in {g.slug for g in registry.all_games()}


def has_rules(slug: str) -> bool:
    return published(slug) and all((game_dir(slug) / f"rules.{lang}.md").exists() for lang in LANGS)


# How long a process trusts the content stamp it last read (reading it takes about a millisecond,
# the time of a whole cached page): a file changed is shown by every page within this time.
STAMP_SECONDS = 1.0
_last = {"at": -STAMP_SECONDS, "stamp": ""}


def stamp() -> str:
    """Changes whenever any content file of any game changes, is added or goes (for keys of cached
    pages that show what content there is: the home page, hubs, catalogues, steps). Read again at
    most once every STAMP_SECONDS."""
    now = time.monotonic()
    if now - _last["at"] >= STAMP_SECONDS:
        _last["stamp"], _last["at"] = _read_stamp(), now
    return _last["stamp"]


def _read_stamp() -> str:
    seen = []
    for folder in sorted({ROOT, *FOLDERS.values()}):
        _times(str(folder), seen)
    return hashlib.sha1("\n".join(seen).encode()).hexdigest()[:16]


def _times(folder, seen):
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except FileNotFoundError:
        return
    for entry in entries:
        if entry.is_dir():
            _times(entry.path, seen)
        else:
            seen.append(f"{entry.path}:{entry.stat().st_mtime_ns}")


def rules_stamp(slug: str) -> str:
    """Changes whenever either language's rules page file changes (for keys of cached pages)."""
    return "-".join(str((game_dir(slug) / f"rules.{lang}.md").stat().st_mtime_ns) for lang in LANGS)


def rules_page(slug: str, lang: str) -> markdown.Rendered:
    path = game_dir(slug) / f"rules.{lang}.md"
    return _render(path, path.stat().st_mtime_ns)


@lru_cache(maxsize=64)
def _render(path: Path, mtime: int) -> markdown.Rendered:
    return markdown.render(path.read_text(encoding="utf-8"))


def glossary(slug: str) -> list[dict]:
    path = game_dir(slug) / "glossary.toml"
    if not path.exists() or not published(slug):
        return []
    return _toml(path, path.stat().st_mtime_ns).get("term", [])


@lru_cache(maxsize=64)
def _toml(path: Path, mtime: int) -> dict:
    with path.open("rb") as f:
        return tomllib.load(f)


def examples(slug: str) -> dict:
    """Every live example of both language versions by id (the two must agree)."""
    found = {}
    for lang in LANGS:
        for seg in rules_page(slug, lang).segments:
            if isinstance(seg, markdown.Example):
                found.setdefault(seg.id, {})[lang] = seg.fields
    return found


def example(slug: str, example_id: str, lang: str):
    for seg in rules_page(slug, lang).segments:
        if isinstance(seg, markdown.Example) and seg.id == example_id:
            return seg
    return None
