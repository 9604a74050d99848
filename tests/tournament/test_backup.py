"""manage.py backup and restore: a room in play comes back row for row.

On the embedded default these run on SQLite; in CI's production run
(``DATABASE_URL`` set) on PostgreSQL, restoring into a second database the
test creates and drops.
"""

from __future__ import annotations

import copy
import re
import subprocess
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from django.apps import apps
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection, connections
from django.db.models import F
from django.db.utils import OperationalError, load_backend

from tables.models import Seat, Table
from tables.services.registration import entry_register
from tests.rulings.conftest import seated, start
from tournament import backup
from tournament.models import Entry, EntryTally

pytestmark = pytest.mark.django_db(transaction=True)
POSTGRESQL = connection.vendor == "postgresql"
needs_postgresql = pytest.mark.skipif(not POSTGRESQL, reason="PostgreSQL only (CI runs it)")


@pytest.fixture
def fresh_database(tmp_path) -> Iterator[str]:
    """An empty second database of the configured kind, reached as alias ``fresh``."""
    default = connections["default"]
    fresh = copy.deepcopy(default.settings_dict)
    fresh["OPTIONS"] = {k: v for k, v in fresh["OPTIONS"].items() if k != "pool"}
    if POSTGRESQL:
        fresh["NAME"] = f"{default.settings_dict['NAME']}_fresh"
        quoted = default.ops.quote_name(fresh["NAME"])
        with default.cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {quoted} WITH (FORCE)")
            cursor.execute(f"CREATE DATABASE {quoted}")
    else:
        fresh["NAME"] = str(tmp_path / "fresh.sqlite3")
    # Made here rather than in settings: Django's test case refuses aliases it did not set up.
    connections["fresh"] = load_backend(fresh["ENGINE"]).DatabaseWrapper(fresh, "fresh")
    yield "fresh"
    connections["fresh"].close()
    del connections["fresh"]
    if POSTGRESQL:
        with default.cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {quoted} WITH (FORCE)")


def room_in_play(api, floor_api) -> int:
    """Tables drawn, busts, a re-entry, pending moves, a ruling with a penalty, payouts."""
    game = start(api, players=20, tables=3, max_entries=2, late_registration_levels=4)
    tid = game["id"]
    payouts = {"percentages": ["50", "30", "20"], "rounding": "1"}
    assert api.put(f"/tournaments/{tid}/payouts", payouts).status_code == 200
    added = api.post(f"/tournaments/{tid}/prize-additions", {"amount": "25", "note": "Bar"})
    assert added.status_code == 201, added.content
    busted = seated(game, 1)[:3]
    for player in busted:
        assert api.post(f"/entries/{player['entry']}/bust").status_code == 200
    player = Entry.objects.get(pk=busted[0]["entry"]).player_id
    again = api.post(f"/tournaments/{tid}/entries", {"player": player})
    assert again.status_code == 201, again.content
    assert api.get(f"/tournaments/{tid}/moves?status=pending").json(), "no move pending"
    offender = seated(game, 2)[0]["entry"]
    ruling = {
        "category": "etiquette",
        "situation": "Player berated the dealer after losing a pot.",
        "decision": "One round out.",
        "rules": ["TDA2019-69"],
        "table": 2,
        "penalty": {"entry": offender, "kind": "missed_rounds", "count": 1},
    }
    assert floor_api.post(f"/tournaments/{tid}/rulings", ruling).status_code == 201
    return tid


def every_row(using: str) -> dict[str, list[tuple]]:
    rows = {}
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.proxy or not meta.managed:
            continue
        fields = [field.attname for field in meta.concrete_fields]
        table = model._base_manager.using(using).order_by("pk")
        rows[meta.label] = list(table.values_list(*fields))
    return rows


def assert_tally_is_a_recount(using: str) -> None:
    entries = Entry.objects.using(using)
    tally = {
        (t, status, number_class): (n, rebuys, addons)
        for t, status, number_class, n, rebuys, addons in EntryTally.objects.using(using)
        .filter(entries__gt=0)
        .values_list("tournament_id", "status", "number_class", "entries", "rebuys", "addons")
    }
    recount: dict[tuple, tuple[int, int, int]] = {}
    for t, status, number, rebuys, addons in entries.values_list(
        "tournament_id", "status", "number", "rebuys", "addons"
    ):
        n, r, a = recount.get((t, status, min(number, 2)), (0, 0, 0))
        recount[(t, status, min(number, 2))] = (n + 1, r + rebuys, a + addons)
    assert tally == recount, "the entry tally differs from a recount"


