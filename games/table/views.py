"""The practice table's views: request → form → match → render. One view serves the whole page and,
for htmx, the fragment (``games/table.html#table``).

Every form carries the table's version; a write is a conditional UPDATE on it, so a stale page, a
second tab or a double click is refused and nothing is lost or applied twice. The reader's action
and the bots' replies up to his next decision are played in one request; htmx then shows the bots'
moves one at a time at the reader's chosen speed (``?at=N``), and without JavaScript the page lists
them all at once. The reader may interrupt (where a game allows it) only at the move on his screen.
"""

import functools
import threading
from collections import OrderedDict

from django.core import signing
from django.core.signals import setting_changed
from django.db import OperationalError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy
from django.views.decorators.http import require_GET

from dojo.queries import rows_where
from games.catalogue import BY_SLUG
from games.controls import decode
from games.engine.rules import NotationError
from games.models import SharedDeal, Table
from games.owner import owner_key
from games.ui import HINT_BUDGET, HINT_VOICES, REASON_LEVEL, cards_in_sentence, game_ui, join_sentences
from judge.tables import refusal as judged_refusal

from . import memo
from . import review as reviews
from .codes import deal_code
from .forms import SetupForm
from .match import Match, start_table

BOT_SPEED_COOKIE = "botspeed"
# How the bots' moves are shown: the pause before each (milliseconds), or None for one at a time,
# each when the reader asks. Remembered per browser (site/dojo/views.py).
BOT_SPEEDS = {"step": None, "slow": 1500, "normal": 700, "fast": 200}
BOT_SPEED_LABELS = {
    "step": pgettext_lazy("bot speed", "one move at a time"),
    "slow": pgettext_lazy("bot speed", "slow"),
    "normal": pgettext_lazy("bot speed", "normal"),
    "fast": pgettext_lazy("bot speed", "fast"),
}
DEFAULT_BOT_SPEED = "normal"
# A replay lists a deal's moves a page at a time: a long deal (a Crapette deal can run to thousands
# of moves) would otherwise make a page of megabytes, and tell every move on every request.
MOVE_PAGE = 200
REFUSED_PARAM, REFUSED_SALT = "refused", "games.table.refused"


def bot_speed(request):
    value = request.COOKIES.get(BOT_SPEED_COOKIE)
    return value if value in BOT_SPEEDS else DEFAULT_BOT_SPEED


def _ui(slug):
    try:
        return game_ui(slug)
    except (KeyError, LookupError):
        raise Http404(_("There is no practice table for this game yet.")) from None


def _name(ui, lang):
    info = BY_SLUG.get(ui.slug)
    return info.name(lang) if info else ui.game.name


def _table(request, ui, token):
    """The table if it belongs to this browser; 404 for anyone else (even its existence is private)."""
    owner = owner_key(request, create=False)
    found = rows_where(Table, token=token, game=ui.slug, owner=owner) if owner else []
    if not found:
        raise Http404(_("There is no such table."))
    return found[0]


# A table's addresses, worked out once per URLconf, script prefix and language (the same on every
# request of the table); emptied when a setting changes (ROOT_URLCONF) and when it is full.
_ADDRESSES = {}


def _forget_addresses(**kwargs):
    _ADDRESSES.clear()


setting_changed.connect(_forget_addresses)


def _urls(ui, table):
    key = (get_urlconf(), get_script_prefix(), get_language(), ui.slug, table.token)
    urls = _ADDRESSES.get(key)
    if urls is None:
        args = [ui.slug, table.token]
        urls = {
            "page": reverse("table", args=args),
            "act": reverse("table-act", args=args),
            "step": reverse("table-step", args=args),
            "undo": reverse("table-undo", args=args),
            "replay": reverse("table-replay", args=args),
            "setup": reverse("table-setup", args=[ui.slug]),
            "rules": reverse("rules", args=[ui.slug]),
            "bot_speed": reverse("set-bot-speed"),
        }
        if len(_ADDRESSES) >= 1024:
            _ADDRESSES.clear()
        _ADDRESSES[key] = urls
    return dict(urls)


