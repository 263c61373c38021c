"""Puzzles: a position, a question, the accepted answers, hints and explanations in both
languages, checked against the engines.

tutorials/content/<game>/puzzles.toml holds ``[[puzzle]]`` entries:

    id, theme, level (1 easy, 2 medium, 3 hard), position, seat, open (show every hand)
    show = ["tricks"]                  the board facts the puzzle is about (GameUI.board_facts); the
                                       board leaves out the others (default: none of them)
    question_en/ja, explanation_en/ja
    hints_en = ["the idea", "the card"], hints_ja = [...]
    answers = ["play:KH"]              every action accepted as the first move
    line = ["1 play:7H", "0 play:QS"]  optional: after answers[0], the replies (other seats) and the
                                       learner's further moves (its own seat), each the only best move
    [puzzle.wrong."play:7C"] en, ja    the author's word on a particular wrong answer
    goal = "empty-reserve"             optional: a goal of the game (Game.goals) instead of a best
                                       move; any line that reaches it is right, answers/line then
                                       show one such line
    sampled = 1000, seed = "s1"        optional: the answer is backed by that many deals dealt from
                                       what the seat sees (Game.sampled_values, with this seed)
                                       instead of a proof; for cards that are hidden and decide it

and a ``[policies]`` table naming, in both languages, how the game plays a sampled deal out
(``[policies.<id>] en, ja``, the id as the game's Sample gives it).

Where every card that decides the result is known (the game's exact_values), the suite proves
that each accepted answer achieves the best value and that no other action does as well; every
learner move of the line is proved the same way. On the page any move that keeps the best value is
accepted, and the replies to a move off the written line are the best ones the solver finds. A goal
is proved by the game's own search (goal_reachable) from the position and after every move.

Where the cards that decide the answer are hidden, it cannot be proved: a sampled puzzle's figures
(each action's result over its deals, deal by deal, with the summary) are kept in
tutorials/content/<game>/sampled.json, written by ``manage.py sample_puzzles <game>``. The suite
checks that the summary is that of the deals, that the accepted answer's average is the best with
its 95% interval above every other's, and deals the first deals again to see that the stored ones
are what the engine gives today (``rederive``). The page shows the figures from that file.
"""

import dataclasses
import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache

from games.engine import registry
from games.engine.bots import UNITS
from games.engine.sampling import Figures, Sample, figures

from .content import game_dir, published
from .lessons import unknown_facts

LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class Puzzle:
    game: str
    id: str
    theme: str
    level: int
    position: str
    seat: int
    question: dict
    explanation: dict
    hints: dict
    answers: tuple
    line: tuple = ()
    wrong: dict = field(default_factory=dict)
    open: bool = False
    goal: str = ""
    show: tuple = ()  # the board facts (GameUI.board_facts) the puzzle is about
    sampled: int = 0  # deals the answer is judged over (0: proved, or the author's answer)
    seed: str = ""  # the sample's seed
    # A puzzle kept elsewhere than the content files (a source's, see add_source): its sample's
    # record as record() writes it, and the address of its page.
    stored: dict | None = None
    page: str = ""

    def moves(self):
        """The learner's moves in order: the first (any of answers), then each of its own in the line."""
        return [self.answers] + [(a,) for s, a in self.line if s == self.seat]


def _line(items):
    out = []
    for item in items:
        seat, _, action = item.partition(" ")
        out.append((int(seat), action.strip()))
    return tuple(out)


def parse(game, raw) -> Puzzle:
    return Puzzle(
        game=game, id=raw["id"], theme=raw["theme"], level=int(raw["level"]), position=raw["position"],
        seat=int(raw.get("seat", 0)),
        question={lang: raw.get(f"question_{lang}", "") for lang in ("en", "ja")},
        explanation={lang: raw.get(f"explanation_{lang}", "") for lang in ("en", "ja")},
        hints={lang: tuple(raw.get(f"hints_{lang}", [])) for lang in ("en", "ja")},
        answers=tuple(raw["answers"]), line=_line(raw.get("line", [])),
        wrong={k: dict(v) for k, v in raw.get("wrong", {}).items()}, open=bool(raw.get("open", False)),
        goal=raw.get("goal", ""), show=tuple(raw.get("show", ())), sampled=int(raw.get("sampled", 0)),
        seed=str(raw.get("seed", "")),
    )


