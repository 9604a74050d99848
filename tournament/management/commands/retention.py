"""Remove the contact data past the room's retention period (README "Player data").

The clock process does this once a day by itself; this command is for a
room that wants it from cron, or to see first what would go (``--dry-run``).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournament.selectors import retention_overview
from tournament.services.retention import contact_retention_run


class Command(BaseCommand):
    help = "Remove e-mail and phone of players whose retention period is over."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dry-run", action="store_true", help="list what would be removed, remove nothing"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["dry_run"]:
            overview = retention_overview()
            for contact in overview.due:
                self.stdout.write(
                    f"{contact.player_id}\t{contact.name}\tlast activity {contact.last_activity}"
                )
            self.stdout.write(f"{len(overview.due)} players' contact data would be removed.")
            return
        removed = contact_retention_run()
        self.stdout.write(f"Contact data of {removed} players removed.")