def assert_floor_invariants(using: str) -> None:
    assert_tally_is_a_recount(using)
    entries = Entry.objects.using(using)
    holders = list(
        Seat.objects.using(using).filter(entry__isnull=False).values_list("entry_id", flat=True)
    )
    assert len(holders) == len(set(holders)), "a player holds two seats"
    assert set(holders) == set(entries.filter(status="seated").values_list("pk", flat=True))
    sitting = Counter(
        Seat.objects.using(using).filter(entry__isnull=False).values_list("table_id", flat=True)
    )
    for table_id, kept in Table.objects.using(using).values_list("pk", "seated"):
        assert kept == sitting[table_id], "a table's kept count differs from its seats"


def back_up(tmp_path: Path) -> Path:
    call_command("backup", str(tmp_path))
    [made] = [path for path in tmp_path.iterdir() if backup.NAME.fullmatch(path.name)]
    return made


def test_a_room_backed_up_in_play_comes_back_row_for_row_with_its_floor_invariants(
    api, floor_api, fresh_database, tmp_path
):
    room_in_play(api, floor_api)
    before = every_row("default")
    assert_floor_invariants("default")
    made = back_up(tmp_path)
    call_command("restore", str(made), yes=True, database=fresh_database)
    after = every_row(fresh_database)
    assert {k: len(v) for k, v in after.items()} == {k: len(v) for k, v in before.items()}
    assert after == before
    assert_floor_invariants(fresh_database)
    # The tally's triggers came back too: the restored room keeps counting.
    Entry.objects.using(fresh_database).filter(status="seated").update(rebuys=F("rebuys") + 2)
    assert_tally_is_a_recount(fresh_database)


def test_a_backup_taken_while_the_desk_registers_is_one_consistent_moment(
    api, fresh_database, tmp_path
):
    tid = start(api, players=10, tables=3, late_registration_levels=4)["id"]
    stop, busy = threading.Event(), threading.Event()
    registered = []

    def desk() -> None:
        try:
            while not stop.is_set():
                try:
                    entry_register(tournament_id=tid, by=None, name=f"Late {len(registered)}")
                except OperationalError:
                    continue  # SQLite's shared in-memory test database: "table is locked"
                registered.append(1)
                if len(registered) >= 3:
                    busy.set()
        finally:
            connections.close_all()

    thread = threading.Thread(target=desk)
    thread.start()
    try:
        assert busy.wait(timeout=60), "the desk never registered"
        made = back_up(tmp_path)
    finally:
        stop.set()
        thread.join()
    call_command("restore", str(made), yes=True, database=fresh_database)
    assert_floor_invariants(fresh_database)
    assert 13 <= Entry.objects.using(fresh_database).count() <= 10 + len(registered)


def test_restore_refuses_a_backup_of_the_other_kind_and_changes_nothing(
    api, fresh_database, tmp_path
):
    other = tmp_path / "other"
    if POSTGRESQL:
        other.write_bytes(b"SQLite format 3\x00" + bytes(4096))
        said = re.escape("is a SQLite backup; the configured database is PostgreSQL")
    else:
        other.write_bytes(b"PGDMP" + bytes(4096))
        said = re.escape("is a PostgreSQL (pg_dump) backup; the configured database is SQLite")
    with pytest.raises(CommandError, match=said):
        call_command("restore", str(other), yes=True, database=fresh_database)
    assert connections[fresh_database].introspection.table_names() == []


