"""Practice tables: a match against bots, one decision at a time (architecture.md §4).

Nothing here knows a particular game. A game takes part through its engine (games.engine.registry),
its bots (games/<slug>/bots.py, LEVELS), its ui module (games/ui/<slug>.py: seat_names, board,
choices, narrate, OPTIONS, deal_of, opening, describe, hint_reason, deal_summary) and its board
template (templates/games/<slug>/board.html).

A table is event-sourced: the position is the replay of its actions (models.Table). Every form
carries the table's version; a write is a conditional UPDATE on it, so a stale page, a second tab
or a double click is refused and nothing is lost or applied twice. One view serves the full page
and, for htmx, the fragment (``games/table.html#table``).
"""

import inspect
import secrets
from collections import Counter
from functools import cached_property

from django import forms
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tutorials.views import compose_action

from .catalogue import BY_SLUG
from .engine import registry
from .engine.play import bot_levels
from .engine.rng import rng_for
from .engine.rules import NotationError
from .models import Table
from .owner import browser_token
from .ui import explain, format_arg, game_ui

HINT_LEVEL = "club"  # the hint says what this bot would do
LEVEL_LABELS = {  # a game's ui module may describe its own bots (LEVEL_LABELS there)
    "beginner": gettext_lazy("Beginner"),
    "club": gettext_lazy("Club player"),
    "expert": gettext_lazy("Expert"),
}
SEED_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o or 1/l to misread in a shared code
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


# --- the game behind a URL ----------------------------------------------------------------------
class Kit:
    """One game's engine, bots and ui module, as the table uses them."""

    def __init__(self, slug):
        info = BY_SLUG.get(slug)
        try:
            self.game = registry.get(slug)
            self.ui = game_ui(slug)
            self.levels = bot_levels(self.game)
        except (KeyError, ImportError):
            raise Http404(_("There is no practice table for this game yet.")) from None
        self.slug = slug
        self.info = info
        self.board_template = f"games/{slug}/board.html"
        # A narrate() that takes `viewer` tells the human's own moves in the second person.
        self.narrates_to_viewer = "viewer" in inspect.signature(self.ui.narrate).parameters

    def hook(self, name, default=None):
        return getattr(self.ui, name, default)

    def level_label(self, level):
        return self.hook("LEVEL_LABELS", {}).get(level) or LEVEL_LABELS.get(level, level)

    def deal_of(self, state):
        return self.hook("deal_of", lambda s: getattr(s, "deal", 1))(state)

    def option_fields(self):
        """[(name, label, [(value, label)], default)] for each option the game offers."""
        defaults = self.game.options()
        labels = self.hook("OPTIONS", {})
        out = []
        for name, values in self.game.option_choices().items():
            label, value_labels = labels.get(name, (name.replace("_", " "), {}))
            out.append((name, label, [(v, value_labels.get(v, str(v))) for v in values],
                        getattr(defaults, name)))
        return out

    def name(self, lang):
        return self.info.name(lang) if self.info else self.game.name


BOT_SPEED_COOKIE = "botspeed"
# How the bots' moves come at a practice table: the pause before each (milliseconds), or None for
# one at a time, each when the learner presses Continue. Remembered per browser (site/dojo/views.py).
BOT_SPEEDS = {"step": None, "slow": 1500, "normal": 700, "fast": 200}
BOT_SPEED_LABELS = {
    "step": pgettext_lazy("bot speed", "one move at a time"),
    "slow": pgettext_lazy("bot speed", "slow"),
    "normal": pgettext_lazy("bot speed", "normal"),
    "fast": pgettext_lazy("bot speed", "fast"),
}
DEFAULT_BOT_SPEED = "normal"
# The table shows the latest lines of the deal's story (a long Shithead deal has hundreds); the
# whole story is one link away, and in the replay.
LOG_LINES = 30


def bot_speed(request):
    value = request.COOKIES.get(BOT_SPEED_COOKIE)
    return value if value in BOT_SPEEDS else DEFAULT_BOT_SPEED


