from __future__ import annotations

from typing import Literal

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Schema, Status
from ninja.errors import ValidationError as NinjaValidationError
from pydantic import Field
from pydantic import ValidationError as PydanticValidationError

from tables import selectors
from tables.models import ChipCount, Move
from tables.presenters import move_payload, pending_moves_in_order, tables_payload
from tables.services import chip_counts, days, floor
from tables.services.seating import seats_draw
from tables.services.tables import table_get, tables_create
from tournament.api.auth import require_role
from tournament.api.fields import Body
from tournament.api.tournaments import ONLY_DIRECTOR, ONLY_STAFF
from tournament.inputs import has_body
from tournament.presenters import entry_payload
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["tables"])

ONLY_FLOOR = _("Only floor staff or a director may do this.")


class TablesIn(Body):
    count: int = Field(ge=1, le=2000)
    seats: int | None = Field(None, ge=2, le=10)
    reserve: bool = False


class ButtonIn(Body):
    seat: int = Field(ge=1, le=10, description="Seat of the button, in the hand named by `hand`.")
    hand: Literal["current", "next"] = Field(
        "current",
        description=(
            '"current": the button in the hand being played now (what is stored and '
            'shown as button_seat). "next": the button of the next hand; the hand in '
            "play is worked out from it."
        ),
    )


class BustIn(Body):
    starting_stack: int | None = Field(None, ge=1, le=10**13)
    # Who took his last chip (a bounty tournament needs it); a split pot lists each winner.
    eliminated_by: list[int] = Field(default_factory=list, max_length=10)


class BustItem(Body):
    entry: int = Field(ge=1)
    starting_stack: int = Field(ge=1, le=10**13)
    eliminated_by: list[int] = Field(default_factory=list, max_length=10)


class BustsIn(Body):
    entries: list[BustItem] = Field(min_length=1, max_length=100)


class ReopenDayIn(Body):
    reason: str = Field(min_length=1, max_length=500)


class NextDayIn(Body):
    tables: int = Field(ge=1, le=2000)
    seats: int | None = Field(None, ge=2, le=10)
    # The biggest stacks, one per table, start at different tables (else: all random).
    spread_big_stacks: bool = False


class KeepApartIn(Body):
    entries: list[int] = Field(min_length=2, max_length=2)


class ManualMoveIn(Body):
    entry: int = Field(ge=1)
    to_table: int = Field(ge=1)
    to_seat: int = Field(ge=1, le=10)


class HandForHandIn(Body):
    on: bool


BUST_BODY = {
    "requestBody": {
        "required": False,
        "content": {"application/json": {"schema": BustIn.model_json_schema()}},
    }
}


def _optional_body(request: HttpRequest, schema: type[Schema]) -> Schema:
    """The body is optional here (a bust needs no stack): empty means defaults."""
    if not has_body(request):  # any other body was checked by RequestInputMiddleware
        return schema()
    try:
        return schema.model_validate_json(request.body)
    except PydanticValidationError as exc:
        raise NinjaValidationError(exc.errors(include_url=False)) from exc


def _bust_result(entry) -> dict:
    return {**entry_payload(entry), "place": entry.place, "shared": entry.place_shared}


