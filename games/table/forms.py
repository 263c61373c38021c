"""The set-up form of a practice table."""

from django import forms
from django.utils.translation import gettext as _

from .codes import DealCodeError, new_seed, read_deal_code


class SetupForm(forms.Form):
    """Bot strength, the number of players, each variant option (the recommended one preselected)
    and an optional deal code (which fixes the players and options)."""

    def __init__(self, ui, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.ui = ui
        game = ui.game
        self.fields["level"] = forms.ChoiceField(
            label=_("Bot strength"), choices=[(k, ui.level_label(k)) for k in ui.levels],
            initial="club", widget=forms.RadioSelect)
        if len(game.player_counts) > 1:
            self.fields["players"] = forms.TypedChoiceField(
                label=_("Players"), coerce=int, initial=game.player_counts[0], widget=forms.RadioSelect,
                choices=[(n, str(n)) for n in game.player_counts])
        self.option_names = []
        defaults = game.options()
        for name, values in game.option_choices().items():
            label, value_labels = ui.options[name]
            index = values.index(getattr(defaults, name))
            self.fields[f"opt_{name}"] = forms.TypedChoiceField(
                label=label, coerce=int, initial=index, widget=forms.RadioSelect,
                choices=[(i, _("%(label)s (recommended)") % {"label": value_labels[v]} if i == index else value_labels[v])
                         for i, v in enumerate(values)])
            self.option_names.append((name, list(values)))
        self.fields["code"] = forms.CharField(
            label=_("Deal code (optional)"), required=False, max_length=80,
            help_text=_("Paste a code someone shared to play the same deals; it also fixes the options."))

    def option_fields(self):
        return [self[f"opt_{name}"] for name, _values in self.option_names]

    def clean(self):
        data = super().clean()
        game = self.ui.game
        code = data.get("code", "").strip()
        if code:
            try:
                data["seed"], data["players"], data["options"] = read_deal_code(game, code)
            except DealCodeError as err:
                self.add_error("code", str(err))
            return data
        data["seed"] = new_seed()
        data.setdefault("players", game.player_counts[0])
        data["options"] = {name: values[data[f"opt_{name}"]] for name, values in self.option_names
                           if f"opt_{name}" in data}
        return data


def setup_data(ui, players=None, level="club", code="", **options):
    """What the set-up form posts for these choices (the recommended option where none is given):
    for the measuring commands and the tests, which make tables as a reader does."""
    game = ui.game
    data = {"level": level, "code": code, "players": players or game.player_counts[0]}
    for name, values in game.option_choices().items():
        data[f"opt_{name}"] = values.index(options.get(name, getattr(game.options(), name)))
    return data
