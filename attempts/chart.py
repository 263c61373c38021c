"""The geometry of a stacked bar chart drawn on the server as inline SVG (no script, no inline style).

`stacked(buckets, kinds, labels)` gives the template what it draws: the view box, a bar per bucket
with one segment per kind (bottom up, in the order of `kinds`), the value axis's gridlines and the
labels under the first, middle and last bars. Text is sized in the view box's units, which the
page scales with the chart's width (about 360 units on a phone: one unit is about one pixel).
"""

from dataclasses import dataclass

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 30, 8, 10, 24  # margins: the value labels on the left, dates below


@dataclass
class Segment:
    kind: str
    value: int
    y: float
    height: float


@dataclass
class Bar:
    x: float
    width: float
    label: str
    total: int
    segments: list


def nice_top(peak):
    """The smallest round value (1, 2 or 5 times a power of ten, times up to 4 steps) >= peak, and
    its step: the axis's top and the distance between its gridlines."""
    peak = max(peak, 1)
    magnitude = 1
    while True:
        for unit in (1, 2, 5):
            step = unit * magnitude
            if step * 4 >= peak:
                steps = -(-peak // step)
                return step * steps, step
        magnitude *= 10


def stacked(buckets, kinds, labels):
    """buckets: [(label, {kind: value})], oldest first; labels: the text under bars (same order)."""
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    n = max(len(buckets), 1)
    slot = plot_w / n
    gap = min(2.0, slot * 0.2)
    top, step = nice_top(max((sum(c.values()) for _l, c in buckets), default=0))
    scale = plot_h / top
    base = TOP + plot_h
    bars = []
    for i, (label, counts) in enumerate(buckets):
        y = base
        segments = []
        for kind in kinds:
            value = counts.get(kind, 0)
            if value:
                h = value * scale
                y -= h
                segments.append(Segment(kind, value, round(y, 2), round(h, 2)))
        bars.append(Bar(round(LEFT + i * slot + gap / 2, 2), round(slot - gap, 2), label,
                        sum(counts.get(k, 0) for k in kinds), segments))
    grid = [{"value": v, "y": round(base - v * scale, 2)} for v in range(0, top + 1, step)]
    ticks = []
    if bars:
        picks = sorted({0, len(bars) // 2, len(bars) - 1}) if len(bars) > 2 else list(range(len(bars)))
        for i in picks:
            anchor = "start" if i == 0 and len(bars) > 1 else "end" if i == len(bars) - 1 and len(bars) > 1 else "middle"
            x = bars[i].x if anchor == "start" else bars[i].x + bars[i].width if anchor == "end" else bars[i].x + bars[i].width / 2
            ticks.append({"x": round(x, 2), "anchor": anchor, "text": labels[i]})
    return {"width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "base": base,
            "label_y": HEIGHT - 6, "bars": bars, "grid": grid, "ticks": ticks}
