#!/usr/bin/env python
"""Django's command-line utility for the card dojo."""
import os
import sys
from pathlib import Path

# site/ is a plain folder holding the project package `dojo` (a package named `site` cannot be
# imported: the standard library already has one), so put it on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent / "site"))


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dojo.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