@router.post("/tournaments/{tournament_id}/tables", response={201: list[dict]})
def open_tables(request: HttpRequest, tournament_id: int, payload: TablesIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    tables = tables_create(
        tournament_id=tournament_id,
        count=payload.count,
        seats=payload.seats,
        by=user,
        reserve=payload.reserve,
    )
    tournament = tables[0].tournament
    return Status(201, tables_payload(tournament, table_ids=[t.pk for t in tables]))


@router.get("/tournaments/{tournament_id}/tables", response=list[dict])
def list_tables(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    return tables_payload(tournament_get(tournament_id))


@router.post("/tournaments/{tournament_id}/draw", response=dict)
def draw_seats(request: HttpRequest, tournament_id: int):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    result = seats_draw(tournament_id=tournament_id, by=user)
    return {**result, "tables": tables_payload(tournament_get(tournament_id))}


@router.post("/tournaments/{tournament_id}/keep-apart", response={201: dict})
def keep_apart(request: HttpRequest, tournament_id: int, payload: KeepApartIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    pair = floor.keep_apart_add(tournament_id=tournament_id, entries=payload.entries, by=user)
    return Status(201, {"id": pair.pk, "entries": [pair.first_id, pair.second_id]})


@router.put(
    "/tables/{table_id}/button",
    response=dict,
    description=(
        "Set the button. The table keeps the positions of the hand being played now "
        "(button_seat, small_blind_seat, big_blind_seat); balancing picks the player to "
        'move from them. Send hand "next" to name where the button goes in the next hand.'
    ),
)
def set_button(request: HttpRequest, table_id: int, payload: ButtonIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    table = floor.table_button_set(table_id=table_id, seat=payload.seat, hand=payload.hand, by=user)
    return tables_payload(table.tournament, table_ids=[table.pk])[0]


@router.post("/tables/{table_id}/hands", response=dict)
def next_hand(request: HttpRequest, table_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    table = floor.table_hand_next(table_id=table_id, by=user)
    return {
        "hand": table.hand,
        "button_seat": table.button_seat,
        "small_blind_seat": table.small_blind_seat,
        "big_blind_seat": table.big_blind_seat,
    }


@router.post("/tables/{table_id}/hand-finished", response=dict)
def hand_finished(request: HttpRequest, table_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    return floor.table_hand_finished(table_id=table_id, by=user)


@router.post("/tables/{table_id}/break", response=list[dict])
def break_table(request: HttpRequest, table_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    moves = floor.table_break(table_id=table_id, by=user)
    return [move_payload(m, public=False) for m in moves]


@router.post("/entries/{entry_id}/bust", response=dict, openapi_extra=BUST_BODY)
def bust(request: HttpRequest, entry_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    payload = _optional_body(request, BustIn)
    tournament_id = floor._entry_tournament_id(entry_id)
    report = floor.BustReport(
        entry=entry_id,
        starting_stack=payload.starting_stack,
        eliminated_by=tuple(payload.eliminated_by),
    )
    group = floor.entries_bust(tournament_id=tournament_id, reports=[report], by=user)
    return _bust_result(next(e for e in group if e.pk == entry_id))


@router.post("/tournaments/{tournament_id}/busts", response=list[dict])
def busts(request: HttpRequest, tournament_id: int, payload: BustsIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    reports = [
        floor.BustReport(
            entry=i.entry, starting_stack=i.starting_stack, eliminated_by=tuple(i.eliminated_by)
        )
        for i in payload.entries
    ]
    group = floor.entries_bust(tournament_id=tournament_id, reports=reports, by=user)
    return [_bust_result(e) for e in sorted(group, key=lambda e: (e.place, e.pk))]


@router.post("/entries/{entry_id}/unbust", response=dict)
def unbust(request: HttpRequest, entry_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    return entry_payload(floor.entry_unbust(entry_id=entry_id, by=user))


@router.get("/tournaments/{tournament_id}/moves", response=list[dict])
def list_moves(
    request: HttpRequest,
    tournament_id: int,
    status: Literal["pending", "done", "cancelled"] | None = None,
):
    require_role(request, STAFF, ONLY_STAFF)
    tournament = tournament_get(tournament_id)
    moves = Move.objects.filter(tournament=tournament).select_related(
        "entry__player", "from_table", "to_table"
    )
    if status:
        moves = moves.filter(status=status)
    payloads = [move_payload(m, public=False) for m in moves]
    if status == Move.Status.PENDING:
        return pending_moves_in_order(payloads)
    return payloads


@router.post("/tournaments/{tournament_id}/moves", response={201: dict})
def manual_move(request: HttpRequest, tournament_id: int, payload: ManualMoveIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    tournament_get(tournament_id)
    move = floor.move_manual(
        entry_id=payload.entry, to_table=payload.to_table, to_seat=payload.to_seat, by=user
    )
    return Status(201, move_payload(move, public=False))


@router.post("/moves/{move_id}/done", response=dict)
def move_done(request: HttpRequest, move_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    return move_payload(floor.move_done(move_id=move_id, by=user), public=False)


@router.post("/moves/{move_id}/cancel", response=dict)
def move_cancel(request: HttpRequest, move_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    return move_payload(floor.move_cancelled(move_id=move_id, by=user), public=False)


@router.put("/tournaments/{tournament_id}/hand-for-hand", response=dict)
def hand_for_hand(request: HttpRequest, tournament_id: int, payload: HandForHandIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    tournament = floor.hand_for_hand_set(tournament_id=tournament_id, on=payload.on, by=user)
    return {"hand_for_hand": tournament.hand_for_hand}


@router.get("/tables/{table_id}", response=dict)
def get_table(request: HttpRequest, table_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    table = table_get(table_id)
    return tables_payload(table.tournament, table_ids=[table.pk])[0]


# -- chip counts (README "Events: flights, bags and the next day") ---------------------------------------------------------


class SeatChipsIn(Body):
    seat: int = Field(ge=1, le=10)
    chips: int = Field(ge=1, le=10**13)


class TableChipsIn(Body):
    counts: list[SeatChipsIn] = Field(min_length=1, max_length=10)


class EntryChipsIn(Body):
    chips: int = Field(ge=1, le=10**13)


def _count_payload(count: ChipCount) -> dict:
    return {
        "entry": count.entry_id,
        "table": count.table_number,
        "seat": count.seat_number,
        "chips": count.chips,
        "level": count.level,
        "counted_at": count.counted_at,
    }


@router.post("/tables/{table_id}/chip-counts", response={201: list[dict]})
def count_table_chips(request: HttpRequest, table_id: int, payload: TableChipsIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    made = chip_counts.table_chips_count(
        table_id=table_id,
        counts=[chip_counts.SeatCount(seat=c.seat, chips=c.chips) for c in payload.counts],
        by=user,
    )
    return Status(201, [_count_payload(count) for count in made])


@router.put("/entries/{entry_id}/chips", response=dict)
def set_entry_chips(request: HttpRequest, entry_id: int, payload: EntryChipsIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    return _count_payload(
        chip_counts.entry_chips_set(entry_id=entry_id, chips=payload.chips, by=user)
    )


@router.get("/tournaments/{tournament_id}/chip-counts", response=list[dict])
def list_chip_counts(request: HttpRequest, tournament_id: int):
    """The latest count of every seated player who has one, highest first."""
    require_role(request, STAFF, ONLY_STAFF)
    return selectors.chip_counts_current(tournament_get(tournament_id))


@router.post("/tournaments/{tournament_id}/end-day", response=dict)
def end_day(request: HttpRequest, tournament_id: int):
    """Bag every remaining player's count and close the day (409 while a
    remaining player has no count)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return days.day_end(tournament_id=tournament_id, by=user)


@router.post("/tournaments/{tournament_id}/reopen-day", response=dict)
def reopen_day(request: HttpRequest, tournament_id: int, payload: ReopenDayIn):
    """A director opens a closed day again, with a reason (its bags are undone)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    days.day_reopen(tournament_id=tournament_id, reason=payload.reason, by=user)
    return {"reopened": True}


@router.post("/events/{event_id}/days", response={201: dict})
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


@router.get("/tournaments/{tournament_id}/bags", response=list[dict])
def list_bags(request: HttpRequest, tournament_id: int):
    """The bags of a day: number, player, chips, who verified it, where it went."""
    require_role(request, STAFF, ONLY_STAFF)
    return selectors.bag_list(tournament_get(tournament_id))
