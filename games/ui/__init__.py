"""How the web layer speaks about each game, declared once per game.

Each game has a module games/ui/<slug>.py defining ``UI``, an instance of a subclass of ``GameUI``:
everything the web layer asks of a game (its board, the controls of the current decision, the story
of a deal, explanations of refusals, hint reasons, the deal summary, quiz facts, its pack and
templates). Every part is declared here; a ui that leaves one out cannot be instantiated, and
``check_game_uis`` (run at start-up by a system check, and by the suite) also checks that the rule
texts cover every rule id, the words cover every deal target, the templates exist and the labels
cover every option value.
"""

import importlib
import importlib.util
from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.engine import registry
from games.engine.cards import is_card


@dataclass(frozen=True)
class RuleText:
    """A rule's short title and the explanation of a refusal by it. `text` is a format string over
    the verdict's facts; `reasons` holds other texts chosen by the fact `reason`."""

    title: object
    text: object
    reasons: dict = field(default_factory=dict)

    def explain(self, args):
        template = self.reasons.get(args.get("reason"), self.text)
        return str(template) % args


@dataclass(frozen=True)
class TargetText:
    """A deal target's words: its label (as a homework set names it, "Win the point") and the
    verdict on a finished deal, said to the reader when it was met and when it was missed."""

    label: object
    met: object
    missed: object


# The verdict on a deal where the target gives no answer (the engine's None).
TARGET_NOT_APPLICABLE = gettext_lazy("This target did not apply to how the deal ended.")

LEVEL_LABELS = {
    "beginner": gettext_lazy("Beginner"),
    "club": gettext_lazy("Club player"),
    "expert": gettext_lazy("Expert"),
}
# The hint names whose advice it gives: "The expert would play the jack of spades." (A beginner's
# advice is no advice: the hint is the club player's or the expert's.)
HINT_VOICES = {
    "club": gettext_lazy("The club player would %(what)s."),
    "expert": gettext_lazy("The expert would %(what)s."),
}
# The longest a reader should wait for a hint: the hint's level must decide within this (p95 of
# its decisions over bench's seeded positions; `manage.py bench` prints which levels do).
HINT_BUDGET = 0.5  # seconds
# The level whose rules of thumb each game's ``hint_reason`` puts in words.
REASON_LEVEL = "club"


