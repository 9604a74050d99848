"""Import TD3 save files from the command line (README "Importing TD3 files").

``python manage.py import_td3 PATH...``: files, or folders searched for
``*.tdt`` files (sub-folders too). All files go in one transaction, as with
the API: a file that cannot be read stops the import, names the file and
what is wrong, changes nothing, and the command exits non-zero.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from imports.services.td3_files import Td3FilesInvalid
from imports.services.td3_import import td3_import
from imports.services.td3_types import Td3Report
from tournament.errors import DomainError


def _paths(arguments: list[str]) -> list[Path]:
    found: list[Path] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            found += sorted(
                p for p in path.rglob("*") if p.suffix.lower() == ".tdt" and p.is_file()
            )
        elif path.is_file():
            found.append(path)
        else:
            raise CommandError(f"{argument}: no such file or folder")
    if not found:
        raise CommandError("no .tdt files found")
    return found


def report_lines(report: Td3Report) -> list[str]:
    lines = [
        f"{t.id}\t{'created' if t.created else 'kept'}\t{t.name}\t{t.td3_uuid}"
        for t in report.tournaments
    ]
    created = sum(1 for t in report.tournaments if t.created)
    lines.append(f"Tournaments: {len(report.tournaments)} ({created} created)")
    lines += [f"Season: {season.name} (id {season.id})" for season in report.seasons]
    lines.append(f"Players: {report.players.created} created, {report.players.matched} matched")
    lines += [f"Warning: {warning}" for warning in report.warnings]
    return lines


class Command(BaseCommand):
    help = "Import TD3 save files (.tdt): files or folders, searched recursively."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", help="TD3 save files or folders holding them")

    def handle(self, *args: Any, **options: Any) -> None:
        paths = _paths(options["paths"])
        files = [(str(path), path.read_bytes()) for path in paths]
        try:
            report = td3_import(files, by=None)
        except Td3FilesInvalid as exc:
            details = "\n".join(problem["detail"] for problem in exc.problems)
            raise CommandError(f"{exc}\n{details}") from exc
        except DomainError as exc:
            raise CommandError(str(exc)) from exc
        for line in report_lines(report):
            self.stdout.write(line)
