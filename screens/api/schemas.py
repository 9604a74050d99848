"""The typed bodies and answers of the screens API (README "API"). `table` is a
table NUMBER, as the floor says it (README "API", "Table ids and table numbers")."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from clock.api.schemas import ClockOut
from tables.api.schemas import TABLE_ID, TABLE_NUMBER, Out
from tournament.api.fields import NOT_BLANK, Body


class AnnouncementIn(Body):
    text: str = Field(
        max_length=2000,
        json_schema_extra={"maxLength": 280, "pattern": NOT_BLANK},
        description="The text shown on every screen (280 at most).",
    )


class FloorCallIn(Body):
    reason: str = Field(default="", max_length=500, description="Why the floor is called.")


class AnnouncementOut(Out):
    kind: Literal["director"] = Field(description="Always director: the director's own text.")
    id: int = Field(description="The announcement's id.")
    text: str = Field(description="The text shown.")
    at: int = Field(description="When, in milliseconds since 1970 (UTC).")


class SeatPlaceOut(Out):
    table: int = Field(description=TABLE_NUMBER)
    seat: int = Field(description="The seat.")


class SeatRowOut(Out):
    name: str = Field(description="The player's display name (public).")
    table: int = Field(description=TABLE_NUMBER)
    seat: int = Field(description="His seat.")
    moving_to: SeatPlaceOut | None = Field(description="Where a pending move takes him.")


class SeatPageOut(Out):
    version: int = Field(description="The tournament's version the page was built from.")
    total: int = Field(description="Seats listed in all (or found).")
    page: int = Field(description="This page (from 1).")
    pages: int = Field(description="Pages in all.")
    per_page: int = Field(description="Seats per page.")
    seats: list[SeatRowOut] = Field(description="The seats of this page, in name order.")


class FloorCallOut(Out):
    table: int = Field(description=TABLE_NUMBER)
    table_number: int = Field(description=TABLE_NUMBER)
    table_id: int = Field(description=TABLE_ID)
    reason: str = Field(description="Why the floor is called (120 characters at most).")
    at: int = Field(description="When, in milliseconds since 1970 (UTC).")
    by: str | None = Field(description="Who called.")


# -- the player's page (README "The player's page") ------------------------------

MeStatus = Literal[
    "pre_registered",
    "waiting",
    "registered",
    "seated",
    "moving",
    "busted",
    "won",
    "cancelled",
    "released",
]


class MeMoveOut(Out):
    table: int = Field(description=TABLE_NUMBER)
    seat: int = Field(description="The seat he goes to.")
    reason: str = Field(description="balance, break, final_table or manual.")
    wait_for_button: bool = Field(description="He waits for the button before he plays.")


class MeTournamentOut(Out):
    id: int = Field(description="The tournament's id.")
    name: str = Field(description="The tournament's name.")
    status: str = Field(description="The tournament's status.")
    currency: str = Field(description="The currency of the prizes (ISO 4217).")


class MeChipsOut(Out):
    chips: int = Field(description="His chips at the latest count.")
    counted_at: datetime = Field(description="When the floor counted them.")
    level: int | None = Field(description="The level played at the count.")


class MeBagOut(Out):
    number: int = Field(description="His bag's number.")
    chips: int = Field(description="The chips in his bag.")
    forfeited: bool = Field(description="The bag does not play on (best-bag rule).")


class MeNextDayOut(Out):
    tournament: int = Field(description="The next day's tournament id.")
    name: str = Field(description="The next day's name.")
    day: int | None = Field(description="The day's number.")
    table: int | None = Field(description=TABLE_NUMBER + " Null until that day is drawn.")
    seat: int | None = Field(description="His seat there; null until that day is drawn.")


class MeLeagueOut(Out):
    season: str = Field(description="The league season's name.")
    rank: int = Field(description="His rank in the season table.")
    points: str = Field(description="His points (decimal string).")
    played: int = Field(description="Tournaments of the season he played.")
    players: int = Field(description="Players in the season table.")


class MeOut(Out):
    """One player's page: his own seat, move, chips and finish, and the field's
    public figures; never contact data, never another player's."""

    name: str = Field(description="His name as the tournament shows it in public.")
    status: MeStatus = Field(description="Where he stands.")
    position: int | None = Field(description="His place on the waiting list, when waiting.")
    table: int | None = Field(description=TABLE_NUMBER + " Where he sits; null when not seated.")
    seat: int | None = Field(description="His seat; null when not seated.")
    moving_to: MeMoveOut | None = Field(description="A move planned for him.")
    wait_for_button: bool = Field(description="He waits for the button before he plays.")
    moved_up: bool = Field(description="He moved up from the waiting list into the field.")
    code: str | None = Field(description="His code for the desk's check-in, until checked in.")
    entry: int | None = Field(description="His entry (as public moves name it); null before.")
    tournament: MeTournamentOut = Field(description="His tournament.")
    clock: ClockOut = Field(description="The clock; the page counts down from ends_at.")
    players_left: int = Field(description="Players still in.")
    entries: int = Field(description="Entries in all.")
    average_stack: int = Field(description="The average stack of the players left.")
    chips: MeChipsOut | None = Field(description="His latest chip count, when counted.")
    bag: MeBagOut | None = Field(description="His bag at the end of the day.")
    day2: MeNextDayOut | None = Field(description="Where his bag plays on.")
    place: int | None = Field(description="His finishing place, once out (or the winner).")
    prize: str | None = Field(description="His prize (decimal string), once placed.")
    league: MeLeagueOut | None = Field(description="His league standing, when it counts.")
    version: int = Field(description="The tournament's version this was built from.")
    as_of: int = Field(description="Server time of this answer, in milliseconds since 1970.")
