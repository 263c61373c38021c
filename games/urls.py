"""Game hubs and the card gallery (the practice tables join here)."""

from django.urls import path

from . import views
from .people import views as people
from .table import views as tables

urlpatterns = [
    path("cards/", views.gallery, name="card-gallery"),
    # Practice tables (games/tables.py).
    path("<slug:game>/play/", tables.setup, name="table-setup"),
    path("<slug:game>/play/<slug:token>/", tables.table, name="table"),
    path("<slug:game>/play/<slug:token>/act/", tables.act, name="table-act"),
    path("<slug:game>/play/<slug:token>/step/", tables.bot_step, name="table-step"),
    path("<slug:game>/play/<slug:token>/undo/", tables.undo, name="table-undo"),
    path("<slug:game>/play/<slug:token>/replay/", tables.replay, name="table-replay"),
    path("<slug:game>/play/<slug:token>/practice/", tables.practice, name="table-practice"),
    path("<slug:game>/play/<slug:token>/share/", tables.share, name="table-share"),
    # Tables of people (games/people/).
    path("people/", people.enter, name="people-enter"),
    path("<slug:game>/people/", people.new, name="people-new"),
    path("<slug:game>/people/<slug:token>/", people.page, name="people-table"),
    path("<slug:game>/people/<slug:token>/act/", people.act, name="people-act"),
    path("<slug:game>/people/<slug:token>/take/", people.take, name="people-take"),
    path("<slug:game>/people/<slug:token>/leave/", people.leave, name="people-leave"),
    path("<slug:game>/people/<slug:token>/poll/", people.poll, name="people-poll"),
    path("<slug:game>/people/<slug:token>/replay/", people.replay, name="people-replay"),
    path("<slug:game>/people/<slug:token>/agree/", people.agree, name="people-agree"),
    path("<slug:game>/people/<slug:token>/undo/", people.undo, name="people-undo"),
    # A finished deal someone shared: read-only, for anyone with the link.
    path("<slug:game>/deal/<slug:share>/", tables.shared_deal, name="shared-deal"),
    path("<slug:game>/", views.hub, name="game-hub"),
]
