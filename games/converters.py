"""<game:…> in an address: the slug of a game of the catalogue or the registry, and nothing else.

Addresses that start with a game are most of the site's requests. With this converter the game
patterns may be tried first: a first segment that is no game (clubs/, login/, room/…) fails them at
once and goes on to the others, instead of every game address first failing every other app's
patterns (Django builds the list of patterns tried, for its 404 page, at each failure). The set is
read on each match, so a game registered later (the tests' toy game) is found too.
"""

from django.urls import register_converter


class GameConverter:
    regex = "[-a-zA-Z0-9_]+"

    def to_python(self, value):
        from games.catalogue import BY_SLUG
        from games.engine import registry

        if value in BY_SLUG:
            return value
        try:
            return registry.get(value).slug
        except KeyError:
            raise ValueError(f"{value} is no game") from None

    def to_url(self, value):
        return str(value)


register_converter(GameConverter, "game")
