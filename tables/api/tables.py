from __future__ import annotations

from typing import Literal

from django.http import HttpRequest, HttpResponse
from ninja import Router, Schema, Status
from ninja.errors import ValidationError as NinjaValidationError
from ninja.renderers import JSONRenderer
from pydantic import ConfigDict, Field
from pydantic import ValidationError as PydanticValidationError

from tables import selectors
from tables.api.conflicts import router as conflicts_router
from tables.api.days import ONLY_FLOOR
from tables.api.days import router as days_router
from tables.api.schemas import (
    MOVE_DONE_EXAMPLE,
    BreakOrderOut,
    BustOut,
    DrawOut,
    EntryOut,
    HandFinishedOut,
    HandForHandOut,
    HandOut,
    KeepApartOut,
    MoveOut,
    MoveStatus,
    PendingMoveOut,
    TableOut,
)
from tables.models import Move
from tables.presenters import move_payload, pending_moves_in_order, tables_payload
from tables.services import moves as move_services
from tables.services.back_in_play import entry_unbust
from tables.services.busts import BustReport, entries_bust
from tables.services.hand_for_hand import hand_for_hand_set, table_hand_finished
from tables.services.hands import table_button_set, table_hand_next
from tables.services.keep_apart import keep_apart_add
from tables.services.moves import move_cancelled, move_manual, table_break
from tables.services.seating import seats_draw
from tables.services.tables import table_get, tables_create
from tournament.api.auth import require_role
from tournament.api.fields import Body
from tournament.api.tournaments import ONLY_DIRECTOR, ONLY_STAFF
from tournament.errors import Conflict
from tournament.inputs import has_body
from tournament.json_input import json_parse
from tournament.presenters import entry_payload
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["tables"])
router.add_router("", days_router)
router.add_router("", conflicts_router)

# Paths take a table's id; inside payloads `table`, `from_table`, `to_table` are
# table numbers (README "API", "Table ids and table numbers").


class TablesIn(Body):
    count: int = Field(ge=1, le=2000, description="How many tables to set up.")
    seats: int | None = Field(
        None, ge=2, le=10, description="Seats per table (default: the tournament's table size)."
    )
    reserve: bool = Field(
        False, description="Set them up as reserve tables, opened when the field outgrows the rest."
    )


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


ELIMINATED_BY = (
    "Entry ids of the players who took his last chips (a bounty tournament needs them); "
    "a split pot lists each winner."
)
STARTING_STACK = (
    "His stack when the hand started: who had more chips at the start finishes higher "
    "when several go out in one hand."
)


class BustIn(Body):
    starting_stack: int | None = Field(None, ge=1, le=10**13, description=STARTING_STACK)
    eliminated_by: list[int] = Field(default_factory=list, max_length=10, description=ELIMINATED_BY)

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"starting_stack": 12000, "eliminated_by": [31]}]}
    )


class BustItem(Body):
    entry: int = Field(ge=1, description="The entry's id.")
    starting_stack: int = Field(ge=1, le=10**13, description=STARTING_STACK)
    eliminated_by: list[int] = Field(default_factory=list, max_length=10, description=ELIMINATED_BY)


class BustsIn(Body):
    entries: list[BustItem] = Field(
        min_length=1, max_length=100, description="Everyone out in the same hand."
    )

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "entries": [
                        {"entry": 12, "starting_stack": 8000},
                        {"entry": 17, "starting_stack": 15000, "eliminated_by": [31]},
                    ]
                }
            ]
        }
    )


class KeepApartIn(Body):
    entries: list[int] = Field(
        min_length=2,
        max_length=2,
        json_schema_extra={"uniqueItems": True},
        description="Two different entry ids never to seat at one table.",
    )


class ManualMoveIn(Body):
    entry: int = Field(ge=1, description="The entry to move.")
    to_table: int = Field(ge=1, description="The destination table's NUMBER (not its id).")
    to_seat: int = Field(ge=1, le=10, description="A free seat there.")


