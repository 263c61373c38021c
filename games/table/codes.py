"""Deal codes: ``<game>-<seed>[-<players>]-<options>``, a shareable text that gives the same deals.

Each option is one base-36 digit, its index among the game's option_choices(); the player count
appears only for games with several. The code holds the seed, hence every card of every deal: the
table shows it only once the match is over.
"""

import secrets

from django.utils.translation import gettext as _

SEED_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o or 1/l to misread in a shared code
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class DealCodeError(ValueError):
    pass


def new_seed():
    return "".join(secrets.choice(SEED_ALPHABET) for _ in range(8))


def deal_code(game, seed, players, options):
    """The code of a match's deals; None when an option has a value the set-up form does not offer
    (a code could not bring it back)."""
    options = game.options(options)
    if any(getattr(options, name) not in values for name, values in game.option_choices().items()):
        return None
    parts = [game.slug, seed]
    if len(game.player_counts) > 1:
        parts.append(str(players))
    choices = game.option_choices()
    if choices:
        parts.append("".join(DIGITS[values.index(getattr(options, name))] for name, values in choices.items()))
    return "-".join(parts)


def read_deal_code(game, code):
    """(seed, players, options dict) from a deal code; DealCodeError with a sentence otherwise."""
    code = (code or "").strip()
    parts = code.split("-")
    if parts[0].lower() != game.slug:
        raise DealCodeError(_("A deal code for this game starts with “%(prefix)s-”.") % {"prefix": game.slug})
    choices = game.option_choices()
    want = 2 + (len(game.player_counts) > 1) + bool(choices)
    if len(parts) != want:
        raise DealCodeError(_("This deal code does not have the right number of parts."))
    seed = parts[1]
    if not seed or len(seed) > 32 or not all(c.isascii() and (c.isalnum() or c == "_") for c in seed):
        raise DealCodeError(_("The deal number in this code is not valid."))
    players = game.player_counts[0]
    if len(game.player_counts) > 1:
        try:
            players = int(parts[2])
        except ValueError:
            players = -1
        if players not in game.player_counts:
            raise DealCodeError(_("The number of players in this deal code is not valid."))
    options = {}
    if choices:
        digits = parts[-1].lower()
        if len(digits) != len(choices):
            raise DealCodeError(_("The options in this deal code are not valid."))
        for (name, values), digit in zip(choices.items(), digits):
            index = DIGITS.find(digit)
            if not 0 <= index < len(values):
                raise DealCodeError(_("The options in this deal code are not valid."))
            options[name] = values[index]
    try:
        game.new(seed, players, game.options(options))
    except ValueError:
        raise DealCodeError(_("This deal code does not give a deal.")) from None
    return seed, players, options


def canonical_code(game, code):
    """A deal code as the table writes it (lower-case game and options), so that one deal is one
    code; DealCodeError with a sentence when it is not a code of this game."""
    seed, players, options = read_deal_code(game, code)
    return deal_code(game, seed, players, options) or code.strip()
