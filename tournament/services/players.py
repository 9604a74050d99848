"""The room's player list: import from a CSV (after a preview) and export.

An imported row that names a player already on file (the same name and
e-mail) is not created again; neither is a row that repeats one above it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from tournament.errors import Invalid
from tournament.models import Player
from tournament.rules import player_import as rules

UNREADABLE = {
    rules.EMPTY: _("The file is empty."),
    rules.NO_NAME_COLUMN: _("The file has no name column (Name or Spieler)."),
    rules.TOO_MANY_ROWS: _("The file has more than 5,000 players; split it."),
}


@dataclass(frozen=True)
class PreviewRow:
    row: rules.ImportRow
    on_file: Player | None  # the player already on file with this name and e-mail

    @property
    def is_new(self) -> bool:
        return self.row.problem is None and self.on_file is None


def players_import_preview(text: str) -> list[PreviewRow]:
    """Each row of the file and what importing would do with it (nothing saved)."""
    try:
        rows = rules.read_players(text)
    except rules.UnreadableFile as exc:
        raise Invalid(UNREADABLE[exc.code]) from exc
    emails = {row.key[1] for row in rows if row.key is not None}
    on_file: dict[tuple[str, str], Player] = {}
    # One query for the whole file: players with any of its e-mails, matched by name here.
    candidates = Player.objects.annotate(email_key=Lower("email")).filter(email_key__in=emails)
    for player in candidates.order_by("id"):
        key = (" ".join(player.name.split()).casefold(), player.email.casefold())
        on_file.setdefault(key, player)
    return [PreviewRow(row=row, on_file=on_file.get(row.key) if row.key else None) for row in rows]


@dataclass(frozen=True)
class ImportReport:
    created: int
    skipped: int


def players_import(*, text: str, by: Any) -> ImportReport:
    """Create the new players of the file, all or none; returns how many."""
    with transaction.atomic():
        preview = players_import_preview(text)
        new = [
            Player(name=p.row.name, nickname=p.row.nickname, email=p.row.email, phone=p.row.phone)
            for p in preview
            if p.is_new
        ]
        Player.objects.bulk_create(new)
    return ImportReport(created=len(new), skipped=len(preview) - len(new))


def players_export_rows() -> list[tuple[str, str, str, str]]:
    return list(
        Player.objects.order_by("name", "id").values_list("name", "nickname", "email", "phone")
    )
