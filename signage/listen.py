"""A socket's own subscriptions to groups (README "Named screens"): the TV's
screen group and the public groups of the tournaments it speaks for.

Through the Redis fan-out when configured, else through a channel of the
channel layer read by a task of its own; either way each message reaches
``handler(message)`` as a dict.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from channels.layers import get_channel_layer

from screens import fanout

logger = logging.getLogger(__name__)

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class Subscription:
    def __init__(self, group: str, handler: Handler) -> None:
        self.group = group
        self.handler = handler
        self.task: asyncio.Task | None = None
        self.channel: str | None = None

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """What the fan-out writes to."""
        try:
            message = json.loads(text_data or "")
        except ValueError:
            return
        if isinstance(message, dict):
            await self.handler(message)

    async def start(self) -> None:
        if fanout.enabled():
            await fanout.join(self.group, self)
            return
        layer = get_channel_layer()
        if layer is None:
            return
        self.channel = await layer.new_channel()
        await layer.group_add(self.group, self.channel)
        self.task = asyncio.get_running_loop().create_task(self._read(layer, self.channel))

    async def _read(self, layer: Any, channel: str) -> None:
        while True:
            event = await layer.receive(channel)
            try:
                await self.handler(event.get("message") or {})
            except Exception:  # one bad message must not end the subscription
                logger.exception("signage: a message of %s failed", self.group)

    async def stop(self) -> None:
        if fanout.enabled():
            fanout.leave(self.group, self)
            return
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        layer = get_channel_layer()
        if layer is not None and self.channel is not None:
            await layer.group_discard(self.group, self.channel)
