"""Recount the kept counts, on purpose (README "Production"): the entry tally
from the entries (tournament/tally.py, tournament/services/recount.py) and how many sit at each table from the
seats (tables/counts.py).

``migrate`` never does this on PostgreSQL (it would take the entry and seat
tables' locks while the floor plays); run it when the system check
``tournament.W001`` or ``tables.W001`` says triggers are missing, or to be
sure after repairing the database by hand. Floor writes wait for it a moment;
it puts missing triggers back. It lives in the tables app, which sits above
the core and may use both.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import DEFAULT_DB_ALIAS

from tables.counts import seated_rebuild
from tournament.services.recount import entry_tally_rebuild


class Command(BaseCommand):
    help = (
        "Recount the entry tally from the entries and each table's players from its seats; "
        "put back missing triggers."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="database alias")

    def handle(self, *args: Any, **options: Any) -> None:
        missing = entry_tally_rebuild(using=options["database"])
        missing |= seated_rebuild(using=options["database"])
        if missing:
            self.stdout.write(f"Triggers put back: {', '.join(sorted(missing))}.")
        self.stdout.write("Entry tally recounted from the entries.")
        self.stdout.write("Players at each table recounted from the seats.")
