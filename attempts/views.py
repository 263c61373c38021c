"""The learner's own progress page: what their records say, game by game, over a chosen window."""

from django.shortcuts import render
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from django.views.decorators.http import require_safe

from games.catalogue import BY_SLUG
from games.owner import owner_key
from games.views import available_sections

from . import chart, hooks, mine

WINDOW_LABELS = {
    "7": gettext_lazy("Last 7 days"),
    "30": gettext_lazy("Last 30 days"),
    "365": gettext_lazy("Last 365 days"),
    "all": gettext_lazy("All time"),
}
KIND_LABELS = {
    "lessons": gettext_lazy("Lesson steps done"),
    "puzzles": gettext_lazy("Puzzle moves solved"),
    "deals": gettext_lazy("Deals played"),
}


def _axis_label(bucket, unit):
    """Under a bar of the chart: its day, or for weeks and months the month and year."""
    if unit != mine.DAY:
        return formats.date_format(bucket.start, "YEAR_MONTH_FORMAT")
    return formats.date_format(bucket.start, "MONTH_DAY_FORMAT")


def _row_label(bucket, unit, today):
    """A row of the table: the month, the day or the week's first day (with the year when it is
    not this year's)."""
    if unit == mine.MONTH:
        return formats.date_format(bucket.start, "YEAR_MONTH_FORMAT")
    day = formats.date_format(bucket.start, "MONTH_DAY_FORMAT" if bucket.start.year == today.year else "DATE_FORMAT")
    return _("Week of %(date)s") % {"date": day} if unit == mine.WEEK else day


def _bar_text(label, counts):
    parts = [f"{KIND_LABELS[kind]}: {counts[kind]}" for kind in mine.KINDS]
    return f"{label} — " + pgettext("list separator", ", ").join(parts)


def _description(progress):
    totals = progress.totals
    window = WINDOW_LABELS[progress.window]
    figures = pgettext("list separator", ", ").join(f"{KIND_LABELS[kind]}: {totals[kind]}" for kind in mine.KINDS)
    if not progress.active:
        return ""
    busiest = max(progress.buckets, key=lambda b: b.total)
    if progress.unit == mine.MONTH:
        when = formats.date_format(busiest.start, "YEAR_MONTH_FORMAT")
    else:
        when = formats.date_format(busiest.start, "DATE_FORMAT")
    per = {mine.DAY: _("The busiest day was %(when)s, with %(n)s."),
           mine.WEEK: _("The busiest week began on %(when)s, with %(n)s."),
           mine.MONTH: _("The busiest month was %(when)s, with %(n)s.")}[progress.unit]
    return (_("%(window)s: %(figures)s.") % {"window": window, "figures": figures} + " "
            + per % {"when": when, "n": busiest.total})


def _links(slug):
    """Where to go next in a game: its lessons, puzzles and practice table, those it has."""
    sections = available_sections(slug)
    names = {"lessons": _("Lessons"), "puzzles": _("Puzzles"), "play": _("Practice against bots")}
    return [{"label": names[name], "url": sections[name]} for name in names if name in sections]


@require_safe
def my_progress(request):
    """templates/attempts/progress.html: the learner's progress over a window (?window=7|30|365|all).

    Works for a signed-in user and for a browser that is not signed in, both by owner_key; a
    browser with no key yet sees the empty state, and nothing is written.
    """
    window = request.GET.get("window", mine.DEFAULT_WINDOW)
    if window not in mine.WINDOWS:
        window = mine.DEFAULT_WINDOW
    progress = mine.read(owner_key(request, create=False), window)
    unit = progress.unit
    labels = [_axis_label(b, unit) for b in progress.buckets]
    drawn = chart.stacked([(b.start, b.counts) for b in progress.buckets], mine.KINDS, labels)
    for bar, bucket in zip(drawn["bars"], progress.buckets):
        bar.text = _bar_text(_row_label(bucket, unit, progress.today), bucket.counts)
    rows = [{"label": _row_label(b, unit, progress.today), "counts": [b.counts[k] for k in mine.KINDS], "total": b.total}
            for b in progress.buckets if b.total]
    games = []
    for g in progress.games:
        info = BY_SLUG.get(g.slug)
        games.append({"p": g, "info": info, "links": _links(g.slug)})
    return render(request, "attempts/progress.html", {
        "progress": progress,
        "windows": [{"value": v, "label": label, "current": v == window} for v, label in WINDOW_LABELS.items()],
        "window_label": WINDOW_LABELS[window],
        "kinds": [{"kind": k, "label": KIND_LABELS[k]} for k in mine.KINDS],
        "chart": drawn,
        "description": _description(progress),
        "rows": rows,
        "totals": [progress.totals[k] for k in mine.KINDS],
        "unit_heading": {mine.DAY: _("Day"), mine.WEEK: _("Week"), mine.MONTH: _("Month")}[unit],
        "games": games,
        "sections": hooks.progress_sections(request),
    })
