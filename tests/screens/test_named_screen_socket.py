"""A named screen's socket (README "Named screens"): its settings when it opens
and when they change, its reports, and the events its room's speaker sounds,
worded in its voice language and carrying display names only."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from conftest import PLAYERS, assert_private_data_absent, seated_tournament

from config.asgi import application
from signage.models import Screen
from signage.services import ScreenSettings, screen_create, screen_update
from tables.models import Table
from tables.services.moves import table_break
from tests.websocket_support import HOST, close_worker_thread_connections  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

# Four tables of four: one breaks, the others take its players (no final table yet).
FIELD = PLAYERS + [f"Gast {n}" for n in range(1, 12)]
SPEAKS = {"events": ["table_break", "move"], "voice": "de", "chime": False}


@database_sync_to_async
def speaking_screen(director):
    tournament = seated_tournament(director, tables=4, players=FIELD)
    screen = screen_create(
        settings=ScreenSettings(
            name="Eingang", tournaments=[tournament.pk], sound=SPEAKS, speaker=True
        )
    )
    return tournament, screen


async def opened(code: str):
    socket = WebsocketCommunicator(application, f"/ws/screens/{code}", headers=HOST)
    ok, _ = await socket.connect()
    assert ok
    return socket, await socket.receive_json_from(timeout=5)


async def test_a_screen_opens_with_its_settings_and_follows_a_change(director):
    tournament, screen = await speaking_screen(director)
    socket, settings = await opened(screen.code)
    assert settings["type"] == "screen"
    assert [(v["layout"], v["tournament"], v["seconds"]) for v in settings["views"]] == [
        ("clock", tournament.pk, 0)
    ]
    assert settings["sound"]["on"] is True
    await database_sync_to_async(screen_update)(
        screen_id=screen.pk, settings=ScreenSettings(layout="seats", language="en")
    )
    changed = await socket.receive_json_from(timeout=5)
    assert changed["views"][0]["layout"] == "seats" and changed["lang"] == "en"
    await socket.send_json_to({"type": "report", "showing": "seats · Screens Cup"})
    await socket.send_to(text_data="not json")
    await socket.send_json_to({"type": "ping", "client_time": 1})
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong"
    reported = await database_sync_to_async(Screen.objects.get)(pk=screen.pk)
    assert reported.showing == "seats · Screens Cup" and reported.last_seen is not None
    await socket.disconnect()


async def test_a_breaking_table_and_its_moves_are_said_in_the_rooms_words(director):
    tournament, screen = await speaking_screen(director)
    socket, _settings = await opened(screen.code)
    table = await database_sync_to_async(
        lambda: Table.objects.filter(tournament=tournament, seated__gt=0).order_by("number").first()
    )()
    await database_sync_to_async(table_break)(table_id=table.pk, by=director)
    announced = await socket.receive_json_from(timeout=5)
    assert announced["type"] == "announce"
    items = announced["items"]
    assert items[0]["id"] == f"{tournament.pk}:table_break:{table.number}"
    assert items[0]["text"] == f"Tisch {table.number} wird aufgelöst."
    moves = [item for item in items if item["kind"] == "move"]
    assert moves and all(", Tisch " in m["text"] and ", Sitz " in m["text"] for m in moves)
    assert_private_data_absent(str(announced))
    await socket.disconnect()


async def test_an_unknown_code_is_refused():
    socket = WebsocketCommunicator(application, "/ws/screens/nosuchcode", headers=HOST)
    ok, code = await socket.connect()
    assert not ok or code == 4404


async def test_only_the_rooms_speaker_announces(director):
    tournament, speaker = await speaking_screen(director)
    quiet = await database_sync_to_async(screen_create)(
        settings=ScreenSettings(name="Bar", tournaments=[tournament.pk], sound=SPEAKS)
    )
    socket, settings = await opened(quiet.code)
    assert settings["sound"]["on"] is False
    table = await database_sync_to_async(
        lambda: Table.objects.filter(tournament=tournament, seated__gt=0).first()
    )()
    await database_sync_to_async(table_break)(table_id=table.pk, by=director)
    # Made the speaker after the break: had the quiet screen announced the break,
    # that would have come first.
    await database_sync_to_async(screen_update)(
        screen_id=quiet.pk, settings=ScreenSettings(speaker=True)
    )
    message = await socket.receive_json_from(timeout=5)
    assert message["type"] == "screen" and message["sound"]["on"] is True
    former = await database_sync_to_async(Screen.objects.get)(pk=speaker.pk)
    assert former.speaker is False
    await socket.disconnect()


async def test_a_layout_or_the_rooms_look_saved_reaches_the_tvs_that_show_it(director):
    """The composer is the only way out: a layout or the look saved is recorded by
    its write and the screens layer tells every TV, which fetches its board again
    only when what it shows changed (README "Named screens")."""
    from layouts.services import layout_create, layout_update, look_update

    tournament, screen = await speaking_screen(director)
    own = await database_sync_to_async(layout_create)(name="Bar", tiles=[], by=director)
    other = await database_sync_to_async(layout_create)(name="Eingang", tiles=[], by=director)
    await database_sync_to_async(screen_update)(
        screen_id=screen.pk, settings=ScreenSettings(layout=str(own.pk))
    )
    socket, settings = await opened(screen.code)
    before = settings["views"][0]["url"]
    await database_sync_to_async(layout_update)(layout_id=other.pk, name="Lobby", by=director)
    assert await socket.receive_nothing(timeout=0.5)  # another layout: nothing to draw again
    await database_sync_to_async(layout_update)(layout_id=own.pk, name="Bar 2", by=director)
    edited = (await socket.receive_json_from(timeout=5))["views"][0]["url"]
    assert edited != before and edited.startswith(before.split("&edited=")[0])
    await database_sync_to_async(look_update)(values={"accent_colour": "#ff0000"}, by=director)
    looked = (await socket.receive_json_from(timeout=5))["views"][0]["url"]
    assert looked not in (before, edited)
    await socket.disconnect()
