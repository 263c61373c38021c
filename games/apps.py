from django.apps import AppConfig
from django.core import checks


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        checks.register(check_games, checks.Tags.compatibility)
        from . import merge  # noqa: F401  (registers the merge rule of the tables)


def check_games(app_configs=None, **kwargs):
    """Every registered game declares its whole ui (games/ui/<slug>.py): run at start-up by
    runserver, migrate and check, so a missing part fails before a reader meets it."""
    from .ui import check_game_uis

    return [checks.Error(problem, id="games.E001") for problem in check_game_uis()]
