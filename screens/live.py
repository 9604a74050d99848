"""The one way out to the screens.

Writes never send anything themselves: they record what changed with
:meth:`tournament.writes.Write.record` inside their locked transaction, which bumps
the tournament's version (once per transaction, under the lock). After the
commit the screens layer builds each audience's message, on this process's
composer thread (:mod:`screens.composer`, :mod:`screens.compose`), and sends it
with :func:`send_now` to the ``floor`` group (staff) and the ``display`` group
(public): through Redis pub/sub to every server process in production
(:mod:`screens.fanout`), through the in-memory channel layer in the
embedded default. A failure there is logged; it never fails the floor action
that caused the message. An import-linter contract keeps the services from
importing this module.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder

from screens import fanout

logger = logging.getLogger(__name__)

FLOOR = "floor"
DISPLAY = "display"
# How long the composer thread waits for the sockets' event loop to take a message.
HAND_OVER_WAIT_SECONDS = 2.0
# The sockets' event loop for the thread composing now (sockets_on).
_delivery = threading.local()


def group_name(tournament_id: int, audience: str) -> str:
    return f"tournament-{tournament_id}-{audience}"


# A named screen's TV (README "Named screens"), and every TV at once (a layout or
# the room's look changed). The names start with ``tournament-`` so the
# fan-out's one subscription carries them too.
ROOM_SCREENS_GROUP = "tournament-screens-room"


def screen_group(screen_id: int) -> str:
    return f"tournament-screen-{screen_id}"


def layout_group(layout_id: int) -> str:
    """The boards opened at ``/display/<id>/?layout=<layout>``: they follow an
    edit of their layout as a named screen does."""
    return f"tournament-layout-{layout_id}"


def sockets_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop this process's sockets live on, as seen from a write's
    thread (a request's worker thread or the loop itself); None outside a server."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    # A request's sync code runs in asgiref's worker thread, which notes the server's loop.
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    return getattr(SyncToAsync.threadlocal, "main_event_loop", None)


@contextmanager
def sockets_on(loop: asyncio.AbstractEventLoop | None) -> Iterator[None]:
    """Within this block :func:`send_now` fills the in-memory layer on `loop`, the
    sockets' event loop (its queues belong to it): for the composer thread."""
    previous = getattr(_delivery, "loop", None)
    _delivery.loop = loop
    try:
        yield
    finally:
        _delivery.loop = previous


def send_now(tournament_id: int, audience: str, message: dict[str, Any]) -> None:
    """Send one message to one tournament's audience at once; log and swallow failures."""
    send_to_group(group_name(tournament_id, audience), message)


def send_to_group(group: str, message: dict[str, Any]) -> None:
    """Send one message to one group at once; log and swallow failures."""
    loop = getattr(_delivery, "loop", None)
    try:
        if fanout.enabled():
            fanout.publish(group, json.dumps(message, cls=DjangoJSONEncoder))
            return
        layer = get_channel_layer()
        if layer is None:
            return
        event = {"type": "live.message", "message": message}
        if loop is not None and loop.is_running():
            asyncio.run_coroutine_threadsafe(layer.group_send(group, event), loop).result(
                HAND_OVER_WAIT_SECONDS
            )
        else:
            async_to_sync(layer.group_send)(group, event)
    except Exception:  # a dead channel layer must not fail a floor action
        logger.exception("live: could not send %s to %s", message.get("type"), group)
