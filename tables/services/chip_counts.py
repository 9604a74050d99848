"""Chip counts: the floor counts a table (every seat) or one player (issue 13, item 1).

Counts are optional during play. Each count is a new row with who counted it,
when and in which level; a player's stack is his latest count. The list and
the check against the chips in play are reads (:func:`chip_counts_current`,
:func:`chip_count_check`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext_lazy as _

from tables.models import ChipCount, Seat, Table
from tournament import changes, extensions
from tournament.errors import FieldInvalid, Invalid, NotFound
from tournament.locking import lock_tournament
from tournament.models import Entry, Tournament
from tournament.summary import tournament_summary

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


def _by(by: Any) -> Any:
    return by if getattr(by, "pk", None) else None


def _level(tournament: Tournament) -> int:
    return extensions.level_played_now(tournament)[0]


def table_chips_count(*, table_id: int, counts: Sequence[SeatCount], by: Any) -> list[ChipCount]:
    """The counts of one table's seats (all or some), in one go."""
    if not counts:
        raise Invalid(NO_COUNTS)
    tournament_id = (
        Table.objects.filter(pk=table_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise NotFound(TABLE_NOT_FOUND)
    for count in counts:
        _check_chips(count.chips)
    seats = [count.seat for count in counts]
    twice = next((seat for seat in seats if seats.count(seat) > 1), None)
    if twice is not None:
        raise FieldInvalid("counts", SEAT_TWICE % {"seat": twice})
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        table = Table.objects.get(pk=table_id)
        sitting = dict(
            Seat.objects.filter(table=table, entry__isnull=False).values_list("number", "entry_id")
        )
        empty = next((count.seat for count in counts if count.seat not in sitting), None)
        if empty is not None:
            raise FieldInvalid("counts", EMPTY_SEAT % {"seat": empty})
        level = _level(tournament)
        made = ChipCount.objects.bulk_create(
            ChipCount(
                tournament=tournament,
                entry_id=sitting[count.seat],
                chips=count.chips,
                table_number=table.number,
                seat_number=count.seat,
                level=level,
                counted_by=_by(by),
            )
            for count in counts
        )
        changes.record(
            tournament,
            "chip_counts",
            parts=(changes.SUMMARY,),
            facts={"table": table.number, "counted": len(made)},
        )
    return made


def entry_chips_set(*, entry_id: int, chips: int, by: Any) -> ChipCount:
    """One player's count, wherever he sits."""
    _check_chips(chips)
    tournament_id = (
        Entry.objects.filter(pk=entry_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise NotFound(ENTRY_NOT_FOUND)
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        seat = Seat.objects.select_related("table").filter(entry_id=entry_id).first()
        if seat is None:
            raise Invalid(NOT_SEATED)
        count = ChipCount.objects.create(
            tournament=tournament,
            entry_id=entry_id,
            chips=chips,
            table_number=seat.table.number,
            seat_number=seat.number,
            level=_level(tournament),
            counted_by=_by(by),
        )
        changes.record(
            tournament, "chip_counts", parts=(changes.SUMMARY,), facts={"entry": entry_id}
        )
    return count


def chip_counts_current(tournament: Tournament) -> list[dict[str, Any]]:
    """The latest count of every seated player who has one, highest first."""
    latest = ChipCount.objects.filter(entry=OuterRef("entry")).order_by("-counted_at", "-pk")
    rows = (
        Seat.objects.filter(table__tournament=tournament, entry__isnull=False)
        .annotate(
            chips=Subquery(latest.values("chips")[:1]),
            counted_at=Subquery(latest.values("counted_at")[:1]),
        )
        .filter(chips__isnull=False)
        .values("entry_id", "entry__player__name", "table__number", "number", "chips", "counted_at")
    )
    counted = [
        {
            "entry": row["entry_id"],
            "name": row["entry__player__name"],
            "table": row["table__number"],
            "seat": row["number"],
            "chips": row["chips"],
            "counted_at": row["counted_at"],
        }
        for row in rows
    ]
    return sorted(counted, key=lambda row: (-row["chips"], row["name"]))


def chip_count_check(tournament: Tournament) -> dict[str, Any]:
    """The counted total against the chips in play (entries, rebuys, add-ons);
    complete only when every seated player has a count."""
    counted = chip_counts_current(tournament)
    seated = Seat.objects.filter(table__tournament=tournament, entry__isnull=False).count()
    in_play = tournament_summary(tournament)["chips_in_play"]
    total = sum(row["chips"] for row in counted)
    return {
        "counted_players": len(counted),
        "seated_players": seated,
        "counted_total": total,
        "chips_in_play": in_play,
        "difference": total - in_play if len(counted) == seated else None,
        "average": total // len(counted) if counted else None,
    }
