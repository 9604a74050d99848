"""The director's form for one named screen (README "Named screens")."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from layouts.rules.look import FONTS, MAX_MESSAGE
from layouts.selectors import layouts_all
from signage.rules.look import COLOURS
from signage.rules.look import FIELDS as LOOK_FIELDS
from signage.rules.settings import OVERVIEW, SECONDS_MAX, SECONDS_MIN
from signage.services import ScreenSettings
from tournament.models import Tournament

EVENT_LABELS = {
    "level_up": _("Level change"),
    "break_start": _("Break starts"),
    "break_end": _("Break ends"),
    "one_minute_left": _("One minute left"),
    "registration_closed": _("Late registration closes"),
    "table_break": _("A table breaks"),
    "move": _("Player moves"),
    "final_table": _("Final table"),
    "bubble": _("Bust on the bubble"),
}
LANGUAGE_CHOICES = [("de", "Deutsch"), ("en", "English")]
# The board's layouts by the names the room reads (the presets are stored in English).
PRESET_LABELS = {
    "clock": _("Clock"),
    "payouts": _("Payouts"),
    "seats": _("Seats"),
    "chips": _("Chip counts"),
    "final": _("Final table"),
    OVERVIEW: _("Today: every running tournament"),
}
ROTATION_ROWS = 4
ROOMS = _("Empty: the room's look.")
COLOUR_LABELS = {
    "background_colour": _("Background colour"),
    "tile_colour": _("Tile colour"),
    "text_colour": _("Text colour"),
    "accent_colour": _("Accent colour"),
}


def layout_choices() -> list[tuple[str, Any]]:
    """The room's layouts (presets by their key, the others by id) and the overview."""
    room = [
        (layout.preset, PRESET_LABELS[layout.preset])
        if layout.preset in PRESET_LABELS
        else (str(layout.pk), layout.name)
        for layout in layouts_all()
    ]
    return [*room, (OVERVIEW, PRESET_LABELS[OVERVIEW])]


def layout_label(value: str) -> Any:
    """A layout as the API names it, as the room reads it: a preset by its title even
    before the room installed the presets (a new screen shows the clock preset)."""
    return dict(layout_choices()).get(value) or PRESET_LABELS.get(value, value)


def look_fields(form: forms.Form) -> None:
    """The screen's own look: each field empty stands for the room's."""
    for field in COLOURS:
        form.fields[field] = forms.CharField(
            label=COLOUR_LABELS[field],
            max_length=7,
            required=False,
            help_text=ROOMS,
            widget=forms.TextInput(attrs={"placeholder": "#rrggbb", "size": 8}),
        )
    fonts = [(key, name or _("The screen's own")) for key, name in FONTS.items()]
    form.fields["font"] = forms.ChoiceField(
        label=_("Font"), choices=[("", _("The room's font")), *fonts], required=False
    )
    form.fields["message"] = forms.CharField(
        label=_("Scrolling message"), max_length=MAX_MESSAGE, required=False, help_text=ROOMS
    )


def rotation_fields(form: forms.Form) -> None:
    for row in range(1, ROTATION_ROWS + 1):
        form.fields[f"view_{row}"] = forms.ChoiceField(
            label=_("Rotation: view {number}").format(number=row),
            choices=[("", "–"), *layout_choices()],
            required=False,
        )
        form.fields[f"seconds_{row}"] = forms.IntegerField(
            label=_("Seconds"), min_value=SECONDS_MIN, max_value=SECONDS_MAX, required=False
        )


class ScreenForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    layout = forms.ChoiceField(label=_("Layout"), choices=layout_choices)
    tournaments = forms.ModelMultipleChoiceField(
        label=_("Tournaments"),
        queryset=Tournament.objects.exclude(status=Tournament.Status.FINISHED).order_by("-pk"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    language = forms.ChoiceField(label=_("Language"), choices=LANGUAGE_CHOICES)
    speaker = forms.BooleanField(
        label=_("This screen plays the room's sounds and speech"),
        required=False,
        help_text=_("One screen of the room speaks; choosing this one quiets the others."),
    )
    events = forms.MultipleChoiceField(
        label=_("Sound and speech for"),
        choices=list(EVENT_LABELS.items()),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    voice = forms.ChoiceField(label=_("Voice language"), choices=LANGUAGE_CHOICES)
    volume = forms.IntegerField(label=_("Volume"), min_value=0, max_value=100, initial=80)
    chime = forms.BooleanField(label=_("Chime before speaking"), required=False, initial=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rotation_fields(self)
        look_fields(self)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        rotation = []
        for row in range(1, ROTATION_ROWS + 1):
            layout, seconds = data.get(f"view_{row}"), data.get(f"seconds_{row}")
            if layout and not seconds:
                self.add_error(f"seconds_{row}", _("How many seconds does this view show?"))
            elif layout:
                rotation.append({"layout": layout, "seconds": seconds})
        data["rotation"] = rotation
        return data

    def screen_settings(self) -> ScreenSettings:
        data = self.cleaned_data
        return ScreenSettings(
            name=data["name"],
            layout=data["layout"],
            tournaments=[t.pk for t in data["tournaments"]],
            language=data["language"],
            rotation=data["rotation"],
            speaker=data["speaker"],
            sound={
                "events": list(data["events"]),
                "volume": data["volume"],
                "voice": data["voice"],
                "chime": data["chime"],
            },
            look={field: data[field] for field in LOOK_FIELDS},
        )

    @staticmethod
    def initial_of(screen: Any) -> dict[str, Any]:
        sound = screen.sound or {}
        return {
            "name": screen.name,
            "layout": screen.layout_value,
            "tournaments": list(screen.tournaments.all()),
            "language": screen.language,
            **{f"view_{i}": r["layout"] for i, r in enumerate(screen.rotation or [], 1)},
            **{f"seconds_{i}": r["seconds"] for i, r in enumerate(screen.rotation or [], 1)},
            "speaker": screen.speaker,
            "events": sound.get("events", []),
            "voice": sound.get("voice", screen.language),
            "volume": sound.get("volume", 80),
            "chime": sound.get("chime", True),
            **(screen.look or {}),
        }
