"""The live sockets as the screens use them (Channels' WebsocketCommunicator).

Auth, snapshot, deltas, version gaps, floor calls, announcements, and the
privacy of the public group.
"""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from conftest import assert_private_data_absent, seated_tournament
from django.contrib.auth import get_user_model
from django.test import Client

from config.asgi import application
from screens.services import announcement_clear, announcement_post, floor_call
from tables.models import Seat, Table
from tables.services.busts import BustReport, entries_bust
from tables.services.hand_for_hand import hand_for_hand_set
from tables.services.moves import table_break
from tests.websocket_support import HOST, close_worker_thread_connections  # noqa: F401
from tournament.api.auth import issue_token

pytestmark = pytest.mark.django_db(transaction=True)


def socket_for(tournament_id: int, audience: str, query: str = "", headers=None):
    return WebsocketCommunicator(
        application,
        f"/ws/tournaments/{tournament_id}/{audience}{query}",
        headers=headers or HOST,
    )


async def connected(tournament_id: int, audience: str, **kwargs):
    socket = socket_for(tournament_id, audience, **kwargs)
    ok, _ = await socket.connect()
    assert ok
    snapshot = await socket.receive_json_from(timeout=5)
    assert snapshot["type"] == "snapshot"
    return socket, snapshot


@database_sync_to_async
def make_tournament(director):
    return seated_tournament(director)


@database_sync_to_async
def seated_entry(tournament, name="Anna Keller"):
    return Seat.objects.get(table__tournament=tournament, entry__player__name=name).entry_id


@database_sync_to_async
def bust(tournament, director, entry_id):
    return entries_bust(
        tournament_id=tournament.pk, reports=[BustReport(entry=entry_id)], by=director
    )


async def test_display_snapshot_has_summary_seats_moves_and_announcements_by_public_name(
    director,
):
    tournament = await make_tournament(director)
    socket, snapshot = await connected(tournament.pk, "display")
    assert snapshot["audience"] == "display"
    assert snapshot["summary"]["remaining"] == 5
    # No seat list in the public snapshot: the board pages it, the lobby searches it.
    assert "tables" not in snapshot and "Anna" not in str(snapshot)
    assert snapshot["seating"]["players"] == 5
    assert snapshot["moves"] == [] and snapshot["announcements"] == []
    assert "clock" in snapshot and "clock_calls" in snapshot
    await socket.disconnect()


async def test_floor_refuses_anonymous_and_non_staff_and_accepts_a_staff_session(director):
    tournament = await make_tournament(director)
    anonymous = socket_for(tournament.pk, "floor")
    assert (await anonymous.connect())[0] is False

    outsider = await database_sync_to_async(get_user_model().objects.create_user)("olaf")
    token = await database_sync_to_async(issue_token)(outsider)
    stranger = socket_for(tournament.pk, "floor", query=f"?token={token}")
    assert (await stranger.connect())[0] is False
    forged = socket_for(tournament.pk, "floor", query="?token=not-a-token")
    assert (await forged.connect())[0] is False

    client = Client()
    await database_sync_to_async(client.force_login)(director)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    staff, snapshot = await connected(tournament.pk, "floor", headers=[*HOST, (b"cookie", cookie)])
    assert snapshot["audience"] == "floor"
    names = {p["name"] for t in snapshot["tables"] for p in t["players"]}
    assert "Anna Keller" in names
    await staff.disconnect()


async def test_a_bust_reaches_display_and_floor_as_a_small_versioned_delta(director):
    tournament = await make_tournament(director)
    display, first = await connected(tournament.pk, "display")
    token = await database_sync_to_async(issue_token)(director)
    floor, _ = await connected(tournament.pk, "floor", query=f"?token={token}")
    await bust(tournament, director, await seated_entry(tournament, "Bernd Schulz"))

    public = await display.receive_json_from(timeout=5)
    staff = await floor.receive_json_from(timeout=5)
    assert public["type"] == staff["type"] == "bust"
    assert public["version"] == staff["version"] == first["version"] + 1
    assert public["summary"]["remaining"] == 4
    # A delta: the floor gets the tables the bust or its planned moves touch, never
    # more; the public screens the seating counts, no seat list.
    involved = {m["from_table"] for m in staff["moves"]} | {m["to_table"] for m in staff["moves"]}
    busted_at = {t["number"] for t in staff["tables"]} - involved
    assert len(busted_at) <= 1
    assert "tables" not in public and public["seating"] == staff["seating"]
    assert public["seating"]["players"] == 4
    await display.disconnect()
    await floor.disconnect()


async def test_versions_have_no_gap_and_a_client_that_missed_some_resynchronises(director):
    tournament = await make_tournament(director)
    display, first = await connected(tournament.pk, "display")
    for name in ("Bernd Schulz", "Clara Wagner"):
        await bust(tournament, director, await seated_entry(tournament, name))
    one = await display.receive_json_from(timeout=5)
    two = await display.receive_json_from(timeout=5)
    assert [one["version"], two["version"]] == [first["version"] + 1, first["version"] + 2]

    # A screen that only saw the first message (a gap before `two`) asks for a snapshot.
    await display.send_json_to({"type": "snapshot"})
    fresh = await display.receive_json_from(timeout=5)
    assert fresh["type"] == "snapshot"
    assert fresh["version"] == two["version"]
    assert fresh["summary"]["remaining"] == 3
    await display.disconnect()


