"""What other apps add to a club's page. A function registered with `club_page` is called as
func(request, club, membership) and returns a dict for the page's context; the homework app gives
`homework_summary` (HTML), shown in the page's `homework` block."""

_CLUB_PAGE = []


def club_page(func):
    """Register func(request, club, membership) -> dict (a decorator)."""
    _CLUB_PAGE.append(func)
    return func


def club_page_context(request, club, membership):
    context = {}
    for func in _CLUB_PAGE:
        context.update(func(request, club, membership) or {})
    return context