# The hint level's reckoning at each position a reader asked for a hint, kept in this process: asked
# again at the same position (a reload, the page without JavaScript), the hint is not worked out
# again (up to HINT_BUDGET of a core), and says the same (a reckoning within a time budget may weigh
# more or fewer deals when the machine is busier). Keyed by the table's deal and seat, its version
# and its number of actions, so an undo or a move asks afresh.
_RECKONED = OrderedDict()
_RECKONED_KEPT = 512
_RECKONED_LOCK = threading.Lock()


def _reckoned(match, reckon):
    table = match.table
    key = (memo.key(table), table.version, len(table.actions))
    with _RECKONED_LOCK:
        found = _RECKONED.get(key)
    if found is None:
        found = reckon()
        with _RECKONED_LOCK:
            _RECKONED[key] = found
            while len(_RECKONED) > _RECKONED_KEPT:
                _RECKONED.popitem(last=False)
    return found


def _hint(match):
    """The advice the reader may ask for at his decision, from his view alone, with whose it is and
    why. Where the review weighs such a decision, the hint is the review's own judgement: the best
    a finished review of this very position found (a practice table opened at a reviewed
    decision), or else the review's reckoning made now with the review's rng for this view, over
    as many of the review's deals as HINT_BUDGET allows (all of them, but for a slow game's early
    card play). Otherwise the choice of the game's hint level, the strongest that answers in time.
    The reason is the club player's rule of thumb when the club player would choose alike."""
    ui, game, seat = match.ui, match.game, match.human
    view = match.view()
    rng = reviews.view_rng(game, seat, view)
    level = ui.hint_level
    said = []
    verdict = reviews.reviewed(match, view) if level == reviews.REVIEW_LEVEL else None
    evaluation = None
    if verdict:
        action = game.parse_action(verdict["best"])
        said.append(ngettext(
            "It is the best choice by its reckoning over %(n)s deal you could not rule out, in the review of "
            "your deal.",
            "It is the best choice by its reckoning over %(n)s deals you could not rule out, in the review of "
            "your deal.", verdict["worlds"]) % {"n": verdict["worlds"]})
    else:
        def reckon():
            bot = ui.levels[level](game)
            found = bot.values_within(view, seat, rng, HINT_BUDGET) if level == reviews.REVIEW_LEVEL else None
            if found is not None and found.worlds:
                return found.best(), found
            return bot.choose(view, seat, rng), None

        action, evaluation = _reckoned(match, reckon)
        if evaluation is not None:
            said.append(reviews.margin(match, view, evaluation))
            if not evaluation.complete:
                said.append(_("That is a quick look, all the time a hint has: the review of your deal weighs more "
                              "deals and may judge otherwise."))
    said.insert(0, HINT_VOICES[level] % {"what": ui.describe(view, seat, action)})
    thumb = action if level == REASON_LEVEL else \
        ui.levels[REASON_LEVEL](game).choose(view, seat, reviews.view_rng(game, seat, view))
    if reviews.same_play(thumb, action):
        said.append(ui.hint_reason(view, seat, action))
    else:
        said.append(_("No rule of thumb says so: the club player would rather %(other)s.")
                    % {"other": ui.describe(view, seat, thumb)})
    return {"action": action, "said": join_sentences(said), "level": level}


def _interruptible(match, first, last):
    """Is there a position among first..last (indices) where the reader may act out of turn?"""
    return any(match.human in match.game.interrupters(match.state_at(i)) for i in range(first, last + 1))


def _page_context(request, ui, table):
    """What the table page and its replay both show: the game, its names and the table's links."""
    return {
        "ui": ui,
        "pack": ui.pack,
        "game_name": _name(ui, request.LANGUAGE_CODE),
        "t": table,
        "urls": _urls(ui, table),
        "board_template": ui.board_template,
    }


