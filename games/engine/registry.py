"""The games by slug."""

from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if not game.slug or game.slug in _GAMES:
        raise ValueError(f"bad or duplicate slug {game.slug!r}")
    _GAMES[game.slug] = game
    return game


def get(slug: str) -> Game:
    _load()
    return _GAMES[slug]


def all_games() -> list[Game]:
    _load()
    return list(_GAMES.values())


def _load():
    # Importing each game package registers it; kept here so callers need not know the list.
    from games import ecarte, shithead  # noqa: F401