class HandForHandIn(Body):
    on: bool = Field(description="Hand-for-hand play on or off.")


class BreakOrderIn(Body):
    table_numbers: list[int] = Field(
        min_length=1,
        max_length=2000,
        json_schema_extra={"uniqueItems": True},
        description="Every open table's NUMBER once, in the order the tables break.",
    )

    model_config = ConfigDict(json_schema_extra={"examples": [{"table_numbers": [3, 1, 2]}]})


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
        # The app's one JSON reader: a whole number written 157.0 is the integer.
        return schema.model_validate(json_parse(request.body))
    except PydanticValidationError as exc:
        raise NinjaValidationError(exc.errors(include_url=False)) from exc


def _bust_result(entry) -> dict:
    return {**entry_payload(entry), "place": entry.place, "shared": entry.place_shared}


@router.post("/tournaments/{tournament_id}/tables", response={201: list[TableOut]})
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


@router.get("/tournaments/{tournament_id}/tables", response=list[TableOut])
def list_tables(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    return tables_payload(tournament_get(tournament_id))


@router.post(
    "/tournaments/{tournament_id}/draw",
    response=DrawOut,
    description="Seat every registered entry at random; answers with every table.",
)
def draw_seats(request: HttpRequest, tournament_id: int):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    result = seats_draw(tournament_id=tournament_id, by=user)
    answer = {**result, "tables": tables_payload(tournament_get(tournament_id))}
    # The presenter builds every table in DrawOut's shape (a test holds it so);
    # validating 1,112 tables' rows against it again cost the draw of a
    # 10,000-entry field more than its writes (README "Benchmarks").
    return HttpResponse(
        JSONRenderer().render(request, answer, response_status=200),
        content_type=f"{JSONRenderer.media_type}; charset=utf-8",
    )


@router.post("/tournaments/{tournament_id}/keep-apart", response={201: KeepApartOut})
def keep_apart(request: HttpRequest, tournament_id: int, payload: KeepApartIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    pair = keep_apart_add(tournament_id=tournament_id, entries=payload.entries, by=user)
    return Status(201, {"id": pair.pk, "entries": [pair.first_id, pair.second_id]})


@router.put(
    "/tables/{table_id}/button",
    response=TableOut,
    description=(
        "Set the button. The table keeps the positions of the hand being played now "
        "(button_seat, small_blind_seat, big_blind_seat); balancing picks the player to "
        'move from them. Send hand "next" to name where the button goes in the next hand.'
    ),
)
def set_button(request: HttpRequest, table_id: int, payload: ButtonIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    table = table_button_set(table_id=table_id, seat=payload.seat, hand=payload.hand, by=user)
    return tables_payload(table.tournament, table_ids=[table.pk])[0]


@router.post(
    "/tables/{table_id}/hands",
    response=HandOut,
    description="The next hand: button and blinds move on. `small_blind_seat` is null "
    "and `dead_small_blind` true when nobody posts the small blind.",
)
def next_hand(request: HttpRequest, table_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    table = table_hand_next(table_id=table_id, by=user)
    row = tables_payload(table.tournament, table_ids=[table.pk])[0]
    return {**row, "table_id": row["id"], "table_number": row["number"]}


@router.post("/tables/{table_id}/hand-finished", response=HandFinishedOut)
def hand_finished(request: HttpRequest, table_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    return table_hand_finished(table_id=table_id, by=user)


@router.post(
    "/tables/{table_id}/break",
    response=list[MoveOut],
    description="Break the table now: its players get moves to random free seats.",
)
def break_table(request: HttpRequest, table_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    moves = table_break(table_id=table_id, by=user)
    return [move_payload(m, public=False) for m in moves]


@router.post(
    "/entries/{entry_id}/bust",
    response=BustOut,
    openapi_extra=BUST_BODY,
    description="The player is out; the body is optional. Answers the entry with its place.",
)
def bust(request: HttpRequest, entry_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    payload = _optional_body(request, BustIn)
    report = BustReport(
        entry=entry_id,
        starting_stack=payload.starting_stack,
        eliminated_by=tuple(payload.eliminated_by),
    )
    group = entries_bust(reports=[report], by=user)
    return _bust_result(next(e for e in group if e.pk == entry_id))


@router.post(
    "/tournaments/{tournament_id}/busts",
    response=list[BustOut],
    description="Several players out in the same hand: who started the hand with more "
    "chips finishes higher. Answers the entries with their places, best place first.",
)
def busts(request: HttpRequest, tournament_id: int, payload: BustsIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    reports = [
        BustReport(
            entry=i.entry, starting_stack=i.starting_stack, eliminated_by=tuple(i.eliminated_by)
        )
        for i in payload.entries
    ]
    group = entries_bust(tournament_id=tournament_id, reports=reports, by=user)
    return [_bust_result(e) for e in sorted(group, key=lambda e: (e.place, e.pk))]


@router.post("/entries/{entry_id}/unbust", response=EntryOut)
def unbust(request: HttpRequest, entry_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    return entry_payload(entry_unbust(entry_id=entry_id, by=user))


@router.get(
    "/tournaments/{tournament_id}/moves",
    response=list[PendingMoveOut],
    description="The moves. With status=pending: in an order that can be carried out one "
    "by one (a player who must first leave a seat comes before the move into it; the "
    "members of a ring come last, and done on one carries out the ring).",
)
def list_moves(
    request: HttpRequest,
    tournament_id: int,
    status: MoveStatus | None = None,
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


@router.post("/tournaments/{tournament_id}/moves", response={201: MoveOut})
def manual_move(request: HttpRequest, tournament_id: int, payload: ManualMoveIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    tournament_get(tournament_id)
    move = move_manual(
        entry_id=payload.entry, to_table=payload.to_table, to_seat=payload.to_seat, by=user
    )
    return Status(201, move_payload(move, public=False))


@router.post(
    "/moves/{move_id}/done",
    response=MoveOut,
    description="The player has taken his new seat. A move of a ring carries out the "
    "whole ring; done on another member of a ring the caller just carried out answers "
    "200 with that move. 409 names the move to carry out first when the seat is still held.",
    openapi_extra=MOVE_DONE_EXAMPLE,
)
def move_done(request: HttpRequest, move_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    try:
        move = move_services.move_done(move_id=move_id, by=user)
    except Conflict:
        move = selectors.move_done_in_ring(move_id=move_id, user=user)
        if move is None:
            raise
    return move_payload(move, public=False)


@router.post("/moves/{move_id}/cancel", response=MoveOut)
def move_cancel(request: HttpRequest, move_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    return move_payload(move_cancelled(move_id=move_id, by=user), public=False)


@router.put("/tournaments/{tournament_id}/hand-for-hand", response=HandForHandOut)
def hand_for_hand(request: HttpRequest, tournament_id: int, payload: HandForHandIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    tournament = hand_for_hand_set(tournament_id=tournament_id, on=payload.on, by=user)
    return {"hand_for_hand": tournament.hand_for_hand}


@router.put(
    "/tournaments/{tournament_id}/break-order",
    response=BreakOrderOut,
    description="The director's breaking order: list every open table's number once; "
    "the first breaks first. 400 when a number is missing, repeated or not an open table.",
)
def break_order(request: HttpRequest, tournament_id: int, payload: BreakOrderIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    numbers = move_services.breaking_order_set(
        tournament_id=tournament_id, numbers=payload.table_numbers, by=user
    )
    tables = tables_payload(tournament_get(tournament_id), table_numbers=numbers)
    return {"table_numbers": numbers, "tables": tables}


@router.get("/tables/{table_id}", response=TableOut)
def get_table(request: HttpRequest, table_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    table = table_get(table_id)
    return tables_payload(table.tournament, table_ids=[table.pk])[0]