def _path(game):
    return game_dir(game) / "puzzles.toml"


@lru_cache(maxsize=16)
def _load(game, stamp):
    path = _path(game)
    with path.open("rb") as f:
        return tuple(parse(game, raw) for raw in tomllib.load(f).get("puzzle", []))


def puzzles(game) -> tuple:
    """The game's puzzles; none while its content is held back (content.published)."""
    path = _path(game)
    if not path.exists() or not published(game):
        return ()
    return _load(game, path.stat().st_mtime_ns)


def puzzle(game, puzzle_id):
    return next((p for p in puzzles(game) if p.id == puzzle_id), None)


# --- puzzles from other sources ----------------------------------------------------------------
# The content files hold the site's puzzles. An app may add puzzles that belong to a scope (a club's,
# seen only within it): add_source(find, listing), where find(game, puzzle_id, scope) gives a Puzzle
# or None and listing(game, scope) the scope's puzzles of the game. Their ids never collide with the
# files' (the source gives them a prefix of its own).
_sources = []


def add_source(find, listing):
    if (find, listing) not in _sources:
        _sources.append((find, listing))


def find(game, puzzle_id, scope=None):
    """A puzzle by id: the site's, or, within `scope`, one of a source's."""
    found = puzzle(game, puzzle_id)
    if found is not None or scope is None:
        return found
    for look, _listing in _sources:
        found = look(game, puzzle_id, scope)
        if found is not None:
            return found
    return None


def puzzles_in(game, scope=None) -> tuple:
    """The site's puzzles of a game, then those the sources hold for `scope`."""
    extra = tuple(p for _look, listing in _sources for p in listing(game, scope)) if scope is not None else ()
    return puzzles(game) + extra


def themes(game) -> list[str]:
    seen = []
    for p in puzzles(game):
        if p.theme not in seen:
            seen.append(p.theme)
    return seen


@lru_cache(maxsize=16)
def _theme_names(game, stamp):
    with _path(game).open("rb") as f:
        return {slug: dict(names) for slug, names in tomllib.load(f).get("themes", {}).items()}


def theme_names(game) -> dict:
    """{theme: {"en": name, "ja": name}} from the file's [themes] table."""
    path = _path(game)
    if not path.exists():
        return {}
    return _theme_names(game, path.stat().st_mtime_ns)


def theme_name(game, theme, lang) -> str:
    return theme_names(game).get(theme, {}).get(lang, theme)


@lru_cache(maxsize=16)
def _policies(game, stamp):
    with _path(game).open("rb") as f:
        return {name: dict(words) for name, words in tomllib.load(f).get("policies", {}).items()}


def policy_text(game, policy, lang) -> str:
    """How the game plays a sampled deal out, in words (the file's [policies] table)."""
    path = _path(game)
    if not path.exists():
        return ""
    return _policies(game, path.stat().st_mtime_ns).get(policy, {}).get(lang, "")


def validate_themes(game) -> list[str]:
    """Every theme a puzzle uses needs a name in both languages."""
    names = theme_names(game)
    return [f"{game}: theme {t!r} needs en and ja names in [themes]" for t in themes(game)
            if not all(names.get(t, {}).get(lang, "").strip() for lang in ("en", "ja"))]


