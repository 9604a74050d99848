"""The TV's socket, ``/ws/screens/<code>`` (README "Named screens").

It sends the screen's settings when it opens and again whenever the director
changes them; the TV draws them without a reload. The TV reports what it shows
over the same socket. A screen that speaks for the room also hears its
tournaments' public messages here: the events it is set to sound come to it
as ``{"type": "announce", "items": [{id, version, kind, text, chime}]}``, worded on the
server in its voice language; ids stay the same for one event, so the TV
sounds each once.
"""

from __future__ import annotations

from time import time
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from screens import live
from screens.consumers import (
    DATABASE_DOWN,
    FRAME_MAX_BYTES,
    NO_CHANNEL_LAYER,
    NOT_FOUND,
    TRY_AGAIN_LATER,
)
from screens.live import ROOM_SCREENS_GROUP, screen_group
from screens.snapshots import snapshot
from signage import services
from signage.listen import Subscription
from signage.models import Screen
from signage.presenters import recent_boundaries, screen_settings
from signage.rules.events import Event, Watch
from signage.selectors import screen_by_code, screen_tournament_ids
from signage.speech import speech_text
from tournament.json_input import JsonRefused, json_parse

SHOWING_MAX = 200


def _announcements(screen_id: int) -> tuple[dict[str, Any], list[int], dict[str, Any]]:
    """The screen's settings, the tournaments it speaks for, their snapshots."""
    screen = Screen.objects.get(pk=screen_id)
    settings = screen_settings(screen)
    if not settings["sound"]["on"]:
        return settings, [], {}
    ids = screen_tournament_ids(screen)
    return settings, ids, {tid: snapshot(tid, audience=live.DISPLAY) for tid in ids}


class ScreenConsumer(AsyncJsonWebsocketConsumer):
    channel_layer_alias = NO_CHANNEL_LAYER

    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        try:
            screen = await database_sync_to_async(screen_by_code)(code)
        except DATABASE_DOWN:  # the TV tries again by itself
            await self.close(code=TRY_AGAIN_LATER)
            return
        if screen is None:
            await self.close(code=NOT_FOUND)
            return
        self.screen_id = screen.pk
        self.subscriptions: list[Subscription] = []
        self.watches: dict[int, Watch] = {}
        await self.accept()
        self.own = Subscription(screen_group(screen.pk), self.on_screen_message)
        await self.own.start()
        # A layout or the room's look changed: every TV compares what it would show.
        self.room = Subscription(ROOM_SCREENS_GROUP, self.on_screen_message)
        await self.room.start()
        await self.send_settings(replay=True)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "own"):
            await self.own.stop()
        if hasattr(self, "room"):
            await self.room.stop()
        for subscription in getattr(self, "subscriptions", []):
            await subscription.stop()

    async def send_settings(self, *, replay: bool = False) -> None:
        """Send the screen's settings, unless the TV has them already (a change
        published before this socket opened may still reach it, and a layout or
        the room's look changed may leave this screen as it was)."""
        try:
            settings, ids, snapshots = await database_sync_to_async(_announcements)(self.screen_id)
        except Screen.DoesNotExist:
            await self.send_json({"type": "screen_gone"})
            await self.close(code=NOT_FOUND)
            return
        sent = getattr(self, "settings", None)
        if sent == settings:
            return
        self.settings = settings
        await self.listen_to(ids, snapshots)
        await self.send_json(settings)
        if replay and ids:
            recent = await database_sync_to_async(recent_boundaries)(ids)
            for message in recent:
                await self.on_tournament_message(message["tournament"], message)

    async def listen_to(self, ids: list[int], snapshots: dict[int, Any]) -> None:
        """Follow the public messages of exactly these tournaments."""
        for subscription in self.subscriptions:
            await subscription.stop()
        self.subscriptions = []
        self.watches = {}
        for tid in ids:
            watch = Watch()
            watch.seed(snapshots[tid])
            self.watches[tid] = watch

            async def handler(message: dict[str, Any], tid: int = tid) -> None:
                await self.on_tournament_message(tid, message)

            subscription = Subscription(live.group_name(tid, live.DISPLAY), handler)
            await subscription.start()
            self.subscriptions.append(subscription)

    async def on_screen_message(self, message: dict[str, Any]) -> None:
        if message.get("type") == "screen_changed":
            await self.send_settings()

    async def on_tournament_message(self, tid: int, message: dict[str, Any]) -> None:
        watch = self.watches.get(tid)
        if watch is None:
            return
        sound = self.settings["sound"]
        wanted = set(sound.get("events") or [])
        events = [e for e in watch.events(message) if e.kind in wanted]
        if not events:
            return
        voice = sound.get("voice") or self.settings["lang"]
        items = [self.item(tid, event, voice, message.get("version")) for event in events]
        await self.send_json({"type": "announce", "items": items})

    def item(self, tid: int, event: Event, voice: str, version: Any) -> dict[str, Any]:
        """One announcement; its id names the event, the same in every message that
        brings it (the version says which message did)."""
        return {
            "id": f"{tid}:{event.key}",
            "version": version,
            "kind": event.kind,
            "text": speech_text(event, voice),
            "chime": bool(self.settings["sound"].get("chime", True)),
        }

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        # A frame that is not JSON is ignored; it never closes the socket as a server error.
        try:
            content = json_parse(text_data or "", max_bytes=FRAME_MAX_BYTES)
        except JsonRefused:
            return
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "report":
            showing = str(content.get("showing") or "")[:SHOWING_MAX]
            await database_sync_to_async(services.screen_report)(
                screen_id=self.screen_id, showing=showing
            )
        elif content.get("type") == "ping":
            await self.send_json(
                {
                    "type": "pong",
                    "client_time": content.get("client_time"),
                    "server_time": int(time() * 1000),
                }
            )
