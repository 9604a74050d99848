"""The forecast of a tournament's end (README "Finish on time")."""

from __future__ import annotations

from datetime import UTC, datetime

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Schema
from pydantic import Field

from clock.selectors.forecast import forecast_payload, tournament_forecast
from tournament.api.auth import require_role
from tournament.errors import Invalid
from tournament.roles import STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["clock"])

ONLY_STAFF_FORECAST = _("Only staff may see this.")
AS_OF_RANGE = _("as_of: a time between the years 2000 and 2200.")
EARLIEST_AS_OF = datetime(2000, 1, 1, tzinfo=UTC)
LATEST_AS_OF = datetime(2200, 1, 1, tzinfo=UTC)

FORECAST_EXAMPLE = {
    "predicted_end": "2026-03-06T22:40:00Z",
    "earliest": "2026-03-06T22:10:00Z",
    "latest": "2026-03-06T23:20:00Z",
    "players_left": 14,
    "average_stack_bb": 31.2,
    "basis": {
        "model": "bust hazard walk and the room's analogue",
        "rate_per_minute": 0.0305,
        "power": 0.4,
        "scale": 0.24,
        "scale_slope": 0.45,
        "end_players": 1,
        "history_tournaments": 14,
        "history_busts": 290,
        "interval": [0.72, 1.31],
        "remaining_minutes": 155.0,
        "walked_minutes": 148.2,
        "analog_minutes": 162.1,
        "busts_so_far": 7,
    },
    "as_of": "2026-03-06T20:05:00Z",
}


class ForecastBasis(Schema):
    """What the forecast rests on (README "Finish on time")."""

    model: str = Field(description="The model's name.")
    rate_per_minute: float = Field(description="The bust hazard's rate, fitted on the room.")
    power: float = Field(description="How fast the hazard grows as stacks shrink.")
    scale: float = Field(description="The walk's correction at one player left.")
    scale_slope: float = Field(description="How the walk's correction changes with players left.")
    end_players: int = Field(description="Players left when the room's evenings end (a deal).")
    history_tournaments: int = Field(description="The room's finished tournaments learnt from.")
    history_busts: int = Field(description="Their busts.")
    interval: list[float] = Field(
        description="The factors of the remaining time for `earliest` and `latest`."
    )
    remaining_minutes: float = Field(description="The forecast's minutes from `as_of`.")
    walked_minutes: float = Field(description="The walk's minutes.")
    analog_minutes: float | None = Field(
        description="What the room's evenings still played from this point of the structure."
    )
    busts_so_far: int = Field(description="Busts up to `as_of`.")


class ForecastOut(Schema):
    """When play will end (the last bust, or a final deal where the room usually deals)."""

    predicted_end: datetime = Field(description="The forecast end of play.")
    earliest: datetime = Field(description="The interval's start: about 1 in 10 ends earlier.")
    latest: datetime = Field(description="The interval's end: about 1 in 10 ends later.")
    players_left: int = Field(description="Players in play at `as_of`.")
    average_stack_bb: float | None = Field(
        description="The average stack in big blinds of the level in play (null in none)."
    )
    basis: ForecastBasis = Field(description="What the forecast rests on.")
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
    if as_of is not None and not EARLIEST_AS_OF <= as_of <= LATEST_AS_OF:
        raise Invalid(AS_OF_RANGE)
    result = tournament_forecast(tournament, as_of)
    moment = as_of or (result.predicted_end if tournament.status == "finished" else timezone.now())
    return forecast_payload(result, moment)
