"""What a homework item may name, taken from the registry: the games with a ui, their lessons and
puzzles (the tutorials loaders), their bot levels and deal targets. No game is named here, so a
game added later offers its own lessons, puzzles and deals by itself."""

from django.utils.text import Truncator
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.catalogue import BY_SLUG
from games.table.codes import DealCodeError, read_deal_code
from games.ui import game_ui, site_games
from tutorials import lessons as lesson_files
from tutorials import puzzles as puzzle_files

from .models import HomeworkItem


def lang():
    return "ja" if (get_language() or "").startswith("ja") else "en"


def games():
    """[(slug, name)] of every game an item may come from, in the registry's order."""
    return [(g.slug, game_name(g.slug)) for g in site_games()]


def game_slugs():
    return {g.slug for g in site_games()}


def game_name(slug):
    info = BY_SLUG.get(slug)
    if info:
        return info.name(lang())
    try:
        return game_ui(slug).game.name
    except (KeyError, LookupError):
        return slug


def puzzle_label(p, language=None):
    return Truncator(p.question[language or lang()] or p.id).chars(90)


def lesson_choices(slug):
    return [(l.id, l.title_in(lang())) for l in lesson_files.lessons(slug)]


def puzzle_choices(slug, club=None):
    """The game's puzzles: the site's, then the club's own."""
    return [(p.id, puzzle_label(p)) for p in puzzle_files.puzzles_in(slug, club)]


def level_choices(slug):
    ui = game_ui(slug)
    return [(k, str(ui.level_label(k))) for k in ui.levels]


def target_label(slug, target):
    """A deal target in words: the ui's label where it has one (else the target's id)."""
    if not target:
        return _("finish the deal")
    label = getattr(game_ui(slug), "target_label", None)
    if label is None:
        return target
    try:
        return str(label(target))
    except KeyError:
        return target


def target_choices(slug):
    return [("", _("finish the deal"))] + [(t, target_label(slug, t)) for t in game_ui(slug).game.deal_targets()]


def validate(slug, kind, ref, level="", target="", club=None):
    """(ref, errors by field) of an item as an organiser typed it; the ref cleaned (a deal code
    without surrounding spaces). A puzzle may be the site's or the club's own. Nothing is saved
    here."""
    errors = {}
    if slug not in game_slugs():
        return ref, {"game": _("Choose one of the games.")}
    ref = (ref or "").strip()
    if kind == HomeworkItem.LESSON:
        if lesson_files.lesson(slug, ref) is None:
            errors["ref"] = _("Choose one of this game’s lessons.")
    elif kind == HomeworkItem.PUZZLE:
        if puzzle_files.find(slug, ref, scope=club) is None:
            errors["ref"] = _("Choose one of this game’s puzzles.")
    elif kind == HomeworkItem.DEAL:
        ui = game_ui(slug)
        if not ref:
            errors["ref"] = _("Type a deal code (it is shown at the end of a practice match).")
        else:
            try:
                read_deal_code(ui.game, ref)
            except DealCodeError as err:
                errors["ref"] = str(err)
        if level not in ui.levels:
            errors["level"] = _("Choose the bots’ strength.")
        if target and target not in ui.game.deal_targets():
            errors["target"] = _("Choose one of this game’s targets.")
    else:
        errors["kind"] = _("Choose a lesson, a puzzle or a deal.")
    return ref, errors


def item_label(item):
    """An item as a list or a grid names it, in the page's language."""
    if item.kind == HomeworkItem.LESSON:
        found = lesson_files.lesson(item.game, item.ref)
        return found.title_in(lang()) if found else item.ref
    if item.kind == HomeworkItem.PUZZLE:
        found = item_puzzle(item)
        return _("Puzzle: %(question)s") % {"question": puzzle_label(found)} if found else item.ref
    return _("Deal %(code)s") % {"code": item.ref}


def item_puzzle(item):
    """The puzzle a puzzle item names: the site's, or its club's own."""
    return puzzle_files.find(item.game, item.ref, scope=item.set.club)


def item_short(item, n):
    """A grid column's heading: the item's number and kind (its full name is in the caption's list)."""
    return _("%(n)s. %(kind)s") % {"n": n, "kind": item.get_kind_display()}


def lesson_total(item):
    found = lesson_files.lesson(item.game, item.ref)
    return len(found.steps) if found else 0