def _kit(slug):
    return Kit(slug)


# --- deal codes ---------------------------------------------------------------------------------
def deal_code(kit, seed, players, options):
    """A shareable code for a match's deals: ``<game>-<seed>[-<players>]-<options>``.

    Each option is one base-36 digit, its index among the game's option_choices(); the player
    count appears only for games with several.
    """
    options = kit.game.options(options)
    parts = [kit.slug, seed]
    if len(kit.game.player_counts) > 1:
        parts.append(str(players))
    choices = kit.game.option_choices()
    if choices:
        parts.append("".join(DIGITS[values.index(getattr(options, name))]
                             for name, values in choices.items()))
    return "-".join(parts)


class DealCodeError(ValueError):
    pass


def read_deal_code(kit, code):
    """(seed, players, options dict) from a deal code; DealCodeError with a sentence otherwise."""
    code = (code or "").strip()
    parts = code.split("-")
    if parts[0].lower() != kit.slug:
        raise DealCodeError(
            _("A deal code for this game starts with “%(prefix)s-”.") % {"prefix": kit.slug})
    choices = kit.game.option_choices()
    want = 2 + (len(kit.game.player_counts) > 1) + bool(choices)
    if len(parts) != want:
        raise DealCodeError(_("This deal code does not have the right number of parts."))
    seed = parts[1]
    if not seed or len(seed) > 32 or not all(c.isascii() and (c.isalnum() or c == "_") for c in seed):
        raise DealCodeError(_("The deal number in this code is not valid."))
    players = kit.game.player_counts[0]
    if len(kit.game.player_counts) > 1:
        try:
            players = int(parts[2])
        except ValueError:
            players = -1
        if players not in kit.game.player_counts:
            raise DealCodeError(_("The number of players in this deal code is not valid."))
    options = {}
    if choices:
        digits = parts[-1].lower()
        if len(digits) != len(choices):
            raise DealCodeError(_("The options in this deal code are not valid."))
        for (name, values), digit in zip(choices.items(), digits):
            index = DIGITS.find(digit)
            if not 0 <= index < len(values):
                raise DealCodeError(_("The options in this deal code are not valid."))
            options[name] = values[index]
    try:
        kit.game.new(seed, players, kit.game.options(options))
    except ValueError:
        raise DealCodeError(_("This deal code does not give a deal.")) from None
    return seed, players, options


def new_seed():
    return "".join(secrets.choice(SEED_ALPHABET) for _ in range(8))


