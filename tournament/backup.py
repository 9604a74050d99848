"""Backup and restore of the whole database (README "Backup and restore").

PostgreSQL: ``pg_dump -Fc`` takes one consistent snapshot while the servers
write. A restore first turns the archive into SQL (``pg_restore``, which
reads every byte and so finds a damaged file), then runs it with ``psql`` in
one transaction, after dropping the tables the backup does not have: the
database ends up exactly as backed up, or, on any error, untouched. The
connection settings come from ``DATABASES``; the password goes to the tools
in ``PGPASSWORD``, never on their command line (other users of the machine
can read command lines).

SQLite: Python's online backup API (``sqlite3.Connection.backup``) copies the
database in one step under a read lock, so the copy is consistent while the
server writes; a restore copies the file back the same way, in one
transaction of the target database.

Django's ``dumpdata``/``loaddata`` cannot restore a room: the entry tally's
triggers (``tournament/tally.py``) count the entries as they load, then the
dumped tally rows collide with the counted ones.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import tempfile
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper

# Names of the files this module makes (and the only ones --keep removes).
NAME = re.compile(r"tournament-\d{8}T\d{6}Z(\.sqlite3|\.dump)")
PG_SETTINGS = (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("NAME", "PGDATABASE"))
PG_OPTIONS = (
    ("sslmode", "PGSSLMODE"),
    ("sslrootcert", "PGSSLROOTCERT"),
    ("sslcert", "PGSSLCERT"),
    ("sslkey", "PGSSLKEY"),
)


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why."""


@dataclass(frozen=True)
class Kind:
    vendor: str
    label: str
    suffix: str
    magic: bytes


SQLITE = Kind("sqlite", "SQLite", ".sqlite3", b"SQLite format 3\x00")
POSTGRESQL = Kind("postgresql", "PostgreSQL (pg_dump)", ".dump", b"PGDMP")
KINDS = {kind.vendor: kind for kind in (SQLITE, POSTGRESQL)}


def kind_of_database(using: str = "default") -> Kind:
    vendor = connections[using].vendor
    if vendor not in KINDS:  # pragma: no cover - the two databases we run on
        raise BackupError(f"No backup for a {vendor} database.")
    return KINDS[vendor]


def kind_of_file(path: Path) -> Kind:
    try:
        with path.open("rb") as file:
            head = file.read(16)
    except OSError as exc:
        raise BackupError(f"Cannot read {path}: {exc.strerror}.") from exc
    for kind in KINDS.values():
        if head.startswith(kind.magic):
            return kind
    raise BackupError(f"{path} is not a backup made by 'manage.py backup'.")


def backup_path(directory: Path, kind: Kind, now: datetime | None = None) -> Path:
    """A new file in ``directory`` named by the time (UTC, so names sort by age)."""
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    return directory / f"tournament-{moment:%Y%m%dT%H%M%SZ}{kind.suffix}"


def backup_create(*, path: Path, using: str = "default") -> Path:
    """Write a backup of the database to ``path`` (never over an existing file)."""
    kind = kind_of_database(using)
    if path.exists():
        raise BackupError(f"{path} exists already; a backup never overwrites a file.")
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written under another name first: a file with the final name is complete.
    partial = path.with_name(f".{path.name}.partial")
    try:
        if kind is SQLITE:
            _sqlite_backup(connections[using], partial)
        else:
            _run(["pg_dump", "--format=custom", f"--file={partial}"], using=using)
        backup_check(path=partial, using=using)
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)
    return path


