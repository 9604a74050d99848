"""Helpers of the TD3 import tests: uploads, row counts, and the file's results beside ours."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from django.test import Client

from imports.models import Td3PlayerLink, Td3TournamentLink
from imports.rules.td3_model import Td3Tournament
from tournament.models import ActionLog, Entry, LeagueSeason, Player, PrizeAddition, Tournament

COUNTED = (Tournament, Entry, Player, ActionLog, LeagueSeason, PrizeAddition)


def upload(path: Path) -> tuple[str, bytes]:
    return (path.name, path.read_bytes())


def row_counts() -> dict[str, int]:
    counts = {model.__name__: model.objects.count() for model in COUNTED}
    counts["links"] = Td3TournamentLink.objects.count() + Td3PlayerLink.objects.count()
    return counts


def post_files(client: Client, token: str, path: str, files: list[tuple[str, bytes]], **form):
    """A multipart POST of ``files`` (field ``file``) to /api/v1{path}."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = {"file": [SimpleUploadedFile(name, content) for name, content in files], **form}
    return client.post(f"/api/v1{path}", data, HTTP_AUTHORIZATION=f"Bearer {token}")


def results_differences(td3: Td3Tournament, rows: list[dict]) -> list[str]:
    """Every player whose place or prize in ``rows`` (GET .../results) is not the file's."""
    links = dict(Td3PlayerLink.objects.values_list("td3_uuid", "player_id"))
    placed = {row["player"]: row for row in rows if not row["re_entered"]}
    places = td3.places()
    found = []
    for player in td3.field:
        if not td3.finished and player.out is None:
            continue  # still in when the file was saved: no place yet
        row = placed.get(links[player.uuid])
        ours = (row["place"], Decimal(row["prize"])) if row else None
        want = (places[player.uuid], td3.prize_of(player.uuid))
        if ours != want:
            found.append(f"{player.name}: TD3 {want}, ours {ours}")
    return found
