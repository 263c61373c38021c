"""The teaching table, under a club: /<lang>/clubs/<code>/teach/...; a lesson step or a puzzle is
opened on one from /<lang>/teach/from/ (the club is posted)."""

from django.urls import path

from . import views

urlpatterns = [
    path("teach/from/", views.from_content, name="teach-from"),
    path("clubs/<str:code>/teach/", views.new, name="teach-new"),
    path("clubs/<str:code>/teach/<str:token>/", views.table, name="teach"),
    path("clubs/<str:code>/teach/<str:token>/act/", views.act, name="teach-act"),
    path("clubs/<str:code>/teach/<str:token>/view/", views.view_mode, name="teach-view"),
    path("clubs/<str:code>/teach/<str:token>/notes/", views.notes, name="teach-notes"),
]
