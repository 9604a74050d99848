"""Process-level fan-out over Redis pub/sub, for the production set-up.

Channels' group_send costs 0.25-0.6 ms per connected socket and runs inside the
floor action's request: one bust to 1,000 screens took about a second, and the
floor tablet waited for all of it (benchmarks/fanout.py; DESIGN.md "Measured
facts"). Here a publish is one Redis PUBLISH of a message serialised once; each
server process holds one pattern subscription and loops over its own sockets.
Channels keeps connect, auth and routing. Without REDIS_URL the in-memory
channel layer does the job within the one process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from django.conf import settings

logger = logging.getLogger(__name__)

PATTERN = "tournament-*"


class Socket(Protocol):
    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None: ...


_members: dict[str, set[Socket]] = {}
_listener: asyncio.Task[None] | None = None
_subscribed: asyncio.Event | None = None
_publisher: Any = None


def enabled() -> bool:
    return bool(settings.REDIS_URL)


def publish(group: str, text: str) -> None:
    """Send `text` to every socket of `group` in every process (sync code, one PUBLISH)."""
    global _publisher
    if _publisher is None:
        import redis

        _publisher = redis.Redis.from_url(settings.REDIS_URL)
    _publisher.publish(group, text)


async def join(group: str, socket: Socket) -> None:
    """Add a socket; returns once this process is subscribed, so nothing published
    after the caller's snapshot can be missed."""
    _members.setdefault(group, set()).add(socket)
    subscribed = _ensure_listener()
    try:
        await asyncio.wait_for(subscribed.wait(), timeout=5)
    except TimeoutError:
        logger.warning("fan-out: not subscribed to Redis yet; the screen resyncs on the next gap")


def leave(group: str, socket: Socket) -> None:
    members = _members.get(group)
    if members is not None:
        members.discard(socket)
        if not members:
            del _members[group]


def _ensure_listener() -> asyncio.Event:
    global _listener, _subscribed
    loop = asyncio.get_running_loop()
    stale = _listener is None or _listener.done() or _listener.get_loop() is not loop
    if stale or _subscribed is None:
        _subscribed = asyncio.Event()
        _listener = loop.create_task(_listen(_subscribed))
    return _subscribed


async def _listen(subscribed: asyncio.Event) -> None:
    from redis import asyncio as aioredis

    delay = 0.5
    while True:
        client = aioredis.Redis.from_url(settings.REDIS_URL)
        try:
            async with client.pubsub() as pubsub:
                await pubsub.psubscribe(PATTERN)
                subscribed.set()
                delay = 0.5
                async for message in pubsub.listen():
                    if message.get("type") == "pmessage":
                        await _deliver(message["channel"].decode(), message["data"].decode())
        except asyncio.CancelledError:
            raise
        except Exception:  # Redis restarts must not end live updates for good
            logger.exception("fan-out: Redis subscription lost; retrying in %.1f s", delay)
            subscribed.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10)
        finally:
            await client.aclose()


async def _deliver(group: str, text: str) -> None:
    for socket in list(_members.get(group, ())):
        try:
            await socket.send(text_data=text)
        except Exception:  # one broken socket must not stop the others
            logger.debug("fan-out: a socket of %s could not be written", group, exc_info=True)
