"""manage.py build_cards: regenerate static/cards/french.svg and spanish.svg from games.cardart."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from games import cardart


class Command(BaseCommand):
    help = "Regenerate the card sprites (static/cards/french.svg and spanish.svg)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--out",
            default=str(Path(settings.BASE_DIR) / "static" / "cards"),
            help="directory to write into (default: static/cards/)",
        )

    def handle(self, *args, out, **options):
        for path in cardart.build(out):
            self.stdout.write(f"{path} ({path.stat().st_size:,} bytes)")
