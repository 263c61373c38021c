"""What a server process loads of the games before it answers anyone (dojo.ready): each game's ui,
engine and bots."""

from games.ui import game_ui, site_games


def warm():
    for game in site_games():
        game_ui(game.slug).levels  # noqa: B018 (imports the game's bots)
