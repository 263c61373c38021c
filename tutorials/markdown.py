"""Markdown for the rules pages: our small extensions on top of CommonMark.

- ``## Heading {#anchor}`` gives the heading that id.
- ``{rule:ecarte.play.must-beat}`` marks the paragraph that states a rule: it becomes an anchor
  whose id is the rule id, linked to itself.
- A fenced block ``example`` holds a live example (``key: value`` lines: id, position, seat, open,
  and show: the facts of the board it is about, e.g. ``show: score``; the board leaves out the
  others); the page renders it with the real card partials and the engine answers the reader's move.
- A line break next to Japanese text joins the lines without a space.
"""

import html
import re
from dataclasses import dataclass

from markdown_it import MarkdownIt

HEADING_ID = re.compile(r"<(h[1-6])>(.*?)\s*\{#([A-Za-z0-9_.-]+)\}</\1>")
RULE_MARK = re.compile(r"\{rule:([a-z]+\.[a-z0-9-]+\.[a-z0-9-]+)\}")
CJK = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")


@dataclass(frozen=True)
class Example:
    """A live example block: the fields as written."""

    id: str
    fields: dict


@dataclass(frozen=True)
class Section:
    """A heading (h1 to h3) and what follows it until the next one: the unit the two languages are
    shown side by side in. `id` is the heading's id (None before any heading with one)."""

    id: str | None
    segments: tuple  # str (HTML) or Example


@dataclass(frozen=True)
class Rendered:
    segments: tuple  # str (HTML) or Example, in page order
    headings: tuple  # (level, id, text) for the table of contents
    rule_ids: tuple  # every rule id marked on the page, in order
    sections: tuple = ()  # the same segments cut at each heading (Section)


def _softbreak(self, tokens, idx, options, env):
    before = tokens[idx - 1].content[-1:] if idx > 0 else ""
    after = tokens[idx + 1].content[:1] if idx + 1 < len(tokens) else ""
    # Japanese text runs on without spaces, also where a line ends or starts with a digit or a
    # Latin letter next to Japanese.
    return "" if CJK.match(before or " ") or CJK.match(after or " ") else "\n"


def _parser():
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    md.add_render_rule("softbreak", _softbreak)
    return md


MD = _parser()


def parse_example(text: str) -> dict:
    fields = {}
    for line in text.strip().splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"example line without a key: {line!r}")
        fields[key.strip()] = value.strip()
    if "id" not in fields:
        raise ValueError("an example needs an id")
    return fields


def render(text: str) -> Rendered:
    """Render a rules page; live examples come back as Example segments between HTML parts."""
    tokens = MD.parse(text)
    segments, chunk = [], []
    for token in tokens:
        if token.type == "fence" and token.info.strip() == "example":
            if chunk:
                segments.append(_finish(MD.renderer.render(chunk, MD.options, {})))
                chunk = []
            fields = parse_example(token.content)
            segments.append(Example(fields["id"], fields))
        else:
            chunk.append(token)
    if chunk:
        segments.append(_finish(MD.renderer.render(chunk, MD.options, {})))
    headings, rule_ids = [], []
    for seg in segments:
        if isinstance(seg, str):
            for m in re.finditer(r'<(h[1-6]) id="([^"]+)">(.*?)</\1>', seg):
                headings.append((int(m[1][1]), m[2], re.sub(r"<[^>]+>", "", html.unescape(m[3]))))
            rule_ids.extend(m[1] for m in re.finditer(r'<a class="rule-id" id="([^"]+)"', seg))
    return Rendered(tuple(segments), tuple(headings), tuple(rule_ids), _sections(segments))


SECTION_START = re.compile(r'(?=<h[1-3] id=")')


def _sections(segments):
    """The segments cut before each heading with an id."""
    out = [Section(None, ())]
    for seg in segments:
        parts = [seg] if isinstance(seg, Example) else [p for p in SECTION_START.split(seg) if p.strip()]
        for part in parts:
            start = None if isinstance(part, Example) else re.match(r'<h[1-3] id="([^"]+)"', part)
            if start:
                out.append(Section(start[1], (part,)))
            else:
                out[-1] = Section(out[-1].id, out[-1].segments + (part,))
    return tuple(sec for sec in out if sec.segments)


def _finish(out: str) -> str:
    out = HEADING_ID.sub(lambda m: f'<{m[1]} id="{m[3]}">{m[2]}</{m[1]}>', out)
    return RULE_MARK.sub(
        lambda m: f'<a class="rule-id" id="{m[1]}" href="#{m[1]}" title="{m[1]}">{m[1]}</a>', out
    )
