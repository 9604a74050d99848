"""Back up the whole database to one file (README "Backup and restore").

Safe while the servers run: PostgreSQL through ``pg_dump``, SQLite through
its online backup API. ``--keep N`` then deletes all but the newest N
backups this command named in the same directory (the nightly compose
service keeps 14).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.backup import (
    BackupError,
    backup_create,
    backup_path,
    backups_prune,
    kind_of_database,
)


class Command(BaseCommand):
    help = "Back up the database to PATH (default: a new file named by the time in BACKUP_DIR)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "path", nargs="?", help="file to write, or a directory for a file named by the time"
        )
        parser.add_argument(
            "--keep",
            type=int,
            metavar="N",
            help="then delete all but the newest N backups made by this command in that directory",
        )
        parser.add_argument("--database", default="default", help="database alias")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["keep"] is not None and options["keep"] < 1:
            raise CommandError("--keep must be 1 or more.")
        using = options["database"]
        try:
            kind = kind_of_database(using)
            target = Path(options["path"] or settings.BACKUP_DIR)
            if target.is_dir() or not options["path"]:
                target = backup_path(target, kind)
            written = backup_create(path=target, using=using)
            self.stdout.write(f"Backup written: {written} ({written.stat().st_size} bytes).")
            if options["keep"] is not None:
                for old in backups_prune(directory=written.parent, kind=kind, keep=options["keep"]):
                    self.stdout.write(f"Old backup deleted: {old}")
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
