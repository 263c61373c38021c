"""Puzzles kept elsewhere than the content files (tutorials.puzzles.add_source): found only within
their scope, listed after the site's, and a sampled one's figures read from the puzzle itself. The
sample's verdict is one function for the suite and for written puzzles."""

import dataclasses

from games.engine.sampling import figures
from games.ui import site_games
from tutorials import puzzles


def test_a_source_adds_puzzles_only_within_its_scope():
    slug = site_games()[0].slug
    site = puzzles.puzzles(slug)
    base = site[0] if site else None
    extra = dataclasses.replace(base, id="scope-1", page="/somewhere/") if base else None
    find = lambda game, pid, scope: extra if (scope == "mine" and pid == "scope-1" and game == slug) else None  # noqa: E731
    listing = lambda game, scope: (extra,) if scope == "mine" and game == slug else ()  # noqa: E731
    puzzles.add_source(find, listing)
    try:
        assert puzzles.find(slug, "scope-1") is None  # the site's pages never find it
        assert puzzles.find(slug, "scope-1", scope="other") is None
        assert puzzles.find(slug, "scope-1", scope="mine") is extra
        assert puzzles.puzzles_in(slug, "mine") == site + (extra,)
        assert puzzles.puzzles_in(slug) == site
        if base:
            assert puzzles.find(slug, base.id, scope="mine") == base
    finally:
        puzzles._sources.remove((find, listing))


def test_a_stored_sample_is_read_from_the_puzzle():
    base = next(p for g in site_games() for p in puzzles.puzzles(g.slug))
    values = {"a": [3, 1, 2, 2], "b": [0, 0, 1, 0]}
    record = {"deals": 4, "unit": "points", "policy": "x", "actions": {
        t: {"values": v, "ahead": "1010", "figures": dataclasses.asdict(figures(v, [True, False, True, False]))}
        for t, v in values.items()}}
    p = dataclasses.replace(base, id="scope-2", sampled=4, stored=record)
    assert puzzles.record_of(p) is record
    assert [t for t, _f in puzzles.stored_figures(p)] == ["a", "b"]
    assert puzzles.proof(p) in ("sampled", "proved")


def test_the_sample_verdict_names_what_keeps_an_answer_from_being_backed():
    far = [("a", figures([10] * 50, [True] * 50)), ("b", figures([0, 1] * 25, [False] * 50))]
    assert puzzles.sample_verdict(far, ["a"]) == []
    assert [c for c, *_ in puzzles.sample_verdict(far, ["b"])] == ["not-best"]
    assert [c for c, *_ in puzzles.sample_verdict(far, ["a", "b"])] == ["not-best"]
    near = [("a", figures([2, 0] * 10, [True] * 20)), ("b", figures([1, 0] * 10, [False] * 20))]
    assert [c for c, *_ in puzzles.sample_verdict(near, ["a"])] == ["close"]
    tie = [("a", figures([1, 0], [True, True])), ("b", figures([0, 1], [True, True]))]
    assert [c for c, *_ in puzzles.sample_verdict(tie, ["a"])][0] == "tie"
