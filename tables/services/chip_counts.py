"""Chip counts: the floor counts a table (every seat) or one player (README "Events: flights, bags and the next day").

Counts are optional during play. Each count is a new row with who counted it,
when and in which level; a player's stack is his latest count (the row marked
``latest``). The list, the leaders and the check against the chips in play are
reads (:mod:`tables.selectors`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from tables.models import ChipCount, ColourUpRecord, Seat, Table
from tournament import changes
from tournament.clock_port import clock
from tournament.device_time import action_time
from tournament.errors import FieldInvalid, Invalid
from tournament.models import Entry, Tournament
from tournament.services.events import ensure_day_open
from tournament.writes import tournament_write, write

TABLE_NOT_FOUND = _("Table not found.")
ENTRY_NOT_FOUND = _("Entry not found.")
NOT_SEATED = _("Only a seated player's chips can be counted.")
EMPTY_SEAT = _("Seat %(seat)s is empty: nobody's chips to count there.")
SEAT_TWICE = _("Seat %(seat)s is counted twice.")
NO_COUNTS = _("Give at least one seat's chips.")
CHIPS_OUT_OF_RANGE = _("A chip count is a whole number from 1 to 10,000,000,000,000.")
MAX_CHIPS = 10**13


def _check_chips(chips: int) -> None:
    if not 1 <= chips <= MAX_CHIPS:
        raise FieldInvalid("chips", CHIPS_OUT_OF_RANGE)


@dataclass(frozen=True)
class SeatCount:
    seat: int
    chips: int


@dataclass(frozen=True)
class TypedCounts:
    """A table's chip form read: the counts, and the seats whose field is no count."""

    counts: list[SeatCount]
    bad: list[int]
    why: str


def chip_counts_read(typed: dict[int, str]) -> TypedCounts:
    """Each seat's field as a count; an empty field skips the seat. German staff
    type 25.000: the dots group thousands."""
    counts, bad = [], []
    for seat, text in typed.items():
        digits = text.replace(".", "")
        if not digits:
            continue
        if digits.isascii() and digits.isdigit() and 1 <= int(digits[:20]) <= MAX_CHIPS:
            counts.append(SeatCount(seat=seat, chips=int(digits)))
        else:
            bad.append(seat)
    return TypedCounts(counts=counts, bad=bad, why=str(CHIPS_OUT_OF_RANGE))


def _level(tournament: Tournament) -> int:
    return clock().level_played(tournament, at=action_time())[0]


def _supersede(tournament: Tournament, entries: Sequence[int]) -> None:
    """A new count replaces the entries' current ones (kept as the record)."""
    ChipCount.objects.filter(tournament=tournament, entry_id__in=entries, latest=True).update(
        latest=False
    )


def table_chips_count(*, table_id: int, counts: Sequence[SeatCount], by: Any) -> list[ChipCount]:
    """The counts of one table's seats (all or some), in one go."""
    if not counts:
        raise Invalid(NO_COUNTS)
    tournament_id = write.for_row(Table, table_id, TABLE_NOT_FOUND).id
    for count in counts:
        _check_chips(count.chips)
    seats = [count.seat for count in counts]
    twice = next((seat for seat in seats if seats.count(seat) > 1), None)
    if twice is not None:
        raise FieldInvalid("counts", SEAT_TWICE % {"seat": twice})
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        ensure_day_open(tournament)
        table = Table.objects.get(pk=table_id)
        sitting = dict(
            Seat.objects.filter(table=table, entry__isnull=False).values_list("number", "entry_id")
        )
        empty = next((count.seat for count in counts if count.seat not in sitting), None)
        if empty is not None:
            raise FieldInvalid("counts", EMPTY_SEAT % {"seat": empty})
        level = _level(tournament)
        _supersede(tournament, [sitting[count.seat] for count in counts])
        made = ChipCount.objects.bulk_create(
            ChipCount(
                tournament=tournament,
                entry_id=sitting[count.seat],
                chips=count.chips,
                table_number=table.number,
                seat_number=count.seat,
                level=level,
                counted_by=w.user,
                latest=True,
            )
            for count in counts
        )
        w.record(
            "chip_counts",
            parts=(changes.CHIP_COUNTS,),
            facts={"table": table.number, "counted": len(made)},
        )
    return made


def entry_chips_set(*, entry_id: int, chips: int, by: Any) -> ChipCount:
    """One player's count, wherever he sits."""
    _check_chips(chips)
    tournament_id = write.for_row(Entry, entry_id, ENTRY_NOT_FOUND).id
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        ensure_day_open(tournament)
        seat = Seat.objects.select_related("table").filter(entry_id=entry_id).first()
        if seat is None:
            raise Invalid(NOT_SEATED)
        _supersede(tournament, [entry_id])
        count = ChipCount.objects.create(
            tournament=tournament,
            entry_id=entry_id,
            chips=chips,
            table_number=seat.table.number,
            seat_number=seat.number,
            level=_level(tournament),
            counted_by=w.user,
            latest=True,
        )
        w.record("chip_counts", parts=(changes.CHIP_COUNTS,), facts={"entry": entry_id})
    return count


def colour_up_record(
    *, table_id: int, removed: int, chips_before: int, chips_after: int, by: Any
) -> ColourUpRecord:
    """Keep what a table's colour-up changed, for the count check; the table's
    colour-up of the same chip worked out again replaces it."""
    tournament_id = write.for_row(Table, table_id, TABLE_NOT_FOUND).id
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        table = Table.objects.get(pk=table_id)
        record, _created = ColourUpRecord.objects.update_or_create(
            tournament=tournament,
            table_number=table.number,
            removed=removed,
            defaults={
                "chips_before": chips_before,
                "chips_after": chips_after,
                "recorded_by": w.user,
            },
        )
        w.log(
            "colour_up_recorded",
            {"table": table.number, "removed": removed, "change": chips_after - chips_before},
        )
        # The count check weighs the chips in play against the colour-ups.
        w.record("colour_up_recorded", parts=(changes.CHIP_COUNTS,))
    return record
