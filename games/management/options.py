"""Options named on a measuring command's line (bench --long, arena --options)."""

from django.core.management.base import CommandError


def parse_options(game, text):
    """{name: value} from "name=value,name=value", each value one of the game's choices for it, or
    any whole number for a numeric option."""
    out = {}
    for part in text.split(","):
        name, _eq, value = part.partition("=")
        choices = game.option_choices().get(name.strip())
        if choices is None:
            raise CommandError(f"{game.slug} has no option {name!r}")
        found = [c for c in choices if str(c).lower() == value.strip().lower()]
        if not found and all(type(c) is int for c in choices) and value.strip().isdigit():
            found = [int(value)]  # a number the set-up form does not offer (a longer match, to measure)
        if not found:
            raise CommandError(f"{name} takes one of {', '.join(map(str, choices))}")
        out[name.strip()] = found[0]
    return out
