from django.apps import AppConfig


class TutorialsConfig(AppConfig):
    name = "tutorials"
    verbose_name = "Tutorials"

    def ready(self):
        from . import fillers  # noqa: F401  (the learning pages' parts that are each reader's own)
