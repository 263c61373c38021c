"""Game hubs and the card gallery (the practice tables join here)."""

from django.urls import path

from games import converters  # noqa: F401  (<game:…>)

from . import views
from .people import views as people
from .table import views as tables

urlpatterns = [
    path("cards/", views.gallery, name="card-gallery"),
    # Practice tables (games/tables.py).
    path("<game:game>/play/", tables.setup, name="table-setup"),
    path("<game:game>/play/<slug:token>/", tables.table, name="table"),
    path("<game:game>/play/<slug:token>/act/", tables.act, name="table-act"),
    path("<game:game>/play/<slug:token>/step/", tables.bot_step, name="table-step"),
    path("<game:game>/play/<slug:token>/undo/", tables.undo, name="table-undo"),
    path("<game:game>/play/<slug:token>/replay/", tables.replay, name="table-replay"),
    path("<game:game>/play/<slug:token>/practice/", tables.practice, name="table-practice"),
    path("<game:game>/play/<slug:token>/share/", tables.share, name="table-share"),
    # Tables of people (games/people/).
    path("people/", people.enter, name="people-enter"),
    path("<game:game>/people/", people.new, name="people-new"),
    path("<game:game>/people/<slug:token>/", people.page, name="people-table"),
    path("<game:game>/people/<slug:token>/act/", people.act, name="people-act"),
    path("<game:game>/people/<slug:token>/take/", people.take, name="people-take"),
    path("<game:game>/people/<slug:token>/leave/", people.leave, name="people-leave"),
    path("<game:game>/people/<slug:token>/poll/", people.poll, name="people-poll"),
    path("<game:game>/people/<slug:token>/replay/", people.replay, name="people-replay"),
    path("<game:game>/people/<slug:token>/agree/", people.agree, name="people-agree"),
    path("<game:game>/people/<slug:token>/undo/", people.undo, name="people-undo"),
    # A finished deal someone shared: read-only, for anyone with the link.
    path("<game:game>/deal/<slug:share>/", tables.shared_deal, name="shared-deal"),
    path("<game:game>/", views.hub, name="game-hub"),
]
