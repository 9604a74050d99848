"""Websocket consumers: the public display group and the staff floor group.

A consumer joins its group first and only then sends the snapshot, so no
change can fall between the two; a client that sees a version gap sends
``{"type": "snapshot"}`` and gets a fresh one.
"""

from __future__ import annotations

import time
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from tournament import fanout, live
from tournament.roles import STAFF, has_role


class _LiveConsumer(AsyncJsonWebsocketConsumer):
    audience = live.DISPLAY

    async def connect(self) -> None:
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        if not await database_sync_to_async(self.allowed)():
            await self.close(code=4403)
            return
        self.group = live.group_name(self.tournament_id, self.audience)
        await self.accept()
        if fanout.enabled():
            await fanout.join(self.group, self)
        else:
            await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_snapshot()

    def allowed(self) -> bool:
        from tournament.models import Tournament

        return Tournament.objects.filter(pk=self.tournament_id).exists()

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "group"):
            return
        if fanout.enabled():
            fanout.leave(self.group, self)
        else:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "snapshot":
            await self.send_snapshot()
        elif isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json(
                {
                    "type": "pong",
                    "client_time": content.get("client_time"),
                    # The screens estimate their offset to the server clock from this.
                    "server_time": int(time.time() * 1000),
                }
            )

    async def send_snapshot(self) -> None:
        await self.send_json(await database_sync_to_async(self.build_snapshot)())

    def build_snapshot(self) -> dict[str, Any]:
        from tournament.snapshots import snapshot

        return snapshot(self.tournament_id, audience=self.audience)

    async def live_message(self, event: dict[str, Any]) -> None:
        await self.send_json(event["message"])


class DisplayConsumer(_LiveConsumer):
    audience = live.DISPLAY


class FloorConsumer(_LiveConsumer):
    audience = live.FLOOR

    def allowed(self) -> bool:
        return has_role(self.scope.get("user"), STAFF) and super().allowed()
