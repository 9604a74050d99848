"""Telling an open TV that its screen changed (README "Named screens").

The same way out as the tournaments' screens: Redis pub/sub when configured
(:mod:`screens.fanout`), the channel layer otherwise. The group names start
with ``tournament-`` so the fan-out's one subscription carries them too.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from screens import fanout

logger = logging.getLogger(__name__)

CHANGED = {"type": "screen_changed"}


def screen_group(screen_id: int) -> str:
    return f"tournament-screen-{screen_id}"


def send(group: str, message: dict[str, Any]) -> None:
    """Send to every socket of `group`; a failure is logged, never raised."""
    try:
        if fanout.enabled():
            fanout.publish(group, json.dumps(message))
            return
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(group, {"type": "live.message", "message": message})
    except Exception:  # a dead channel layer must not fail the director's change
        logger.exception("signage: could not tell %s", group)


def screen_changed(screen_id: int) -> None:
    send(screen_group(screen_id), CHANGED)