def test_restore_refuses_a_damaged_backup_and_changes_nothing(
    api, floor_api, fresh_database, tmp_path
):
    room_in_play(api, floor_api)
    made = back_up(tmp_path)
    cut = tmp_path / "cut" / made.name
    cut.parent.mkdir()
    cut.write_bytes(made.read_bytes()[: made.stat().st_size // 2])
    with pytest.raises(CommandError, match="is damaged"):
        call_command("restore", str(cut), yes=True, database=fresh_database)
    assert connections[fresh_database].introspection.table_names() == []


def test_restore_asks_first_and_anything_but_yes_changes_nothing(
    api, floor_api, fresh_database, tmp_path, monkeypatch
):
    room_in_play(api, floor_api)
    made = back_up(tmp_path)
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    with pytest.raises(CommandError, match="cancelled; nothing was changed"):
        call_command("restore", str(made), database=fresh_database)
    assert connections[fresh_database].introspection.table_names() == []
    monkeypatch.setattr("builtins.input", lambda prompt: "yes")
    call_command("restore", str(made), database=fresh_database)
    assert every_row(fresh_database) == every_row("default")


@needs_postgresql
def test_restore_refuses_while_another_process_is_connected(
    api, floor_api, fresh_database, tmp_path
):
    room_in_play(api, floor_api)
    made = back_up(tmp_path)
    env = backup.pg_environment(connections[fresh_database].settings_dict)
    server = subprocess.Popen(
        ["psql", "--no-psqlrc", "--quiet", "--command", "SELECT pg_sleep(30)"], env=env
    )
    try:
        # The "server" is connected once psql's session shows.
        for _ in range(100):
            if backup.other_connections(fresh_database):
                break
        with pytest.raises(CommandError, match="1 other sessions are connected"):
            call_command("restore", str(made), yes=True, database=fresh_database)
        assert connections[fresh_database].introspection.table_names() == []
        call_command("restore", str(made), yes=True, force=True, database=fresh_database)
    finally:
        server.kill()
        server.wait()
    assert every_row(fresh_database) == every_row("default")


@needs_postgresql
def test_a_restore_over_a_room_leaves_exactly_the_backup_or_on_failure_the_room_as_it_was(
    api, floor_api, fresh_database, tmp_path
):
    room_in_play(api, floor_api)
    made = back_up(tmp_path)
    call_command("restore", str(made), yes=True, database=fresh_database)
    with connections[fresh_database].cursor() as cursor:
        # A table a later release added goes: the database is the backup's.
        cursor.execute(
            "CREATE TABLE later (id int PRIMARY KEY, entry bigint REFERENCES tournament_entry)"
        )
    call_command("restore", str(made), yes=True, database=fresh_database)
    assert "later" not in connections[fresh_database].introspection.table_names()
    assert every_row(fresh_database) == every_row("default")
    # A view on the entries stops the restore half-way: one transaction, nothing changed.
    Entry.objects.using(fresh_database).update(rebuys=7)
    with connections[fresh_database].cursor() as cursor:
        cursor.execute("CREATE VIEW report AS SELECT id FROM tournament_entry")
    before = every_row(fresh_database), constraints(fresh_database)
    with pytest.raises(CommandError, match="Restore failed, nothing was changed"):
        call_command("restore", str(made), yes=True, database=fresh_database)
    assert (every_row(fresh_database), constraints(fresh_database)) == before
    assert set(Entry.objects.using(fresh_database).values_list("rebuys", flat=True)) == {7}


def constraints(using: str) -> list[tuple]:
    with connections[using].cursor() as cursor:
        cursor.execute(
            "SELECT table_name, constraint_name FROM information_schema.table_constraints"
            " WHERE table_schema = 'public' ORDER BY 1, 2"
        )
        return cursor.fetchall()


@needs_postgresql
def test_the_password_reaches_pg_dump_in_the_environment_never_on_its_command_line(
    api, tmp_path, monkeypatch
):
    calls = []
    real_run = subprocess.run

    def spy(command, **kwargs):
        calls.append((command, kwargs["env"]))
        return real_run(command, **kwargs)

    monkeypatch.setitem(connection.settings_dict, "PASSWORD", "s3cret-Pw")
    monkeypatch.setattr(backup.subprocess, "run", spy)
    back_up(tmp_path)
    assert calls and calls[0][0][0] == "pg_dump"
    for command, env in calls:
        assert not any("s3cret-Pw" in part for part in command)
        assert env["PGPASSWORD"] == "s3cret-Pw"


def test_backup_keeps_the_newest_it_made_and_leaves_other_files_alone(api, tmp_path):
    suffix = backup.kind_of_database().suffix
    older = [tmp_path / f"tournament-2026010{day}T030000Z{suffix}" for day in range(1, 6)]
    others = [tmp_path / "notes.txt", tmp_path / f"tournament-before-upgrade{suffix}"]
    for path in older + others:
        path.write_text("x")
    call_command("backup", str(tmp_path), keep=3)
    ours = sorted(p for p in tmp_path.iterdir() if backup.NAME.fullmatch(p.name))
    assert ours[:2] == older[-2:]
    assert len(ours) == 3 and ours[2] not in older
    assert all(path.exists() for path in others)


def test_backup_without_a_path_writes_a_new_file_named_by_the_time_in_backup_dir(
    api, tmp_path, settings
):
    settings.BACKUP_DIR = tmp_path / "backups"
    call_command("backup")
    [made] = (tmp_path / "backups").iterdir()
    assert backup.NAME.fullmatch(made.name)
    assert backup.kind_of_file(made) is backup.kind_of_database()


def test_backup_never_overwrites_a_file(api, tmp_path):
    there = tmp_path / "precious.dump"
    there.write_text("last week's backup")
    with pytest.raises(CommandError, match="exists already"):
        call_command("backup", str(there))
    assert there.read_text() == "last week's backup"


def test_the_compose_file_backs_up_every_night_into_a_volume_keeping_14():
    compose = yaml.safe_load((Path(settings.BASE_DIR) / "docker-compose.yml").read_text())
    service = next(
        s for s in compose["services"].values() if "manage.py backup" in str(s.get("command"))
    )
    assert "--keep 14" in str(service["command"])
    assert "86400" in str(service["command"])  # once a day
    # The default BACKUP_DIR in the image (VAR_DIR is /app/var) is a named volume.
    volumes = dict(reversed(v.split(":")) for v in service["volumes"])
    assert volumes["/app/var/backups"] in compose["volumes"]
