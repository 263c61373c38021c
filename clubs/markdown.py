"""Notices are short Markdown: CommonMark without raw HTML and without images (a notice never
loads anything from elsewhere); links only to web and mail addresses."""

from markdown_it import MarkdownIt

MD = MarkdownIt("commonmark", {"html": False, "typographer": False}).disable("image")
SAFE_SCHEMES = ("http://", "https://", "mailto:", "/", "#")


def _validate(url):
    return url.strip().lower().startswith(SAFE_SCHEMES)


MD.validateLink = _validate


def render(text):
    """The notice as HTML, safe to mark safe: every character of the text is escaped or Markdown."""
    return MD.render(text or "")
