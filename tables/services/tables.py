from __future__ import annotations

from typing import Any

from django.db.models import Max
from django.utils.translation import gettext_lazy as _

from tables.models import Seat, Table
from tables.services.planning import floor_replan
from tables.services.seating import seat_alternates, seats_are_drawn
from tournament import changes
from tournament.errors import Invalid, NotFound
from tournament.writes import tournament_write

TABLE_NOT_FOUND = _("Table not found.")
BAD_TABLE_COUNT = _("Open between 1 and 2000 tables at a time.")
BAD_SEAT_COUNT = _("A table has between 2 and 10 seats.")


def tables_create(
    *, tournament_id: int, count: int, seats: int | None, by: Any, reserve: bool = False
) -> list[Table]:
    """Open `count` new tables, numbered after the existing ones.

    Reserve tables stay closed until the field outgrows the open tables; then
    the next one in number order opens and balancing fills it (TDA 2019 rule 7).
    Once the seats are drawn, players waiting for a seat sit down at once (a
    reserve table opens for them) and the floor is balanced.
    """
    if not 1 <= count <= 2000:
        raise Invalid(BAD_TABLE_COUNT)
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        seats = seats or tournament.table_size
        if not 2 <= seats <= 10:
            raise Invalid(BAD_SEAT_COUNT)
        first = (tournament.tables.aggregate(n=Max("number"))["n"] or 0) + 1
        tables = Table.objects.bulk_create(
            Table(
                tournament=tournament,
                number=first + i,
                seats=seats,
                status=Table.Status.CLOSED if reserve else Table.Status.OPEN,
            )
            for i in range(count)
        )
        if not all(t.pk for t in tables):  # backends without RETURNING
            tables = list(tournament.tables.filter(number__gte=first).order_by("number"))
        Seat.objects.bulk_create(
            Seat(table=table, number=n) for table in tables for n in range(1, seats + 1)
        )
        w.log(
            "tables_reserved" if reserve else "tables_opened",
            {"numbers": [t.number for t in tables], "seats": seats},
        )
        drawn = seats_are_drawn(tournament)
        seated = seat_alternates(w) if drawn else []
        # A table opened on a running floor is balanced into at once, not at the next bust.
        plan = floor_replan(w) if seated or (drawn and not reserve) else None
        w.record(
            "tables",
            parts=(changes.TABLES,)
            + ((changes.SUMMARY, changes.PAYOUTS) if seated else ())
            + ((changes.MOVES,) if plan is not None else ()),
            tables=[t.number for t in tables],
            facts={"opened": [t.number for t in tables], "alternates_seated": seated}
            | ({"plan": plan.to_log()} if plan is not None else {}),
        )
    return tables


def table_get(table_id: int) -> Table:
    table = Table.objects.select_related("tournament").filter(pk=table_id).first()
    if table is None:
        raise NotFound(TABLE_NOT_FOUND)
    return table
