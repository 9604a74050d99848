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

from tables.counts import (
    LEVEL_TRIGGERS,
    TRIGGERS,
    check_seated_counts,
    seated_triggers_missing,
)
from tables.models import Seat, Table, TableLevel
from tests.tables.test_floor_api import start
from tournament.models import Entry


def kept(tournament_id: int) -> dict[int, int]:
    return dict(Table.objects.filter(tournament_id=tournament_id).values_list("number", "seated"))


def levels_kept(tournament_id: int) -> dict[tuple[str, int, int], int]:
    """The planner's levels as the database keeps them (zero rows left out)."""
    return {
        (status, seats, seated): n
        for status, seats, seated, n in TableLevel.objects.filter(
            tournament_id=tournament_id
        ).values_list("status", "seats", "seated", "tables")
        if n
    }


def levels_counted(tournament_id: int) -> dict[tuple[str, int, int], int]:
    """The same recounted from the tables and their seats."""
    seated = counted(tournament_id)
    return dict(
        Counter(
            (status, seats, seated[number])
            for number, status, seats in Table.objects.filter(
                tournament_id=tournament_id
            ).values_list("number", "status", "seats")
        )
    )


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
        sqlite = connection.vendor == "sqlite"
        for name in sorted(TRIGGERS):
            cursor.execute(f"DROP TRIGGER {name}{'' if sqlite else ' ON tables_seat'}")
        for name in sorted(LEVEL_TRIGGERS):
            cursor.execute(f"DROP TRIGGER {name}{'' if sqlite else ' ON tables_table'}")


@pytest.mark.django_db
def test_the_planners_levels_stay_equal_to_a_recount_whatever_writes_the_tables(api):
    game = start(api, players=20, tables=3)
    tid = game["id"]
    assert levels_kept(tid) == levels_counted(tid) != {}
    first, second = Seat.objects.filter(table__tournament_id=tid, entry__isnull=False).values_list(
        "entry_id", flat=True
    )[:2]
    # Through the floor: busts that balance and break, the moves carried out.
    for entry_id in (first, second):
        assert api.post(f"/entries/{entry_id}/bust").status_code == 200
        assert levels_kept(tid) == levels_counted(tid)
        for move in api.get(f"/tournaments/{tid}/moves").json():
            if move["status"] == "pending":
                api.post(f"/moves/{move['id']}/done")
        assert levels_kept(tid) == levels_counted(tid)
    # The second bust broke a table: 18 players fit at two.
    assert Table.objects.filter(tournament_id=tid, status=Table.Status.BROKEN).exists()
    # Writes no service makes: the database sees them all the same.
    tables = Table.objects.filter(tournament_id=tid)
    # More seats, never fewer: the button's seat stays on the table (its check).
    tables.filter(number=1).update(status=Table.Status.BROKEN, seats=10)
    Seat.objects.filter(table__tournament_id=tid, table__number=2).update(entry=None)
    assert levels_kept(tid) == levels_counted(tid)
    Table.objects.create(tournament_id=tid, number=99, seats=6)
    tables.filter(number=2).delete()
    assert levels_kept(tid) == levels_counted(tid)
    stale = Table.objects.get(tournament_id=tid, number=99)
    stale.status = Table.Status.OPEN
    stale.save()
    assert levels_kept(tid) == levels_counted(tid)


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
    assert levels_kept(tid) == levels_counted(tid)
    assert check_seated_counts(databases=["default"]) == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="two writers need PostgreSQL")
def test_two_writes_seating_at_once_keep_both_counts(api):
    """Two transactions seat a player each, both open at the same time: in
    different tournaments neither waits; in the same tournament the second
    waits (the planner's levels are the tournament's, and a floor write holds
    its tournament's lock anyway) and adds to what the first committed."""
    tid = start(api, players=4, tables=3)["id"]
    other = start(api, players=4, tables=3)["id"]
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
    waiting.append(Entry.objects.filter(tournament_id=other, status="seated").first())
    Seat.objects.filter(entry=waiting[-1]).update(entry=None)
    elsewhere = Seat.objects.filter(table__tournament_id=other, entry__isnull=True).first()
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

    # Another tournament: the second commits while the first is still open.
    first = threading.Thread(target=seat, args=(free[1][0], waiting[0], first_holds))
    first.start()
    assert first_holds.wait(10)
    second = threading.Thread(
        target=lambda: (seat(elsewhere.pk, waiting[3], None), second_done.set())
    )
    second.start()
    assert second_done.wait(10), "a write in another tournament waited for the first"
    # The same tournament, at the same table and at another: they wait, then add
    # to the committed counts.
    third = threading.Thread(target=seat, args=(free[1][1], waiting[2], None))
    fourth = threading.Thread(target=seat, args=(free[2][0], waiting[1], None))
    third.start()
    fourth.start()
    third.join(1)
    assert third.is_alive(), "a write at the same table did not wait for the first"
    release.set()
    for thread in (first, second, third, fourth):
        thread.join(10)
    assert errors == []
    assert kept(tid) == counted(tid)
    assert kept(tid)[1] == before[1] + 2 and kept(tid)[2] == before[2] + 1
    for tournament_id in (tid, other):
        assert levels_kept(tournament_id) == levels_counted(tournament_id)