def validate(p: Puzzle) -> list[str]:
    """Everything wrong with a puzzle: text missing, answers illegal, or (where the position is
    fully known) an accepted answer that is not best or a best answer that is not accepted."""
    problems = []
    at = f"{p.game}/{p.id}"
    game = registry.get(p.game)
    if p.level not in LEVELS:
        problems.append(f"{at}: level must be 1, 2 or 3")
    for key in ("question", "explanation"):
        for lang in ("en", "ja"):
            if not getattr(p, key)[lang].strip():
                problems.append(f"{at}: {key}_{lang} is empty")
    if len(p.hints["en"]) != len(p.hints["ja"]) or not p.hints["en"]:
        problems.append(f"{at}: hints_en and hints_ja must be non-empty and of equal length")
    problems += [f"{at}: {problem}" for problem in unknown_facts(p.game, p.show)]
    for text, words in p.wrong.items():
        if text in p.answers or not all(words.get(lang, "").strip() for lang in ("en", "ja")):
            problems.append(f"{at}: wrong.{text} must be a non-answer with en and ja")
    try:
        state = game.from_text(p.position)
    except ValueError as e:
        return problems + [f"{at}: bad position: {e}"]
    if p.seat not in game.to_move(state):
        return problems + [f"{at}: seat {p.seat} is not to move"]
    start = state
    if p.goal:
        if p.goal not in game.goals():
            return problems + [f"{at}: {game.slug} has no goal {p.goal!r}"]
        if game.goal_reachable(state, p.seat, p.goal) is False:
            return problems + [f"{at}: the goal {p.goal} cannot be reached from the position"]
    # Walk the main line, proving each of the learner's moves where the game can.
    moves = [(p.seat, p.answers, True)] + [(s, (a,), s == p.seat) for s, a in p.line]
    for seat, accepted, learner in moves:
        legal = {str(a): a for a in game.legal_actions(state, seat)}
        for text in accepted:
            if str(game.parse_action(text)) not in legal:
                problems.append(f"{at}: {text} is not legal for seat {seat}")
        if problems:
            return problems
        if learner and p.goal:
            after = game.apply(state, seat, game.parse_action(accepted[0]))
            if not (game.goal_reached(after, seat, p.goal) or game.goal_reachable(after, seat, p.goal) is not False):
                problems.append(f"{at}: after {accepted[0]} the goal can no longer be reached")
        elif learner:
            values = game.exact_values(state, seat)
            if values is not None:
                best = max(values.values())
                good = sorted(str(a) for a, v in values.items() if v == best)
                listed = sorted(str(game.parse_action(t)) for t in accepted)
                # Every best move must be accepted and nothing else: a second solution the puzzle
                # does not list would be marked wrong. Later moves of the line must be unique.
                if listed != good:
                    problems.append(f"{at}: best moves are {good}, the puzzle accepts {listed}")
        state = game.apply(state, seat, game.parse_action(accepted[0]))
    if p.sampled:
        problems += [f"{at}: {problem}" for problem in _validate_sample(p, game, start)]
    return problems


_digests = {}


def digest(p: Puzzle) -> str:
    """What a puzzle is, in a few characters: a drawing or a judgement kept for one version of a
    puzzle is never used for another. Worked out once per puzzle object (they are immutable)."""
    kept = _digests.get(id(p))
    if kept is None or kept[0] is not p:
        if len(_digests) > 4096:
            _digests.clear()
        kept = _digests[id(p)] = (p, hashlib.sha1(repr(p).encode()).hexdigest())
    return kept[1]


def is_proved(p: Puzzle) -> bool:
    """True when the game could solve the puzzle's position exactly (or prove its goal)."""
    return _proved(p.game, p.position, p.seat, p.goal)


def proof(p: Puzzle) -> str:
    """How the puzzle's answer is backed: "proved" (exact search or goal search), "sampled" (over
    the deals the learner cannot rule out), or "" (the author's word)."""
    if _proved(p.game, p.position, p.seat, p.goal):
        return "proved"
    return "sampled" if p.sampled and record_of(p) is not None else ""


@lru_cache(maxsize=512)
def _proved(game, position, seat, goal):
    engine = registry.get(game)
    state = engine.from_text(position)
    if goal:
        return engine.goal_reachable(state, seat, goal) is not None
    return engine.exact_values(state, seat) is not None


# --- sampled puzzles ------------------------------------------------------------------------------
MIN_DEALS = 100  # fewer deals say too little to judge a choice by


def sampled_path(game):
    return game_dir(game) / "sampled.json"


@lru_cache(maxsize=16)
def _sampled(game, stamp):
    with sampled_path(game).open(encoding="utf-8") as f:
        return json.load(f)


def sampled_data(game) -> dict:
    """The game's stored samples, by puzzle id (empty when it has none)."""
    path = sampled_path(game)
    if not path.exists():
        return {}
    return _sampled(game, path.stat().st_mtime_ns)


