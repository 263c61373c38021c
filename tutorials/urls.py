"""Rules pages, lessons and puzzles (per game)."""

from django.urls import path

from . import views

urlpatterns = [
    path("<slug:game>/rules/", views.rules, name="rules"),
    path("<slug:game>/rules/example/<slug:example_id>/", views.rules_example, name="rules-example"),
]
