from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import registry
from games.table.codes import DealCodeError, new_seed, read_deal_code
from games.ui import site_games
from homework.items import game_name


def table_choices():
    """(value, label) for each game and number of players a teaching table can be opened for."""
    out = []
    for game in site_games():
        for n in game.player_counts:
            out.append((f"{game.slug}:{n}", _("%(game)s, %(n)s players") % {"game": game_name(game.slug), "n": n}))
    return out


class NewTableForm(forms.Form):
    table = forms.ChoiceField(label=gettext_lazy("Game and players"), choices=())
    code = forms.CharField(label=gettext_lazy("Deal code"), required=False, max_length=80,
                           help_text=gettext_lazy("Leave it empty for a new deal."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].choices = table_choices()

    def clean(self):
        data = super().clean()
        if "table" not in data:
            return data
        slug, players = data["table"].split(":")
        game = registry.get(slug)
        code = (data.get("code") or "").strip()
        if code:
            try:
                seed, players, options = read_deal_code(game, code)
            except DealCodeError as err:
                self.add_error("code", str(err))
                return data
        else:
            seed, players, options = new_seed(), int(players), {}
        data.update(game=game, seed=seed, players=int(players), options=options)
        return data


class NotesForm(forms.Form):
    notes = forms.CharField(label=gettext_lazy("Notes for the room"), required=False, max_length=4000,
                            widget=forms.Textarea(attrs={"rows": 6}))