def table_context(request, match, *, at=None, refusal=None, message=None, hint=False):
    """Everything templates/games/table.html shows at position `at` (the reader's shown position
    by default); only the reader's view reaches the board."""
    ui, game, table = match.ui, match.game, match.table
    human, names = match.human, match.names
    at = table.shown if at is None else at
    live = at == match.length
    state = match.state_at(at)
    view = game.view(state, human)
    outcome = game.outcome(state)
    awaited = live and human in game.turn(state)
    may_interrupt = human in game.interrupters(state)
    controls = ui.controls(game, view, human) if (awaited or may_interrupt) else None
    choices = len(game.legal_actions(view, human)) if awaited else 0
    hint_data = _hint(match) if hint and table.aids and awaited and choices > 1 else None
    if hint_data and controls is not None:
        controls.mark(hint_data["action"])
    deal = game.deal_number(state)
    deal_over = live and match.deal_finished(deal) and match.deal_span(deal)[1] == match.length
    waiting = game.turn(state)
    bot_seat = min(waiting) if live and waiting and not awaited else None
    speed = bot_speed(request)
    log, earlier = match.log(at, whole=request.GET.get("log") == "all")
    target = getattr(game.options(table.options), "target", None)
    undo_at, undo_blocked = match.undo_block() if live and not outcome.finished else (None, None)
    page = _page_context(request, ui, table)
    return {
        **page,
        "summary_template": ui.summary_template,
        "board": ui.board(view, human, names),
        "controls": controls,
        "highlight": True,
        "at": at,
        "live": live,
        "next_frame": f"{page['urls']['page']}?at={at + 1}" if not live else None,
        "human_to_move": awaited,
        "may_interrupt": may_interrupt and not awaited,
        "bot_name": names[bot_seat] if bot_seat is not None else None,
        "mover_name": names[min(waiting)] if waiting and not awaited else None,
        "phase_text": (_("Read how the deal was scored, then deal the next one.")
                       if deal_over and awaited else ui.phase_text(view, human)),
        "scores": [(names[s], outcome.scores[s], s == human) for s in range(table.players)],
        "target": target,
        "score_legend": ui.score_legend,
        "deal": deal,
        "level_label": ui.level_label(table.level),
        "players": table.players,
        "level": table.level,
        "log": log,
        "log_earlier": earlier,
        "refusal": refusal,
        "message": message,
        "hint": hint_data,
        "can_hint": table.aids and awaited and choices > 1 and not outcome.finished,
        "can_undo": table.aids and undo_at is not None and not undo_blocked,
        "undo_note": (_undo_refusal(match, undo_blocked, note=True) if undo_blocked and table.aids
                      else None if table.aids or outcome.finished else NO_AIDS),
        "deal_over": deal_over,
        "summary": ui.deal_summary(view, human, names) if deal_over else None,
        "over": live and outcome.finished,
        "won": outcome.finished and human in outcome.winners,
        "winners": [names[s] for s in outcome.winners],
        "winners_text": pgettext("list separator", ", ").join(names[s] for s in outcome.winners),
        # The code holds the seed, and the seed every card of every deal: shown once the match is over.
        "code": deal_code(game, table.seed, table.players, table.options) if live and outcome.finished else None,
        "finished_deals": match.finished_deals() if live else [],
        "bot_speed": speed,
        "bot_delay": BOT_SPEEDS[speed],
        "bot_speeds": list(BOT_SPEED_LABELS.items()),
    }


def _render(request, match, status=200, **extra):
    """The fragment for htmx (always 200, so htmx swaps it in), else the whole page."""
    ctx = table_context(request, match, **extra)
    if request.htmx:
        return render(request, "games/table.html#table", ctx)
    return render(request, "games/table.html", ctx, status=status)


def _posted_int(request, name):
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


def _stale(request, match):
    return _render(request, match, status=409, message={
        "kind": "stale",
        "text": _("This table has moved on since that page was shown (another tab, or a second click). "
                  "Nothing was applied twice and nothing was lost: here is the current position."),
    })


def _after_write(request, match):
    """After a write: the new fragment, or a redirect so that a reload cannot post again."""
    if request.htmx:
        return _render(request, match)
    return redirect(reverse("table", args=[match.ui.slug, match.table.token]), permanent=False)


BUSY_SQLSTATES = {"55P03", "40001", "40P01"}  # lock not available, serialization failure, deadlock


def is_busy(err):
    """Whether a database error means "held by someone else, try again" (SQLite's locked database,
    PostgreSQL's lock timeout or deadlock), as opposed to a real fault such as a missing table."""
    cause = err.__cause__
    state = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
    if state:
        return state in BUSY_SQLSTATES
    return "locked" in str(err).lower()


