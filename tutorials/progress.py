"""Reading and writing a browser's learning progress."""

from games.owner import browser_token

from .models import Progress


def get(request, game, kind, item) -> dict:
    token = browser_token(request, create=False)
    if token is None:
        return {}
    row = Progress.objects.filter(browser=token, game=game, kind=kind, item=item).first()
    return dict(row.data) if row else {}


def all_for(request, game, kind) -> dict:
    token = browser_token(request, create=False)
    if token is None:
        return {}
    return {p.item: p.data for p in Progress.objects.filter(browser=token, game=game, kind=kind)}


def save(request, game, kind, item, data):
    token = browser_token(request)
    Progress.objects.update_or_create(browser=token, game=game, kind=kind, item=item, defaults={"data": data})


def reset(request, game, kind, item):
    token = browser_token(request, create=False)
    if token:
        Progress.objects.filter(browser=token, game=game, kind=kind, item=item).delete()
