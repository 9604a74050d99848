"""The shapes of the clock calls and the shot clock in the API (README "API").

``table`` in these bodies and answers is the table's NUMBER in its tournament,
as the floor says it, never its id; the paths take ids.
"""

from __future__ import annotations

from typing import Annotated, get_args

from django.utils.translation import gettext_lazy as _
from ninja import Schema
from pydantic import ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from clock.api.schemas import EpochMillis, Millis
from clock.models import ClockCall, ShotClockTurn
from clock.rules.player_clock import Outcome, Phase
from tournament.api.fields import DB_INT_MAX, Body
from tournament.api.shapes import choices_of, one_of

TableNumber = Annotated[
    int, Field(ge=1, le=DB_INT_MAX, description="The table's number (not its id).")
]
ONE_TABLE = _("Give the table's number once: as table or as table_number.")

CallStatus = choices_of(ClockCall.Status)
# A cancelled call shows as such; the rules know the running phases only.
CallPhase = one_of((*get_args(Phase), "cancelled"))
CallOutcome = one_of(get_args(Outcome))
TurnStatus = choices_of(ShotClockTurn.Status)
Seat = Annotated[int, Field(ge=1, le=10, description="The seat number.")]

# -- clock calls -------------------------------------------------------------


class ClockCallIn(Body):
    """Call the clock on a player: give the table's number as table or table_number."""

    model_config = ConfigDict(
        json_schema_extra={
            # One of the two, never both (README "API").
            "if": {"properties": {"table": {"type": "integer"}}, "required": ["table"]},
            "then": {"properties": {"table_number": {"type": "null"}}},
            "else": {
                "properties": {"table_number": {"type": "integer"}},
                "required": ["table_number"],
            },
        }
    )

    table: TableNumber | None = Field(
        None, description="The table's NUMBER in the tournament (not its id); or table_number."
    )
    table_number: TableNumber | None = Field(None, description="The same as table.")
    seat: Seat
    facing_action: bool = Field(
        True, description="He faces a bet (his hand is dead when time runs out)."
    )
    think_seconds: int | None = Field(
        None, ge=0, le=600, description="Seconds before the countdown; default: the rulebook's."
    )

    @model_validator(mode="after")
    def one_table(self) -> ClockCallIn:
        given = {n for n in (self.table, self.table_number) if n is not None}
        if len(given) != 1:
            raise PydanticCustomError("one_table", str(ONE_TABLE))
        return self

    @property
    def number(self) -> int:
        number = self.table if self.table is not None else self.table_number
        assert number is not None  # one_table made sure
        return number


class ClockCallOut(Schema):
    id: int = Field(description="The call's id (for .../cancel).")
    table: int = Field(description="The table's number (not its id).")
    seat: int = Field(description="The seat the clock is called on.")
    status: CallStatus = Field(description="active until cancelled (expiry shows in phase).")
    phase: CallPhase = Field(description="thinking, countdown, expired or cancelled.")
    called_at: EpochMillis
    countdown_at: EpochMillis = Field(description="When the countdown starts.")
    expires_at: EpochMillis = Field(description="When time runs out.")
    hide_at: EpochMillis = Field(description="When the screens drop the call.")
    remaining_ms: Millis = Field(description="Time until it expires (0 once expired).")
    server_time: EpochMillis
    facing_action: bool = Field(description="He faces a bet.")
    outcome: CallOutcome = Field(description="What becomes of the hand when time runs out.")


# -- shot clock --------------------------------------------------------------


class ShotClockStartIn(Body):
    seat: Seat


class ShotClockSettingsIn(Body):
    enabled: bool = Field(description="The shot clock is on.")
    action_seconds: int = Field(ge=1, le=600, description="Seconds per decision.")
    extension_seconds: int = Field(ge=1, le=600, description="Seconds one extension adds.")
    extensions_per_day: int = Field(
        ge=0, le=100, description="Extensions each player has per playing day."
    )


class ShotClockSettingsOut(Schema):
    enabled: bool = Field(description="The shot clock is on.")
    action_seconds: int = Field(description="Seconds per decision.")
    extension_seconds: int = Field(description="Seconds one extension adds.")
    extensions_per_day: int = Field(description="Extensions each player has per playing day.")


class ShotClockTurnOut(Schema):
    id: int = Field(description="The turn's id (for .../extend and .../stop).")
    table: int = Field(description="The table's number (not its id).")
    seat: int = Field(description="The seat on the clock.")
    entry: int = Field(description="The entry's id.")
    name: str = Field(description="The player's name.")
    status: TurnStatus = Field(description="active until stopped.")
    started_at: EpochMillis
    ends_at: EpochMillis = Field(description="The deadline, extensions included.")
    hide_at: EpochMillis = Field(description="When the screens drop the turn.")
    remaining_ms: Millis
    expired: bool = Field(description="Time has run out.")
    server_time: EpochMillis
    action_seconds: int = Field(description="Seconds per decision when it started.")
    extension_seconds: int = Field(description="Seconds per extension when it started.")
    extensions_used: int = Field(description="Extensions used on this turn.")
    extensions_left: int = Field(description="The player's extensions left today.")


class ShotClockPlayerOut(Schema):
    entry: int = Field(description="The entry's id.")
    name: str = Field(description="The player's name.")
    table: int = Field(description="The table's number (not its id).")
    table_id: int = Field(description="The table's id, for POST /tables/{table_id}/shot-clock.")
    seat: int = Field(description="His seat number.")
    extensions_left: int = Field(description="Extensions left today.")


class ShotClockOut(Schema):
    settings: ShotClockSettingsOut = Field(description="The tournament's shot clock settings.")
    day: str = Field(description="The playing day, YYYY-MM-DD.")
    server_time: EpochMillis
    turns: list[ShotClockTurnOut] = Field(description="Running turns and those just run out.")
    players: list[ShotClockPlayerOut] = Field(description="Every seated player.")