def busy_is_try_again(view):
    """A write that cannot get the database in time (another request holds it longer than the
    database waits) answers 503 with a plain "try again": the transaction was rolled back, so
    nothing was lost or half-written."""

    @functools.wraps(view)
    def wrapped(request, game, token=None):
        try:
            return view(request, game, token) if token else view(request, game)
        except OperationalError as err:
            if not is_busy(err):
                raise
            retry = reverse("table", args=[game, token]) if token else reverse("table-setup", args=[game])
            template = "games/table_busy.html#busy" if request.htmx else "games/table_busy.html"
            response = render(request, template, {"retry": retry}, status=503)
            response["Retry-After"] = "2"
            return response

    return wrapped


def post_or_back_to_table(view):
    """The addresses a table posts to (act, step, undo) answer a GET, such as a reload after a
    refused move or an address opened again, by going back to the table, not with a 405."""

    @functools.wraps(view)
    def wrapped(request, game, token):
        if request.method != "POST":
            return redirect(reverse("table", args=[game, token]))
        return view(request, game, token)

    return wrapped


# --- views ------------------------------------------------------------------------------------------
@busy_is_try_again
def setup(request, game):
    """templates/games/table_setup.html: choose bot strength, options and (optionally) a deal code;
    POST creates the table and redirects to it."""
    ui = _ui(game)
    status = 200
    if request.method == "POST":
        form = SetupForm(ui, request.POST)
        if form.is_valid():
            data = form.cleaned_data
            table = start_table(ui, owner=owner_key(request), seed=data["seed"], players=data["players"],
                                options=data["options"], level=data["level"])
            return redirect(reverse("table", args=[ui.slug, table.token]))
        status = 400
    else:
        form = SetupForm(ui)
    owner = owner_key(request, create=False)
    recent = list(Table.objects.filter(owner=owner, game=ui.slug, finished=False).order_by("-updated")[:5]) \
        if owner else []
    return render(request, "games/table_setup.html", {
        "ui": ui, "game_name": _name(ui, request.LANGUAGE_CODE), "form": form, "recent": recent,
        "several_bots": max(ui.game.player_counts) > 2,
        "rules_url": reverse("rules", args=[ui.slug]),
    }, status=status)


@require_GET
def table(request, game, token):
    """templates/games/table.html: the table from the reader's seat. ?at=N shows the position after
    N actions while the bots' moves are being shown (and moves the reader's place on); ?hint=1 adds
    the hint; ?log=all the whole story of the deal; ?refused=… the refusal of a plain form post."""
    ui = _ui(game)
    match = Match(_table(request, ui, token), ui)
    shown = match.table.shown
    try:
        at = int(request.GET["at"]) if "at" in request.GET else None
    except ValueError:
        at = None
    if at is not None:
        at = max(0, min(at, shown + 1, match.length))
        match.show(at)
    elif shown < match.length and not request.htmx and not _interruptible(match, shown, match.length):
        # A whole page (no JavaScript, or a reload): every move so far at once, each in the story.
        match.show(match.length)
        at = match.length
    refusal = _refusal_shown_again(request, match)
    if refusal:
        at = match.table.shown
    return _render(request, match, at=at, hint=request.GET.get("hint") == "1", refusal=refusal)


def _refusal_shown_again(request, match):
    """The refusal a plain form post was redirected with (?refused=…, signed by the server): the
    engine's verdict on that action, given again while the table is still at that version and
    position. Anything else (forged, old, since moved on) shows the table alone."""
    try:
        version, at, text = signing.loads(request.GET.get(REFUSED_PARAM, ""), salt=REFUSED_SALT)
        action = match.game.parse_action(text)
    except (signing.BadSignature, ValueError, TypeError, NotationError):
        return None
    if version != match.table.version or at != match.table.shown:
        return None
    return judged_refusal(match.ui.slug, match.state_at(at), match.human, action)


