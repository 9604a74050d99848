"""The entry tally the database keeps (tournament/tally.py) matches the entries
whatever writes them: services, bulk inserts, queryset updates, deletes, and
after the triggers had been lost (SQLite drops them when a migration rebuilds
the table); the migrations install them once and a migrate with nothing to
apply touches neither them nor the tally (README "Production")."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from django.core.management import call_command
from django.db import connection, migrations
from django.db.migrations.loader import MigrationLoader
from django.test.utils import CaptureQueriesContext

from tournament.models import Entry, EntryTally, Player
from tournament.summary import entry_counts
from tournament.tally import (
    TALLY,
    InstallEntryTally,
    check_entry_tally,
    entry_tally_triggers_missing,
)


def tally_of(tournament_id: int) -> dict[tuple[str, int], tuple[int, int, int]]:
    return {
        (status, number_class): (n, rebuys, addons)
        for status, number_class, n, rebuys, addons in EntryTally.objects.filter(
            tournament_id=tournament_id, entries__gt=0
        ).values_list("status", "number_class", "entries", "rebuys", "addons")
    }


def counted(tournament_id: int) -> dict[tuple[str, int], tuple[int, int, int]]:
    totals: Counter = Counter()
    rebuys: Counter = Counter()
    addons: Counter = Counter()
    for entry in Entry.objects.filter(tournament_id=tournament_id):
        key = (entry.status, min(entry.number, 2))
        totals[key] += 1
        rebuys[key] += entry.rebuys
        addons[key] += entry.addons
    return {key: (totals[key], rebuys[key], addons[key]) for key in totals}


@pytest.fixture
def field(tournament):
    players = Player.objects.bulk_create(Player(name=f"Player {i}") for i in range(12))
    Entry.objects.bulk_create(
        Entry(tournament_id=tournament["id"], player=player, status="seated") for player in players
    )
    return tournament["id"], players


def test_bulk_inserts_updates_and_deletes_keep_the_tally(field):
    tournament_id, players = field
    assert tally_of(tournament_id) == {("seated", 1): (12, 0, 0)}

    Entry.objects.filter(player__in=players[:3]).update(status="busted", place=1)
    Entry.objects.filter(player__in=players[3:5]).update(rebuys=2, addons=1)
    Entry.objects.filter(player=players[0]).update(place=None, status="busted")
    Entry.objects.create(tournament_id=tournament_id, player=players[0], number=2, rebuys=1)
    Entry.objects.filter(player=players[11]).delete()

    assert (
        tally_of(tournament_id)
        == counted(tournament_id)
        == {
            ("busted", 1): (3, 0, 0),
            ("seated", 1): (8, 4, 2),
            ("registered", 2): (1, 1, 0),
        }
    )


def test_the_counts_of_the_summary_come_from_the_tally(field, api):
    tournament_id, players = field
    entry = Entry.objects.get(player=players[1])
    assert api.post(f"/entries/{entry.pk}/bust").status_code == 200
    # A write the services never make: the tally, kept by the database, still sees it.
    Entry.objects.filter(player=players[2]).update(status="disqualified")

    counts = entry_counts(entry.tournament)
    assert (counts.entries, counts.remaining, counts.out) == (12, 10, 2)
    shown = api.get(f"/tournaments/{tournament_id}").json()
    assert (shown["entries"], shown["remaining"]) == (12, 10)


def drop_the_triggers() -> None:
    with connection.cursor() as cursor:
        on_table = "" if connection.vendor == "sqlite" else " ON tournament_entry"
        for name in ("insert", "delete", "update"):
            cursor.execute(f"DROP TRIGGER {TALLY}_{name}{on_table}")


def test_the_migrations_install_the_triggers(db):
    # The test database was made by running every migration: a later migration
    # that rebuilt tournament_entry on SQLite without InstallEntryTally() at its
    # end would have dropped them.
    assert entry_tally_triggers_missing(connection) == set()
    assert check_entry_tally(databases=["default"]) == []


def test_lost_triggers_come_back_with_a_true_tally_from_rebuild_tally(field):
    tournament_id, players = field
    drop_the_triggers()
    Entry.objects.filter(player__in=players[:4]).update(status="waiting")
    assert tally_of(tournament_id) != counted(tournament_id)
    [warning] = check_entry_tally(databases=["default"])
    assert warning.id == "tournament.W001" and "rebuild_tally" in warning.hint

    out = io.StringIO()
    call_command("rebuild_tally", stdout=out)

    assert "Triggers put back" in out.getvalue()
    assert tally_of(tournament_id) == counted(tournament_id)
    Entry.objects.filter(player=players[5]).update(status="busted", place=12)
    assert tally_of(tournament_id) == counted(tournament_id)
    assert check_entry_tally(databases=["default"]) == []


def test_rebuild_tally_recounts_a_tally_gone_wrong(field):
    tournament_id, _players = field
    EntryTally.objects.filter(tournament_id=tournament_id).update(entries=99)
    out = io.StringIO()
    call_command("rebuild_tally", stdout=out)
    assert out.getvalue().splitlines()[0] == "Entry tally recounted from the entries."
    assert tally_of(tournament_id) == counted(tournament_id) == {("seated", 1): (12, 0, 0)}


WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|LOCK|TRUNCATE)\b", re.I)


def test_a_migrate_with_nothing_to_apply_writes_nothing(field):
    tournament_id, _players = field
    call_command("migrate", verbosity=0)  # whatever the test database still lacked
    EntryTally.objects.filter(tournament_id=tournament_id).update(entries=99)
    with CaptureQueriesContext(connection) as queries:
        call_command("migrate", verbosity=0)
    written = [q["sql"] for q in queries.captured_queries if WRITES.match(q["sql"])]
    assert written == []
    # The tally is only recounted when a director asks for it (rebuild_tally).
    assert tally_of(tournament_id) == {("seated", 1): (99, 0, 0)}


# Operations that make SQLite rebuild a table (and so drop its triggers).
REBUILDS = (
    migrations.AddField,
    migrations.AlterField,
    migrations.RemoveField,
    migrations.RenameField,
    migrations.AddConstraint,
    migrations.RemoveConstraint,
    migrations.AlterUniqueTogether,
)


def test_every_migration_that_changes_the_entry_table_after_the_triggers_reinstalls_them():
    # On PostgreSQL the triggers would survive such a migration; on SQLite
    # they would be gone. This finds the migration on either database.
    loader = MigrationLoader(None, ignore_no_migrations=True)
    with_tally = {key for key, m in loader.disk_migrations.items() if has_install(m.operations)}
    assert with_tally, "no migration installs the entry tally's triggers"
    forgotten = []
    for key, migration in loader.disk_migrations.items():
        if key[0] != "tournament":
            continue
        before = set(loader.graph.forwards_plan(key)) - {key}
        touched = [
            i
            for i, op in enumerate(migration.operations)
            if isinstance(op, REBUILDS) and op.model_name.lower() == "entry"
        ]
        if before & with_tally and touched and not has_install(migration.operations[touched[-1] :]):
            forgotten.append(key[1])
    assert forgotten == [], "end these migrations with InstallEntryTally() (tournament/tally.py)"


def has_install(operations) -> bool:
    return any(isinstance(op, InstallEntryTally) for op in operations)
