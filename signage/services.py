"""Creating and changing named screens (README "Named screens").

Every change is a write on the screen's scope: it bumps the screen's
``settings_version`` and records "screen 7 changed"; after the commit the
screens layer tells the open TV, which follows without a reload. One screen of
the room speaks: making one the speaker makes the others quiet (and records
them changed too).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import IntegrityError
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from layouts.selectors import layout_by_id_or_preset
from layouts.services import LOOK_WORDS
from signage.models import DEFAULT_LAYOUT, Screen
from signage.rules.look import look_clean
from signage.rules.settings import (
    LANGUAGES,
    OVERVIEW,
    SettingRefused,
    rotation_clean,
    sound_clean,
)
from signage.selectors import layout_known
from tournament.errors import Conflict, FieldInvalid, FieldNotFound
from tournament.models import Tournament
from tournament.writes import Write, scopes, write

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read off a note
CODE_LENGTH = 8
# A TV reports at most this often; reports in between only keep it in memory.
REPORT_EVERY = timedelta(seconds=5)

SCREEN_NOT_FOUND = _("No such screen.")
NAME_TAKEN = _("A screen of that name exists already.")
SPEAKER_CHANGING = _("Another screen was just made the room's speaker: please try again.")
REFUSED = {
    "too_long": _("A rotation holds at most 12 views."),
    "unknown_layout": _("Unknown layout."),
    "seconds": _("Each view of a rotation shows for 5 to 3600 seconds."),
    "unknown_event": _("Unknown sound event."),
    "volume": _("The volume is a whole number from 0 to 100."),
    "voice": _("The voice speaks German (de) or English (en)."),
    "language": _("The screen's language is German (de) or English (en)."),
    "tournaments": _("Unknown tournament."),
    "name": _("Give the screen a name."),
    "colour": LOOK_WORDS["colour"],
    "font": LOOK_WORDS["font"],
}


@dataclass
class ScreenSettings:
    """Any field left None stays as it is (a PATCH)."""

    name: str | None = None
    layout: str | None = None
    tournaments: list[int] | None = None
    language: str | None = None
    rotation: list[dict[str, Any]] | None = None
    sound: dict[str, Any] | None = None
    speaker: bool | None = None
    # The screen's own look (README "Named screens"): the whole of it, {} for the room's.
    look: dict[str, Any] | None = None


# A layout or a tournament that does not exist is the room's state, not the
# request's shape: 404 naming the field (README "API", Errors).
UNKNOWN = ("unknown_layout", "tournaments")


def _refuse(field: str, reason: str) -> FieldInvalid | FieldNotFound:
    if reason in UNKNOWN:
        return FieldNotFound(field, REFUSED[reason])
    return FieldInvalid(field, REFUSED[reason])


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _apply_names(screen: Screen, settings: ScreenSettings) -> None:
    if settings.name is not None:
        if not settings.name.strip():
            raise _refuse("name", "name")
        screen.name = settings.name.strip()
    if settings.layout is not None:
        if settings.layout == OVERVIEW:
            screen.overview, screen.layout = True, None
        else:
            layout = layout_by_id_or_preset(settings.layout)
            if layout is None:
                raise _refuse("layout", "unknown_layout")
            screen.overview, screen.layout = False, layout
    if settings.language is not None:
        if settings.language not in LANGUAGES:
            raise _refuse("language", "language")
        screen.language = settings.language


def _apply(screen: Screen, settings: ScreenSettings) -> list[int] | None:
    """Put the settings given on `screen`; the tournaments' ids to set (None: keep)."""
    _apply_names(screen, settings)
    try:
        if settings.rotation is not None:
            screen.rotation = rotation_clean(settings.rotation, layout_known)
        if settings.sound is not None:
            screen.sound = sound_clean(settings.sound, screen.language)
        if settings.look is not None:
            screen.look = look_clean(settings.look)
    except SettingRefused as refused:
        raise _refuse(refused.field, refused.reason) from None
    if settings.speaker is not None:
        screen.speaker = settings.speaker
    ids = settings.tournaments
    if ids is not None:
        ids = list(dict.fromkeys(ids))
        if Tournament.objects.filter(pk__in=ids).count() != len(ids):
            raise _refuse("tournaments", "tournaments")
    return ids


def _save(w: Write, screen: Screen, tournaments: list[int] | None) -> list[int]:
    """Save inside the screen's write; every TV whose settings changed is told
    after the commit (README "Named screens")."""
    quieted: list[int] = []
    if screen.speaker:
        others = Screen.objects.filter(speaker=True).exclude(pk=screen.pk)
        quieted = list(others.values_list("pk", flat=True))
        others.update(speaker=False, settings_version=F("settings_version") + 1)
    try:
        with w.attempt():
            screen.save()
    except IntegrityError:
        named = Screen.objects.filter(name=screen.name).exclude(pk=screen.pk).exists()
        # Otherwise another screen was made the speaker at the same moment.
        raise Conflict(NAME_TAKEN if named else SPEAKER_CHANGING) from None
    if tournaments is not None:
        screen.tournaments.set(tournaments)
    w.record("screen", screens=[screen.pk, *quieted])
    return quieted


def screen_create(*, settings: ScreenSettings, by: Any = None) -> Screen:
    screen = Screen(code=new_code(), layout=layout_by_id_or_preset(DEFAULT_LAYOUT))
    with write(by=by) as w:
        tournaments = _apply(screen, settings)
        if screen.sound == {}:
            screen.sound = sound_clean({}, screen.language)
        while Screen.objects.filter(code=screen.code).exists():
            screen.code = new_code()
        _save(w, screen, tournaments or [])
        w.adopt(screen)
        w.log("screen_created", {"name": screen.name})
    return screen


def screen_update(*, screen_id: int, settings: ScreenSettings, by: Any = None) -> Screen:
    with write(scopes.screen(screen_id, missing=SCREEN_NOT_FOUND), by=by) as w:
        screen = w.row(scopes.screen(screen_id))
        tournaments = _apply(screen, settings)
        screen.settings_version += 1
        _save(w, screen, tournaments)
        w.log("screen_changed", {"name": screen.name})
    return screen


def screen_delete(*, screen_id: int, by: Any = None) -> None:
    with write(scopes.screen(screen_id, missing=SCREEN_NOT_FOUND), by=by) as w:
        name = w.row(scopes.screen(screen_id)).name
        Screen.objects.filter(pk=screen_id).delete()
        w.log("screen_deleted", {"name": name})
        w.record("screen", screens=[screen_id])


def screen_report(*, screen_id: int, showing: str) -> bool:
    """The TV says it is alive and what it shows; True when stored (at most every few s)."""
    now = timezone.now()
    stored = Screen.objects.filter(pk=screen_id).exclude(
        last_seen__gt=now - REPORT_EVERY, showing=showing[:200]
    )
    return bool(stored.update(last_seen=now, showing=showing[:200]))
