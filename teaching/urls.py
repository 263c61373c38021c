"""The teaching table, under a club: /<lang>/clubs/<code>/teach/...; a lesson step or a puzzle is
opened on one from /<lang>/teach/from/ (the club is posted)."""

from django.urls import path

from . import room, views

urlpatterns = [
    path("teach/from/", views.from_content, name="teach-from"),
    path("room/", room.enter, name="room-enter"),
    path("room/<str:code>/", room.room, name="room"),
    path("clubs/<str:code>/teach/", views.new, name="teach-new"),
    path("clubs/<str:code>/teach/<str:token>/", views.table, name="teach"),
    path("clubs/<str:code>/teach/<str:token>/act/", views.act, name="teach-act"),
    path("clubs/<str:code>/teach/<str:token>/view/", views.view_mode, name="teach-view"),
    path("clubs/<str:code>/teach/<str:token>/notes/", views.notes, name="teach-notes"),
    path("clubs/<str:code>/teach/<str:token>/ask/", room.ask, name="teach-ask"),
    path("clubs/<str:code>/teach/<str:token>/ask/<int:pk>/count/", room.count, name="teach-count"),
    path("clubs/<str:code>/teach/<str:token>/ask/<int:pk>/reveal/", room.reveal, name="teach-reveal"),
]
