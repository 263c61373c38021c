"""What a practice table's requests would otherwise work out again on every request, kept between
requests in this process: the positions after the latest actions (else replayed from a snapshot)
and the lines of the deal's story (else the last LOG_LINES actions narrated again each time).

Both are pure functions of the table's deal (token, seed, players, options, the reader's seat) and
of its actions so far, the lines also of the page's language. An entry holds what was worked out
from one list of actions; a request takes from it only what holds for its own actions: the
positions after the first n actions and the lines telling actions before n, where n is the length
of the prefix the two lists share. After an undo, or another process's write, the rest is worked
out again; nothing is ever taken on trust from a version number.

An entry is never changed once stored: a request works on its own copies and stores a new entry.
"""

import json
import threading
from collections import OrderedDict

TABLES = 256  # the tables kept: those played most recently in this process
STATES = 256  # positions kept per table: those after its latest actions
LINES = 1024  # lines kept per table and language: those telling its latest actions

_entries = OrderedDict()
_lock = threading.Lock()


class Entry:
    __slots__ = ("actions", "states", "lines")

    def __init__(self, actions, states, lines):
        self.actions = actions  # the table's list of actions, as read (never changed in place)
        self.states = states  # {index: the position after `index` actions}
        self.lines = lines  # {(kind, language, index): lines}: ("action", i) tells action i,
        #                    ("opening", i) opens the deal that starts after i actions


def key(table):
    return (table.token, table.seed, table.players, json.dumps(table.options, sort_keys=True), table.human_seat)


def shared_prefix(a, b):
    """How many first items the lists a and b have in common."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    for i in range(n):
        if a[i] != b[i]:
            return i
    return n  # pragma: no cover (the slices differed)


def take(table):
    """(states, lines): copies of what the latest entry of this table holds for its actions now."""
    with _lock:
        entry = _entries.get(key(table))
        if entry is None:
            return {}, {}
        _entries.move_to_end(key(table))
    n = shared_prefix(entry.actions, table.actions)
    states = {i: s for i, s in entry.states.items() if i <= n}
    lines = {k: v for k, v in entry.lines.items() if (k[2] <= n if k[0] == "opening" else k[2] < n)}
    return states, lines


def keep(table, states, lines):
    """Store what was worked out from the table's actions now (the latest positions and lines)."""
    length = len(table.actions)
    states = {i: s for i, s in states.items() if i >= length - STATES}
    lines = {k: v for k, v in lines.items() if k[2] >= length - LINES}
    entry = Entry(table.actions, states, lines)
    with _lock:
        _entries[key(table)] = entry
        _entries.move_to_end(key(table))
        while len(_entries) > TABLES:
            _entries.popitem(last=False)


def forget():
    """Empty the memo (the tests, to measure or to start clean)."""
    with _lock:
        _entries.clear()
