"""Lift a sign-in lock before its window has passed (README "Production")."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.signin import unlock


class Command(BaseCommand):
    help = "Forget the wrong-password counts of one user name (every address), or all of them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", nargs="?", help="without it: every name and address")

    def handle(self, *args: Any, username: str | None = None, **options: Any) -> None:
        try:
            forgotten = unlock(username)
        except ImproperlyConfigured as exc:
            raise CommandError(f"{exc} Restart the server to forget its counts.") from exc
        self.stdout.write(f"{forgotten} sign-in counts forgotten.")
