"""The room's settings form: parses and checks the fields; the service saves."""

from __future__ import annotations

from django import forms

from tournament.models import RoomSettings


class RoomSettingsForm(forms.ModelForm):
    class Meta:
        model = RoomSettings
        fields = [
            "name",
            "address",
            "contact_email",
            "contact_phone",
            "retention_months",
            "public_schedule",
            "cash_shifts",
        ]
        widgets = {"address": forms.Textarea(attrs={"rows": 3})}
