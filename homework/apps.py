from django.apps import AppConfig


class HomeworkConfig(AppConfig):
    name = "homework"
    default_auto_field = "django.db.models.BigAutoField"