@post_or_back_to_table
@busy_is_try_again
def act(request, game, token):
    """The reader's decision (or interruption, at the move on his screen): applied if the version
    is current and the rules allow it, then the bots' replies up to his next decision."""
    ui = _ui(game)
    table = _table(request, ui, token)
    match = Match(table, ui)
    if _posted_int(request, "version") != table.version:
        return _stale(request, match)
    at = _posted_int(request, "at")
    at = match.length if at is None else at
    if at != table.shown and at != match.length:
        return _stale(request, match)
    try:
        action = decode(request.POST)
    except NotationError:
        return _render(request, match, status=400, at=at, message={
            "kind": "error",
            "text": _("That is not a decision this table understands. Choose a card or a button."),
        })
    state = match.state_at(at)
    refused = judged_refusal(ui.slug, state, match.human, action)
    if refused:
        if not request.htmx:
            # Redirect after post: the address bar shows the table, and a reload asks nothing.
            return redirect(f"{reverse('table', args=[ui.slug, table.token])}?{REFUSED_PARAM}="
                            f"{signing.dumps([table.version, at, str(action)], salt=REFUSED_SALT)}")
        return _render(request, match, status=422, at=at,
                       refusal=refused)
    after = match.game.apply(state, match.human, action)
    moves, states = match.run_bots(after, at + 1)
    # The actions after `at` had not been shown (an interruption): they are replaced.
    if not match.record([(match.human, action)] + moves, [after] + states, keep=at, shown=at + 1):
        return _stale(request, Match(Table.objects.get(pk=table.pk), ui))
    return _after_write(request, match)


@post_or_back_to_table
@busy_is_try_again
def bot_step(request, game, token):
    """The bots' moves up to the reader's next decision (the htmx timer or the Continue button); a
    stale step just shows the table."""
    ui = _ui(game)
    table = _table(request, ui, token)
    match = Match(table, ui)
    if _posted_int(request, "version") == table.version and table.shown == match.length and match.bots_to_move():
        start = match.length
        moves, states = match.run_bots(match.state, start)
        if moves and not match.record(moves, states, shown=start + 1):
            match = Match(Table.objects.get(pk=table.pk), ui)
    return _after_write(request, match)


NO_AIDS = gettext_lazy("No hint and no undo at this table: its deal is played for a result.")


def _undo_refusal(match, blocked, note=False):
    """Why the reader's last decision cannot be taken back (Match.undo_block): the undo view's
    refusal, or (note) the line the table shows where the Undo button would be."""
    kind, fact = blocked
    if kind == "cards":
        n = len(set(fact))
        facts = {"cards": cards_in_sentence(fact, match.ui.pack)}
        if note:
            return ngettext("Undo is not offered: since your last decision you have seen %(cards)s, and choosing "
                            "again knowing it would not be fair practice.",
                            "Undo is not offered: since your last decision you have seen %(cards)s, and choosing "
                            "again knowing them would not be fair practice.", n) % facts
        return ngettext("You cannot take that decision back: since you made it you have seen %(cards)s. Deciding "
                        "again knowing it would not be fair practice.",
                        "You cannot take that decision back: since you made it you have seen %(cards)s. Deciding "
                        "again knowing them would not be fair practice.", n) % facts
    if note:
        return _("Undo is not offered: since your last decision you have seen another player choose, and a "
                 "choice tells something about the cards behind it.")
    # Told as the reader was told it: nothing hidden in the words.
    return _("You cannot take that decision back: since you made it you have seen another player choose, "
             "and a choice tells something about the cards behind it. You saw: %(move)s Deciding again "
             "while knowing it would not be fair practice.") % {"move": join_sentences(match.narrate(fact))}


@post_or_back_to_table
@busy_is_try_again
def undo(request, game, token):
    """Take back the reader's last decision and the bots' replies after it, unless that would let
    the reader decide again knowing what he has seen since."""
    ui = _ui(game)
    table = _table(request, ui, token)
    match = Match(table, ui)
    if _posted_int(request, "version") != table.version:
        return _stale(request, match)
    if not table.aids:
        return _render(request, match, status=409, message={"kind": "error", "text": NO_AIDS})
    index, blocked = match.undo_block()
    if index is None:
        return _render(request, match, status=409, message={
            "kind": "error", "text": _("There is no decision of yours to take back yet.")})
    if blocked:
        return _render(request, match, status=409, message={"kind": "undo-refused",
                                                            "text": _undo_refusal(match, blocked)})
    if not match.record([], [], keep=index, shown=index):
        return _stale(request, Match(Table.objects.get(pk=table.pk), ui))
    return _after_write(request, Match(table, ui))


