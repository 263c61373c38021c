"""What other apps add to a club's page. A function registered with `club_page` is called as
func(request, club, membership) and returns a dict for the page's context; the homework app gives
`homework_summary` (HTML), shown in the page's `homework` block. A function may instead give
"sections": a list of {"id", "title", "html"}, each shown as a section of its own, in the order the
apps registered them."""

_CLUB_PAGE = []


def club_page(func):
    """Register func(request, club, membership) -> dict (a decorator)."""
    _CLUB_PAGE.append(func)
    return func


def club_page_context(request, club, membership):
    context, sections = {}, []
    for func in _CLUB_PAGE:
        given = dict(func(request, club, membership) or {})
        sections += given.pop("sections", [])
        context.update(given)
    context["sections"] = sections
    return context
