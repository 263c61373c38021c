"""Writing and reading the records of one owner: the one place views store attempts.

Views never count progress themselves: they read rows here and hand them to attempts.summary.

Idempotency: a form that records carries a nonce (``NONCE``, fresh on every page drawn); the
record's ``once`` is a digest of the owner, the item, the place in it (step or ply), the moves made
so far and that nonce. The same form sent twice (a double click, a stale tab resent) makes the same
key, and the unique constraint keeps the second copy out; the page shown is the same either way.
A post without a nonce (not from one of our pages) is recorded without a key.
"""

import secrets
from hashlib import blake2b

from dojo.queries import insert_once, rows_where

from .models import DealPlayed, LessonAnswer, PuzzleMove

NONCE = "nonce"  # the hidden field of every recording form


def new_nonce():
    return secrets.token_urlsafe(9)


def posted_nonce(request):
    """The form's nonce, or "" when there is none (or it is not one of ours)."""
    value = request.POST.get(NONCE, "")
    return value if 8 <= len(value) <= 40 and value.replace("-", "").replace("_", "").isalnum() else ""


def once(nonce, *parts):
    """The idempotency key of a record made by a form with `nonce` (None without a nonce)."""
    if not nonce:
        return None
    text = "\x1f".join(str(p) for p in (*parts, nonce))
    return blake2b(text.encode(), digest_size=24).hexdigest()


def save(row):
    """Store `row` unless a row with its `once` key (or, for a deal, its table and deal) is already
    stored; True if it was stored now (dojo.queries.insert_once: one statement, and a transaction
    the row is written in stays usable after a conflict)."""
    return insert_once(row)


# --- reading ---------------------------------------------------------------------------------------

def lesson_rows(owner, game, lesson):
    if not owner:
        return []
    return rows_where(LessonAnswer, owner=owner, game=game, lesson=lesson)


def lesson_rows_by_item(owner, game):
    """{lesson id: [rows, oldest first]} of one owner in one game."""
    out = {}
    if owner:
        for row in rows_where(LessonAnswer, owner=owner, game=game):
            out.setdefault(row.lesson, []).append(row)
    return out


def puzzle_rows(owner, game, puzzle):
    if not owner:
        return []
    return rows_where(PuzzleMove, owner=owner, game=game, puzzle=puzzle)


def puzzle_rows_by_item(owner, game):
    """{puzzle id: [rows, oldest first]} of one owner in one game."""
    out = {}
    if owner:
        for row in rows_where(PuzzleMove, owner=owner, game=game):
            out.setdefault(row.puzzle, []).append(row)
    return out


def attempt_number(rows, ply):
    """The number of the try a move at `ply` belongs to: a move from the puzzle's start (ply 0)
    begins a new try; a later move continues the latest one."""
    last = max((r.attempt for r in rows), default=0)
    return last + 1 if ply == 0 else max(last, 1)


def deal_rows(owner, game=None):
    if not owner:
        return []
    return rows_where(DealPlayed, owner=owner, game=game) if game else rows_where(DealPlayed, owner=owner)
