"""The time an action was taken on the device (README "Device time").

A floor tablet that was offline sends its queue later: the header
``Device-Time`` (ISO 8601 with its offset) says when each action was taken
there. The request keeps it here for the length of the request
(:func:`taken_on_device`); the audit line keeps it in its data beside the
received time (``at``), and where the order matters (the busts of one hand
reported one by one, the level a bust counts in) the write reads
:func:`action_time` instead of the server's now.

A device time ahead of the server's is no time an action was taken: it counts
as now. One further back than the keys are kept (README "Sent twice, done
once") is refused: no queue waits that long.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.errors import Invalid

HEADER = "Device-Time"
# The audit line's data key for it.
LOG_KEY = "device_time"
# A queue is sent within the keys' 72 hours; an older time is a wrong clock.
OLDEST = timedelta(hours=72)
# A device whose clock differs from the server's by more is warned (README "Device time").
TOLERANCE = timedelta(seconds=10)

NOT_A_TIME = _(
    "The Device-Time header %(value)s is not a time: send ISO 8601 with the offset, "
    "e.g. 2026-11-28T21:04:05.123+01:00."
)
TOO_OLD = _("The Device-Time %(value)s is more than 72 hours ago.")

_taken: ContextVar[datetime | None] = ContextVar("device_time", default=None)


def device_time_parsed(value: str, *, now: datetime | None = None) -> datetime:
    """The header's time (aware, UTC), or a 422 naming what was sent."""
    shown = {"value": f"«{value[:40]}»"}
    try:
        moment = datetime.fromisoformat(value.strip())
    except ValueError as exc:
        raise Invalid(NOT_A_TIME % shown) from exc
    if moment.tzinfo is None:
        raise Invalid(NOT_A_TIME % shown)
    if moment < (now or timezone.now()) - OLDEST:
        raise Invalid(TOO_OLD % shown)
    return moment.astimezone(UTC)


@contextmanager
def taken_on_device(moment: datetime | None) -> Iterator[None]:
    """The actions of this block were taken on the device at ``moment``."""
    token = _taken.set(moment)
    try:
        yield
    finally:
        _taken.reset(token)


def device_time() -> datetime | None:
    """The device's time of the action under way, as sent (None: not sent)."""
    return _taken.get()


def action_time(now: datetime | None = None) -> datetime:
    """When the action under way was taken: the device's time, never later than now."""
    now = now or timezone.now()
    taken = _taken.get()
    return now if taken is None or taken > now else taken