@require_GET
def replay(request, game, token):
    """templates/games/table_replay.html: a finished deal step by step with every hand open, the
    list of its moves, and the review of the reader's decisions (a slice more of it computed on
    each request until it is done; for htmx, the partial ``replay``). ?deal=N&step=K shows the
    position before the deal's action K."""
    ui = _ui(game)
    table = _table(request, ui, token)
    match = Match(table, ui)
    finished = match.finished_deals()
    if not finished:
        raise Http404(_("No deal is finished yet: a replay opens once a deal is scored."))
    try:
        deal = int(request.GET.get("deal", finished[-1]))
        step = int(request.GET.get("step", 0))
    except ValueError:
        raise Http404(_("There is no such step.")) from None
    if deal not in finished:
        raise Http404(_("That deal is not finished: its replay opens once it is scored."))
    base = reverse("table-replay", args=[ui.slug, table.token])
    pos = finished.index(deal)
    shared = SharedDeal.objects.filter(table=table, deal=deal).first()
    ctx = {
        **_page_context(request, ui, table),
        **_replay_context(match, deal, step, lambda k: f"{base}?deal={deal}&step={k}",
                          reviews.review(match, deal), owner=True),
        "prev_deal_url": f"{base}?deal={finished[pos - 1]}" if pos > 0 else None,
        "next_deal_url": f"{base}?deal={finished[pos + 1]}" if pos + 1 < len(finished) else None,
        "practice_url": reverse("table-practice", args=[ui.slug, table.token]),
        "share_url": reverse("table-share", args=[ui.slug, table.token]),
        "shared_link": request.build_absolute_uri(reverse("shared-deal", args=[ui.slug, shared.token]))
        if shared else None,
        "teach_ref": f"table/{table.token}/{deal}/{ctx_step(match, deal, step)}",
    }
    template = "games/table_replay.html#replay" if request.htmx else "games/table_replay.html"
    return render(request, template, ctx)


def ctx_step(match, deal, step):
    """The replay's step as it is shown (clamped to the deal)."""
    first, last = match.deal_span(deal)
    return max(0, min(step, last - first))


def undealt_face_down(game, state):
    """Are there cards in this position that no player holds and none has seen (a stock)? The
    replay opens every player's cards (Game.held_zones), not these."""
    held = game.held_zones(state)
    masks = [game.masked_zones(state, seat) for seat in range(game.players(state))]
    return any(all(mask[name][i] is None for mask in masks)
               for name, cards in game.zones(state).items() if name not in held for i in range(len(cards)))


def _replay_context(match, deal, step, url, review, owner):
    """What the replay of a finished deal shows at `step` (the position before the deal's action
    `step`; the last step is the deal's end): the board with every hand open, each move of the deal
    as a link to the position before it (MOVE_PAGE of them at a time, the page that holds the step,
    with links to the moves before and after it), and what the review says of the reader's
    decisions. `url(k)` is the address of step k."""
    ui, table, game = match.ui, match.table, match.game
    first, last = match.deal_span(deal)
    steps = last - first
    step = max(0, min(step, steps))
    index = first + step
    marked = review.marked()
    # The page of the move list that holds this step (the deal's end is on the last page).
    page_start = min(step, steps - 1) // MOVE_PAGE * MOVE_PAGE if steps else 0
    page_end = min(page_start + MOVE_PAGE, steps)
    moves = []
    for i in range(first + page_start, first + page_end):
        seat = table.actions[i][0]
        verdict = review.verdicts.get(i) if seat == match.human else None
        lost = verdict and verdict["kind"] == "weighed" and verdict["cost"] >= reviews.NO_COST
        moves.append({"step": i - first, "number": i - first + 1, "url": url(i - first),
                      "mine": seat == match.human, "text": join_sentences(match.narrate(i)),
                      "rank": marked.get(i),
                      "cost": reviews.short_cost(verdict) if lost else None,
                      "close": lost and not reviews.clear(verdict)})
    here = acted = None
    if step < steps:
        seat = table.actions[index][0]
        here = {"mine": seat == match.human, "text": join_sentences(match.narrate(index)),
                "review": reviews.in_words(match, index, review.verdicts.get(index)) if seat == match.human
                else None,
                "rank": marked.get(index)}
    if step > 0:
        seat = table.actions[index - 1][0]
        acted = {"mine": seat == match.human, "text": join_sentences(match.narrate(index - 1))}
    costliest = [{"rank": rank, "url": url(i - first), "step": i - first, "number": i - first + 1, "at": i,
                  "review": reviews.in_words(match, i, review.verdicts[i])}
                 for i, rank in sorted(marked.items(), key=lambda item: item[1])]
    units = sorted({v["unit"] for v in review.verdicts.values() if v["kind"] == "weighed"})
    return {
        # The deal is over, so every hand may be shown: the board gets the full state.
        "board": ui.board(match.state_at(index), match.human, match.names),
        "undealt_face_down": undealt_face_down(game, match.state_at(index)),
        "deal": deal,
        "step": step,
        "steps": steps,
        "at": index,
        "here": here,
        "acted": acted,
        "moves": moves,
        # The moves before and after this page of the list: how many, and the step that opens them.
        "moves_before": {"n": page_start, "url": url(page_start - 1)} if page_start else None,
        "moves_after": {"n": steps - page_end, "url": url(page_end)} if page_end < steps else None,
        "review": review,
        "review_polls": owner and not review.complete,
        "costliest": costliest,
        "unit_legends": [reviews.UNIT_LEGENDS[u] for u in units] + ([reviews.ROUGH] if units else []),
        "owner": owner,
        "this_url": url(step),
        "prev_url": url(step - 1) if step > 0 else None,
        "next_url": url(step + 1) if step < steps else None,
        "first_url": url(0),
        "last_url": url(steps),
        # The code holds the seed, and the seed every card of every deal: shown once the match is over.
        "code": (deal_code(game, table.seed, table.players, table.options)
                 if game.outcome(match.state).finished else None),
    }


