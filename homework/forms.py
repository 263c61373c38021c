"""The organiser's forms: a set's title, due date and who it is for; an item to add."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Membership

from . import items as catalogue
from .models import HomeworkItem, display_name


class MemberChoice(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj):
        return display_name(obj)


class SetForm(forms.Form):
    title = forms.CharField(label=gettext_lazy("Title"), max_length=120)
    due = forms.DateField(label=gettext_lazy("Due date (optional)"), required=False,
                          widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    everyone = forms.TypedChoiceField(
        label=gettext_lazy("For whom"), coerce=lambda v: v == "all", initial="all", widget=forms.RadioSelect,
        choices=[("all", gettext_lazy("Every member of the club")), ("some", gettext_lazy("The members I choose"))])
    assignees = MemberChoice(label=gettext_lazy("Members"), queryset=None, required=False,
                             widget=forms.CheckboxSelectMultiple)

    def __init__(self, club, *args, **kwargs):
        super().__init__(*args, **kwargs)
        from django.contrib.auth import get_user_model

        members = Membership.objects.filter(club=club, role=Membership.MEMBER).values("user")
        self.fields["assignees"].queryset = get_user_model().objects.filter(pk__in=members).order_by("username")

    def clean(self):
        data = super().clean()
        if data.get("everyone") is False and not data.get("assignees"):
            self.add_error("assignees", _("Choose at least one member, or give the set to every member."))
        return data

    def save(self, hw_set):
        data = self.cleaned_data
        hw_set.title, hw_set.due, hw_set.everyone = data["title"], data["due"], data["everyone"]
        hw_set.save()
        hw_set.assignees.set(data["assignees"] if not data["everyone"] else [])
        return hw_set

    @staticmethod
    def initial_for(hw_set):
        return {"title": hw_set.title, "due": hw_set.due, "everyone": "all" if hw_set.everyone else "some",
                "assignees": list(hw_set.assignees.all())}


def item_form_context(slug, posted=None, errors=None, club=None):
    """What the add-an-item forms of one game show: its lessons, puzzles, levels and targets, with
    what was typed (posted) and the errors of a refused item."""
    posted = posted or {}
    return {
        "slug": slug,
        "name": catalogue.game_name(slug),
        "lessons": catalogue.lesson_choices(slug),
        "puzzles": catalogue.puzzle_choices(slug, club),
        "levels": catalogue.level_choices(slug),
        "targets": catalogue.target_choices(slug),
        "kind": posted.get("kind", ""),
        "ref": posted.get("ref", ""),
        "level": posted.get("level", "club"),
        "target": posted.get("target", ""),
        "errors": errors or {},
        "kinds": dict(HomeworkItem.KINDS),
    }
