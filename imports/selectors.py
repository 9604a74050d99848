"""What the TD3 import page shows beside the service (README "Importing TD3 files").

The preview names, for a TD3 player whose name one of ours has, those
players; the director decides whether they are the same man by when each
last played, which this reads. After the import, the result page lists the
imported tournaments with their TD3 date and file. Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Max
from django.db.models.functions import Coalesce

from imports.models import Td3TournamentLink
from imports.services.td3_files import Upload
from imports.services.td3_import import td3_preview
from imports.services.td3_types import SeasonRef, Td3Preview
from tournament.models import Entry, LeagueSeason


@dataclass(frozen=True)
class Td3PreviewPage:
    preview: Td3Preview
    last_played: dict[int, datetime | None]  # per candidate player: his latest tournament


def players_last_played(player_ids: Sequence[int]) -> dict[int, datetime | None]:
    """When each player last played: the TD3 start of an imported evening, else its creation."""
    rows = (
        Entry.objects.filter(player_id__in=player_ids)
        .values("player_id")
        .annotate(last=Max(Coalesce("tournament__td3_link__started_at", "tournament__created_at")))
    )
    found = {row["player_id"]: row["last"] for row in rows}
    return {player_id: found.get(player_id) for player_id in player_ids}


def td3_preview_page(files: Sequence[Upload]) -> Td3PreviewPage:
    """The preview of these files and when each offered player last played."""
    preview = td3_preview(files)
    ids = sorted({ref.id for player in preview.players for ref in player.candidates})
    return Td3PreviewPage(preview=preview, last_played=players_last_played(ids))


@dataclass(frozen=True)
class ImportedRow:
    id: int
    name: str
    started_at: datetime | None  # when TD3 started it
    filename: str
    created: bool  # False: imported before (and updated when the file was a later save)


def td3_imported(
    *, created: Sequence[int], kept: Sequence[int], seasons: Sequence[int]
) -> tuple[list[ImportedRow], list[SeasonRef]]:
    """The imported tournaments (TD3's ones only) in the order they were played, and seasons."""
    links = Td3TournamentLink.objects.filter(tournament_id__in=[*created, *kept]).select_related(
        "tournament"
    )
    rows = sorted(
        (
            ImportedRow(
                id=link.tournament_id,
                name=link.tournament.name,
                started_at=link.started_at,
                filename=link.filename,
                created=link.tournament_id in created,
            )
            for link in links
        ),
        key=lambda row: (row.started_at is None, row.started_at or datetime.min, row.filename),
    )
    found = [
        SeasonRef(season.pk, season.name)
        for season in LeagueSeason.objects.filter(pk__in=seasons).order_by("name")
    ]
    return rows, found