class GameUI(ABC):
    """One game as the web layer sees it. Subclasses set the class attributes and implement every
    abstract method; the defaults below suit most games."""

    slug: str = ""
    pack: str = "french"  # which faces the cards are drawn with: "french" or "spanish"
    rules: dict = {}  # rule id -> RuleText, for every rule of the engine's rule book
    options: dict = {}  # option name -> (label, {value: label}) for every option of option_choices()
    targets: dict = {}  # deal target id -> TargetText, for every target of the engine's deal_targets()
    level_labels: dict = {}  # bot level -> a line describing it (falls back to LEVEL_LABELS)
    score_legend = None  # what the table's scoreboard counts, when it is not points
    # Facts a board can leave out, by name: {fact: the keys of board()'s result that hold it}. A
    # lesson step, rules example or puzzle shows only the facts it names (its `show`), so that its
    # board says nothing the learner has not been taught; the practice table shows them all.
    board_facts: dict = {}
    # The set-up options of the quickest match the set-up form offers, when the default match is long
    # ({option: value}). A reader may choose it; the suite plays its whole matches with it.
    quick_match: dict = {}
    # Whose advice the hint gives: the strongest level that decides within HINT_BUDGET, as measured
    # by `manage.py bench` for this game (it prints the strongest that does).
    hint_level: str = "club"

    def __init__(self):
        if not self.slug:
            raise TypeError(f"{type(self).__name__} has no slug")

    # --- parts every game provides -------------------------------------------------------------
    @abstractmethod
    def seat_names(self, viewer: int, players: int) -> dict:
        """Each seat's name from the viewer's side: {seat: name} ("You" for the viewer)."""

    @abstractmethod
    def board(self, view, seat: int, names: dict) -> dict:
        """What the board template shows of this view from this seat."""

    @abstractmethod
    def controls(self, game, state, seat: int, *, only_legal: bool = False):
        """The controls of the decision `seat` faces in `state` (a games.controls.Controls; empty
        when the seat has nothing to decide). With only_legal=False the reader may also try what
        the rules forbid, and the engine then explains why; each control says whether it is legal."""

    @abstractmethod
    def narrate(self, game, before, seat: int, action, after, names: dict, viewer=None) -> list:
        """What happened, as sentences of the page language, revealing nothing `viewer` may not
        see; the viewer's own actions in the second person."""

    @abstractmethod
    def opening(self, view, seat: int, names: dict) -> list:
        """The first lines of a deal's story, told to `seat`."""

    @abstractmethod
    def describe(self, view, seat: int, action) -> str:
        """An action as the end of a sentence ("play the king of hearts")."""

    @abstractmethod
    def hint_reason(self, view, seat: int, action) -> str:
        """Why the club player (REASON_LEVEL) makes this choice, by its rules of thumb, in words a
        learner understands; the hint gives it whenever the club player would choose as the hint."""

    @abstractmethod
    def deal_summary(self, view, seat: int, names: dict):
        """The last finished deal explained (for the summary template), or None."""

    @abstractmethod
    def quiz_facts(self, game, before, after, seat: int) -> dict:
        """Facts a lesson quiz may ask about the last move of its line, by name (e.g.
        "trick-winner": "me"); before/after are the positions around that move. The lesson shows
        `before` while the question is open and `after` once it is answered. Empty when there are
        none."""

    @abstractmethod
    def phase_text(self, view, seat: int) -> str:
        """One line saying what is being decided now."""

    # --- parts with defaults ------------------------------------------------------------------
    @property
    def game(self):
        return registry.get(self.slug)

    @property
    def board_template(self):
        return f"games/{self.slug}/board.html"

    @property
    def summary_template(self):
        """Draws ``summary`` (deal_summary's result) at the end of a deal."""
        return f"games/{self.slug}/summary.html"

    @property
    def levels(self) -> dict:
        """The game's bot classes by level (games/<slug>/bots.py, LEVELS)."""
        return importlib.import_module(f"games.{self.slug}.bots").LEVELS

    def level_label(self, level):
        return self.level_labels.get(level) or LEVEL_LABELS.get(level, level)

    def rule_text(self, rule_id):
        return self.rules[rule_id]

    def target_label(self, target_id) -> str:
        """A deal target as a homework set names it ("Win the point"); KeyError for an unknown one."""
        return str(self.targets[target_id].label)

    def target_verdict(self, target_id, met) -> str:
        """The sentence on a finished deal for this target, given the engine's judgement
        (``Game.deal_target_met``: True, False, or None when the target did not apply)."""
        text = self.targets[target_id]
        if met is None:
            return str(TARGET_NOT_APPLICABLE)
        return str(text.met if met else text.missed)

    def action_label(self, view, seat: int, action) -> str:
        """An action as a button names it away from the board (a lesson's interrupt drill offers
        it after every move): by default its description with a capital letter; a game whose
        buttons name it otherwise overrides this."""
        text = str(self.describe(view, seat, action))
        return text[:1].upper() + text[1:]


def game_ui(slug) -> GameUI:
    """The ui of a registered game; LookupError when the game has none."""
    registry.get(slug)  # KeyError for an unknown game
    try:
        module = importlib.import_module(f"games.ui.{slug}")
    except ModuleNotFoundError as err:
        if err.name == f"games.ui.{slug}":
            raise LookupError(f"{slug} has no ui module (games/ui/{slug}.py)") from None
        raise
    return module.UI


def has_ui(slug) -> bool:
    """Whether the game has a ui module (games/ui/<slug>.py)."""
    return importlib.util.find_spec(f"games.ui.{slug}") is not None


def site_games():
    """The registered games that have a ui, so a practice table and everything else the web layer
    draws. A game's engine may land before its ui: until then its hub shows what content it has
    and no table, and the engine is still tested with every other."""
    return [game for game in registry.all_games() if has_ui(game.slug)]


