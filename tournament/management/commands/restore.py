"""Restore the whole database from a file made by ``manage.py backup``.

Everything in the configured database is replaced. Stop the web processes,
the worker and the clock loop first: on PostgreSQL the command refuses while
other sessions are connected (``--force`` overrides); SQLite cannot tell.
A file of the other database's kind, or a damaged one, is refused before
anything changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.backup import BackupError, backup_check, backup_restore, other_connections


class Command(BaseCommand):
    help = "Replace everything in the database with a backup made by 'manage.py backup'."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="the backup file")
        parser.add_argument("--yes", action="store_true", help="do not ask for confirmation")
        parser.add_argument(
            "--force",
            action="store_true",
            help="restore even while other processes are connected (PostgreSQL)",
        )
        parser.add_argument("--database", default="default", help="database alias")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["path"])
        using = options["database"]
        try:
            backup_check(path=path, using=using)
            self._refuse_while_connected(using, force=options["force"])
            if not options["yes"] and not self._confirmed(path):
                raise CommandError("Restore cancelled; nothing was changed.")
            backup_restore(path=path, using=using)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"Restored {path}. A backup from an older release needs "
            "'python manage.py migrate' before the servers start."
        )

    def _refuse_while_connected(self, using: str, *, force: bool) -> None:
        others = other_connections(using)
        if others and not force:
            raise CommandError(
                f"{others} other sessions are connected to the database: stop the web "
                'processes, the worker and the clock loop first (README "Backup and '
                'restore"), or pass --force. Nothing was changed.'
            )

    def _confirmed(self, path: Path) -> bool:
        self.stdout.write(
            f"This replaces every tournament, player and log in the database with {path}.\n"
            "The web processes, the worker and the clock loop must be stopped."
        )
        try:
            answer = input("Type 'yes' to restore: ")
        except EOFError:
            return False
        return answer.strip().lower() == "yes"
