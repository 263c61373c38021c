"""The organiser's form of a new challenge: a game, the bots' level, its deals (a number of random
ones, or deal codes) and a deadline. A refused form keeps everything that was typed."""

from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.table.codes import DealCodeError, canonical_code, deal_code, new_seed, read_deal_code
from games.ui import LEVEL_LABELS, game_ui
from homework import items as catalogue

MAX_DEALS = 12


def default_deadline():
    """A week from now, to the hour, as the date-time field shows it."""
    return (timezone.localtime() + timedelta(days=7)).replace(minute=0, second=0, microsecond=0)


class ChallengeForm(forms.Form):
    title = forms.CharField(label=gettext_lazy("Title"), max_length=120)
    game = forms.ChoiceField(label=gettext_lazy("Game"))
    level = forms.ChoiceField(label=gettext_lazy("Bots"), initial="club",
                              choices=[(k, v) for k, v in LEVEL_LABELS.items()])
    players = forms.IntegerField(label=gettext_lazy("Players (random deals)"), required=False, min_value=2,
                                 max_value=10,
                                 help_text=gettext_lazy("Leave empty for the fewest the game is played by."))
    count = forms.IntegerField(label=gettext_lazy("Number of random deals"), required=False, min_value=1,
                               max_value=MAX_DEALS)
    codes = forms.CharField(label=gettext_lazy("Or deal codes, one a line"), required=False,
                            widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false", "autocapitalize": "off"}),
                            help_text=gettext_lazy("A deal code is shown at the end of a practice match; each "
                                                   "gives its own players and options."))
    deadline = forms.DateTimeField(label=gettext_lazy("Deadline"),
                                   widget=forms.DateTimeInput(attrs={"type": "datetime-local"},
                                                              format="%Y-%m-%dT%H:%M"),
                                   input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = catalogue.games()
        if not self.is_bound:
            self.initial.setdefault("deadline", default_deadline())

    def clean_deadline(self):
        deadline = self.cleaned_data["deadline"]
        if deadline <= timezone.now():
            raise forms.ValidationError(_("The deadline must be later than now."))
        return deadline

    def clean(self):
        data = super().clean()
        slug = data.get("game")
        if not slug:
            return data
        ui = game_ui(slug)
        game = ui.game
        name = catalogue.game_name(slug)
        if data.get("level") and data["level"] not in ui.levels:
            self.add_error("level", _("These bots do not play %(game)s.") % {"game": name})
            return data
        lines = [line.strip() for line in (data.get("codes") or "").splitlines() if line.strip()]
        count = data.get("count")
        if lines and count:
            self.add_error("count", _("Give a number of random deals or a list of deal codes, not both."))
            return data
        if not lines and not count:
            self.add_error("count", _("Give a number of random deals, or deal codes below."))
            return data
        if lines:
            data["deals"] = self._read_codes(game, lines)
            if data["deals"] is None:
                return data
            first = read_deal_code(game, data["deals"][0])
            data["players"], data["options"] = first[1], first[2]
            return data
        players = data.get("players") or min(game.player_counts)
        if players not in game.player_counts:
            counts = ", ".join(str(n) for n in sorted(game.player_counts))
            self.add_error("players", _("%(game)s is played by %(counts)s players.") % {"game": name, "counts": counts})
            return data
        deals = [deal_code(game, new_seed(), players, {}) for _n in range(count)]
        if None in deals:  # the game's default options cannot be written as a code
            self.add_error("count", _("This game's deals cannot be chosen at random here: give deal codes."))
            return data
        data["players"], data["options"], data["deals"] = players, {}, deals
        return data

    def _read_codes(self, game, lines):
        if len(lines) > MAX_DEALS:
            self.add_error("codes", _("At most %(n)s deals.") % {"n": MAX_DEALS})
            return None
        codes, errors = [], []
        for n, line in enumerate(lines, start=1):
            try:
                code = canonical_code(game, line)
            except DealCodeError as err:
                errors.append(_("Line %(n)s (%(code)s): %(error)s") % {"n": n, "code": line, "error": err})
                continue
            if code in codes:
                errors.append(_("Line %(n)s (%(code)s): this deal is already in the list.") % {"n": n, "code": line})
            codes.append(code)
        if errors:
            self.add_error("codes", errors)
            return None
        return codes