def check_game_uis():
    """Problems with the declared ui of every game that has one (empty when all is well)."""
    from django.template import TemplateDoesNotExist
    from django.template.loader import get_template

    problems = []
    for game in site_games():
        try:
            ui = game_ui(game.slug)
        except (LookupError, AttributeError) as err:
            problems.append(f"{game.slug}: {err}")
            continue
        if not isinstance(ui, GameUI):
            problems.append(f"games.ui.{game.slug}.UI is not a GameUI")
            continue
        missing = [r for r in game.rules.ids() if r not in ui.rules]
        if missing:
            problems.append(f"{game.slug}: no rule text for {', '.join(missing)}")
        extra = [r for r in ui.rules if r not in game.rules]
        if extra:
            problems.append(f"{game.slug}: rule texts for unknown rules {', '.join(extra)}")
        targets = game.deal_targets()
        missing = [t for t in targets if t not in ui.targets]
        if missing:
            problems.append(f"{game.slug}: no words for the deal targets {', '.join(missing)}")
        extra = [t for t in ui.targets if t not in targets]
        if extra:
            problems.append(f"{game.slug}: words for unknown deal targets {', '.join(extra)}")
        for name, values in game.option_choices().items():
            label, value_labels = ui.options.get(name, (None, {}))
            if label is None or any(v not in value_labels for v in values):
                problems.append(f"{game.slug}: option {name} needs a label and one per value")
        choices = game.option_choices()
        if any(value not in choices.get(name, ()) for name, value in ui.quick_match.items()):
            problems.append(f"{game.slug}: quick_match must be choices the set-up form offers")
        for template in (ui.board_template, ui.summary_template):
            try:
                get_template(template)
            except TemplateDoesNotExist:
                problems.append(f"{game.slug}: template {template} is missing")
        try:
            levels = ui.levels
        except (ImportError, AttributeError):
            problems.append(f"{game.slug}: games/{game.slug}/bots.py has no LEVELS")
        else:
            if set(levels) != {"beginner", "club", "expert"}:
                problems.append(f"{game.slug}: bot levels must be beginner, club and expert")
            if ui.hint_level not in levels or ui.hint_level not in HINT_VOICES:
                problems.append(f"{game.slug}: hint_level must be club or expert")
    return problems


FULL_WIDTH_ENDS = "。！？」』）"


def join_sentences(lines):
    """Sentences told one after another, as one text: a space after an English sentence, none
    after a Japanese one (a Japanese editor never puts a space after 。)."""
    out = ""
    for line in (str(x) for x in lines if str(x)):
        out += line if not out or out[-1] in FULL_WIDTH_ENDS else " " + line
    return out


def ring_words(chips=None, tricks=None, cards=None):
    """A seat's counts in words for the shared seat ring (templates/games/partials/seat_ring.html):
    its chips whenever a game counts them, its tricks and the cards hidden in its hand when there
    are any. Worded here rather than in the ring's template: a ring of seven seats draws up to
    eighteen of them after every move, and a counted phrase costs a template several times what a
    ready text does."""
    def counted(singular, plural, n):
        return ngettext(singular, plural, n) % {"n": n}

    return {
        "chips_text": None if chips is None else counted("%(n)s chip", "%(n)s chips", chips),
        "tricks_text": counted("%(n)s trick", "%(n)s tricks", tricks) if tricks else None,
        "cards_text": counted("%(n)s card in hand", "%(n)s cards in hand", cards) if cards else None,
    }


def format_arg(value, pack="french"):
    """A fact of a verdict in words: cards by their names, lists joined."""
    from games.cardnames import card_in_sentence

    if isinstance(value, str) and is_card(value):
        return str(card_in_sentence(value, pack))
    if isinstance(value, (list, tuple)):
        return pgettext("list separator", ", ").join(format_arg(v, pack) for v in value)
    return str(value)


def cards_in_sentence(codes, pack="french", named=3):
    """Cards as the object of a sentence, each with its article, joined as a list is ("the seven of
    hearts, the queen of clubs and the two of spades"); past `named` cards, the first ones and how
    many others ("the seven of hearts, the queen of clubs and 12 other cards"). A card seen twice
    (two packs) is named once."""
    from games.cardnames import card_in_sentence

    cards = list(dict.fromkeys(codes))
    names = [pgettext("a card in a list", "the %(card)s") % {"card": card_in_sentence(c, pack)} for c in cards]
    if len(names) == 1:
        return names[0]
    separator = pgettext("list separator", ", ")
    if len(names) > named:
        others = len(names) - (named - 1)
        return ngettext("%(some)s and %(n)s other card", "%(some)s and %(n)s other cards", others) % {
            "some": separator.join(names[:named - 1]), "n": others}
    return pgettext("cards, all of them", "%(some)s and %(last)s") % {
        "some": separator.join(names[:-1]), "last": names[-1]}


def explain(slug, verdict):
    """A refusal in words: the rule id, its title and the explanation with its facts."""
    ui = game_ui(slug)
    entry = ui.rules[verdict.rule]
    args = {k: format_arg(v, ui.pack) for k, v in verdict.args.items()}
    return {"rule": verdict.rule, "title": str(entry.title), "text": entry.explain(args)}


def rule_title(slug, rule_id):
    return str(game_ui(slug).rules[rule_id].title)
