"""The rows a floor action names: found before the write (to know which
tournament to lock) and checked once it holds the lock."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tables.models import Seat, Table
from tournament.errors import ENTRY_NOT_FOUND, Conflict, NotFound
from tournament.models import Entry
from tournament.writes import write

TABLE_NOT_FOUND = _("Table not found.")
TABLE_BROKEN = _("This table is no longer in play.")
NOT_SEATED = _("Only a seated player can bust.")
ALREADY_OUT = _("This player is already out of the tournament.")


def entry_in(tournament_id: int | None, entry_id: int) -> Entry:
    """The entry with his player; not found when he plays another tournament."""
    entry = Entry.objects.select_related("player").filter(pk=entry_id).first()
    if entry is None or (tournament_id is not None and entry.tournament_id != tournament_id):
        raise NotFound(ENTRY_NOT_FOUND)
    return entry


def tournament_of_entry(entry_id: int) -> int:
    """The tournament an entry plays, read before locking that tournament."""
    return write.for_entry(entry_id).id


def tournament_of_table(table_id: int) -> int:
    """The tournament a table belongs to, read before locking that tournament."""
    return write.for_row(Table, table_id, TABLE_NOT_FOUND).id


def open_table(tournament: Any, table_id: int) -> Table:
    """A table of the locked tournament that is still in play."""
    table = tournament.tables.get(pk=table_id)
    if table.status != Table.Status.OPEN:
        raise Conflict(TABLE_BROKEN)
    return table


def occupied_seats(table: Table) -> list[int]:
    """The numbers of the seats a player sits on."""
    return list(
        Seat.objects.filter(table=table, entry__isnull=False).values_list("number", flat=True)
    )
