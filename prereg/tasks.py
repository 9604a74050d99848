"""Thin, idempotent tasks of pre-registration (README "Pre-registration and the schedule")."""

from __future__ import annotations

import time

from celery import shared_task

from prereg.services.registrations import deadline_release_due

# How often the clock loop hands the release over (seconds).
RELEASE_EVERY_S = 30.0
_last_sent = 0.0


@shared_task(name="prereg.deadline_release", acks_late=True)
def deadline_release() -> int:
    """Release the pre-registrations not checked in by their check-in deadline and
    move the waiting lists up; a second run changes nothing."""
    return deadline_release_due()


def hand_over_release(*, now: float | None = None) -> bool:
    """The clock loop's pass: hand the release task over at most every
    ``RELEASE_EVERY_S`` (in process in the embedded default, to a worker with
    Redis). Whether it was sent."""
    global _last_sent
    now = time.monotonic() if now is None else now
    if now - _last_sent < RELEASE_EVERY_S:
        return False
    _last_sent = now
    deadline_release.delay()
    return True
