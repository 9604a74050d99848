from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Schema, Status
from pydantic import Field

from tables.presenters import tables_payload
from tables.services.tables import tables_create
from tournament.api.auth import require_role
from tournament.api.tournaments import ONLY_DIRECTOR, ONLY_STAFF
from tournament.roles import DIRECTOR, STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["tables"])


class TablesIn(Schema):
    count: int = Field(ge=1, le=2000)
    seats: int | None = Field(None, ge=2, le=10)


@router.post("/tournaments/{tournament_id}/tables", response={201: list[dict]})
def open_tables(request: HttpRequest, tournament_id: int, payload: TablesIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    tables = tables_create(
        tournament_id=tournament_id, count=payload.count, seats=payload.seats, by=user
    )
    tournament = tables[0].tournament
    return Status(201, tables_payload(tournament, table_ids=[t.pk for t in tables]))


@router.get("/tournaments/{tournament_id}/tables", response=list[dict])
def list_tables(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    return tables_payload(tournament_get(tournament_id))
