"""The clubs' forms. Errors are shown beside what was typed, which is kept."""

import secrets

from django import forms
from django.utils.translation import gettext_lazy as _

from . import services
from .models import Club, Notice


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "description_ja", "description_en"]
        labels = {
            "name": _("Club name"),
            "description_ja": _("Description in Japanese"),
            "description_en": _("Description in English"),
        }
        help_texts = {
            "description_ja": _("Optional. Readers of the other language see this one when theirs is empty."),
        }
        widgets = {
            "description_ja": forms.Textarea(attrs={"rows": 4, "lang": "ja"}),
            "description_en": forms.Textarea(attrs={"rows": 4, "lang": "en"}),
        }


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Club code"), max_length=20,
                           widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off",
                                                         "spellcheck": "false", "size": 10}))

    def clean_code(self):
        club = services.club_by_code(self.cleaned_data["code"])
        if club is None:
            raise forms.ValidationError(_("No club has this code. Check it with your organiser."))
        self.club = club
        return self.cleaned_data["code"]


class NoticeForm(forms.ModelForm):
    class Meta:
        model = Notice
        fields = ["text"]
        labels = {"text": _("New notice")}
        help_texts = {"text": _("Markdown: **bold**, *italic*, lists with -, links as [text](https://…).")}
        widgets = {"text": forms.Textarea(attrs={"rows": 4})}


class MembersForm(forms.Form):
    names = forms.CharField(
        label=_("Names, one per line"), widget=forms.Textarea(attrs={"rows": 10}),
        error_messages={"required": _("Write at least one name.")},
        help_text=_("Each name gets an account and a one-time login code, printed on a slip."))
    once = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("once", secrets.token_urlsafe(18))

    def clean_names(self):
        names = services.parse_names(self.cleaned_data["names"])
        if not names:
            raise forms.ValidationError(_("Write at least one name."))
        if len(names) > services.MAX_NAMES:
            raise forms.ValidationError(
                _("At most %(max)d names at a time.") % {"max": services.MAX_NAMES})
        return names


class RenameForm(forms.Form):
    name = forms.CharField(label=_("Name shown"), max_length=150)


class CodeLoginForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150,
                               widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "username",
                                                             "spellcheck": "false"}))
    code = forms.CharField(label=_("Login code"), max_length=20,
                           widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "one-time-code",
                                                         "spellcheck": "false"}))
