"""A stamp of the code and templates this process serves, for keys of cached pages.

It changes with any change to a Python module, a template or a compiled translation of the project,
so that a new deployment never shows a page cached by an old one, even from a cache shared by
several servers. It is a digest of the files' names and contents (about 0.1 s at start-up), so the
processes of one deployment on every server compute the same stamp and share its entries.
"""

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", ".git", "node_modules", "staticfiles", "static", "tests", "__pycache__", ".local"}
KINDS = {".py", ".html", ".txt", ".mo"}


def stamp(root: Path = ROOT) -> str:
    digest = hashlib.sha256()
    for path in sorted(_files(root)):
        digest.update(f"{path.relative_to(root)}\n".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _files(folder: Path):
    for entry in folder.iterdir():
        if entry.is_dir():
            if entry.name not in SKIP and not entry.name.startswith("."):
                yield from _files(entry)
        elif entry.suffix in KINDS:
            yield entry


DEPLOYMENT = stamp()
