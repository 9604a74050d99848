"""The typed answers of the tables API (README "API"), so a generated client knows
every field.

Enumerations come from the models' choices (one source). Inside a tournament's
payloads `table`, `from_table` and `to_table` are table NUMBERS, as the floor says
them; paths take table ids, and `table_id` fields carry the id beside the number
(README "API", "Table ids and table numbers").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from cashdesk.api.schemas import PaymentOut
from tables.models import Move
from tables.presenters import TABLE_STATUS_NAMES
from tournament.models import Entry

if TYPE_CHECKING:
    MoveReason = str
    MoveStatus = str
    TableStatus = str
    EntryStatus = str
else:
    MoveReason = Literal[tuple(Move.Reason.values)]
    MoveStatus = Literal[tuple(Move.Status.values)]
    TableStatus = Literal[tuple(dict.fromkeys(TABLE_STATUS_NAMES.values()))]
    EntryStatus = Literal[tuple(Entry.Status.values)]

TABLE_NUMBER = "The table's number in its tournament (as the floor says it), not its id."
TABLE_ID = "The table's id (as in the paths /tables/{table_id}/...)."


class Out(Schema):
    """An answer: the fields listed are always there; a field added later passes
    through to old clients instead of being dropped."""

    model_config = ConfigDict(extra="allow")


class Detail(Out):
    detail: str = Field(description="What went wrong, in the reader's language.")


class SeatPenaltyOut(Out):
    kind: str = Field(description="The running sit-out penalty: missed_hands or missed_rounds.")
    hands: int = Field(description="Hands the penalty lasts.")
    hands_left: int = Field(description="Hands still to sit out.")


class TablePlayerOut(Out):
    seat: int = Field(description="Seat number at this table (1 = left of the dealer).")
    entry: int = Field(description="The entry's id.")
    name: str = Field(description="The player's name.")
    wait_for_button: bool = Field(description="He waits for the button before he is dealt in.")
    penalty: SeatPenaltyOut | None = Field(description="A running sit-out penalty, else null.")


class BlindsOut(Out):
    button_seat: int | None = Field(
        description="The button's seat (may be an empty seat: a dead button; see dead_button)."
    )
    small_blind_seat: int | None = Field(
        description="The seat of the player who posts the small blind; null when nobody "
        "posts it (dead_small_blind) or before the button is set."
    )
    big_blind_seat: int | None = Field(description="The seat of the player posting the big blind.")
    dead_small_blind: bool = Field(
        False, description="True when the small blind falls on an empty seat: nobody posts it."
    )
    small_blind_position: int | None = Field(
        None,
        description="The seat the small blind is on, empty or not (what small_blind_seat "
        "said before dead_small_blind was added).",
    )
    dead_button: bool = Field(False, description="True when the button is on an empty seat.")


class TableOut(BlindsOut):
    id: int = Field(description=TABLE_ID)
    number: int = Field(description=TABLE_NUMBER)
    seats: int = Field(description="Seats at the table (2-10).")
    status: TableStatus = Field(
        description='"open": in play; "broken": broken up; "reserve": set up, opened when '
        "the field outgrows the open tables."
    )
    next_hand: BlindsOut | None = Field(
        description="Where button and blinds go in the next hand; null until the button is set."
    )
    hand: int = Field(description="Hands dealt at this table.")
    halted: bool = Field(description="Play stopped here until the table is balanced.")
    hand_finished: bool = Field(description="Hand for hand: this table has finished its hand.")
    break_order: int | None = Field(description="Position in the breaking order (1 breaks first).")
    players: list[TablePlayerOut] = Field(description="The seated players, in seat order.")


class HandOut(BlindsOut):
    hand: int = Field(description="Hands dealt at this table, this one included.")
    table_id: int = Field(description=TABLE_ID)
    table_number: int = Field(description=TABLE_NUMBER)


class AfterOut(Out):
    id: int = Field(description="The move to carry out first.")
    name: str = Field(description="Its player's name.")


class MoveOut(Out):
    id: int = Field(description="The move's id.")
    entry: int = Field(description="The entry moving.")
    name: str = Field(description="The player's name.")
    from_table: int | None = Field(
        description=TABLE_NUMBER + " Null: he comes from the rail (a bust undone)."
    )
    from_table_id: int | None = Field(None, description=TABLE_ID)
    from_seat: int | None = Field(description="The seat he leaves.")
    to_table: int = Field(description=TABLE_NUMBER)
    to_table_id: int | None = Field(None, description=TABLE_ID)
    to_seat: int = Field(description="The seat reserved for him.")
    reason: MoveReason = Field(description="Why he moves.")
    status: MoveStatus = Field(description="pending until carried out (done) or cancelled.")
    wait_for_button: bool = Field(description="He must wait for the button at the new table.")


class PendingMoveOut(MoveOut):
    after: AfterOut | None = Field(
        None,
        description="The move whose player still sits in this move's destination seat; "
        "the list puts it first. Null when the seat is free.",
    )
    ring: bool = Field(
        False,
        description="One of a ring of moves (players swapping seats): done on any of them "
        "carries out the whole ring, and done on another member then answers 200.",
    )


MOVE_DONE_EXAMPLE = {
    "responses": {
        200: {
            "description": "OK",
            "content": {
                "application/json": {
                    "example": {
                        "id": 41,
                        "entry": 12,
                        "name": "Eva Hoffmann",
                        "from_table": 3,
                        "from_table_id": 57,
                        "from_seat": 4,
                        "to_table": 1,
                        "to_table_id": 55,
                        "to_seat": 9,
                        "reason": "balance",
                        "status": "done",
                        "wait_for_button": False,
                    }
                }
            },
        }
    }
}


class EntryOut(Out):
    id: int = Field(description="The entry's id.")
    player: int = Field(description="The player's id.")
    name: str = Field(description="The player's name.")
    number: int | None = Field(None, description="The entry's number for this player (1, 2, ...).")
    start_number: int | None = Field(None, description="The start number, if given.")
    status: EntryStatus = Field(description="Where the entry stands.")
    table: int | None = Field(description=TABLE_NUMBER)
    seat: int | None = Field(description="His seat, else null.")
    wait_for_button: bool = Field(description="He waits for the button before he is dealt in.")
    place: int | None = Field(description="His place once out, else null.")
    buy_in: str | None = Field(None, description="The named buy-in he took, if any.")
    # The same shape as the registration's answer (one "EntryOut" in the schema).
    payment: PaymentOut | None = Field(
        None, description="The payment taken with a registration (its answer only)."
    )


class BustOut(EntryOut):
    shared: bool = Field(description="The place is shared (players out in the same hand).")

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "examples": [
                {
                    "id": 12,
                    "player": 9,
                    "name": "Eva Hoffmann",
                    "number": 1,
                    "start_number": None,
                    "status": "busted",
                    "table": None,
                    "seat": None,
                    "wait_for_button": False,
                    "place": 17,
                    "shared": False,
                    "buy_in": None,
                }
            ]
        },
    )


class DrawWarningOut(Out):
    code: str = Field(description="What the draw could not keep (e.g. keep_apart).")
    pairs: list[list[int]] = Field(description="The entry pairs concerned.")
    tables: list[int] = Field(description="Table numbers concerned.")


class DrawOut(Out):
    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "examples": [{"seated": 18, "alternates": [], "warnings": [], "tables": []}]
        },
    )

    seated: int = Field(description="Players seated by this draw.")
    alternates: list[int] = Field(description="Entries left without a seat (alternates).")
    warnings: list[DrawWarningOut] = Field(description="What the draw could not keep.")
    tables: list[TableOut] = Field(description="Every table after the draw.")


class KeepApartOut(Out):
    id: int = Field(description="The pair's id.")
    entries: list[int] = Field(description="The two entries kept at different tables.")


class HandFinishedOut(Out):
    table: int = Field(description=TABLE_NUMBER)
    still_playing: list[int] = Field(
        description="Table numbers still playing this hand; empty: the next hand starts."
    )


class HandForHandOut(Out):
    hand_for_hand: bool = Field(description="Hand-for-hand play is on.")


class BreakOrderOut(Out):
    table_numbers: list[int] = Field(description="Open table numbers, the first breaks first.")
    tables: list[TableOut] = Field(description="The open tables with their break_order.")
