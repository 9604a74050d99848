"""The one way out to the screens.

Writes never send anything themselves: they record what changed with
:func:`tournament.changes.record` inside their locked transaction, which bumps
the tournament's version (once per transaction, under the lock). After the commit the screens layer
(:mod:`screens.compose`) builds each audience's message and sends it
with :func:`send_now` to the ``floor`` group (staff) and the ``display`` group
(public): through Redis pub/sub to every server process in production
(:mod:`screens.fanout`), through the in-memory channel layer in the
embedded default. A failure there is logged; it never fails the floor action
that caused the message. An import-linter contract keeps the services from
importing this module.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder

from screens import fanout

logger = logging.getLogger(__name__)

FLOOR = "floor"
DISPLAY = "display"


def group_name(tournament_id: int, audience: str) -> str:
    return f"tournament-{tournament_id}-{audience}"


def send_now(tournament_id: int, audience: str, message: dict[str, Any]) -> None:
    """Send one message to one group at once; log and swallow failures."""
    group = group_name(tournament_id, audience)
    try:
        if fanout.enabled():
            fanout.publish(group, json.dumps(message, cls=DjangoJSONEncoder))
            return
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(group, {"type": "live.message", "message": message})
    except Exception:  # a dead channel layer must not fail a floor action
        logger.exception("live: could not send %s to %s", message.get("type"), audience)
