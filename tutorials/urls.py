"""Rules pages, lessons and puzzles (per game)."""

from django.urls import path

from . import learn_views, views

urlpatterns = [
    path("<slug:game>/rules/", views.rules, name="rules"),
    path("<slug:game>/rules/example/<slug:example_id>/", views.rules_example, name="rules-example"),
    path("<slug:game>/lessons/", learn_views.lessons_index, name="lessons"),
    path("<slug:game>/lessons/<slug:lesson>/", learn_views.lesson_start, name="lesson"),
    path("<slug:game>/lessons/<slug:lesson>/reset/", learn_views.lesson_reset, name="lesson-reset"),
    path("<slug:game>/lessons/<slug:lesson>/<int:n>/", learn_views.lesson_step, name="lesson-step"),
    path("<slug:game>/puzzles/", learn_views.puzzles_index, name="puzzles"),
    path("<slug:game>/puzzles/<slug:puzzle>/", learn_views.puzzle_page, name="puzzle"),
]