async def test_pong_carries_the_server_time_for_the_clock_offset(director):
    tournament = await make_tournament(director)
    display, snapshot = await connected(tournament.pk, "display")
    await display.send_json_to({"type": "ping", "client_time": 123})
    pong = await display.receive_json_from(timeout=5)
    assert pong["type"] == "pong" and pong["client_time"] == 123
    assert abs(pong["server_time"] - snapshot["clock"]["server_time"]) < 60_000
    await display.disconnect()


async def test_a_floor_call_alerts_the_floor_group_only(director):
    tournament = await make_tournament(director)
    display, first = await connected(tournament.pk, "display")
    token = await database_sync_to_async(issue_token)(director)
    floor, _ = await connected(tournament.pk, "floor", query=f"?token={token}")
    table = await database_sync_to_async(Table.objects.filter(tournament=tournament).first)()
    await database_sync_to_async(floor_call)(table_id=table.pk, by=director, reason="dispute")

    staff = await floor.receive_json_from(timeout=5)
    assert staff["type"] == "floor_call"
    assert staff["table"] == table.number and staff["reason"] == "dispute"
    public = await display.receive_json_from(timeout=5)
    assert public == {"type": "version", "version": first["version"] + 1}
    await display.disconnect()
    await floor.disconnect()


async def test_an_announcement_reaches_both_groups_and_stays_in_the_snapshot_until_cleared(
    director,
):
    tournament = await make_tournament(director)
    display, _ = await connected(tournament.pk, "display")
    await database_sync_to_async(announcement_post)(
        tournament_id=tournament.pk, text="  Dinner   break at 20:00 ", by=director
    )
    message = await display.receive_json_from(timeout=5)
    assert message["type"] == "announcement" and message["kind"] == "director"
    assert message["announcements"][0]["text"] == "Dinner break at 20:00"
    await display.send_json_to({"type": "snapshot"})
    assert (await display.receive_json_from(timeout=5))["announcements"][0]["text"] == (
        "Dinner break at 20:00"
    )
    await database_sync_to_async(announcement_clear)(tournament_id=tournament.pk, by=director)
    cleared = await display.receive_json_from(timeout=5)
    assert cleared["kind"] == "director_cleared" and cleared["announcements"] == []
    await display.send_json_to({"type": "snapshot"})
    assert (await display.receive_json_from(timeout=5))["announcements"] == []
    await display.disconnect()


async def test_no_display_message_ever_carries_email_phone_notes_or_full_names(director):
    tournament = await make_tournament(director)
    display, snapshot = await connected(tournament.pk, "display")
    seen = [snapshot]

    @database_sync_to_async
    def floor_actions():
        anna = Seat.objects.get(table__tournament=tournament, entry__player__name="Anna Keller")
        # Breaking Anna's table moves her by public name onto the other table.
        table_break(table_id=anna.table_id, by=director)
        hand_for_hand_set(tournament_id=tournament.pk, on=True, by=director)
        entries_bust(
            tournament_id=tournament.pk,
            reports=[BustReport(entry=anna.entry_id, starting_stack=20000)],
            by=director,
        )
        announcement_post(tournament_id=tournament.pk, text="Good luck", by=director)
        floor_call(table_id=anna.table_id, by=director)

    await floor_actions()
    while not await display.receive_nothing(timeout=0.5):
        seen.append(await display.receive_json_from(timeout=5))
    await display.send_json_to({"type": "snapshot"})
    seen.append(await display.receive_json_from(timeout=5))
    assert {m["type"] for m in seen} >= {"snapshot", "break", "hand_for_hand", "bust"}
    assert any("Anna K." in json.dumps(m) for m in seen[1:])
    for message in seen:
        assert_private_data_absent(json.dumps(message, ensure_ascii=False))
    await display.disconnect()


async def test_a_tablet_showing_one_area_gets_the_rows_of_its_area(director):
    """A large floor's tablet names its area (README "Screen messages"): its
    snapshot carries those rows only, over the socket and over HTTP."""
    tournament = await make_tournament(director)
    token = await database_sync_to_async(issue_token)(director)
    floor, snapshot = await connected(tournament.pk, "floor", query=f"?token={token}&tables=2")
    assert [t["number"] for t in snapshot["tables"]] == [2]
    whole, every = await connected(tournament.pk, "floor", query=f"?token={token}")
    assert [t["number"] for t in every["tables"]] == [1, 2]
    await floor.disconnect()
    await whole.disconnect()

    def over_http(query: str):
        client = Client()
        client.force_login(director)
        return client.get(f"/live/tournaments/{tournament.pk}/floor{query}")

    polled = await database_sync_to_async(over_http)("?tables=1&since=0")
    assert [t["number"] for t in json.loads(polled.content)["tables"]] == [1]
    refused = await database_sync_to_async(over_http)("?tables=nine")
    assert refused.status_code == 400 and "1-10" in refused.json()["detail"]
