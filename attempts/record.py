"""Writing and reading the records of one owner: the one place views store attempts.

Views never count progress themselves: they read rows here and hand them to attempts.summary.

Idempotency: a form that records carries a nonce (``NONCE``, fresh on every page drawn); the
record's ``once`` is a digest of the owner, the item, the place in it (step or ply), the moves made
so far and that nonce. The same form sent twice (a double click, a stale tab resent) makes the same
key, and the unique constraint keeps the second copy out; the page shown is the same either way.
A post without a nonce (not from one of our pages) is recorded without a key.
"""

import secrets
import threading
from hashlib import blake2b

from django.db import IntegrityError, connections, router, transaction

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
    stored; True if it was stored now."""
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        return False
    return True


# --- reading ---------------------------------------------------------------------------------------

_compiled = {}
_compiling = threading.Lock()


def rows_where(model, **where):
    """The rows of `model` whose fields equal `where` (field name: value), in the model's ordering:
    what ``list(model.objects.filter(**where))`` gives, with one query.

    A page reads one owner's few rows of one item on nearly every request, and Django's building of
    the SQL costs several times what the database takes to answer it. So the SQL of each shape (the
    model, the names filtered on, the database's kind) is built by Django once a process, with marks
    where the values go, and then run with each call's values; the rows are the model's own
    instances, made as the ORM makes them."""
    db = router.db_for_read(model)
    names = tuple(sorted(where))
    key = (model, names, db, connections[db].vendor)
    found = _compiled.get(key)
    if found is None:
        with _compiling:
            marks = {name: f"<value of {name}>" for name in names}
            sql, params = model.objects.using(db).filter(**marks).query.sql_with_params()
            by_mark = {mark: name for name, mark in marks.items()}
            if sorted(params) != sorted(marks.values()):  # not one plain value per name: let the ORM do it
                raise ValueError(f"rows_where filters on plain equality only, not {where!r}")
            found = _compiled[key] = (sql, [by_mark[p] for p in params])
    sql, order = found
    fields = model._meta
    values = [fields.get_field(name).get_db_prep_value(where[name], connections[db]) for name in order]
    return list(model.objects.raw(sql, values).using(db))


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
