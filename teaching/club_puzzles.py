"""A club's own puzzles: a moment of a deal saved from a replay, a review, a lesson, a puzzle or the
teaching table, written up by an organiser in both languages and judged before it may be saved
(judge/authoring.py). Saved, a puzzle is played by the club's members on the site's puzzle page,
set as homework and opened on the teaching table: it is a source of tutorials.puzzles, seen only
within its club.

Who may open what is decided in clubs/permissions.py (club_puzzle): the club's organisers write and
see drafts; its members play saved puzzles; anyone else gets a 404.
"""

import secrets
import time

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from clubs import permissions
from clubs.hooks import club_page
from clubs.models import Club, Membership
from dojo.context import game_stylesheet
from games.ui import game_ui
from judge import authoring
from tutorials import puzzles as puzzle_data
from tutorials.learn_views import show_puzzle
from tutorials.views import board_context

from .models import ClubPuzzle

PREFIX = "club-"
SAMPLE_STEP_SECONDS = 0.8  # how long one request of a sample deals before it reports its progress


# --- the source -----------------------------------------------------------------------------------
def as_puzzle(cp: ClubPuzzle) -> puzzle_data.Puzzle:
    words = cp.words or {}
    sampled = cp.sample is not None and cp.sample.get("deals", 0) >= cp.target > 0
    return puzzle_data.Puzzle(
        game=cp.game, id=cp.ident, theme="club", level=cp.level, position=cp.position, seat=cp.seat,
        question=dict(words.get("question", {"en": "", "ja": ""})),
        explanation=dict(words.get("explanation", {"en": "", "ja": ""})),
        hints={lang: tuple(words.get("hints", {}).get(lang, ())) for lang in ("en", "ja")},
        answers=tuple(cp.answers), open=cp.open,
        sampled=cp.target if sampled else 0, seed=cp.seed if sampled else "",
        stored=cp.sample if sampled else None,
        page=reverse("club-puzzle", args=[cp.club.code, cp.pk]))


def _saved(club, game):
    return ClubPuzzle.objects.select_related("club").filter(club=club, game=game, saved__isnull=False)


def find(game, puzzle_id, scope):
    if not isinstance(scope, Club) or not puzzle_id.startswith(PREFIX) or not puzzle_id[len(PREFIX):].isdigit():
        return None
    found = _saved(scope, game).filter(pk=int(puzzle_id[len(PREFIX):])).first()
    return as_puzzle(found) if found else None


def listing(game, scope):
    if not isinstance(scope, Club):
        return ()
    return tuple(as_puzzle(cp) for cp in _saved(scope, game).order_by("created", "pk"))


puzzle_data.add_source(find, listing)


# --- starting a draft -------------------------------------------------------------------------------
def start_draft(club, user, slug, state, seat, is_open):
    """A draft at `state` for `seat` (the learner's, when it is to move; else the first seat to move),
    or None when nobody is to move there. A sample's seed is drawn now, so that every step of the
    sample deals from the same one."""
    game = game_ui(slug).game
    movers = sorted(game.to_move(state))
    if not movers:
        return None
    seat = seat if seat in movers else movers[0]
    position = game.to_text(state)
    how = authoring.how(slug, position, seat)
    return ClubPuzzle.objects.create(
        club=club, created_by=user, game=slug, position=position, seat=seat, open=is_open,
        seed=secrets.token_hex(6) if how == authoring.SAMPLED else "",
        target=authoring.SAMPLE_DEALS if how == authoring.SAMPLED else 0)


def nobody_to_move(request, club):
    return render(request, "teaching/puzzle_none.html", {"club": club}, status=422)


# --- the editor -------------------------------------------------------------------------------------
LEVELS = [(1, gettext_lazy("easy")), (2, gettext_lazy("medium")), (3, gettext_lazy("hard"))]


class WordsForm(forms.Form):
    level = forms.TypedChoiceField(label=gettext_lazy("Level"), choices=LEVELS, coerce=int)
    open = forms.BooleanField(label=gettext_lazy("Show every hand (an open puzzle)"), required=False)
    question_en = forms.CharField(label=gettext_lazy("Question (English)"), max_length=300)
    question_ja = forms.CharField(label=gettext_lazy("Question (Japanese)"), max_length=300)
    hints_en = forms.CharField(label=gettext_lazy("Hints (English), one per line"), max_length=2000,
                               widget=forms.Textarea(attrs={"rows": 3}))
    hints_ja = forms.CharField(label=gettext_lazy("Hints (Japanese), one per line"), max_length=2000,
                               widget=forms.Textarea(attrs={"rows": 3}))
    explanation_en = forms.CharField(label=gettext_lazy("Explanation (English)"), max_length=3000,
                                     widget=forms.Textarea(attrs={"rows": 4}))
    explanation_ja = forms.CharField(label=gettext_lazy("Explanation (Japanese)"), max_length=3000,
                                     widget=forms.Textarea(attrs={"rows": 4}))

    def clean(self):
        data = super().clean()
        en, ja = _lines(data.get("hints_en", "")), _lines(data.get("hints_ja", ""))
        if "hints_en" in data and "hints_ja" in data and len(en) != len(ja):
            self.add_error("hints_ja", _("Give as many hints in Japanese as in English (%(en)s and %(ja)s now).")
                           % {"en": len(en), "ja": len(ja)})
        return data

    @staticmethod
    def initial_for(cp):
        words = cp.words or {}
        return {"level": cp.level, "open": cp.open,
                **{f"{k}_{lang}": words.get(k, {}).get(lang, "") for k in ("question", "explanation")
                   for lang in ("en", "ja")},
                **{f"hints_{lang}": "\n".join(words.get("hints", {}).get(lang, ())) for lang in ("en", "ja")}}


