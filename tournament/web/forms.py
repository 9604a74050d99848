from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.core.validators import MinValueValidator
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from tournament.clock_port import clock
from tournament.errors import FieldInvalid
from tournament.models import BountySettings, Event, Tournament
from tournament.rules.profiles import PROFILES, resolve_options
from tournament.selectors import bounty_settings_for
from tournament.services.players import check_contact_consent
from tournament.web.local_numbers import (
    LocalIntegerField,
    amount_for_input,
    local_formfield,
    money_field,
    parse_amount,
)
from tournament.web.money_input import buy_in_lines, read_buy_in_lines

# A choice longer than this (in the reader's language) needs two columns of the form.
LONG_CHOICE = 16


def widen_long_choices(form: forms.BaseForm) -> None:
    """Mark the selects whose longest choice would be cut in one column of the
    form's grid (``data-wide``: the stylesheet gives them two)."""
    for field in form.fields.values():
        choices = getattr(field, "choices", None)
        if choices and max(len(str(label)) for _value, label in choices) > LONG_CHOICE:
            field.widget.attrs["data-wide"] = ""


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        formfield_callback = local_formfield
        field_classes = {"starting_stack": LocalIntegerField}
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
            "late_registration_through_break",
            "max_entries",
            "max_players",
            "display_names",
            "currency",
            "registration_closed",
            "break_during_registration",
            "day_stop_players",
            "places",
            # README "Pre-registration and the schedule".
            "starts_at",
            "hard_stop",
            "listed",
            "pre_registration_open",
            "pre_registration_capacity",
            "check_in_deadline_minutes",
        ]
        widgets = {
            "starts_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "hard_stop": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }

    # A choice, not a checkbox: a form posted without it (an older script) keeps
    # the tournament's setting instead of turning the breaks off.
    break_during_registration = forms.TypedChoiceField(
        label=capfirst(Tournament._meta.get_field("break_during_registration").verbose_name),
        help_text=Tournament._meta.get_field("break_during_registration").help_text,
        # Breaking comes first: it is the default (README "Breaking during
        # registration").
        choices=[
            ("True", _("Yes, once fewer tables suffice")),
            ("False", _("No, every table stays until registration closes")),
        ],
        coerce=lambda value: value == "True",
        # A new tournament's form shows the model's default chosen.
        initial=Tournament._meta.get_field("break_during_registration").get_default(),
        empty_value=None,
        required=False,
    )
    late_entry_seats = forms.IntegerField(
        label=_("Seats kept free for late entries"),
        min_value=0,
        max_value=3,
        required=False,
        help_text=_(
            "Per table, while registration is open: a table breaks only when the players "
            "left fit at the others with this many seats free at each. 0: as soon as they fit."
        ),
    )
    bounty_kind = forms.ChoiceField(
        label=_("Bounty"), choices=BountySettings.Kind.choices, required=False
    )
    bounty_amount = money_field(
        _("Bounty per entry"),
        max_value=Decimal(1000000),
        help_text=_("Paid on top of the buy-in; it never goes into the prize pool."),
    )
    bounty_share = forms.IntegerField(
        label=_("Progressive: share paid in cash (%)"),
        min_value=0,
        max_value=100,
        required=False,
        help_text=_("The rest goes onto the eliminator's own bounty. Empty: 50."),
    )
    mystery_prizes = forms.CharField(
        label=_("Mystery bounties"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One amount per line, e.g. 1000, 500, 100 …"),
    )
    mystery_start_level = forms.IntegerField(
        label=_("Mystery bounties from level"),
        min_value=1,
        max_value=1000,
        required=False,
        help_text=_("Empty: from the first elimination."),
    )
    mystery_start_in_money = forms.BooleanField(
        label=_("Mystery bounties only once in the money"), required=False
    )
    # The options right after the one buy-in they replace.
    field_order = ["name", "table_size", "starting_stack", "buy_in", "fee", "buy_in_options"]
    buy_in_options = forms.CharField(
        label=_("Buy-in options"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3, "class": "wide"}),
        help_text=_(
            "One per line: name; price; fee; chips, e.g. Early bird; 40; 5; 25000. "
            "The first is sold unless the desk picks another. Empty: the one buy-in above."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # At least the first entry: 0 would let nobody play (the database refuses it too).
        entries = self.fields["max_entries"]
        entries.validators.append(MinValueValidator(1))
        entries.widget.attrs["min"] = 1
        bounty = bounty_settings_for(self.instance)
        self.fields["bounty_kind"].initial = bounty.kind
        self.fields["bounty_amount"].initial = bounty.amount
        self.fields["bounty_share"].initial = bounty.progressive_share
        # In the reader's own way of writing numbers, so the form reads back what it shows.
        self.fields["mystery_prizes"].initial = "\n".join(
            amount_for_input(prize) for prize in bounty.mystery_prizes or []
        )
        self.fields["mystery_start_level"].initial = bounty.mystery_start_level
        self.fields["mystery_start_in_money"].initial = bounty.mystery_start_in_money
        self.fields["buy_in_options"].initial = buy_in_lines(self.instance.buy_ins or [])
        rules = resolve_options(self.instance.rulebook, self.instance.options or {})
        self.fields["late_entry_seats"].initial = rules["late_entry_seats"]
        self._place_after("late_entry_seats", "break_during_registration")
        if self.instance.pk is None:
            # Registration is closed later, by the clock or by hand on the edit page.
            del self.fields["registration_closed"]
        else:
            # As the desk finds it now (the clock's window included), so that
            # saving the form unchanged changes nothing; unticked reopens it.
            self.initial["registration_closed"] = not clock().registration_open(self.instance)
        self.fields["tie_rule"].required = False
        self.fields["tie_rule"].help_text = _("Empty: as the rulebook says.")
        self.fields["final_table_size"].required = False
        # Forms (and older scripts posting them) without a currency keep the tournament's.
        self.fields["currency"].required = False
        self.fields["places"].required = False
        self.fields["check_in_deadline_minutes"].required = False
        self.fields["pre_registration_capacity"].help_text = _(
            "Players; empty: the player limit, else the seats of its tables. "
            "Later ones go on the waiting list."
        )
        widen_long_choices(self)

    def _place_after(self, name: str, before: str) -> None:
        """Shows a form-only field right after the model field it belongs to."""
        names = [n for n in self.fields if n != name]
        names.insert(names.index(before) + 1, name)
        self.fields = {n: self.fields[n] for n in names}

    def clean_places(self) -> str:
        # Forms posted without it keep the tournament's way (a new one: by player).
        return self.cleaned_data.get("places") or self.instance.places or "by_player"

    def clean_check_in_deadline_minutes(self) -> int:
        # Forms posted without it keep the tournament's deadline (a new one: 15 minutes).
        value = self.cleaned_data.get("check_in_deadline_minutes")
        return self.instance.check_in_deadline_minutes if value is None else value

    def clean_break_during_registration(self) -> bool:
        value = self.cleaned_data.get("break_during_registration")
        return self.instance.break_during_registration if value is None else value

    def clean_currency(self) -> str:
        return self.cleaned_data.get("currency") or self.instance.currency or "EUR"

    def clean_mystery_prizes(self) -> list[Decimal]:
        """Amounts on lines (or between spaces and semicolons), written as the
        reader writes numbers: 1.000 and 12,50 in German, 1,000 and 12.50 in English."""
        text = self.cleaned_data.get("mystery_prizes") or ""
        try:
            words = [word.rstrip(",") for word in re.split(r"[\s;]+", text.strip())]
            prizes = [parse_amount(word) for word in words if word]
        except InvalidOperation as exc:
            raise forms.ValidationError(_("Write each mystery bounty as an amount.")) from exc
        if any(not Decimal("0.01") <= prize <= Decimal(1000000) for prize in prizes):
            raise forms.ValidationError(_("Each mystery bounty is from 0.01 to 1,000,000."))
        return prizes

    def clean_buy_in_options(self) -> list[dict[str, Any]]:
        return read_buy_in_lines(self.cleaned_data.get("buy_in_options") or "")

    BOUNTY_FIELDS = (
        "bounty_kind",
        "bounty_amount",
        "bounty_share",
        "mystery_prizes",
        "mystery_start_level",
        "mystery_start_in_money",
    )

    def tournament_data(self) -> dict[str, Any]:
        """The cleaned tournament fields, the bounty fields as one ``bounty``."""
        data = {k: v for k, v in self.cleaned_data.items() if k not in self.BOUNTY_FIELDS}
        data["buy_ins"] = data.pop("buy_in_options", None) or []
        if not data.get("tie_rule") and data.get("rulebook") in PROFILES:
            # Empty, as the help says: the rulebook's tie rule.
            data["tie_rule"] = PROFILES[data["rulebook"]]["tie_rule"]
        seats = data.pop("late_entry_seats", None)
        if seats is not None:
            # One option of the rule options the form shows; the others stay as set.
            data["options"] = {**(self.instance.options or {}), "late_entry_seats": seats}
        share = self.cleaned_data.get("bounty_share")
        data["bounty"] = {
            "kind": self.cleaned_data.get("bounty_kind") or "none",
            "amount": self.cleaned_data.get("bounty_amount") or Decimal(0),
            "progressive_share": 50 if share is None else share,
            "mystery_prizes": self.cleaned_data.get("mystery_prizes") or [],
            "mystery_start_level": self.cleaned_data.get("mystery_start_level"),
            "mystery_start_in_money": bool(self.cleaned_data.get("mystery_start_in_money")),
        }
        return data


class EventForm(TournamentForm):
    """A multi-day event: the tournament fields every flight shares, the flights'
    names and the stack rule."""

    flights = forms.CharField(
        label=_("Day 1 flights"),
        widget=forms.Textarea(attrs={"rows": 3}),
        initial="Day 1A\nDay 1B",
        help_text=_("One name per line; each flight is a tournament with its own clock."),
    )
    stack_rule = forms.ChoiceField(
        label=_("Players who bag in two flights"),
        choices=Event.StackRule.choices,
        initial=Event.StackRule.BEST,
    )

    field_order = ["name", "flights", "stack_rule"]

    def clean_flights(self) -> list[str]:
        names = [line.strip() for line in self.cleaned_data["flights"].splitlines() if line.strip()]
        if not names or len(names) > 50:
            raise forms.ValidationError(_("Name each flight on its own line (at most 50)."))
        return names

    def tournament_data(self) -> dict[str, Any]:
        data = super().tournament_data()
        data.pop("flights", None)
        data.pop("stack_rule", None)
        return data


class RegisterForm(forms.Form):
    name = forms.CharField(
        label=_("New player"),
        max_length=120,
        required=False,
        help_text=_("At most 120 characters."),
    )
    nickname = forms.CharField(label=_("Nickname"), max_length=40, required=False)
    email = forms.EmailField(label=_("E-mail"), required=False)
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False)
    consent = forms.BooleanField(
        label=_("The player agrees to be contacted (results by e-mail or phone)"),
        required=False,
    )
    consent_news = forms.BooleanField(label=_("Also league news"), required=False)
    player = forms.IntegerField(required=False, widget=forms.HiddenInput, min_value=1)
    # The buy-in option sold (README "Buy-in options"); empty: the first.
    buy_in = forms.CharField(required=False, max_length=40)

    def clean(self):
        data = super().clean()
        # A name refused for itself (too long) says so beside the field; this is
        # only for a form with neither a name nor a known player.
        if "name" in self.errors:
            return data
        if not data.get("player") and not (data.get("name") or "").strip():
            raise forms.ValidationError(_("Type a name or pick a known player."))
        try:
            # The service's own rule, said beside the box it is about.
            check_contact_consent(
                email=data.get("email") or "",
                phone=data.get("phone") or "",
                consent=bool(data.get("consent")),
            )
        except FieldInvalid as exc:
            self.add_error(exc.field, str(exc.message))
        return data

    def focus_first_error(self) -> None:
        """The desk's cursor goes to the first field in error (else the name)."""
        wrong = next((name for name in self.fields if name in self.errors), "name")
        self.fields[wrong].widget.attrs["autofocus"] = True
