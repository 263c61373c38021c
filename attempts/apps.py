from django.apps import AppConfig


class AttemptsConfig(AppConfig):
    name = "attempts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import merge  # noqa: F401  (registers the merge rule of the records)