def backups_prune(*, directory: Path, kind: Kind, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups of this kind that we named."""
    ours = sorted(
        path for path in directory.glob(f"tournament-*{kind.suffix}") if NAME.fullmatch(path.name)
    )
    old = ours[: max(len(ours) - keep, 0)]
    for path in old:
        path.unlink()
    return old


def backup_check(*, path: Path, using: str = "default") -> None:
    """Refuse a file of the other kind, a damaged file, or one that is no room's database."""
    wanted = kind_of_database(using)
    found = kind_of_file(path)
    if found is not wanted:
        raise BackupError(
            f"{path} is a {found.label} backup; the configured database is {wanted.label}."
        )
    if found is SQLITE:
        _sqlite_check(path)
    else:
        _pg_archive_check(path, using=using)


def other_connections(using: str = "default") -> int:
    """Other sessions on the database (PostgreSQL; SQLite cannot tell: 0).

    Our own process's pool is closed first, and the count is made by ``psql``,
    so only other processes' sessions count: the web processes, the worker,
    the clock loop.
    """
    connection = connections[using]
    if connection.vendor != "postgresql":
        return 0
    connection.close()
    if connection.settings_dict["OPTIONS"].get("pool"):
        connection.close_pool()
    count = _run(
        ["psql", "--no-psqlrc", "--tuples-only", "--no-align", "--command"]
        + [
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND backend_type = 'client backend'"
        ],
        using=using,
    )
    return int(count.strip())


def backup_restore(*, path: Path, using: str = "default") -> None:
    """Replace everything in the database with the backup, or change nothing."""
    backup_check(path=path, using=using)
    connection = connections[using]
    if connection.vendor == "sqlite":
        _sqlite_restore(connection, path)
    else:
        _pg_restore(connection, path, using=using)


# --- SQLite ------------------------------------------------------------------------


def _sqlite_backup(connection: BaseDatabaseWrapper, target: Path) -> None:
    connection.ensure_connection()
    with closing(sqlite3.connect(target)) as copy:
        connection.connection.backup(copy)


def _sqlite_check(path: Path) -> None:
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
            db.execute("SELECT count(*) FROM django_migrations").fetchone()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is damaged or no room's database: {exc}.") from exc
    if problems != ["ok"]:
        raise BackupError(f"{path} is damaged: {'; '.join(problems[:3])}.")


def _sqlite_restore(connection: BaseDatabaseWrapper, path: Path) -> None:
    connection.ensure_connection()
    if not connection.get_autocommit():
        raise BackupError("Restore cannot run inside a transaction.")
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as source:
            source.backup(connection.connection)
    except sqlite3.Error as exc:
        raise BackupError(f"Restore failed, nothing was changed: {exc}.") from exc


# --- PostgreSQL --------------------------------------------------------------------


def pg_environment(settings: dict) -> dict[str, str]:
    """The libpq variables for the tools: the connection without a command line."""
    env = dict(os.environ)
    for key, variable in PG_SETTINGS:
        if settings.get(key):
            env[variable] = str(settings[key])
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings["PASSWORD"])
    options = settings.get("OPTIONS") or {}
    for key, variable in PG_OPTIONS:
        if options.get(key):
            env[variable] = str(options[key])
    return env


def _run(command: list[str], *, using: str, what: str = "") -> str:
    env = pg_environment(connections[using].settings_dict)
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise BackupError(
            f"{command[0]} is not installed: install the PostgreSQL client tools "
            "of the server's version (Debian: postgresql-client)."
        ) from exc
    if done.returncode != 0:
        detail = done.stderr.strip().splitlines()[-3:]
        raise BackupError(f"{what or command[0] + ' failed'}: {' '.join(detail)}")
    return done.stdout


def _pg_archive_check(path: Path, *, using: str) -> None:
    damaged = f"{path} is damaged"
    listing = _run(["pg_restore", "--list", str(path)], using=using, what=damaged)
    # --list reads only the table of contents; writing the SQL reads every byte.
    _run(["pg_restore", f"--file={os.devnull}", str(path)], using=using, what=damaged)
    if "django_migrations" not in _pg_tables(listing):
        raise BackupError(f"{path} is no room's database (it has no django_migrations table).")


def _pg_tables(listing: str) -> set[str]:
    tables = set()
    for line in listing.splitlines():
        parts = line.split()
        if not line.startswith(";") and parts[3:6] and parts[3:5] == ["TABLE", "public"]:
            tables.add(parts[5])
    return tables


def _pg_restore(connection: BaseDatabaseWrapper, path: Path, *, using: str) -> None:
    listing = _run(["pg_restore", "--list", str(path)], using=using)
    with connection.cursor() as cursor:
        present = set(connection.introspection.table_names(cursor, include_views=False))
    extra = sorted(present - _pg_tables(listing))
    with tempfile.TemporaryDirectory(prefix="tournament-restore-") as scratch:
        drops, script = Path(scratch) / "drop.sql", Path(scratch) / "restore.sql"
        drops.write_text(
            "".join(
                f"DROP TABLE IF EXISTS public.{connection.ops.quote_name(table)} CASCADE;\n"
                for table in extra
            )
        )
        restore = ["pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges"]
        _run([*restore, f"--file={script}", str(path)], using=using, what=f"{path} is damaged")
        connection.close()  # our own session must not hold a lock the restore waits for
        # Both files in one transaction (--single-transaction spans every --file).
        _run(
            ["psql", "--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1"]
            + [f"--file={drops}", f"--file={script}"],
            using=using,
            what="Restore failed, nothing was changed",
        )
