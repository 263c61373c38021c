"""The teaching table, under a club: /<lang>/clubs/<code>/teach/..."""

from django.urls import path

from . import views

urlpatterns = [
    path("clubs/<str:code>/teach/", views.new, name="teach-new"),
    path("clubs/<str:code>/teach/<str:token>/", views.table, name="teach"),
    path("clubs/<str:code>/teach/<str:token>/act/", views.act, name="teach-act"),
    path("clubs/<str:code>/teach/<str:token>/view/", views.view_mode, name="teach-view"),
    path("clubs/<str:code>/teach/<str:token>/notes/", views.notes, name="teach-notes"),
]