def _lines(text):
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def _keep(cp, form, answers):
    """Store what the organiser typed, valid or not (nothing is lost): the form's fields as posted."""
    raw = form.data
    cp.level = int(raw.get("level")) if raw.get("level", "") in ("1", "2", "3") else cp.level
    cp.open = raw.get("open") in ("on", "true", "1")
    cp.words = {
        "question": {lang: raw.get(f"question_{lang}", "").strip()[:300] for lang in ("en", "ja")},
        "explanation": {lang: raw.get(f"explanation_{lang}", "").strip()[:3000] for lang in ("en", "ja")},
        "hints": {lang: _lines(raw.get(f"hints_{lang}", ""))[:10] for lang in ("en", "ja")},
    }
    cp.answers = [a[:200] for a in answers][:20]


def _choices(cp):
    """Every legal action of the seat, in words, with whether it is accepted now."""
    ui = game_ui(cp.game)
    game = ui.game
    state = game.from_text(cp.position)
    view = game.view(state, cp.seat)
    accepted = set(cp.answers)
    return [{"text": str(a), "label": capfirst(ui.describe(view, cp.seat, a)), "checked": str(a) in accepted}
            for a in sorted(game.legal_actions(state, cp.seat), key=str)]


def _problem_words(cp, problem):
    """One of the judge's problems (judge.authoring.judge) in the page's language."""
    ui = game_ui(cp.game)
    game = ui.game
    view = game.view(game.from_text(cp.position), cp.seat)

    def said(text):
        try:
            return capfirst(ui.describe(view, cp.seat, game.parse_action(text)))
        except Exception:  # a forged answer that names no action
            return text

    code = problem["code"]
    if code == "none":
        return _("Choose at least one accepted answer.")
    if code == "unreadable":
        return _("“%(a)s” is no move of this game.") % {"a": problem["action"]}
    if code == "illegal":
        return _("%(a)s is not allowed here: %(rule)s.") % {"a": said(problem["action"]),
                                                           "rule": problem["explanation"]["title"]}
    if code == "not-best":
        return _("%(a)s is not the best: with best play it comes to %(v)s, and the best comes to %(b)s.") % {
            "a": said(problem["action"]), "v": problem["value"], "b": problem["best"]}
    if code == "also-best":
        return _("As good as the answers (%(b)s with best play) but not accepted: %(a)s. A solver who plays one "
                 "of them would be told it is wrong; accept them too, or choose another moment.") % {
            "a": _list([said(a) for a in problem["actions"]]), "b": problem["best"]}
    if code == "unjudged":
        return _("The engine can neither solve this position exactly nor deal it out from what the seat sees, "
                 "so nothing would back the answer. Choose another moment.")
    if code == "below":
        return _("Over the deals, “%(best)s” has the best average: only that answer can be accepted.") % {
            "best": said(problem["best"])}
    if code == "tie":
        return _("Over the deals, “%(best)s” and “%(a)s” average the same: neither is the best.") % {
            "best": said(problem["best"]), "a": said(problem["action"])}
    return _("Over %(n)s deals the engine cannot tell %(best)s (%(bl)s to %(bh)s) from %(a)s (%(al)s to %(ah)s) "
             "with 95%% confidence: choose a moment where the answer stands out.") % {
        "n": f"{cp.target:,}", "best": said(problem["best"]), "a": said(problem["action"]),
        "bl": problem["best_figures"].low, "bh": problem["best_figures"].high,
        "al": problem["figures"].low, "ah": problem["figures"].high}


def _verdict(cp):
    found = authoring.judge(cp.game, cp.position, cp.seat, cp.answers, cp.sample, cp.target or authoring.SAMPLE_DEALS)
    ui = game_ui(cp.game)
    game = ui.game
    view = game.view(game.from_text(cp.position), cp.seat)

    def said(text):
        return capfirst(ui.describe(view, cp.seat, game.parse_action(text)))

    if found["how"] == authoring.PROVED:
        rows = [{"label": said(t), "value": v} for t, v in found["values"]]
    elif found["how"] == authoring.SAMPLED:
        rows = [{"label": said(t), "value": f.mean, "low": f.low, "high": f.high} for t, f in found["values"]]
    else:
        rows = []
    problems = [p for p in found["problems"] if p["code"] != "also-best"]
    also = [p["action"] for p in found["problems"] if p["code"] == "also-best"]
    if also:  # said once, naming them all
        problems.append({"code": "also-best", "actions": also, "best": found["problems"][-1]["best"]})
    return {**found, "words": [_problem_words(cp, p) for p in problems], "rows": rows}


