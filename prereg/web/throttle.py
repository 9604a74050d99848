"""The public forms' throttle (README "Pre-registration and the schedule").

Each send of a public form (pre-register, cancel) counts once for the client's
address and once for the tournament, in the same shared counts the sign-in
lock-out keeps (Redis with ``REDIS_URL``, this process's memory while it is
away). A full count refuses the send with 429 before anything is written:
``PREREG_PER_ADDRESS`` and ``PREREG_PER_TOURNAMENT`` sends within
``PREREG_WINDOW_MINUTES``.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from tournament.errors import DomainError
from tournament.signin import FailureCounts, client_address

PREFIX = "prereg-sends:"
TOO_MANY = _("Too many requests. Please wait a few minutes and try again.")

counts = FailureCounts()


class Throttled(DomainError):
    status = 429


def _key(kind: str, value: str) -> str:
    return PREFIX + kind + ":" + hashlib.sha256(value.encode()).hexdigest()


def check_and_count(request: Any, *, tournament_id: int | None) -> None:
    """Count this send; raise :class:`Throttled` (nothing counted) when the address
    or the tournament has used its sends in the window."""
    seconds = settings.PREREG_WINDOW_MINUTES * 60
    limits = [(_key("address", client_address(request) or "-"), settings.PREREG_PER_ADDRESS)]
    if tournament_id is not None:
        limits.append((_key("tournament", str(tournament_id)), settings.PREREG_PER_TOURNAMENT))
    found = counts.get([key for key, _limit in limits])
    if any(found[key] >= limit for key, limit in limits):
        raise Throttled(TOO_MANY)
    for key, _limit in limits:
        counts.add_failure(key, seconds)
