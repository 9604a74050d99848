"""The audit trail's checks (README "Audit trail").

    python manage.py audit verify              # every chain, the privacy log and the ledger
    python manage.py audit heads > heads.txt   # each scope's last line, to keep elsewhere
    python manage.py audit verify --heads heads.txt   # ... and those heads still there

``verify`` names the first line of each scope that was changed, removed or
inserted out of order, and exits non-zero then.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cashdesk.selectors import ledger_against_trail
from tournament.audit_verify import chains_walk, heads, heads_check, privacy_against_trail


class Command(BaseCommand):
    help = "Check the audit trail: verify walks every hash chain; heads prints each chain's end."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["verify", "heads"])
        parser.add_argument(
            "--heads", type=Path, help="heads printed by 'audit heads' before, to check too"
        )

    def handle(self, *args: Any, action: str, **options: Any) -> None:
        if action == "heads":
            for scope, (seq, own) in sorted(heads().items()):
                self.stdout.write(f"{scope} {seq} {own}")
            return
        walked = chains_walk()
        problems = [
            f"{found.scope} seq {found.seq}"
            + (f" (line {found.id})" if found.id is not None else "")
            + f": {found.what}"
            for found in walked.breaks or []
        ]
        problems += privacy_against_trail() + ledger_against_trail()
        if options["heads"] is not None:
            problems += heads_check(_read_heads(options["heads"]))
        for problem in problems:
            self.stdout.write(problem)
        said = f"{walked.scopes} chains, {walked.lines} lines"
        if problems:
            raise CommandError(f"audit trail: {len(problems)} problems in {said}")
        self.stdout.write(f"audit trail verified: {said}, privacy log and ledger match")


def _read_heads(path: Path) -> dict[str, tuple[int, str]]:
    kept = {}
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) != 3 or not parts[1].isdigit():
            raise CommandError(f"{path}: not a line of 'audit heads': {line!r}")
        kept[parts[0]] = (int(parts[1]), parts[2])
    return kept
