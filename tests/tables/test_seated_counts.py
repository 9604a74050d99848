"""How many sit at each table (Table.seated) is kept by the database (tables/counts.py):
whatever writes the seats (services, bulk updates, deletes, a stale table
saved again), after lost triggers (rebuild_tally), and on PostgreSQL with two
floor writes seating at once (README "How a floor action flows")."""

from __future__ import annotations

import io
import threading
from collections import Counter

import pytest
from django.core.management import call_command
from django.db import connection, connections, transaction

from tables.counts import TRIGGERS, check_seated_counts, seated_triggers_missing
from tables.models import Seat, Table
from tests.tables.test_floor_api import start
from tournament.models import Entry


def kept(tournament_id: int) -> dict[int, int]:
    return dict(Table.objects.filter(tournament_id=tournament_id).values_list("number", "seated"))


def counted(tournament_id: int) -> dict[int, int]:
    sitting = Counter(
        Seat.objects.filter(table__tournament_id=tournament_id, entry__isnull=False).values_list(
            "table__number", flat=True
        )
    )
    numbers = Table.objects.filter(tournament_id=tournament_id).values_list("number", flat=True)
    return {number: sitting[number] for number in numbers}


@pytest.mark.django_db
def test_any_write_of_the_seats_keeps_the_tables_counts(api):
    game = start(api, players=12, tables=2)
    tid = game["id"]
    assert kept(tid) == counted(tid) == {1: 6, 2: 6}
    seats = Seat.objects.filter(table__tournament_id=tid)

    # Writes the services never make: the database sees them all the same.
    first = seats.filter(table__number=1, entry__isnull=False).first()
    entry_id = first.entry_id
    seats.filter(pk=first.pk).update(entry=None)
    seats.filter(table__number=2, entry__isnull=True).filter(
        pk=seats.filter(table__number=2, entry__isnull=True).first().pk
    ).update(entry_id=entry_id)
    assert kept(tid) == counted(tid) == {1: 5, 2: 7}

    Entry.objects.filter(pk=entry_id).delete()  # the seat's entry is set to NULL
    assert kept(tid) == counted(tid) == {1: 5, 2: 6}

    table = Table.objects.get(tournament_id=tid, number=1)  # read before the seats change
    seats.filter(table__number=1).update(entry=None)
    table.halted = True
    table.save()  # a stale table saved again must not put its old count back
    assert kept(tid) == counted(tid) == {1: 0, 2: 6}

    seats.filter(table__number=2, entry__isnull=False).first().delete()
    assert kept(tid) == counted(tid) == {1: 0, 2: 5}


def drop_the_triggers() -> None:
    with connection.cursor() as cursor:
        on_table = "" if connection.vendor == "sqlite" else " ON tables_seat"
        for name in sorted(TRIGGERS):
            cursor.execute(f"DROP TRIGGER {name}{on_table}")


@pytest.mark.django_db
def test_the_migrations_install_the_triggers():
    assert seated_triggers_missing(connection) == set()
    assert check_seated_counts(databases=["default"]) == []


@pytest.mark.django_db
def test_lost_triggers_come_back_with_true_counts_from_rebuild_tally(api):
    tid = start(api, players=12, tables=2)["id"]
    drop_the_triggers()
    Seat.objects.filter(table__tournament_id=tid, table__number=1).update(entry=None)
    assert kept(tid) != counted(tid)
    [warning] = check_seated_counts(databases=["default"])
    assert warning.id == "tables.W001" and "rebuild_tally" in warning.hint

    out = io.StringIO()
    call_command("rebuild_tally", stdout=out)

    assert "Triggers put back" in out.getvalue()
    assert "recounted from the seats" in out.getvalue()
    assert kept(tid) == counted(tid) == {1: 0, 2: 6}
    Seat.objects.filter(table__tournament_id=tid, table__number=2).update(entry=None)
    assert kept(tid) == counted(tid) == {1: 0, 2: 0}
    assert check_seated_counts(databases=["default"]) == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="two writers need PostgreSQL")
def test_two_writes_seating_at_once_keep_both_counts(api):
    """Two transactions seat a player each, both open at the same time: at
    different tables neither waits; at the same table the second adds to
    what the first committed."""
    tid = start(api, players=4, tables=3)["id"]
    waiting = list(Entry.objects.filter(tournament_id=tid, status="seated")[:3])
    Seat.objects.filter(entry__in=waiting).update(entry=None)
    before = kept(tid)
    assert before == counted(tid)
    free = {
        number: list(
            Seat.objects.filter(
                table__tournament_id=tid, table__number=number, entry__isnull=True
            ).values_list("pk", flat=True)
        )
        for number in (1, 2)
    }
    first_holds = threading.Event()
    second_done = threading.Event()
    release = threading.Event()
    errors: list[BaseException] = []

    def seat(seat_id: int, entry: Entry, hold: threading.Event | None) -> None:
        try:
            with transaction.atomic():
                Seat.objects.filter(pk=seat_id).update(entry=entry)
                if hold is not None:
                    hold.set()
                    assert release.wait(10), "never released"
        except BaseException as error:  # reported by the test's own thread
            errors.append(error)
        finally:
            connections.close_all()

    # Different tables: the second commits while the first is still open.
    first = threading.Thread(target=seat, args=(free[1][0], waiting[0], first_holds))
    first.start()
    assert first_holds.wait(10)
    second = threading.Thread(
        target=lambda: (seat(free[2][0], waiting[1], None), second_done.set())
    )
    second.start()
    assert second_done.wait(10), "a write at another table waited for the first"
    # Same table as the open first write: it waits, then adds to the committed count.
    third = threading.Thread(target=seat, args=(free[1][1], waiting[2], None))
    third.start()
    third.join(1)
    assert third.is_alive(), "a write at the same table did not wait for the first"
    release.set()
    for thread in (first, second, third):
        thread.join(10)
    assert errors == []
    assert kept(tid) == counted(tid)
    assert kept(tid)[1] == before[1] + 2 and kept(tid)[2] == before[2] + 1
