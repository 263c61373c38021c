"""Rules pages, lessons and puzzles (per game)."""

from django.urls import path

from games import converters  # noqa: F401  (<game:…>)

from . import learn_views, views

urlpatterns = [
    path("<game:game>/rules/", views.rules, name="rules"),
    path("<game:game>/rules/example/<slug:example_id>/", views.rules_example, name="rules-example"),
    path("<game:game>/lessons/", learn_views.lessons_index, name="lessons"),
    path("<game:game>/lessons/<slug:lesson>/", learn_views.lesson_start, name="lesson"),
    path("<game:game>/lessons/<slug:lesson>/reset/", learn_views.lesson_reset, name="lesson-reset"),
    path("<game:game>/lessons/<slug:lesson>/<int:n>/", learn_views.lesson_step, name="lesson-step"),
    path("<game:game>/puzzles/", learn_views.puzzles_index, name="puzzles"),
    path("<game:game>/puzzles/<slug:puzzle>/", learn_views.puzzle_page, name="puzzle"),
]
