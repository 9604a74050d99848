"""Websocket consumers: the public display group and the staff floor group.

A consumer joins its group first and only then sends the snapshot, so no
change can fall between the two; a client that sees a version gap sends
``{"type": "snapshot"}`` (with ``"since": version`` when it only wants to know
whether it is current) and gets a fresh one.

Snapshot requests are limited per socket (:class:`RequestBudget`) and served
from the process's copy of the current version (:mod:`screens.snapshots`):
an anonymous display socket cannot make the server build and send the whole
field in a loop. A refused request gets ``{"type": "throttled",
"retry_after_ms": ...}``; the socket stays open.

A database that does not answer never closes a socket with a server error
(1011): a screen asking for a snapshot is told to ask again later (the same
``throttled`` message) and keeps what it shows; a socket that cannot get its
first snapshot is closed with 1013 ("try again later") and reconnects by itself.

Frames are read by the app's one JSON reader (:mod:`tournament.json_input`):
an empty, binary or unreadable frame gets ``{"type": "error", "detail": ...}``
in the screen's language and the socket stays open; a frame nested too deep
or larger than :data:`FRAME_MAX_BYTES` gets the error, then closes it with 4008
and the reason.
A path that names no socket is refused before the handshake (4404; daphne
answers the browser's handshake with HTTP 403, README "Screen messages").
"""

from __future__ import annotations

import json
from time import monotonic, time
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer, AsyncWebsocketConsumer
from channels.layers import DEFAULT_CHANNEL_LAYER
from django.db.utils import InterfaceError, OperationalError
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from screens import fanout, live
from screens.snapshots import screen_snapshot
from tables.web.floor_tablet import area_numbers
from tournament.json_input import JsonRefused, json_parse
from tournament.models import Tournament
from tournament.roles import STAFF, has_role

SNAPSHOT_BURST = 5  # snapshot requests a socket may make at once
SNAPSHOT_REFILL_SECONDS = 2.0  # then one more every this many seconds

# With Redis fan-out the consumers need no channel layer: a Channels consumer
# with one keeps a receive loop on Redis and is closed (1011) when Redis goes.
NO_CHANNEL_LAYER = "none"

DATABASE_DOWN = (OperationalError, InterfaceError)
TRY_AGAIN_LATER = 1013  # websocket close code: the server cannot serve now
DATABASE_RETRY_MS = 5000
# A screen sends pings and snapshot requests of a few dozen bytes.
FRAME_MAX_BYTES = 16_384
# A frame the server will not take (too large, nested too deep): RFC 6455's
# 1008 in the application's range, as daphne lets an application close only
# with 1000 or 3000-4999 (it turned 1008 into 1011 and a traceback).
POLICY_VIOLATION = 4008
NOT_FOUND = 4404  # the socket path names no socket
TEXT_FRAMES_ONLY = _("Send JSON as text frames.")


def screen_language(scope: dict[str, Any]) -> str:
    """The language of the page that opened the socket (its cookie or browser)."""
    headers = dict(scope.get("headers", ()))
    request = SimpleNamespace(
        COOKIES=scope.get("cookies", {}),
        META={"HTTP_ACCEPT_LANGUAGE": headers.get(b"accept-language", b"").decode("latin-1")},
    )
    return translation.get_language_from_request(request)  # type: ignore[arg-type]


class RequestBudget:
    """A token bucket: `burst` requests at once, then one per `refill_seconds`."""

    def __init__(self, *, burst: int, refill_seconds: float) -> None:
        self.burst = burst
        self.refill_seconds = refill_seconds
        self.tokens = float(burst)
        self.checked_at = monotonic()

    def take(self) -> float:
        """Spend one request: 0 if allowed, else the seconds until the next one is."""
        now = monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.checked_at) / self.refill_seconds)
        self.checked_at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) * self.refill_seconds


