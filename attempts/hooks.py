"""What other apps add to the My progress page. A function registered with `progress_section` is
called as func(request) and returns HTML (or "" for nothing), shown after the page's own sections;
the teaching app gives the answers a member gave at a club's teaching table."""

_SECTIONS = []


def progress_section(func):
    """Register func(request) -> HTML (a decorator)."""
    _SECTIONS.append(func)
    return func


def progress_sections(request):
    return [html for html in (func(request) for func in _SECTIONS) if html]
