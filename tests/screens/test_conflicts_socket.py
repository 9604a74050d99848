"""The floor's conflicts reach every floor screen (README "When the network
drops", "Screen messages", part ``conflicts``): a queued action refused and its
resolution each come as a message on the floor socket, never on the public one."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from conftest import seated_tournament
from django.test import Client

from tables.models import Seat
from tables.services.busts import BustReport, entries_bust
from tables.services.conflicts import conflict_resolve
from tests.websocket_support import close_worker_thread_connections, socket_at  # noqa: F401
from tournament.api.auth import issue_token

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def eva_busted(director):
    """Eva is busted on one tablet (another tablet's queue sends her bust later)."""
    tournament = seated_tournament(director)
    eva = Seat.objects.get(table__tournament=tournament, entry__player__name="Eva Hoffmann")
    entries_bust(tournament_id=tournament.pk, reports=[BustReport(entry=eva.entry_id)], by=director)
    return tournament, eva.entry_id


@database_sync_to_async
def queued_bust(floor_user, entry_id: int) -> int:
    client = Client()
    client.force_login(floor_user)
    answer = client.post(
        f"/api/v1/entries/{entry_id}/bust",
        "{}",
        "application/json",
        headers={"Offline-Queue": "1", "Idempotency-Key": "tablet-2-0042", "Device-Name": "T2"},
    )
    return answer.status_code


async def test_a_refused_queued_bust_and_its_resolution_reach_the_floor_socket(
    director, floor_user
):
    tournament, eva = await eva_busted(director)
    token = await database_sync_to_async(issue_token)(director)
    floor, snapshot = await socket_at(f"/ws/tournaments/{tournament.pk}/floor?token={token}")
    display, public = await socket_at(f"/ws/tournaments/{tournament.pk}/display")
    assert snapshot["conflicts"] == {"open": 0, "list": []}
    assert "conflicts" not in public

    assert await queued_bust(floor_user, eva) == 409
    kept = await floor.receive_json_from(timeout=5)
    assert kept["type"] == "conflict" and kept["version"] == snapshot["version"] + 1
    assert kept["conflicts"]["open"] == 1
    [conflict] = kept["conflicts"]["list"]
    assert conflict["what"]["de"].startswith("Bust von Eva Hoffmann (Tisch ")
    assert conflict["what"]["en"].startswith("Bust of Eva Hoffmann (table ")
    assert conflict["by"] == "fritz" and conflict["device"] == "T2"
    assert conflict["refusal"]["status"] == 409
    assert conflict["refusal"]["message"]["de"] == (
        "Dieser Spieler ist bereits aus dem Turnier ausgeschieden."
    )
    # The public screens learn the version, nothing of the floor's conflicts.
    assert await display.receive_json_from(timeout=5) == {
        "type": "version",
        "version": kept["version"],
    }

    await database_sync_to_async(conflict_resolve)(
        conflict_id=conflict["id"], how="applied_differently", reason="", by=director
    )
    resolved = await floor.receive_json_from(timeout=5)
    assert resolved["type"] == "conflict_resolved"
    assert resolved["conflicts"] == {"open": 0, "list": []}
    await floor.disconnect()
    await display.disconnect()
