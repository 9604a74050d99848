"""Chip counts, bags and days in the API (README "Events: flights, bags and the
next day"). Joined to the tables router by tables.api."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Status
from pydantic import Field

from tables import selectors
from tables.api.day_schemas import (
    BagOut,
    ChipCountOut,
    CurrentCountOut,
    DayEndOut,
    NextDayOut,
    ReopenedOut,
)
from tables.models import ChipCount
from tables.services import chip_counts, days
from tournament.api.auth import require_role
from tournament.api.fields import Body
from tournament.api.tournaments import ONLY_DIRECTOR, ONLY_STAFF
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["tables"])

ONLY_FLOOR = _("Only floor staff or a director may do this.")


class SeatChipsIn(Body):
    seat: int = Field(ge=1, le=10, description="The seat counted.")
    chips: int = Field(ge=1, le=10**13, description="Chips counted.")


class TableChipsIn(Body):
    counts: list[SeatChipsIn] = Field(min_length=1, max_length=10)


class EntryChipsIn(Body):
    chips: int = Field(ge=1, le=10**13, description="His chips now.")


class ReopenDayIn(Body):
    reason: str = Field(min_length=1, max_length=500, description="Why the day is opened again.")


class NextDayIn(Body):
    tables: int = Field(ge=1, le=2000, description="How many tables the next day opens.")
    seats: int | None = Field(None, ge=2, le=10, description="Seats per table.")
    # The biggest stacks, one per table, start at different tables (else: all random).
    spread_big_stacks: bool = Field(
        False, description="The biggest stacks start at different tables."
    )


def _count_payload(count: ChipCount) -> dict:
    return {
        "entry": count.entry_id,
        "table": count.table_number,
        "seat": count.seat_number,
        "chips": count.chips,
        "level": count.level,
        "counted_at": count.counted_at,
    }


@router.post("/tables/{table_id}/chip-counts", response={201: list[ChipCountOut]})
def count_table_chips(request: HttpRequest, table_id: int, payload: TableChipsIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    made = chip_counts.table_chips_count(
        table_id=table_id,
        counts=[chip_counts.SeatCount(seat=c.seat, chips=c.chips) for c in payload.counts],
        by=user,
    )
    return Status(201, [_count_payload(count) for count in made])


@router.put("/entries/{entry_id}/chips", response=ChipCountOut)
def set_entry_chips(request: HttpRequest, entry_id: int, payload: EntryChipsIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    return _count_payload(
        chip_counts.entry_chips_set(entry_id=entry_id, chips=payload.chips, by=user)
    )


@router.get("/tournaments/{tournament_id}/chip-counts", response=list[CurrentCountOut])
def list_chip_counts(request: HttpRequest, tournament_id: int):
    """The latest count of every seated player who has one, highest first."""
    require_role(request, STAFF, ONLY_STAFF)
    return selectors.chip_counts_current(tournament_get(tournament_id))


@router.post("/tournaments/{tournament_id}/end-day", response=DayEndOut)
def end_day(request: HttpRequest, tournament_id: int):
    """Bag every remaining player's count and close the day (409 while a
    remaining player has no count)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return days.day_end(tournament_id=tournament_id, by=user)


@router.post("/tournaments/{tournament_id}/reopen-day", response=ReopenedOut)
def reopen_day(request: HttpRequest, tournament_id: int, payload: ReopenDayIn):
    """A director opens a closed day again, with a reason (its bags are undone)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    days.day_reopen(tournament_id=tournament_id, reason=payload.reason, by=user)
    return {"reopened": True}


@router.post("/events/{event_id}/days", response={201: NextDayOut})
def next_day(request: HttpRequest, event_id: int, payload: NextDayIn):
    """The next day: the day before's survivors with their bags, drawn at random."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    day = days.day_next(
        event_id=event_id,
        tables=payload.tables,
        seats=payload.seats,
        by=user,
        spread=payload.spread_big_stacks,
    )
    return Status(201, {"tournament": day.pk, "name": day.name, "day": day.day})


@router.get("/tournaments/{tournament_id}/bags", response=list[BagOut])
def list_bags(request: HttpRequest, tournament_id: int):
    """The bags of a day: number, player, chips, who verified it, where it went."""
    require_role(request, STAFF, ONLY_STAFF)
    return selectors.bag_list(tournament_get(tournament_id))
