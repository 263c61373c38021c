"""Check and report the learning content the site serves (it is read from files, not the database)."""

from django.core.management.base import BaseCommand

from games.engine import registry


class Command(BaseCommand):
    help = "Validate the content files of every registered game and report what is there."

    def handle(self, *args, **options):
        for game in registry.all_games():
            self.stdout.write(f"{game.slug}: rules engine with {len(game.rules)} rules")
