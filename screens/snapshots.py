"""What a screen gets on connect: the whole picture at the current version.

The display audience gets public names only, never e-mail, phone or notes.

:func:`screen_snapshot` serves the sockets and the HTTP fallback from one copy
per tournament, audience and version in this process: a public screen asking
again and again (or a thousand screens connecting at once) costs one version
query each, not a build and a serialisation of the whole field each.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from datetime import datetime
from time import monotonic, time
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.safestring import SafeString, mark_safe

from screens import live
from screens.live_data import SEATING, seating, snapshot_extras
from tables.presenters import tables_payload
from tournament.models import Tournament

# The clock part of a snapshot (remaining time, registration open) moves with
# time, not only with the version: a copy older than this is built again.
COPY_MAX_AGE_SECONDS = 10.0


def snapshot(
    tournament_id: int, *, audience: str, area: tuple[int, ...] | None = None
) -> dict[str, Any]:
    """The whole picture for one audience. The floor gets every table's rows, or
    those of its ``area`` (a tablet showing one area of a large floor);
    the public screens get the seating counts and page or search the seats
    (``GET .../seats``), so their snapshot stays small for any field."""
    tournament = Tournament.objects.get(pk=tournament_id)
    public = audience == live.DISPLAY
    data = {
        "type": "snapshot",
        "version": tournament.version,
        "audience": audience,
        # Every other part through the readers the messages use (README "Screen messages").
        **snapshot_extras(tournament, public=public),
        SEATING: seating(tournament),
    }
    if not public:
        numbers = list(area) if area is not None else None
        data["tables"] = tables_payload(tournament, public=False, table_numbers=numbers)
    return data


@dataclass(frozen=True)
class ScreenSnapshot:
    """The current version, and the snapshot as JSON text unless the screen has it."""

    version: int
    text: str | None


@dataclass(frozen=True)
class _Copy:
    version: int
    created_at: datetime  # ids can come back on SQLite; the version alone is not identity
    text: str
    built_at: float


# Keyed by tournament, audience and area (floor tablets showing one area).
_Key = tuple[int, str, tuple[int, ...] | None]
_copies: dict[_Key, _Copy] = {}
_locks: dict[_Key, threading.Lock] = {}
_locks_guard = threading.Lock()


def _lock_for(key: _Key) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(key, threading.Lock())


def _usable(copy: _Copy | None, version: int, created_at: datetime) -> bool:
    return (
        copy is not None
        and copy.created_at == created_at
        and copy.version >= version
        and monotonic() - copy.built_at < COPY_MAX_AGE_SECONDS
    )


def screen_snapshot(
    tournament_id: int,
    *,
    audience: str,
    since: int | None = None,
    area: tuple[int, ...] | None = None,
) -> ScreenSnapshot | None:
    """The snapshot for a screen; None if there is no such tournament.

    With ``since`` equal to the current version the text is left out: the
    screen is up to date. Otherwise the text is this process's copy of the
    current version, built once (concurrent callers wait for that one build).
    """
    row = Tournament.objects.filter(pk=tournament_id).values_list("version", "created_at").first()
    if row is None:
        return None
    version, created_at = row
    if since == version:
        return ScreenSnapshot(version=version, text=None)
    area = area if audience == live.FLOOR else None
    key = (tournament_id, audience, area)
    copy = _copies.get(key)
    if not _usable(copy, version, created_at):
        with _lock_for(key):
            copy = _copies.get(key)
            if not _usable(copy, version, created_at):
                try:
                    data = snapshot(tournament_id, audience=audience, area=area)
                except Tournament.DoesNotExist:
                    return None
                copy = _Copy(
                    version=data["version"],
                    created_at=created_at,
                    text=json.dumps(data, cls=DjangoJSONEncoder),
                    built_at=monotonic(),
                )
                _copies[key] = copy
    assert copy is not None
    text = copy.text
    if audience == live.FLOOR:
        text = with_server_time(text)
    return ScreenSnapshot(version=copy.version, text=text)


def with_server_time(text: str) -> str:
    """The snapshot's JSON with the server's clock now (``server_time``, epoch
    ms), added as it is sent, never kept in the copy: a tablet compares it with
    its own clock and warns past 10 s (README "Device time")."""
    return f'{text[:-1]}, "server_time": {int(time() * 1000)}}}'


# What json_script escapes, so the snapshot's text cannot end its <script>.
_SCRIPT_SAFE = str.maketrans({"<": "\\u003C", ">": "\\u003E", "&": "\\u0026"})


def snapshot_script(element_id: str, tournament_id: int, area: list[int] | None) -> SafeString:
    """The floor snapshot of ``area`` as a JSON script element, for a staff page
    whose script draws its first paint from it (the floor tablet, the table
    view): the socket's own copy of the version, not a second build of it."""
    answer = screen_snapshot(
        tournament_id, audience=live.FLOOR, area=tuple(area) if area is not None else None
    )
    text = answer.text if answer is not None and answer.text is not None else "null"
    return mark_safe(  # noqa: S308 - JSON text with <, > and & escaped, as json_script does
        f'<script id="{element_id}" type="application/json">'
        + text.translate(_SCRIPT_SAFE)
        + "</script>"
    )
