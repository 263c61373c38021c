"""Rules pages, lessons and puzzles (per game)."""

urlpatterns: list = []
