"""Check the learning content the site serves and report what is there.

The content is read from files (tutorials/content/<game>/), not the database, so "loading" it means
checking every lesson and puzzle against its engine before the site starts: a broken file stops
the start with the reasons, instead of surfacing as an error page later.
"""

from django.core.management.base import BaseCommand, CommandError

from games.engine import registry
from tutorials import content, lessons, puzzles


class Command(BaseCommand):
    help = "Validate the rules pages, lessons and puzzles of every registered game and report them."

    def handle(self, *args, **options):
        problems = []
        for game in registry.all_games():
            slug = game.slug
            if not content.published(slug):
                held = content.game_dir(slug).exists()
                self.stdout.write(f"{slug}: {len(game.rules)} rules; no ui yet"
                                  + ("; its content is held back until it has one" if held else ""))
                continue
            found = lessons.lessons(slug)
            for lesson in found:
                problems += lessons.validate(lesson)
            every = puzzles.puzzles(slug)
            for p in every:
                problems += puzzles.validate(p)
            problems += puzzles.validate_themes(slug)
            rules_page = "both languages" if content.has_rules(slug) else "none yet"
            steps = sum(len(lesson.steps) for lesson in found)
            self.stdout.write(
                f"{slug}: {len(game.rules)} rules; rules page: {rules_page}; "
                f"{len(found)} lessons ({steps} steps); {len(every)} puzzles"
            )
        if problems:
            raise CommandError("content problems:\n  " + "\n  ".join(problems))
