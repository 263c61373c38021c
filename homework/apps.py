from django.apps import AppConfig


class HomeworkConfig(AppConfig):
    name = "homework"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import club_page  # noqa: F401  (registers the homework block of a club's page)
