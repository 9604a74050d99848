"""API for the live screens: director's announcements and floor calls."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Status

from screens import services
from screens.api.schemas import (
    AnnouncementIn,
    AnnouncementOut,
    FloorCallIn,
    FloorCallOut,
    MeOut,
    SeatPageOut,
)
from screens.me import me_payload
from screens.me_links import me_subject
from screens.seats import PER_PAGE_MAX, seat_page
from tournament.api.auth import require_role
from tournament.errors import NotFound
from tournament.models import Tournament
from tournament.roles import DIRECTOR, STAFF

router = Router(tags=["screens"])

ONLY_DIRECTOR_ANNOUNCES = _("Only a tournament director may make announcements.")
ONLY_STAFF_CALLS = _("Only staff may call the floor from a table.")
ME_NOT_FOUND = _("This personal link is unknown or was revoked.")


@router.post("/tournaments/{tournament_id}/announcements", response={201: AnnouncementOut})
def post_announcement(request: HttpRequest, tournament_id: int, payload: AnnouncementIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_ANNOUNCES)
    result = services.announcement_post(tournament_id=tournament_id, text=payload.text, by=user)
    return Status(201, result)


@router.delete("/tournaments/{tournament_id}/announcements", response={204: None})
def clear_announcement(request: HttpRequest, tournament_id: int):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_ANNOUNCES)
    services.announcement_clear(tournament_id=tournament_id, by=user)
    return Status(204, None)


@router.get("/tournaments/{tournament_id}/seats", response=SeatPageOut, auth=None)
def get_seats(
    request: HttpRequest,
    tournament_id: int,
    q: str = Query("", max_length=60),
    page: int = Query(1, ge=1, le=10_000),
    per_page: int = Query(40, ge=1, le=PER_PAGE_MAX),
):
    """Public: one page of the seats (display names), or the seats matching ``q``
    (full name, nickname or display name). The board pages it, the lobby searches it."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return seat_page(tournament, query=q, page=page, per_page=per_page)


@router.post("/tables/{table_id}/floor-call", response={201: FloorCallOut})
def post_floor_call(request: HttpRequest, table_id: int, payload: FloorCallIn | None = None):
    user = require_role(request, STAFF, ONLY_STAFF_CALLS)
    reason = payload.reason if payload is not None else ""
    call = services.floor_call(table_id=table_id, by=user, reason=reason)
    return Status(201, {**call, "table_number": call["table"]})


@router.get("/me/{token}", response=MeOut, auth=None)
def get_me(request: HttpRequest, response: HttpResponse, token: str):
    """Public, for the holder of the personal link: the player's page data
    (README "The player's page"). An unknown or revoked link: 404."""
    subject = me_subject(token)
    if subject is None:
        raise NotFound(ME_NOT_FOUND)
    response["Cache-Control"] = "no-store"
    return me_payload(subject)
