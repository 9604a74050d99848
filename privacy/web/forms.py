"""The room's settings form: parses and checks the fields; the service saves."""

from __future__ import annotations

from django import forms

from tournament.models import RoomSettings
from tournament.services.retention import ROOM_FIELDS


class RoomSettingsForm(forms.ModelForm):
    class Meta:
        model = RoomSettings
        fields = list(ROOM_FIELDS)
        widgets = {"address": forms.Textarea(attrs={"rows": 3})}
