"""Redis going away is visible, and screens catch up when it returns.

Each test starts its own throw-away redis-server (never the shared one) and
points the app at it as production does (REDIS_URL and the Redis channel
layer), stops it and starts it again. Runs in both CI set-ups: it brings its
own Redis.
"""

from __future__ import annotations

import os
import threading
from time import monotonic
from unittest import mock

import pytest
import redis as redis_client
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.test import Client
from redis_support import REDIS_SERVER, ThrowawayRedis

from config.asgi import application
from screens import fanout
from tables.services.busts import BustReport, entries_bust
from tables.services.registration import entry_register
from tables.services.seating import seats_draw
from tables.services.tables import tables_create
from tournament.services.tournaments import TournamentSettings, tournament_create

pytestmark = [
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not REDIS_SERVER and not os.environ.get("REDIS_URL"),
        reason="needs redis-server (CI's production run always has it)",
    ),
]

HOST = [(b"host", b"localhost"), (b"origin", b"http://localhost")]
DEGRADED = {"type": "live", "state": "degraded"}
BACK = {"type": "live", "state": "ok"}


@pytest.fixture
def redis(tmp_path, settings):
    server = ThrowawayRedis(tmp_path / "redis.log").start()
    settings.REDIS_URL = server.url
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": server.url}]},
        }
    }
    yield server
    server.stop()


@pytest.fixture(autouse=True)
async def _clean_up_after_sockets():
    yield
    await fanout.stop_listening()
    await database_sync_to_async(connections.close_all)()


@database_sync_to_async
def make_tournament(director):
    tournament = tournament_create(settings=TournamentSettings(name="Outage Cup"), by=director)
    for name in ("Anna Keller", "Bernd Schulz"):
        entry_register(tournament_id=tournament.pk, by=director, name=name)
    return tournament


@database_sync_to_async
def register(tournament, director, name):
    return entry_register(tournament_id=tournament.pk, by=director, name=name)


@database_sync_to_async
def http_get(path: str, user=None):
    client = Client(HTTP_HOST="localhost")
    if user is not None:
        client.force_login(user)
    return client.get(path)


async def connect_display(tournament_id: int) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament_id}/display", headers=HOST
    )
    ok, _ = await socket.connect(timeout=5)
    assert ok
    return socket


async def test_screens_see_redis_go_poll_over_http_and_catch_up_when_it_returns(director, redis):
    tournament = await make_tournament(director)
    watching = await connect_display(tournament.pk)
    first = await watching.receive_json_from(timeout=5)
    assert first["type"] == "snapshot"
    assert (await http_get("/healthz")).json() == {"ok": True, "live": "ok"}

    redis.stop()
    assert await watching.receive_json_from(timeout=10) == DEGRADED
    assert (await http_get("/healthz")).json() == {"ok": True, "live": "degraded"}

    # The floor goes on: the registration succeeds although nothing is pushed.
    await register(tournament, director, "Clara Wagner")

    # A screen that connects now gets its snapshot at once, from the database.
    late = await connect_display(tournament.pk)
    snapshot = await late.receive_json_from(timeout=3)
    assert snapshot["type"] == "snapshot"
    assert snapshot["summary"]["entries"] == 3
    assert await late.receive_json_from(timeout=5) == DEGRADED

    # The screens poll this while pushes are down.
    polled = await http_get(f"/live/tournaments/{tournament.pk}/display?since={first['version']}")
    assert polled.status_code == 200
    assert polled.json()["summary"]["entries"] == 3
    unchanged = f"/live/tournaments/{tournament.pk}/display?since={snapshot['version']}"
    assert (await http_get(unchanged)).status_code == 204

    redis.start()
    # Each process resubscribes by itself and tells its screens.
    assert await watching.receive_json_from(timeout=20) == BACK
    assert await late.receive_json_from(timeout=20) == BACK
    # The screen that missed versions catches up without a reload ...
    await watching.send_json_to({"type": "snapshot", "since": first["version"]})
    caught_up = await watching.receive_json_from(timeout=5)
    assert caught_up["type"] == "snapshot"
    assert caught_up["version"] == snapshot["version"]
    assert caught_up["summary"]["entries"] == 3
    # ... the one that is current is told so in a few bytes ...
    await late.send_json_to({"type": "snapshot", "since": snapshot["version"]})
    assert await late.receive_json_from(timeout=5) == {
        "type": "current",
        "version": snapshot["version"],
    }
    # ... and pushes reach both again.
    await register(tournament, director, "Dieter Braun")
    for socket in (watching, late):
        update = await socket.receive_json_from(timeout=10)
        assert update["version"] == snapshot["version"] + 1
    assert (await http_get("/healthz")).json() == {"ok": True, "live": "ok"}
    await watching.disconnect()
    await late.disconnect()


