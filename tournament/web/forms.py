from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = [
            "name",
            "table_size",
            "starting_stack",
            "buy_in",
            "fee",
            "final_table_size",
            "rulebook",
            "tie_rule",
            "late_registration_levels",
            "max_entries",
            "max_players",
            "display_names",
            "currency",
            "registration_closed",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is None:
            # Registration is closed later, by the clock or by hand on the edit page.
            del self.fields["registration_closed"]
        self.fields["tie_rule"].required = False
        self.fields["tie_rule"].help_text = _("Empty: as the rulebook says.")
        self.fields["final_table_size"].required = False
        # Forms (and older scripts posting them) without a currency keep the tournament's.
        self.fields["currency"].required = False

    def clean_currency(self) -> str:
        return self.cleaned_data.get("currency") or self.instance.currency or "EUR"


class RegisterForm(forms.Form):
    name = forms.CharField(label=_("New player"), max_length=120, required=False)
    nickname = forms.CharField(label=_("Nickname"), max_length=40, required=False)
    email = forms.EmailField(label=_("E-mail"), required=False)
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False)
    player = forms.IntegerField(required=False, widget=forms.HiddenInput, min_value=1)

    def clean(self):
        data = super().clean()
        # A name refused for itself (too long) says so beside the field; this is
        # only for a form with neither a name nor a known player.
        if "name" in self.errors:
            return data
        if not data.get("player") and not (data.get("name") or "").strip():
            raise forms.ValidationError(_("Type a name or pick a known player."))
        return data