# --- the set-up form ----------------------------------------------------------------------------
class SetupForm(forms.Form):
    """Bot strength, each variant option (the recommended one preselected), an optional deal code."""

    def __init__(self, kit, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.kit = kit
        self.fields["level"] = forms.ChoiceField(
            label=_("Bot strength"), choices=[(k, kit.level_label(k)) for k in kit.levels],
            initial="club", widget=forms.RadioSelect)
        if len(kit.game.player_counts) > 1:
            self.fields["players"] = forms.TypedChoiceField(
                label=_("Players"), coerce=int, initial=kit.game.player_counts[0],
                choices=[(n, str(n)) for n in kit.game.player_counts])
        self.option_names = []
        for name, label, values, default in kit.option_fields():
            index = next(i for i, (v, _l) in enumerate(values) if v == default)
            self.fields[f"opt_{name}"] = forms.TypedChoiceField(
                label=label, coerce=int, initial=index, widget=forms.RadioSelect,
                choices=[(i, _("%(label)s (recommended)") % {"label": vl} if i == index else vl)
                         for i, (_v, vl) in enumerate(values)])
            self.option_names.append((name, [v for v, _l in values]))
        self.fields["code"] = forms.CharField(
            label=_("Deal code (optional)"), required=False, max_length=80,
            help_text=_("Paste a code someone shared to play the same deals; it also fixes the options."))

    def option_fields(self):
        return [self[f"opt_{name}"] for name, _values in self.option_names]

    def clean(self):
        data = super().clean()
        code = data.get("code", "").strip()
        if code:
            try:
                data["seed"], data["players"], data["options"] = read_deal_code(self.kit, code)
            except DealCodeError as err:
                self.add_error("code", str(err))
            return data
        data["seed"] = new_seed()
        data.setdefault("players", self.kit.game.player_counts[0])
        data["options"] = {name: values[data[f"opt_{name}"]] for name, values in self.option_names
                           if f"opt_{name}" in data}
        return data


# --- the replay of a table ----------------------------------------------------------------------
class Match:
    """A table's states, replayed once per request from its seed, options and actions."""

    def __init__(self, table, kit):
        self.table = table
        self.kit = kit
        self.game = kit.game
        self.human = table.human_seat
        self.names = kit.ui.seat_names(self.human, table.players)

    @cached_property
    def states(self):
        game = self.game
        state = game.new(self.table.seed, self.table.players, game.options(self.table.options))
        out = [state]
        for seat, text in self.table.actions:
            state = game.apply(state, seat, game.parse_action(text))
            out.append(state)
        return out

    @property
    def state(self):
        return self.states[-1]

    def push(self, seat, action, state):
        self.states.append(state)

    def view(self, index=-1):
        return self.game.view(self.states[index], self.human)

    def movers(self):
        return self.game.to_move(self.state)

    def bot_to_move(self):
        """The bot seat that acts next, or None when the human is among those to move (or nobody)."""
        movers = self.movers()
        if not movers or self.human in movers:
            return None
        return min(movers)

    def summary(self, state):
        outcome = self.game.outcome(state)
        return {"deal": self.kit.deal_of(state), "scores": list(outcome.scores), "finished": outcome.finished}

    # Deals ----------------------------------------------------------------------------------
    def deal_range(self, deal):
        """(first, last) index into states of one deal, or None."""
        idx = [i for i, s in enumerate(self.states) if self.kit.deal_of(s) == deal]
        return (idx[0], idx[-1]) if idx else None

    def deal_finished(self, deal):
        """True once a deal is scored (so its replay may show every hand)."""
        span = self.deal_range(deal)
        if span is None:
            return False
        first, last = span
        count = len(self.game.outcome(self.states[first]).deals)
        return len(self.game.outcome(self.states[last]).deals) > count or last < len(self.states) - 1

    def finished_deals(self):
        deals = sorted({self.kit.deal_of(s) for s in self.states})
        return [d for d in deals if self.deal_finished(d)]

    def log(self, deal=None):
        """The deal's story from the human's side (opening lines, then one entry per action)."""
        deal = self.kit.deal_of(self.state) if deal is None else deal
        first, last = self.deal_range(deal)
        opening = self.kit.hook("opening")
        lines = []
        if opening:
            lines.append({"seat": None, "text": " ".join(opening(self.view(first), self.human, self.names))})
        for i in range(first, last):
            lines.append({"seat": self.table.actions[i][0], "mine": self.table.actions[i][0] == self.human,
                          "text": " ".join(self.narrate(i))})
        return lines

    def narrate(self, i):
        seat, text = self.table.actions[i]
        extra = {"viewer": self.human} if self.kit.narrates_to_viewer else {}
        return self.kit.ui.narrate(self.game, self.states[i], seat, self.game.parse_action(text),
                                   self.states[i + 1], self.names, **extra)

    # Undo -------------------------------------------------------------------------------------
    def last_human_decision(self):
        for i in range(len(self.table.actions) - 1, -1, -1):
            if self.table.actions[i][0] == self.human:
                return i
        return None

    def seen(self, index):
        """The cards the human can see in states[index], as a multiset."""
        zones = self.game.zones(self.view(index))
        return Counter(c for cards in zones.values() for c in cards if c is not None)

    def revealed_since(self, index):
        """Cards the human has seen since states[index] that were not visible there."""
        before = self.seen(index)
        new = Counter()
        for j in range(index + 1, len(self.states)):
            new |= self.seen(j) - before
        return sorted(new)


def _table(request, kit, token):
    """The table if it belongs to this browser; 404 for anyone else (even its existence is private)."""
    owner = browser_token(request, create=False)
    if not owner:
        raise Http404(_("There is no such table."))
    table = Table.objects.filter(token=token, game=kit.slug, owner=owner).first()
    if table is None:
        raise Http404(_("There is no such table."))
    return table


def _urls(kit, table):
    args = [kit.slug, table.token]
    return {
        "page": reverse("table", args=args),
        "act": reverse("table-act", args=args),
        "step": reverse("table-step", args=args),
        "undo": reverse("table-undo", args=args),
        "replay": reverse("table-replay", args=args),
        "setup": reverse("table-setup", args=[kit.slug]),
        "rules": reverse("rules", args=[kit.slug]),
    }


def _why_not(kit, verdict):
    out = explain(kit.slug, verdict)
    out["url"] = reverse("rules", args=[kit.slug]) + "#" + verdict.rule
    return out


def _hint(match):
    """What the club bot would do for the human, from the human's view, with its reason."""
    kit, view = match.kit, match.view()
    bot = kit.levels[HINT_LEVEL](kit.game)
    action = bot.choose(view, match.human, rng_for("hint", match.table.token, len(match.table.actions)))
    describe = kit.hook("describe", lambda v, s, a: str(a))
    reason = kit.hook("hint_reason", lambda v, s, a: "")
    return {"action": str(action), "what": describe(view, match.human, action),
            "why": reason(view, match.human, action)}


def _mark_hint(choices, hint):
    """Outline the hinted card or button (the text says it too: colour is never the only signal)."""
    if not choices or not hint:
        return
    for entry in list(choices["cards"].values()) + choices["buttons"]:
        if entry["action"] == hint["action"]:
            entry["css"] = (entry["css"] + " is-hint").strip()


def table_context(request, match, *, refusal=None, message=None, hint=False):
    """Everything templates/games/table.html shows; only the human's view reaches the board."""
    kit, game, table = match.kit, match.game, match.table
    human, names = match.human, match.names
    view = match.view()
    movers = match.movers()
    outcome = game.outcome(match.state)
    human_to_move = human in movers
    bot = match.bot_to_move()
    choices = kit.ui.choices(game, view, human, only_legal=False, highlight=True) if human_to_move else None
    legal = game.legal_actions(view, human) if human_to_move else []
    deal = kit.deal_of(match.state)
    deal_over = match.deal_finished(deal) and match.deal_range(deal)[1] == len(match.states) - 1
    hint_data = _hint(match) if hint and human_to_move and len(legal) > 1 else None
    _mark_hint(choices, hint_data)
    summary_fn = kit.hook("deal_summary")
    board = kit.ui.board(view, human, names)
    lang = request.LANGUAGE_CODE
    target = getattr(game.options(table.options), "target", None)
    speed = bot_speed(request)
    log = match.log()
    whole_log = request.GET.get("log") == "all"
    return {
        "kit": kit,
        "game_name": kit.name(lang),
        "t": table,
        "urls": _urls(kit, table),
        "board_template": kit.board_template,
        "board": board,
        "choices": choices,
        "human_to_move": human_to_move,
        "bot_name": names[bot] if bot is not None else None,
        "phase_text": (_("Read how the deal was scored, then deal the next one.")
                       if deal_over and human_to_move else board.get("phase_text", "")),
        "scores": [(names[s], outcome.scores[s], s == human) for s in range(table.players)],
        "target": target,
        "score_legend": kit.hook("SCORE_LEGEND"),
        "deal": deal,
        "level_label": kit.level_label(table.level),
        "level": table.level,
        "log": log[-LOG_LINES:] if not whole_log else log,
        "log_earlier": 0 if whole_log else max(0, len(log) - LOG_LINES),
        "refusal": refusal,
        "message": message,
        "hint": hint_data,
        "can_hint": human_to_move and len(legal) > 1 and not outcome.finished,
        "can_undo": match.last_human_decision() is not None and not outcome.finished,
        "deal_over": deal_over,
        "summary": summary_fn(view, human, names) if deal_over and summary_fn else None,
        "over": outcome.finished,
        "won": outcome.finished and human in outcome.winners,
        "winners": [names[s] for s in outcome.winners],
        # The code holds the seed, and the seed every card of every deal: shown once the match is over.
        "code": deal_code(kit, table.seed, table.players, table.options) if outcome.finished else None,
        "finished_deals": match.finished_deals(),
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


def _posted_version(request):
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return None


def _stale(request, match):
    return _render(request, match, status=409, message={
        "kind": "stale",
        "text": _("This table has moved on since that page was shown (another tab, or a second click). "
                  "Nothing was applied twice and nothing was lost: here is the current position."),
    })


def _done(request, match):
    """After a successful write: the new fragment, or a redirect so a reload cannot resubmit."""
    if request.htmx:
        return _render(request, match)
    return redirect(reverse("table", args=[match.kit.slug, match.table.token]), permanent=False)


# --- views --------------------------------------------------------------------------------------
def setup(request, game):
    """templates/games/table_setup.html: choose bot strength, options and (optionally) a deal code;
    POST creates the table and redirects to it."""
    kit = _kit(game)
    status = 200
    if request.method == "POST":
        form = SetupForm(kit, request.POST)
        if form.is_valid():
            data = form.cleaned_data
            table = Table(game=kit.slug, owner=browser_token(request), seed=data["seed"],
                          players=data["players"], options=data["options"], human_seat=0, level=data["level"])
            match = Match(table, kit)
            for name, value in match.summary(match.state).items():
                setattr(table, name, value)
            table.save()
            return redirect(reverse("table", args=[kit.slug, table.token]))
        status = 400
    else:
        form = SetupForm(kit)
    owner = browser_token(request, create=False)
    recent = []
    if owner:
        recent = list(Table.objects.filter(owner=owner, game=kit.slug, finished=False)
                      .order_by("-updated")[:5])
    return render(request, "games/table_setup.html", {
        "kit": kit, "game_name": kit.name(request.LANGUAGE_CODE), "form": form, "recent": recent,
        "rules_url": reverse("rules", args=[kit.slug]),
    }, status=status)


@require_GET
def table(request, game, token):
    """templates/games/table.html: the table from the human's seat; ?hint=1 adds the hint."""
    kit = _kit(game)
    match = Match(_table(request, kit, token), kit)
    return _render(request, match, hint=request.GET.get("hint") == "1")


@require_POST
def act(request, game, token):
    """The human's decision: applied if the version is current and the rules allow it."""
    kit = _kit(game)
    table = _table(request, kit, token)
    match = Match(table, kit)
    if _posted_version(request) != table.version:
        return _stale(request, match)
    try:
        action = kit.game.parse_action(compose_action(request))
    except NotationError:
        return _render(request, match, status=400, message={
            "kind": "error",
            "text": _("That is not a decision this table understands. Choose a card or a button."),
        })
    verdict = kit.game.check(match.state, match.human, action)
    if not verdict:
        return _render(request, match, status=422, refusal={"action": str(action), **_why_not(kit, verdict)})
    after = kit.game.apply(match.state, match.human, action)
    if not table.write(table.actions + [[match.human, str(action)]], match.summary(after)):
        return _stale(request, Match(Table.objects.get(pk=table.pk), kit))
    match.push(match.human, action, after)
    return _done(request, match)


@require_POST
def bot_step(request, game, token):
    """One bot action (the htmx timer or the "Continue" button); a stale step just shows the table."""
    kit = _kit(game)
    table = _table(request, kit, token)
    match = Match(table, kit)
    seat = match.bot_to_move()
    if _posted_version(request) == table.version and seat is not None:
        bot = kit.levels[table.level](kit.game)
        view = kit.game.view(match.state, seat)  # a bot sees only its own view
        action = bot.choose(view, seat, rng_for("table", table.token, len(table.actions)))
        after = kit.game.apply(match.state, seat, action)
        if table.write(table.actions + [[seat, str(action)]], match.summary(after)):
            match.push(seat, action, after)
        else:
            match = Match(Table.objects.get(pk=table.pk), kit)
    return _done(request, match)


@require_POST
def undo(request, game, token):
    """Take back the human's last decision and the bot replies after it, unless that would let
    the human decide again knowing cards seen since."""
    kit = _kit(game)
    table = _table(request, kit, token)
    match = Match(table, kit)
    if _posted_version(request) != table.version:
        return _stale(request, match)
    index = match.last_human_decision()
    if index is None:
        return _render(request, match, status=409, message={
            "kind": "error", "text": _("There is no decision of yours to take back yet.")})
    seen = match.revealed_since(index)
    if seen:
        return _render(request, match, status=409, message={"kind": "undo-refused", "text": _(
            "You cannot take that decision back: since you made it you have seen %(cards)s. Deciding "
            "again while knowing them would not be fair practice.")
            % {"cards": format_arg(seen, kit.hook("PACK", "french"))}})
    actions = table.actions[:index]
    if not table.write(actions, match.summary(match.states[index])):
        return _stale(request, Match(Table.objects.get(pk=table.pk), kit))
    return _done(request, Match(table, kit))


@require_GET
def replay(request, game, token):
    """templates/games/table_replay.html: a finished deal step by step with every hand open."""
    kit = _kit(game)
    table = _table(request, kit, token)
    match = Match(table, kit)
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
    first, last = match.deal_range(deal)
    steps = last - first
    step = max(0, min(step, steps))
    index = first + step
    state = match.states[index]
    names = match.names
    acted = None
    review = None
    if step > 0:
        seat, text = table.actions[index - 1]
        acted = {"seat": seat, "mine": seat == match.human, "text": " ".join(match.narrate(index - 1))}
        if seat == match.human:
            review = _review(match, index - 1)
    base = reverse("table-replay", args=[kit.slug, table.token])
    pos = finished.index(deal)
    ctx = {
        "kit": kit,
        "game_name": kit.name(request.LANGUAGE_CODE),
        "t": table,
        "urls": _urls(kit, table),
        "board_template": kit.board_template,
        # The deal is over, so every hand may be shown: the board gets the full state.
        "board": kit.ui.board(state, match.human, names),
        "deal": deal,
        "step": step,
        "steps": steps,
        "acted": acted,
        "review": review,
        "prev_url": f"{base}?deal={deal}&step={step - 1}" if step > 0 else None,
        "next_url": f"{base}?deal={deal}&step={step + 1}" if step < steps else None,
        "first_url": f"{base}?deal={deal}&step=0",
        "last_url": f"{base}?deal={deal}&step={steps}",
        "prev_deal_url": f"{base}?deal={finished[pos - 1]}" if pos > 0 else None,
        "next_deal_url": f"{base}?deal={finished[pos + 1]}" if pos + 1 < len(finished) else None,
        "code": (deal_code(kit, table.seed, table.players, table.options)
                 if kit.game.outcome(match.state).finished else None),
    }
    return render(request, "games/table_replay.html", ctx)


def _review(match, i):
    """With every hand known (hindsight), what the human's decision at action i was worth against
    the best one, when the game can say so exactly."""
    game, kit = match.game, match.kit
    before = match.states[i]
    values = game.exact_values(before, match.human)
    if not values:
        return None
    chosen = game.parse_action(match.table.actions[i][1])
    best_value = max(values.values())
    mine = values.get(chosen)
    if mine is None:
        return None
    describe = kit.hook("describe", lambda v, s, a: str(a))
    best = [a for a, v in values.items() if v == best_value]
    view = game.view(before, match.human)
    return {
        "best": mine >= best_value,
        "lost": best_value - mine,
        "mine": mine,
        "best_value": best_value,
        "best_what": describe(view, match.human, best[0]),
    }
