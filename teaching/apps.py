from django.apps import AppConfig


class TeachingConfig(AppConfig):
    name = "teaching"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import club_page, club_puzzles, progress  # noqa: F401  (the club page's blocks; the club's puzzles; My progress's answers)
