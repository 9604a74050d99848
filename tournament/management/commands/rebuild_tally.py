"""Recount the entry tally from the entries, on purpose (README "Production").

``migrate`` never does this (it would take the entry table's lock while the
floor plays); run it when the system check ``tournament.W001`` says the
tally's triggers are missing, or to be sure after repairing the database by
hand. Floor writes wait for it a moment; it puts missing triggers back.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import DEFAULT_DB_ALIAS

from tournament.tally import entry_tally_rebuild


class Command(BaseCommand):
    help = "Recount the entry tally from the entries and put back missing tally triggers."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="database alias")

    def handle(self, *args: Any, **options: Any) -> None:
        missing = entry_tally_rebuild(using=options["database"])
        if missing:
            self.stdout.write(f"Triggers put back: {', '.join(sorted(missing))}.")
        self.stdout.write("Entry tally recounted from the entries.")
