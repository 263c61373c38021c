"""What a practice table's requests would otherwise work out again on every request, kept between
requests in this process: the positions after the latest actions (else replayed from a snapshot)
and the lines of the deal's story (else the last LOG_LINES actions narrated again each time).

Both are pure functions of the table's deal (token, seed, players, options, the reader's seat) and
of its actions so far, the lines also of the page's language. An entry holds what was worked out
from one list of actions; a request takes from it only what holds for its own actions: the
positions after the first n actions and the lines telling actions before n, where n is the length
of the prefix the two lists share. After an undo, or another process's write, the rest is worked
out again.

The entry also keeps the list of the table's snapshots (Match.snapshots, a query) as it was at one
version of the table: every change to a table's snapshots is written with a new version (Match.record,
the people's replay copy) or fills in missing ones from the actions, so the list is taken only by a
request that reads the table at that very version with the very same actions.

An entry is never changed once stored: a request works on its own copies and stores a new entry.
"""

import json
import threading
from collections import OrderedDict

TABLES = 256  # the tables kept: those played most recently in this process
STATES = 256  # positions kept per table: those after its latest actions (up to twice as many)
LINES = 256  # lines kept per table: those telling its latest actions (up to twice as many)

_entries = OrderedDict()
_lock = threading.Lock()


class Entry:
    __slots__ = ("actions", "states", "lines", "version", "snaps")

    def __init__(self, actions, states, lines, version, snaps):
        self.actions = actions  # the table's list of actions, as read (never changed in place)
        self.states = states  # {index: the position after `index` actions}
        self.lines = lines  # {(kind, language, index): lines}: ("action", i) tells action i,
        #                    ("opening", i) opens the deal that starts after i actions
        self.version = version  # the table's version with these actions
        self.snaps = snaps  # its snapshots at that version (Match.snapshots), or None


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
    """(states, lines, snaps): copies of what the latest entry of this table holds for its actions
    and version now (snaps None unless both are the entry's)."""
    with _lock:
        entry = _entries.get(key(table))
        if entry is None:
            return {}, {}, None
        _entries.move_to_end(key(table))
    n = shared_prefix(entry.actions, table.actions)
    if n == len(entry.actions):  # the table has only gone on since: all of it holds
        states, lines = dict(entry.states), dict(entry.lines)
    else:
        states = {i: s for i, s in entry.states.items() if i <= n}
        lines = {k: v for k, v in entry.lines.items() if (k[2] <= n if k[0] == "opening" else k[2] < n)}
    same = entry.version == table.version and n == len(entry.actions) == len(table.actions)
    snaps = list(entry.snaps) if same and entry.snaps is not None else None
    return states, lines, snaps


def keep(table, states, lines, snaps=None):
    """Store what was worked out from the table's actions now (the latest positions and lines, and
    the snapshots read or written at its version now)."""
    length = len(table.actions)
    # Only the latest are kept, pruned once there are twice as many.
    states = {i: s for i, s in states.items() if i >= length - STATES} if len(states) > 2 * STATES else dict(states)
    lines = {k: v for k, v in lines.items() if k[2] >= length - LINES} if len(lines) > 2 * LINES else dict(lines)
    entry = Entry(table.actions, states, lines, table.version, None if snaps is None else list(snaps))
    with _lock:
        _entries[key(table)] = entry
        _entries.move_to_end(key(table))
        while len(_entries) > TABLES:
            _entries.popitem(last=False)


def forget():
    """Empty the memo (the tests, to measure or to start clean)."""
    with _lock:
        _entries.clear()
