"""API of named screens (README "Named screens"): directors create and change
them; an open TV follows within seconds."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from ninja import Router, Status

from signage import services
from signage.api.schemas import ScreenCreated, ScreenIn, ScreenOut, ScreenPatch, ScreenRow
from signage.models import Screen
from signage.rules.look import FIELDS as LOOK_FIELDS
from signage.selectors import reporting, screen_tournament_ids, screens_all
from tournament.api.auth import require_role
from tournament.errors import NotFound
from tournament.roles import DIRECTOR
from tournament.web.addresses import public_address

router = Router(tags=["screens"])

ONLY_DIRECTOR_SCREENS = _("Only a tournament director may set up the screens.")


def _sound(payload: Any) -> tuple[dict[str, Any] | None, bool | None]:
    if payload is None:
        return None, None
    data = payload.model_dump()
    speaker = data.pop("speaker")
    return data, speaker


def _settings(payload: ScreenIn | ScreenPatch) -> services.ScreenSettings:
    sound, speaker = _sound(payload.sound)
    rotation = payload.rotation
    return services.ScreenSettings(
        name=payload.name,
        layout=str(payload.layout) if payload.layout is not None else None,
        tournaments=payload.tournaments,
        language=payload.language,
        rotation=[{"layout": str(s.layout), "seconds": s.seconds} for s in rotation]
        if rotation is not None
        else None,
        sound=sound,
        speaker=speaker,
        look=payload.look.model_dump() if payload.look is not None else None,
    )


def _url(request: HttpRequest, screen: Screen) -> str:
    return public_address(request, reverse("signage-tv", args=[screen.code]))


def _row(screen: Screen) -> dict[str, Any]:
    return {
        "id": screen.pk,
        "name": screen.name,
        "code": screen.code,
        "last_seen": screen.last_seen,
        "showing": screen.showing,
        "reporting": reporting(screen),
    }


def _out(request: HttpRequest, screen: Screen) -> dict[str, Any]:
    sound = screen.sound or {}
    return {
        **_row(screen),
        "url": _url(request, screen),
        "layout": screen.layout_value,
        "tournaments": screen_tournament_ids(screen),
        "language": screen.language,
        "rotation": screen.rotation or [],
        "sound": {
            "events": sound.get("events", []),
            "volume": sound.get("volume", 80),
            "voice": sound.get("voice", screen.language),
            "chime": sound.get("chime", True),
            "speaker": screen.speaker,
        },
        "look": {field: (screen.look or {}).get(field, "") for field in LOOK_FIELDS},
    }


@router.post("/screens", response={201: ScreenCreated})
def create_screen(request: HttpRequest, payload: ScreenIn):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_SCREENS)
    screen = services.screen_create(settings=_settings(payload), by=request.user)
    return Status(201, {"id": screen.pk, "code": screen.code, "url": _url(request, screen)})


@router.get("/screens", response=list[ScreenRow])
def list_screens(request: HttpRequest):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_SCREENS)
    return [_row(screen) for screen in screens_all()]


@router.get("/screens/{screen_id}", response=ScreenOut)
def get_screen(request: HttpRequest, screen_id: int):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_SCREENS)
    screen = Screen.objects.filter(pk=screen_id).first()
    if screen is None:
        raise NotFound(services.SCREEN_NOT_FOUND)
    return _out(request, screen)


@router.patch("/screens/{screen_id}", response=ScreenOut)
def update_screen(request: HttpRequest, screen_id: int, payload: ScreenPatch):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_SCREENS)
    screen = services.screen_update(
        screen_id=screen_id, settings=_settings(payload), by=request.user
    )
    return _out(request, screen)


@router.delete("/screens/{screen_id}", response={204: None})
def delete_screen(request: HttpRequest, screen_id: int):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_SCREENS)
    services.screen_delete(screen_id=screen_id, by=request.user)
    return Status(204, None)
