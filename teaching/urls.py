"""The teaching table, under a club: /<lang>/clubs/<code>/teach/...; a lesson step or a puzzle is
opened on one from /<lang>/teach/from/ (the club is posted)."""

from django.urls import path

from . import club_puzzles, room, views

urlpatterns = [
    path("teach/from/", views.from_content, name="teach-from"),
    path("room/", room.enter, name="room-enter"),
    path("room/<str:code>/", room.room, name="room"),
    path("clubs/<str:code>/teach/", views.new, name="teach-new"),
    path("clubs/<str:code>/teach/<str:token>/", views.table, name="teach"),
    path("clubs/<str:code>/teach/<str:token>/act/", views.act, name="teach-act"),
    path("clubs/<str:code>/teach/<str:token>/view/", views.view_mode, name="teach-view"),
    path("clubs/<str:code>/teach/<str:token>/notes/", views.notes, name="teach-notes"),
    path("clubs/<str:code>/teach/<str:token>/puzzle/", views.save_moment, name="teach-save-puzzle"),
    path("clubs/<str:code>/puzzles/<int:pk>/", club_puzzles.play, name="club-puzzle"),
    path("clubs/<str:code>/puzzles/<int:pk>/edit/", club_puzzles.edit, name="club-puzzle-edit"),
    path("clubs/<str:code>/puzzles/<int:pk>/sample/", club_puzzles.sample_step, name="club-puzzle-sample"),
    path("clubs/<str:code>/teach/<str:token>/ask/", room.ask, name="teach-ask"),
    path("clubs/<str:code>/teach/<str:token>/ask/<int:pk>/count/", room.count, name="teach-count"),
    path("clubs/<str:code>/teach/<str:token>/ask/<int:pk>/reveal/", room.reveal, name="teach-reveal"),
]
