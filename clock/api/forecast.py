"""The forecast of a tournament's end (README "Finish on time")."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Schema
from pydantic import Field

from clock.selectors.forecast import forecast_payload, tournament_forecast
from tournament.api.auth import require_role
from tournament.roles import STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["clock"])

ONLY_STAFF_FORECAST = _("Only staff may see this.")

FORECAST_EXAMPLE = {
    "predicted_end": "2026-03-06T22:40:00Z",
    "earliest": "2026-03-06T22:10:00Z",
    "latest": "2026-03-06T23:20:00Z",
    "players_left": 14,
    "average_stack_bb": 31.2,
    "basis": {"model": "bust hazard by stack in rounds of blinds", "end_players": 1},
    "as_of": "2026-03-06T20:05:00Z",
}


class ForecastOut(Schema):
    """When play will end (the last bust, or a final deal where the room usually deals)."""

    predicted_end: datetime = Field(description="The forecast end of play.")
    earliest: datetime = Field(description="The interval's start: about 1 in 10 ends earlier.")
    latest: datetime = Field(description="The interval's end: about 1 in 10 ends later.")
    players_left: int = Field(description="Players in play at `as_of`.")
    average_stack_bb: float | None = Field(
        description="The average stack in big blinds of the level in play (null in none)."
    )
    basis: dict = Field(
        description="What the forecast rests on: the room's fitted parameters "
        "(`rate_per_minute`, `power`, `end_players`), how many of its finished tournaments "
        "taught them, the interval's factors and the minutes left."
    )
    as_of: datetime = Field(description="The moment the forecast is for.")


AS_OF = Query(
    None, description="A past moment: the forecast as it was then, from the recorded state."
)


@router.get(
    "/tournaments/{tournament_id}/forecast",
    response=ForecastOut,
    openapi_extra={
        "responses": {200: {"content": {"application/json": {"example": FORECAST_EXAMPLE}}}}
    },
)
def get_forecast(
    request: HttpRequest,
    tournament_id: int,
    as_of: datetime | None = AS_OF,
):
    """The forecast end of play with an interval that holds the real end about 80 % of the time."""
    require_role(request, STAFF, ONLY_STAFF_FORECAST)
    tournament = tournament_get(tournament_id)
    if as_of is not None and timezone.is_naive(as_of):
        as_of = timezone.make_aware(as_of, timezone.get_current_timezone())
    result = tournament_forecast(tournament, as_of)
    moment = as_of or (result.predicted_end if tournament.status == "finished" else timezone.now())
    return forecast_payload(result, moment)
