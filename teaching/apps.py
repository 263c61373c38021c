from django.apps import AppConfig


class TeachingConfig(AppConfig):
    name = "teaching"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import club_page  # noqa: F401  (registers the teaching block of a club's page)
