"""The one way out to the screens.

Services call :func:`publish` inside their transaction, after
:func:`tournament.locking.lock_tournament`. The message leaves only after the
commit, carries the tournament's version (bumped once per transaction under
the lock), and goes to the ``floor`` group (staff) and, if a public payload is
given, to the ``display`` group: through Redis pub/sub to every server process
in production (:mod:`tournament.fanout`), through the in-memory channel layer
in the embedded default. A failure there is logged; it never fails the floor
action that caused the message.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import F

from tournament import fanout

logger = logging.getLogger(__name__)

FLOOR = "floor"
DISPLAY = "display"


def group_name(tournament_id: int, audience: str) -> str:
    return f"tournament-{tournament_id}-{audience}"


def bump_version(tournament: Any) -> int:
    """The tournament's next version, once per transaction (called under its lock)."""
    from tournament.models import Tournament

    if not getattr(tournament, "_live_version_bumped", False):
        Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
        tournament.version = Tournament.objects.values_list("version", flat=True).get(
            pk=tournament.pk
        )
        tournament._live_version_bumped = True
    return tournament.version


def publish(
    tournament: Any, event: str, floor: dict[str, Any], *, public: dict[str, Any] | None = None
) -> int:
    """Queue `event` for the tournament's screens after commit; returns the version.

    `floor` goes to staff screens; `public` (display names only, never contact
    data) to the display board and lobby. Without `public` the display group
    still learns the new version, so it never reports a false gap.
    """
    version = bump_version(tournament)
    tournament_id = tournament.pk
    floor_message = {"type": event, "version": version, **floor}
    public_message = {"type": event, "version": version, **(public or {})}
    if public is None:
        public_message = {"type": "version", "version": version}

    def send() -> None:
        send_now(tournament_id, FLOOR, floor_message)
        send_now(tournament_id, DISPLAY, public_message)

    transaction.on_commit(send, robust=True)
    return version


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
