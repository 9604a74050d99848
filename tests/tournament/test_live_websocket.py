"""Websockets through the real ASGI application (Channels' WebsocketCommunicator)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tables.services.registration import entry_register
from tests.websocket_support import HOST, close_worker_thread_connections  # noqa: F401
from tournament.api.auth import issue_token
from tournament.services.tournaments import TournamentSettings, tournament_create

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def make_tournament(director):
    return tournament_create(settings=TournamentSettings(name="Live"), by=director)


@database_sync_to_async
def register(tournament, director, name):
    return entry_register(
        tournament_id=tournament.pk, by=director, name=name, email="x@example.org", consent=True
    )


@database_sync_to_async
def token_for(user):
    return issue_token(user)


async def test_display_gets_a_snapshot_then_a_versioned_update_without_private_data(director):
    tournament = await make_tournament(director)
    socket = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament.pk}/display", headers=HOST
    )
    connected, _ = await socket.connect()
    assert connected
    snapshot = await socket.receive_json_from(timeout=5)
    assert snapshot["type"] == "snapshot"
    assert snapshot["summary"]["entries"] == 0
    await register(tournament, director, "Anna Keller")
    update = await socket.receive_json_from(timeout=5)
    assert update["version"] == snapshot["version"] + 1
    assert "example.org" not in str(update)
    await socket.disconnect()


async def test_floor_socket_refuses_anonymous_and_accepts_a_staff_token(director):
    tournament = await make_tournament(director)
    anonymous = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament.pk}/floor", headers=HOST
    )
    connected, _ = await anonymous.connect()
    assert not connected
    token = await token_for(director)
    staff = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament.pk}/floor?token={token}", headers=HOST
    )
    connected, _ = await staff.connect()
    assert connected
    assert (await staff.receive_json_from(timeout=5))["audience"] == "floor"
    await staff.disconnect()


async def test_a_client_that_missed_a_message_can_ask_for_a_fresh_snapshot(director):
    tournament = await make_tournament(director)
    socket = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament.pk}/display", headers=HOST
    )
    await socket.connect()
    await socket.receive_json_from(timeout=5)
    await register(tournament, director, "Bernd Schulz")
    await socket.receive_json_from(timeout=5)
    await socket.send_json_to({"type": "snapshot"})
    fresh = await socket.receive_json_from(timeout=5)
    assert fresh["type"] == "snapshot" and fresh["summary"]["entries"] == 1
    await socket.disconnect()


async def test_unknown_tournament_socket_is_refused(db):
    socket = WebsocketCommunicator(application, "/ws/tournaments/987654/display", headers=HOST)
    connected, _ = await socket.connect()
    assert not connected
