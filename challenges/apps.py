from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    name = "challenges"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import club_page, progress  # noqa: F401  (the club page's challenges; My progress's list)