@post_or_back_to_table
@busy_is_try_again
def practice(request, game, token):
    """A new practice table at one of the reader's decisions in a finished deal (POST at=<action
    index>): the same deal, the same bots, the moves before it already played; then to that table."""
    ui = _ui(game)
    table = _table(request, ui, token)
    match = Match(table, ui)
    at = _posted_int(request, "at")
    deal = match.deal_of(at) if at is not None and 0 <= at < match.length else None
    if deal not in match.finished_deals() or at not in reviews.decisions(match, deal):
        raise Http404(_("There is no such decision of yours in a finished deal."))
    copy = match.practice_from(at, owner_key(request))
    return redirect(reverse("table", args=[ui.slug, copy.token]))


@post_or_back_to_table
@busy_is_try_again
def share(request, game, token):
    """A link anyone may open to see a finished deal of this table, read-only (POST deal=N); back
    to the replay, which shows the link."""
    ui = _ui(game)
    table = _table(request, ui, token)
    match = Match(table, ui)
    deal = _posted_int(request, "deal")
    if deal not in match.finished_deals():
        raise Http404(_("That deal is not finished: its replay opens once it is scored."))
    SharedDeal.objects.get_or_create(table=table, deal=deal)
    step = request.POST.get("step", "0")
    step = int(step) if step.isdigit() else 0
    return redirect(f"{reverse('table-replay', args=[ui.slug, table.token])}?deal={deal}&step={step}#share")


@require_GET
def shared_deal(request, game, share):
    """templates/games/table_replay.html, read-only: a deal its reader has shared, every hand open,
    with no control of the table and nothing of any other deal; 404 for an unknown link or a deal
    that is not (or no longer) finished. Not for search engines."""
    ui = _ui(game)
    shared = SharedDeal.objects.select_related("table").filter(token=share, table__game=ui.slug).first()
    if shared is None:
        raise Http404(_("There is no such shared deal."))
    match = Match(shared.table, ui)
    if shared.deal not in match.finished_deals():
        raise Http404(_("There is no such shared deal."))
    try:
        step = int(request.GET.get("step", 0))
    except ValueError:
        raise Http404(_("There is no such step.")) from None
    base = reverse("shared-deal", args=[ui.slug, shared.token])
    ctx = {
        "ui": ui,
        "pack": ui.pack,
        "game_name": _name(ui, request.LANGUAGE_CODE),
        "board_template": ui.board_template,
        "shared": True,
        **_replay_context(match, shared.deal, step, lambda k: f"{base}?step={k}",
                          reviews.review(match, shared.deal, seconds=0), owner=False),
        "teach_ref": f"shared/{shared.token}/{ctx_step(match, shared.deal, step)}",
    }
    response = render(request, "games/table_replay.html", ctx)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response

