"""Practice tables: a match against bots, one decision at a time (architecture.md §4).

Nothing here knows a particular game: a game takes part through its engine (games.engine.registry)
and its declared ui (games.ui.GameUI: board, controls, story, hints, summary, templates).

    codes.py   deal codes: a shareable text for a match's deals
    forms.py   the set-up form
    match.py   a table's positions (from snapshots), the bots' runs, the undo policy
    memo.py    what a table's requests would work out again: its latest positions, its story's
               lines, its snapshot list (kept between requests, taken only where they still hold)
    views.py   the HTTP views: thin, request → form → match → render
"""
