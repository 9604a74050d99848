from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rulings.models import Category, PenaltyKindChoice


def split_rule_ids(text: str) -> list[str]:
    """Rule references from a text field: separated by commas, semicolons or new lines."""
    for sep in ";\n":
        text = text.replace(sep, ",")
    return [part.strip() for part in text.split(",") if part.strip()]


class RulingForm(forms.Form):
    table = forms.IntegerField(label=_("Table"), min_value=1, required=False)
    entries = forms.TypedMultipleChoiceField(
        label=_("Players involved"), coerce=int, required=False
    )
    category = forms.ChoiceField(
        label=_("Category"), choices=Category.choices, widget=forms.RadioSelect
    )
    situation = forms.CharField(
        label=_("Situation"), max_length=4000, widget=forms.Textarea(attrs={"rows": 3})
    )
    decision = forms.CharField(
        label=_("Decision"), max_length=4000, widget=forms.Textarea(attrs={"rows": 3})
    )
    rules = forms.CharField(
        label=_("Rules"),
        max_length=1000,
        required=False,
        help_text=_("Rule numbers, separated by commas, e.g. TDA2019-10, IFP-4.27"),
    )
    penalty_kind = forms.ChoiceField(
        label=_("Penalty"),
        choices=[("", _("No penalty")), *PenaltyKindChoice.choices],
        required=False,
        widget=forms.RadioSelect,
    )
    penalty_entry = forms.TypedChoiceField(
        label=_("Penalised player"), coerce=int, required=False, empty_value=None
    )
    penalty_count = forms.IntegerField(
        label=_("Hands or rounds"), min_value=1, max_value=999, required=False
    )
    # A disqualification: the chips the floor took off the table (TDA 2019 rule 69).
    penalty_chips = forms.IntegerField(
        label=_("Chips taken out of play"), min_value=0, max_value=10**13, required=False
    )
    assistant_situation = forms.CharField(required=False, widget=forms.HiddenInput)
    assistant_answers = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, entry_choices: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entries"].choices = entry_choices
        self.fields["penalty_entry"].choices = [("", "—"), *entry_choices]

    def clean(self) -> dict:
        data = super().clean()
        if data.get("penalty_kind") and not data.get("penalty_entry"):
            self.add_error("penalty_entry", _("Choose the player who gets the penalty."))
        return data


class AmendmentForm(forms.Form):
    text = forms.CharField(
        label=_("Amendment"), max_length=4000, widget=forms.Textarea(attrs={"rows": 2})
    )


class HouseRuleForm(forms.Form):
    title_de = forms.CharField(label=_("Title (German)"), max_length=200)
    title_en = forms.CharField(label=_("Title (English)"), max_length=200)
    summary_de = forms.CharField(
        label=_("Summary (German)"), widget=forms.Textarea(attrs={"rows": 3})
    )
    summary_en = forms.CharField(
        label=_("Summary (English)"), widget=forms.Textarea(attrs={"rows": 3})
    )
    keywords_de = forms.CharField(
        label=_("Keywords (German)"),
        max_length=300,
        required=False,
        help_text=_("Separated by commas"),
    )
    keywords_en = forms.CharField(
        label=_("Keywords (English)"),
        max_length=300,
        required=False,
        help_text=_("Separated by commas"),
    )