async def test_a_screen_connecting_to_a_process_that_never_reached_redis_is_served(director, redis):
    tournament = await make_tournament(director)
    redis.stop()
    socket = await connect_display(tournament.pk)
    snapshot = await socket.receive_json_from(timeout=5)
    assert snapshot["type"] == "snapshot"
    assert snapshot["summary"]["entries"] == 2
    assert await socket.receive_json_from(timeout=5) == DEGRADED

    redis.start()
    assert await socket.receive_json_from(timeout=20) == BACK
    await register(tournament, director, "Clara Wagner")
    assert (await socket.receive_json_from(timeout=10))["version"] == snapshot["version"] + 1
    await socket.disconnect()


@database_sync_to_async
def seat_everyone(tournament, director):
    tables_create(tournament_id=tournament.pk, count=1, seats=9, by=director)
    seats_draw(tournament_id=tournament.pk, by=director)
    fanout.sent(timeout=5)  # the draw's messages are out before a screen connects


@database_sync_to_async
def bust_first_seated(tournament, director):
    """Bust a player; also which threads sent PUBLISH to Redis meanwhile."""
    entry = tournament.entries.filter(status="seated").order_by("pk").first()
    publishing: list[threading.Thread] = []
    original = redis_client.Redis.publish

    def publish(client, *args, **kwargs):
        publishing.append(threading.current_thread())
        return original(client, *args, **kwargs)

    with mock.patch.object(redis_client.Redis, "publish", autospec=True, side_effect=publish):
        started = monotonic()
        [busted] = entries_bust(
            tournament_id=tournament.pk, reports=[BustReport(entry=entry.pk)], by=director
        )
        took = monotonic() - started
        fanout.sent(timeout=5)
    return busted, took, publishing, threading.current_thread()


async def test_a_hung_redis_neither_holds_up_a_bust_nor_goes_unnoticed_by_the_screens(
    director, redis, monkeypatch
):
    monkeypatch.setattr(fanout, "HEARTBEAT_SECONDS", 0.5)
    monkeypatch.setattr(fanout, "PONG_WAIT_SECONDS", 1.0)
    tournament = await make_tournament(director)
    await register(tournament, director, "Clara Wagner")
    await seat_everyone(tournament, director)
    watching = await connect_display(tournament.pk)
    assert (await watching.receive_json_from(timeout=5))["type"] == "snapshot"

    redis.pause()  # Redis hangs: it accepts connections and answers nothing
    try:
        busted, took, publishing, request = await bust_first_seated(tournament, director)
        assert busted.place == 3
        # Two publishes waiting for Redis took 4 s; the bust hands them on and returns.
        assert publishing and request not in publishing
        assert took < 3.0
        # The screens learn that pushes stopped, from the subscriber's unanswered PING.
        assert await watching.receive_json_from(timeout=15) == DEGRADED
    finally:
        redis.resume()
    assert await watching.receive_json_from(timeout=20) == BACK
    await watching.disconnect()


def test_staff_pages_show_a_banner_while_live_updates_are_down(director, redis):
    tournament = tournament_create(settings=TournamentSettings(name="Banner Cup"), by=director)
    staff = Client(HTTP_HOST="localhost")
    staff.force_login(director)
    page = f"/tournaments/{tournament.pk}/"

    html = staff.get(page).content.decode()
    assert "data-live-banner hidden" in html

    redis.stop()
    html = staff.get(page).content.decode()
    assert "data-live-banner hidden" not in html
    assert "Live updates are down" in html
    german = staff.get(page, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Live-Updates sind ausgefallen" in german

    public = Client(HTTP_HOST="localhost").get(f"/display/{tournament.pk}/").content.decode()
    assert "data-live-banner" not in public  # the room's screens just poll, quietly


def test_a_hung_redis_costs_the_staff_pages_one_timeout_not_one_each(director, redis):
    tournament = tournament_create(settings=TournamentSettings(name="Banner Cup"), by=director)
    staff = Client(HTTP_HOST="localhost")
    staff.force_login(director)
    page = f"/tournaments/{tournament.pk}/"
    assert "data-live-banner hidden" in staff.get(page).content.decode()

    redis.pause()
    try:
        with mock.patch.object(
            fanout, "_publisher_client", wraps=fanout._publisher_client
        ) as asked:
            for _ in range(3):
                assert "Live updates are down" in staff.get(page).content.decode()
        assert asked.call_count == 1  # then the pages say so without asking Redis again
    finally:
        redis.resume()
