"""The floor's conflicts in the API (README "When the network drops"): the
queued actions of offline tablets that the server refused, and the director's
resolution of each. Joined to the tables router by tables.api."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router
from pydantic import Field

from tables.api_schemas import Out
from tables.presenters_conflicts import conflict_payload, conflicts_of
from tables.services.conflicts import REASON_MAX, conflict_resolve
from tournament.api.auth import require_role
from tournament.api.fields import Body
from tournament.api.tournaments import ONLY_DIRECTOR
from tournament.roles import DIRECTOR, FLOOR_STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["tables"])

ONLY_FLOOR_READS = _("Only floor staff or a director may see the floor's conflicts.")

How = Literal["applied_differently", "discarded"]


class RefusalOut(Out):
    status: int = Field(description="The HTTP status the action was refused with (409, 422 ...).")
    message: str = Field(description="Why it was refused, in the reader's language.")


class ResolutionOut(Out):
    how: How = Field(
        description="applied_differently: done by hand another way; discarded: not done."
    )
    reason: str = Field(description="Why (required for discarded).")
    by: str | None = Field(description="The director who resolved it.")
    at: datetime = Field(description="When it was resolved.")


class ConflictOut(Out):
    id: int
    key: str = Field(description="The action's Idempotency-Key (empty if it carried none).")
    action: str = Field(description='A short name of the action ("bust", "move_done" ...).')
    what: str = Field(description="The action in words, in the reader's language.")
    path: str = Field(description="The path the tablet sent it to.")
    method: str
    body: Any = Field(description="The body it sent (form fields as a JSON object).")
    by: str | None = Field(description="Who took the action on the tablet.")
    device: str = Field(description="The tablet's name (its Device-Name header).")
    device_time: datetime | None = Field(description="When it was taken, by the tablet's clock.")
    received_at: datetime = Field(description="When the server received and refused it.")
    refusal: RefusalOut
    status: Literal["open", "resolved"]
    resolution: ResolutionOut | None


class ResolveIn(Body):
    how: How = Field(
        description="applied_differently: the floor did it another way; discarded: not done."
    )
    reason: str = Field(
        "",
        max_length=REASON_MAX,
        description="Why; required (1-200 characters) when discarded.",
    )


@router.get(
    "/tournaments/{tournament_id}/conflicts",
    response=list[ConflictOut],
    description="Queued offline actions the server refused, oldest first.",
)
def list_conflicts(
    request: HttpRequest,
    tournament_id: int,
    status: Literal["open", "resolved"] | None = None,
):
    require_role(request, FLOOR_STAFF, ONLY_FLOOR_READS)
    tournament = tournament_get(tournament_id)
    return [conflict_payload(c) for c in conflicts_of(tournament, status=status)]


@router.post(
    "/conflicts/{conflict_id}/resolve",
    response=ConflictOut,
    description="The director resolves a conflict; 409 when it is resolved already.",
)
def resolve_conflict(request: HttpRequest, conflict_id: int, payload: ResolveIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    conflict = conflict_resolve(
        conflict_id=conflict_id, how=payload.how, reason=payload.reason, by=user
    )
    return conflict_payload(conflict)
