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

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        # A form sent without it (an older page, a script) keeps the room's choice.
        self.fields["public_name_default"].required = False

    def clean_public_name_default(self) -> str:
        chosen: str = self.cleaned_data.get("public_name_default") or ""
        return chosen or self.instance.public_name_default