def sampled_record(game, puzzle_id):
    return sampled_data(game).get(puzzle_id)


def record_of(p: Puzzle):
    """A sampled puzzle's record: kept with the puzzle, or in the game's sampled.json."""
    return p.stored if p.stored is not None else sampled_record(p.game, p.id)


def sample(p: Puzzle, deals: range) -> Sample | None:
    """The puzzle's deals numbered `deals`, dealt and played out by its game today."""
    game = registry.get(p.game)
    return game.sampled_values(game.from_text(p.position), p.seat, p.seed, deals)


def record(p: Puzzle, found: Sample) -> dict:
    """What sampled.json keeps of a puzzle's sample: where it comes from, and per action (in the
    order of their texts) the summary, the flags of the deals it came out ahead in, and its value
    in each deal."""
    actions = {}
    for action in sorted(found.values, key=str):
        values = [int(v) if float(v).is_integer() else float(v) for v in found.values[action]]
        ahead = found.ahead[action]
        actions[str(action)] = {"figures": dataclasses.asdict(figures(values, ahead)),
                                "ahead": "".join("1" if a else "0" for a in ahead), "values": values}
    return {"position": p.position, "seat": p.seat, "seed": p.seed, "deals": found.deals,
            "policy": found.policy, "unit": found.unit, "actions": actions}


def dumps(data) -> str:
    """JSON for sampled.json: nested tables indented, a list or a table of plain values on one
    line (a thousand deals stay a line each)."""
    def plain(x):
        return not isinstance(x, (dict, list))

    def out(x, indent):
        if isinstance(x, dict) and x and not all(plain(v) for v in x.values()):
            pad = "  " * (indent + 1)
            body = ",\n".join(f"{pad}{json.dumps(k, ensure_ascii=False)}: {out(v, indent + 1)}"
                               for k, v in x.items())
            return "{\n" + body + "\n" + "  " * indent + "}"
        separators = (", ", ": ") if isinstance(x, dict) else (",", ":")
        return json.dumps(x, ensure_ascii=False, separators=separators)

    return out(data, 0) + "\n"


def write_sampled(game, records: dict):
    """Write the game's sampled.json (records by puzzle id, in the puzzles' order)."""
    order = [p.id for p in puzzles(game)]

    def place(pid):
        return (order.index(pid) if pid in order else len(order), pid)

    ordered = {pid: records[pid] for pid in sorted(records, key=place)}
    sampled_path(game).write_text(dumps(ordered), encoding="utf-8")


def stored_figures(p: Puzzle) -> list:
    """[(action text, Figures)] of a sampled puzzle as stored, the best average first."""
    rec = record_of(p)
    if rec is None:
        return []
    rows = [(text, Figures(**a["figures"])) for text, a in rec["actions"].items()]
    return sorted(rows, key=lambda row: (-row[1].mean, row[0]))


