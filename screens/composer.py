"""The screens' messages, composed after the request has answered.

A write records what changed (:mod:`tournament.changes`); after its commit
the change is handed here. Composing a message reads the settled state
through the snapshot's readers: a third to a half of a bust's queries. With
``SCREENS_COMPOSE=thread`` (the default) the request only queues the change
and answers; this process's composer thread builds the messages and sends
them (README "How a floor action flows"). ``inline`` composes in the
committing thread, as the tests that read a message right after a write need.

- Once per version: only the process whose write committed is handed the
  change, so it is composed once; the other server processes only relay what
  Redis brings them (:mod:`screens.fanout`).
- In version order per tournament: one thread takes the changes in the order
  their commits were handed over, and sorts what is waiting by version (two
  threads of one process may hand over in the opposite order of their
  commits). Every version gets its message, and a screen that misses one
  asks for a snapshot.
- Once per burst: the changes of one tournament that wait together (writes
  that came faster than their messages were composed) are composed once,
  after the last commit (:func:`screens.compose.send`): the parts read once go
  with the latest version, the versions before it carry their event and facts.
  Before it reads, the composer waits (at most :data:`WRITE_WAIT_MS`) for a
  write of the tournament under way (:func:`tournament.writes.locks.writes_committed`):
  its change would make the messages old at once.
  A replay of 300 queued actions composed once per write took the composer as
  long as the writes themselves, on the same cores (README "Benchmarks").
- A failure never reaches the floor action: it is logged and its version is
  missing, so the screens ask for a snapshot.
- In a Celery worker's task the change is composed inside the task, before
  it returns, on the task's own connection (:func:`inside_a_worker_task`):
  after each task Celery's Django fix-up closes the prefork child's
  connection pool, and a composer thread still reading from it lost the level
  change (README "Production"). Asked of the running task, not set once per
  process: a worker started inside another process (a test's) leaves that
  process's own writes to its composer thread.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
from itertools import groupby

from celery import current_task
from django.conf import settings
from django.db import close_old_connections, connections

from screens import compose, fanout, live
from screens.worker import QueueWorker
from tournament import changes
from tournament.writes.locks import writes_committed

logger = logging.getLogger(__name__)

THREAD = "thread"
INLINE = "inline"
# Changes waiting for the composer; beyond this they are dropped (the screens
# see the version gap and ask for a snapshot).
QUEUE_LIMIT = 1000
# How long the composer waits for a tournament's write under way before it
# composes what waits (the screens' delay at most, in a burst of writes).
WRITE_WAIT_MS = 300
# How long a process that exits waits for its last changes to be composed.
EXIT_WAIT_SECONDS = 5.0

Loop = asyncio.AbstractEventLoop | None
Waiting = tuple[changes.Change, Loop]


def inside_a_worker_task() -> bool:
    """True in a task a Celery worker runs (not one run eagerly, in the caller's
    thread): Celery closes its connections (and pool) when the task returns."""
    # current_task is a proxy: false where no task runs.
    return bool(current_task) and not current_task.request.is_eager


def hand_over(change: changes.Change) -> None:
    """Registered with :func:`tournament.changes.compose_with`: runs after a write's commit."""
    if settings.SCREENS_COMPOSE == INLINE or inside_a_worker_task():
        _compose([change], None)
        return
    # The sockets' event loop is known only here, in the committing thread.
    if not _waiting.put((change, live.sockets_loop())):
        logger.warning(
            "composer: %s changes wait; dropped version %s of tournament %s",
            QUEUE_LIMIT,
            change.version,
            change.tournament_id,
        )


def hand_over_room(change: changes.RoomChange) -> None:
    """Registered beside :func:`hand_over`: a named screen, a layout or the room's
    look changed. Told in the committing thread: a message or two, no reading."""
    try:
        compose.send_room(change)
    except Exception:  # the write is done; a TV asks again when it reconnects
        logger.exception("composer: no message for the room's change %s", change.event)


def drained(timeout: float = EXIT_WAIT_SECONDS) -> bool:
    """Wait until every change handed over has been composed and sent on (tests,
    a command that writes and exits); False if not within `timeout` seconds."""
    return _waiting.done(timeout)


def in_version_order(batch: list[Waiting]) -> list[Waiting]:
    """Stable: two records of one transaction share a version and keep their order."""
    return sorted(batch, key=lambda waiting: (waiting[0].tournament_id, waiting[0].version))


def bursts(batch: list[Waiting]) -> list[tuple[list[changes.Change], Loop]]:
    """The batch by tournament, each tournament's changes in version order: what
    waited together is composed together (README "How a floor action flows")."""
    return [
        ([change for change, _ in waiting], loop)
        for (_, loop), waiting in groupby(
            in_version_order(batch), key=lambda waiting: (waiting[0].tournament_id, waiting[1])
        )
    ]


def _compose(burst: list[changes.Change], loop: Loop) -> None:
    try:
        with live.sockets_on(loop):
            compose.send(burst)
    except Exception:  # the write is done; its screens ask for a snapshot at the gap
        logger.exception(
            "composer: no message for version %s of tournament %s (%s)",
            burst[-1].version,
            burst[-1].tournament_id,
            burst[-1].event,
        )


def _after_the_write_under_way(tournament_id: int) -> None:
    try:
        writes_committed(tournament_id, WRITE_WAIT_MS)
    except Exception:  # the database away: what waits is composed (or logged) all the same
        logger.exception("composer: no wait for the writes of tournament %s", tournament_id)


def _compose_batch(batch: list[Waiting]) -> None:
    close_old_connections()  # a connection broken since the last batch is not reused
    try:
        # A write of these tournaments under way now would make the messages
        # old at once: its change (and those of the writes queued before this
        # wait) joins the burst. A lone write waits for nothing.
        for tournament_id in sorted({change.tournament_id for change, _ in batch}):
            _after_the_write_under_way(tournament_id)
        if batch is _waiting.taking:
            batch = _waiting.more()
        for burst, loop in bursts(batch):
            _compose(burst, loop)
    finally:
        # This thread's connection goes back (to the pool) between batches:
        # an idle composer holds no database session.
        connections.close_all()


_waiting: QueueWorker[Waiting] = QueueWorker(
    "screens-composer", _compose_batch, limit=QUEUE_LIMIT, batches=True
)


def _at_exit() -> None:
    """A process's last changes are composed and leave through Redis (registered
    after the fan-out's wait, so it runs before it). Without Redis an exiting
    process's in-memory layer reaches no screen: they are dropped."""
    if fanout.enabled():
        drained()
    else:
        _waiting.drop_waiting()


atexit.register(_at_exit)
