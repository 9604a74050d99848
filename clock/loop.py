"""The clock loop: level boundaries on time, with nobody watching.

One small asyncio loop reads the running clocks from the database, hands
every boundary that is due and not yet fired to the idempotent task
``clock.tasks.fire_boundary`` and sleeps until the next boundary (at most
``MAX_SLEEP_S``, so edits, pauses and new clocks are picked up). No Celery
ETA: a boundary is only sent when it is due.

It looks back to each clock's ``running_since``, so a loop started after a
restart catches up what it missed; the ``BoundaryFired`` keys make repeats
and several loops at once harmless.

Once a day (at the first pass of each local date, so also at every start)
it hands the room's contact-data retention to the idempotent task
``tournament.contact_retention`` (README "Player data"), and the daily tasks
the apps above the clock registered (:func:`daily_task_add`: the cash desk's
ticket expiry, README "Satellites and tickets"): the clock process is the one
process every set-up runs, so no separate scheduler (Celery beat) is needed.

Apps above the clock add a step of their own to every pass with
:func:`every_pass` (the pre-registrations' check-in deadline, README
"Pre-registration and the schedule"); a failing step never stops the clocks.

Production: ``python manage.py clockloop``. Embedded default
(``CLOCK_LOOP_IN_PROCESS``): :func:`start_in_background` from the ASGI module.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from datetime import date

from asgiref.sync import sync_to_async
from django.db import close_old_connections
from django.utils import timezone

from clock.models import ClockState
from clock.rules import boundaries
from clock.services import clock_state
from clock.tasks import fire_boundary
from tournament.tasks import contact_retention

logger = logging.getLogger(__name__)

MAX_SLEEP_S = 2.0
MIN_SLEEP_S = 0.01
Dispatch = Callable[[int, str], object]


def _send_task(tournament_id: int, key: str) -> object:
    return fire_boundary.delay(tournament_id, key)


def run_once(*, now_ms: int | None = None, dispatch: Dispatch | None = None) -> float:
    """One pass: dispatch due boundaries; return the seconds to sleep before the next pass."""
    dispatch = dispatch or _send_task
    now_ms = clock_state.now() if now_ms is None else now_ms
    sleep_ms = MAX_SLEEP_S * 1000
    rows = ClockState.objects.filter(status=ClockState.Status.RUNNING).select_related("tournament")
    for row in rows:
        tournament = row.tournament
        try:
            structure = clock_state.structure_entries(tournament)
            if not structure:
                continue
            state = clock_state.rule_state(row, structure)
            for boundary in clock_state.passed_boundaries(tournament, state, structure, now_ms):
                dispatch(tournament.pk, boundary.key)
            upcoming = boundaries.next_boundaries(
                state,
                structure,
                now_ms,
                horizon_ms=int(MAX_SLEEP_S * 1000),
                late_registration_levels=tournament.late_registration_levels,
                through_break=tournament.late_registration_through_break,
            )
        except Exception:  # one broken clock must not stop the others
            logger.exception("clock loop: tournament %s", tournament.pk)
            continue
        if upcoming:
            sleep_ms = min(sleep_ms, upcoming[0].at_ms - now_ms)
    return max(sleep_ms / 1000, MIN_SLEEP_S)


# The local date the retention task was last handed over on.
_retention_sent_on: date | None = None


def daily_retention(
    *, today: date | None = None, dispatch: Callable[[], object] | None = None
) -> bool:
    """Hand the retention task over once per local date; whether it was sent."""
    global _retention_sent_on
    today = today or timezone.localdate()
    if _retention_sent_on == today:
        return False
    (dispatch or contact_retention.delay)()
    _retention_sent_on = today
    return True


# Daily tasks of the apps above the clock, by task name, and the local date
# each was last handed over on.
_daily: dict[str, Callable[[], object]] = {}
_daily_sent_on: dict[str, date] = {}


def daily_task_add(name: str, dispatch: Callable[[], object]) -> None:
    """An app above the clock hands the loop an idempotent task to run once a
    day (from its ``AppConfig.ready``); ``dispatch`` sends it (``task.delay``)."""
    _daily[name] = dispatch


def daily_tasks(*, today: date | None = None) -> list[str]:
    """Hand each registered daily task over once per local date; the names sent.
    One failing task does not keep the others from being sent."""
    today = today or timezone.localdate()
    sent = []
    for name, dispatch in list(_daily.items()):
        if _daily_sent_on.get(name) == today:
            continue
        try:
            dispatch()
        except Exception:
            logger.exception("clock loop: daily task %s failed", name)
            continue
        _daily_sent_on[name] = today
        sent.append(name)
    return sent


# Steps of the apps above the clock, run at every pass (each cheap or rate-limited).
_steps: list[Callable[[], object]] = []


def every_pass(step: Callable[[], object]) -> None:
    """Run ``step`` at every pass of the loop (once, however often it is added)."""
    if step not in _steps:
        _steps.append(step)


def every_pass_steps() -> tuple[Callable[[], object], ...]:
    """The steps added with :func:`every_pass`."""
    return tuple(_steps)


def _run_steps() -> None:
    for step in [daily_retention, daily_tasks, *_steps]:
        try:
            step()
        except Exception:  # the clocks must run on even if a step fails
            logger.exception("clock loop: %s failed", getattr(step, "__name__", step))


def _run_once_safely() -> float:
    close_old_connections()
    try:
        _run_steps()
        return run_once()
    except Exception:
        logger.exception("clock loop pass failed")
        return MAX_SLEEP_S
    finally:
        close_old_connections()


async def run_forever(stop: asyncio.Event | None = None) -> None:
    """Pass, sleep until the next boundary (capped), repeat until ``stop`` is set."""
    stop = stop or asyncio.Event()
    one_pass = sync_to_async(_run_once_safely, thread_sensitive=False)
    logger.info("clock loop started")
    while not stop.is_set():
        delay = await one_pass()
        try:
            await asyncio.wait_for(stop.wait(), timeout=delay)
        except TimeoutError:
            pass


_thread: threading.Thread | None = None


def start_in_background() -> threading.Thread:
    """Run the loop in a daemon thread with its own event loop (embedded default)."""
    global _thread
    if _thread is None or not _thread.is_alive():
        _thread = threading.Thread(
            target=lambda: asyncio.run(run_forever()), name="clock-loop", daemon=True
        )
        _thread.start()
    return _thread