def _list(items):
    return pgettext("between the items of a list", ", ").join(str(i) for i in items)


def _editor(request, club, cp, form=None, checked=False, status=200, saved_now=False):
    ui = game_ui(cp.game)
    state = ui.game.from_text(cp.position)
    context = {
        "club": club, "cp": cp, "form": form or WordsForm(initial=WordsForm.initial_for(cp)),
        "choices": _choices(cp), "verdict": _verdict(cp), "checked": checked, "saved_now": saved_now,
        "board_template": ui.board_template, "game_css": game_stylesheet(cp.game),
        **board_context(ui, state, cp.seat, cp.open, controls=False),
    }
    return render(request, "teaching/puzzle_edit.html", context, status=status)


@login_required
def edit(request, code, pk):
    """The editor: the organiser's words and the accepted answers; "Check" judges them, "Save"
    judges them and saves the puzzle only when the judge backs the answers and the words are whole."""
    club, cp = permissions.club_puzzle(request, code, pk, write=True)
    if request.method == "GET":
        return _editor(request, club, cp)
    if request.method != "POST":
        return HttpResponseNotAllowed(["GET", "POST"])
    form = WordsForm(request.POST)
    _keep(cp, form, request.POST.getlist("answer"))
    cp.save()
    verdict = _verdict(cp)
    if request.POST.get("intent") != "save":
        return _editor(request, club, cp, form, checked=True, status=200 if form.is_valid() else 422)
    if not form.is_valid() or not verdict["ok"]:
        return _editor(request, club, cp, form, checked=True, status=422)
    first = cp.saved is None
    if first:
        ClubPuzzle.objects.filter(pk=cp.pk, saved__isnull=True).update(saved=timezone.now())
        cp.refresh_from_db()
    return _editor(request, club, cp, form, checked=True, saved_now=True)


@login_required
def sample_step(request, code, pk):
    """Deal some more of the sample (about SAMPLE_STEP_SECONDS of it) and report the progress: htmx
    asks again until it is whole, then reloads the editor; without JavaScript the button does."""
    club, cp = permissions.club_puzzle(request, code, pk, write=True)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    began = time.monotonic()
    while cp.target and (cp.sample or {}).get("deals", 0) < cp.target and time.monotonic() - began < SAMPLE_STEP_SECONDS:
        done = (cp.sample or {}).get("deals", 0)
        record = authoring.sample_more(cp.game, cp.position, cp.seat, cp.seed, cp.sample, min(cp.target, done + 10))
        # Written only over the sample this request read: two tabs never deal the same deals twice.
        if not ClubPuzzle.objects.filter(pk=cp.pk, updated=cp.updated).update(sample=record, updated=timezone.now()):
            break
        cp.refresh_from_db()
    editor = reverse("club-puzzle-edit", args=[club.code, cp.pk])
    if not request.htmx:
        return redirect(editor)
    if (cp.sample or {}).get("deals", 0) >= cp.target:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = editor
        return response
    return render(request, "teaching/_sampling.html", {"club": club, "cp": cp})


@login_required
def play(request, code, pk):
    """A saved puzzle of the club, played on the site's puzzle page by its members."""
    club, cp = permissions.club_puzzle(request, code, pk)
    p = as_puzzle(cp)
    saved = listing(cp.game, club)
    ids = [q.id for q in saved]
    following = saved[ids.index(p.id) + 1] if p.id in ids and ids.index(p.id) + 1 < len(ids) else None
    return show_puzzle(request, p, post_url=p.page, next_url=following.page if following else None,
                       index_url=reverse("club", args=[club.code]) + "#club-puzzles",
                       index_label=_("The club’s puzzles"))


@club_page
def puzzles_section(request, club, membership):
    rows = ClubPuzzle.objects.filter(club=club).order_by("-created", "-pk")
    if membership.role != Membership.ORGANISER:
        rows = rows.filter(saved__isnull=False)
    rows = list(rows[:50])
    if not rows and membership.role != Membership.ORGANISER:
        return {}
    lang = "ja" if request.LANGUAGE_CODE.startswith("ja") else "en"
    items = [{"cp": cp, "question": (cp.words or {}).get("question", {}).get(lang) or _("(no question yet)"),
              "url": reverse("club-puzzle", args=[club.code, cp.pk]) if cp.saved else None,
              "edit": reverse("club-puzzle-edit", args=[club.code, cp.pk])
              if membership.role == Membership.ORGANISER else None} for cp in rows]
    html = render_to_string("teaching/_club_puzzles.html", {"club": club, "items": items,
                                                            "organiser": membership.role == Membership.ORGANISER},
                            request=request)
    return {"sections": [{"id": "club-puzzles", "title": _("The club’s puzzles"), "html": html}]}