class _LiveConsumer(AsyncJsonWebsocketConsumer):
    audience = live.DISPLAY
    # The tables whose rows the snapshot carries; None: every table.
    area: tuple[int, ...] | None = None

    @property
    def channel_layer_alias(self) -> str:
        return NO_CHANNEL_LAYER if fanout.enabled() else DEFAULT_CHANNEL_LAYER

    async def connect(self) -> None:
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        try:
            allowed = await database_sync_to_async(self.allowed)()
        except DATABASE_DOWN:
            await self.close(code=TRY_AGAIN_LATER)
            return
        if not allowed:
            await self.close(code=4403)
            return
        self.group = live.group_name(self.tournament_id, self.audience)
        self.groups_joined = [self.group, *self.more_groups()]
        self.snapshot_budget = RequestBudget(
            burst=SNAPSHOT_BURST, refill_seconds=SNAPSHOT_REFILL_SECONDS
        )
        await self.accept()
        pushing = True
        self.fanned = SnapshotFirst(self)
        for group in self.groups_joined:
            if fanout.enabled():
                pushing = await fanout.join(group, self.fanned) and pushing
            else:
                await self.channel_layer.group_add(group, self.channel_name)
        try:
            version = await self.send_snapshot()
        except DATABASE_DOWN:
            await self.close(code=TRY_AGAIN_LATER)
            return
        if version is None:
            return  # closed: no such tournament
        await self.fanned.snapshot_sent(version)
        if not pushing:
            await self.send(text_data=fanout.LIVE_DEGRADED)

    def allowed(self) -> bool:
        return Tournament.objects.filter(pk=self.tournament_id).exists()

    def more_groups(self) -> list[str]:
        """Groups the socket hears beside its tournament's."""
        return []

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "groups_joined", ()):
            if fanout.enabled():
                fanout.leave(group, self.fanned)
            else:
                await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        # Channels' JSON consumer answers an empty or binary frame, and a
        # parser's RecursionError, by closing the socket as a server error (1011).
        with translation.override(screen_language(self.scope)):
            if not text_data:
                await self.send_json({"type": "error", "detail": str(TEXT_FRAMES_ONLY)})
                return
            try:
                content = json_parse(text_data, max_bytes=FRAME_MAX_BYTES)
            except JsonRefused as refused:
                if refused.status == 400:  # not JSON: say so, keep the socket
                    await self.send_json({"type": "error", "detail": str(refused)})
                else:
                    # daphne drops a close frame's reason: the screen reads it here first.
                    await self.send_json({"type": "error", "detail": str(refused)})
                    await self.close(code=POLICY_VIOLATION, reason=_close_reason(refused))
                return
        await self.receive_json(content, **kwargs)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "snapshot":
            await self.snapshot_requested(content.get("since"))
        elif isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json(
                {
                    "type": "pong",
                    "client_time": content.get("client_time"),
                    # The screens estimate their offset to the server clock from this.
                    "server_time": int(time() * 1000),
                }
            )

    async def snapshot_requested(self, since: Any) -> None:
        wait = self.snapshot_budget.take()
        if wait:
            await self.send_json({"type": "throttled", "retry_after_ms": int(wait * 1000) + 1})
            return
        try:
            await self.send_snapshot(since=since if type(since) is int else None)
        except DATABASE_DOWN:
            await self.send_json({"type": "throttled", "retry_after_ms": DATABASE_RETRY_MS})

    async def send_snapshot(self, *, since: int | None = None) -> int | None:
        """Send the snapshot (or "current"); its version, None when there is none."""
        answer = await database_sync_to_async(screen_snapshot)(
            self.tournament_id, audience=self.audience, since=since, area=self.area
        )
        if answer is None:
            await self.close(code=4404)
            return None
        if answer.text is None:
            await self.send_json({"type": "current", "version": answer.version})
        else:
            await self.send(text_data=answer.text)
        return answer.version

    async def live_message(self, event: dict[str, Any]) -> None:
        await self.send_json(event["message"])


class SnapshotFirst:
    """What the Redis fan-out writes to for one socket: the fan-out delivers from
    its own task, so a message published just before the socket joined could
    overtake the socket's first snapshot. Messages are held until the snapshot
    is sent; then those not older than it follow, in order (README "Screen
    messages": a screen starts from its snapshot)."""

    def __init__(self, socket: AsyncWebsocketConsumer) -> None:
        self.socket = socket
        self.held: list[str] | None = []

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.held is not None and text_data is not None:
            self.held.append(text_data)
            return
        await self.socket.send(text_data=text_data, bytes_data=bytes_data)

    async def snapshot_sent(self, version: int | None) -> None:
        held, self.held = self.held or [], None
        for text in held:
            if version is None or not _older(text, version):
                await self.socket.send(text_data=text)


def _older(text: str, version: int) -> bool:
    """Whether a held message is of a version the snapshot already shows."""
    try:
        message = json.loads(text)
    except ValueError:
        return False
    stamped = message.get("version") if isinstance(message, dict) else None
    return type(stamped) is int and stamped <= version


class DisplayConsumer(_LiveConsumer):
    """``?layout=7``: a board opened at ``/display/<id>/?layout=7`` hears an edit
    of layout 7 (``{"type": "layout_changed"}``) and draws it anew, as a named
    screen does (README "Screen layouts and the room's look")."""

    audience = live.DISPLAY

    def more_groups(self) -> list[str]:
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        wanted = (query.get("layout") or [""])[0]
        if wanted.isascii() and wanted.isdigit() and len(wanted) <= 18:
            return [live.layout_group(int(wanted))]
        return []


class FloorConsumer(_LiveConsumer):
    """``?tables=41-80``: a tablet showing one area of a large floor gets the rows
    of its tables in its snapshots (the messages carry every changed row)."""

    audience = live.FLOOR

    def allowed(self) -> bool:
        self.area = socket_area(self.scope)
        return has_role(self.scope.get("user"), STAFF) and super().allowed()


def socket_area(scope: dict[str, Any]) -> tuple[int, ...] | None:
    """The area named in the socket's query string; None (every table) for none
    or one the page could not have sent."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    try:
        numbers = area_numbers((query.get("tables") or [""])[0])
    except ValueError:
        return None
    return tuple(numbers) if numbers is not None else None


def _close_reason(refused: JsonRefused) -> str:
    """The reason of a close frame: at most 123 bytes of UTF-8 (RFC 6455)."""
    return str(refused).encode("utf-8")[:123].decode("utf-8", "ignore")


class UnknownSocket(AsyncWebsocketConsumer):
    """Every socket path that names no live socket: refused before the handshake."""

    channel_layer_alias = NO_CHANNEL_LAYER

    async def connect(self) -> None:
        await self.close(code=NOT_FOUND)
