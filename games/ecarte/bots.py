"""Écarté bots. The beginner plays any legal card; stronger levels come with the practice table."""

from games.engine.bots import RandomBot


class Beginner(RandomBot):
    level = "beginner"