def _validate_sample(p: Puzzle, game, state) -> list[str]:
    """A sampled puzzle's stored figures: from this position, seat, seed and number of deals; the
    summary that of the deals; the accepted answer alone best, its interval above every other's."""
    problems = []
    if p.goal or p.line:
        problems.append("a sampled puzzle is one decision: no goal and no line")
    if not p.seed:
        problems.append("a sampled puzzle needs a seed")
    if p.sampled < MIN_DEALS:
        problems.append(f"sample at least {MIN_DEALS} deals")
    if game.exact_values(state, p.seat) is not None:
        problems.append("every card that decides it is known: prove it instead of sampling it")
    rec = sampled_record(p.game, p.id)
    if rec is None:
        return problems + [f"no sampled figures: run manage.py sample_puzzles {p.game}"]
    wanted = {"position": p.position, "seat": p.seat, "seed": p.seed, "deals": p.sampled}
    stale = [k for k, v in wanted.items() if rec.get(k) != v]
    if stale:
        return problems + [f"the sampled figures are for another {', '.join(stale)}: "
                           f"run manage.py sample_puzzles {p.game}"]
    if rec.get("unit") not in UNITS:
        problems.append(f"unknown unit {rec.get('unit')!r}")
    for lang in ("en", "ja"):
        if not policy_text(p.game, rec.get("policy", ""), lang).strip():
            problems.append(f"policy {rec.get('policy')!r} needs words in [policies] ({lang})")
    legal = sorted(str(a) for a in game.legal_actions(state, p.seat))
    if sorted(rec["actions"]) != legal:
        return problems + [f"the sampled actions {sorted(rec['actions'])} are not the legal ones {legal}"]
    for text, a in rec["actions"].items():
        values, ahead = a["values"], a["ahead"]
        if len(values) != p.sampled or len(ahead) != p.sampled or set(ahead) - {"0", "1"}:
            problems.append(f"{text}: {p.sampled} values and ahead flags are needed")
            continue
        summary = dataclasses.asdict(figures(values, [c == "1" for c in ahead]))
        if a["figures"] != summary:
            problems.append(f"{text}: the stored figures {a['figures']} are not those of its deals {summary}")
    if problems:
        return problems
    listed = sorted(str(game.parse_action(t)) for t in p.answers)
    rows = stored_figures(p)
    for code, best_text, other in sample_verdict(rows, listed):
        if code == "tie":
            problems.append(f"over the sample {best_text} and {other[0]} average the same: no answer is best")
        elif code == "not-best":
            problems.append(f"over the sample the best average is {best_text}'s, the puzzle accepts {listed}")
        else:
            best, (text, f) = dict(rows)[best_text], other
            problems.append(f"the sample cannot tell {best_text} ({best.low} to {best.high}) from {text} "
                            f"({f.low} to {f.high}) at 95%: sample more deals or change the position")
    return problems


def sample_verdict(rows, listed) -> list:
    """What keeps a sample from backing the accepted answers `listed` (action texts), from its rows
    ([(action text, Figures)], the best average first): ("tie", best, (text, figures)) when another
    averages the same, ("not-best", best, None) when the answers are not the best alone, and
    ("close", best, (text, figures)) for each other action whose 95% interval meets the best's.
    Empty when the sample backs them."""
    best_text, best = rows[0]
    out = []
    if len(rows) > 1 and rows[1][1].mean == best.mean:
        out.append(("tie", best_text, rows[1]))
    elif sorted(listed) != [best_text]:
        out.append(("not-best", best_text, None))
    out += [("close", best_text, (text, other)) for text, other in rows[1:] if best.low <= other.high]
    return out


def rederive(p: Puzzle, deals: int) -> list[str]:
    """Deal the first `deals` deals of a sampled puzzle again with today's engine: everything wrong
    if they are not exactly the stored ones (a stored figure edited by hand, or an engine that now
    plays them otherwise)."""
    at = f"{p.game}/{p.id}"
    rec = sampled_record(p.game, p.id)
    if rec is None:
        return [f"{at}: no sampled figures"]
    n = min(deals, rec["deals"])
    found = sample(p, range(0, n))
    if found is None:
        return [f"{at}: {p.game} no longer samples this position"]
    problems = []
    if (found.policy, found.unit) != (rec["policy"], rec["unit"]):
        problems.append(f"{at}: sampled by {found.policy} in {found.unit}, "
                        f"stored {rec['policy']} in {rec['unit']}")
    again = record(p, found)["actions"]
    if sorted(again) != sorted(rec["actions"]):
        return problems + [f"{at}: the actions are now {sorted(again)}"]
    for text, a in again.items():
        stored = rec["actions"][text]
        for k in range(n):
            now, then = (a["values"][k], a["ahead"][k]), (stored["values"][k], stored["ahead"][k])
            if now != then:
                problems.append(f"{at}: {text} in deal {k}: the engine gives {now[0]} (ahead {now[1]}), "
                                f"stored {then[0]} (ahead {then[1]})")
                break
    return problems


def unused_samples(game) -> list[str]:
    """Stored samples no sampled puzzle of the game uses."""
    wanted = {p.id for p in puzzles(game) if p.sampled}
    return [f"{game}: sampled.json holds {pid!r}, which is not a sampled puzzle"
            for pid in sampled_data(game) if pid not in wanted]
