"""The locks of one transaction, taken in the room's one order (README "How a
floor action flows").

The outermost write of a transaction keeps a :class:`Held`: every scope locked
so far and the last one in the order. A lock asked for that comes before it
(a tournament after a cash box, ticket 9 before ticket 4 once 9 is held)
could wait for a write that waits for this one: the tests refuse it
(``settings.WRITES_LOCK_ORDER_CHECKED``), production logs it. A lock that
cannot be had in time is a clear 409, never a 500.

A tournament's lock is the first of nearly every write, so it is one plain
statement (:func:`lock_tournament`); the other scopes are locked by the ORM.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import OperationalError, connection, models, transaction
from django.utils.translation import gettext_lazy as _

from tournament.errors import BUSY, TOURNAMENT_NOT_FOUND, Busy, NotFound, can_be_a_row_id
from tournament.models import Tournament
from tournament.writes.scopes import ROOM, TOURNAMENT, Scope

logger = logging.getLogger(__name__)

ROOM_BUSY = _("Someone else is changing this just now. Please try again.")
LOCK_TIMEOUT_MS = 5000


class LockOutOfOrder(RuntimeError):
    """A write asked for a lock that comes before one it holds already."""


class Held:
    """The scopes one transaction holds, and the last of them in the order."""

    def __init__(self) -> None:
        self.rows: dict[Scope, Any] = {}
        self.last: Scope | None = None
        self.timeout_set = False

    def check_order(self, wanted: Iterable[Scope]) -> None:
        """Refuse (tests) or log a lock that comes before the last one held."""
        late = [s for s in wanted if s not in self.rows and self.last is not None and s < self.last]
        if not late:
            return
        words = f"lock {', '.join(map(str, late))} asked for after {self.last}"
        if getattr(settings, "WRITES_LOCK_ORDER_CHECKED", False):
            raise LockOutOfOrder(words)
        logger.warning("writes: %s (README 'How a floor action flows')", words)

    def note(self, scope: Scope, row: Any) -> None:
        self.rows[scope] = row
        if self.last is None or scope > self.last:
            self.last = scope


def take(held: Held, scope: Scope) -> Any:
    """Lock one scope's row and return it; None when it is gone and the scope
    names no 404. Patched to a plain read by the lock-off tests (their twin
    shows the race the lock prevents)."""
    if scope.kind == TOURNAMENT:
        held.timeout_set = True  # lock_tournament sets it, first on the hot path
        return lock_tournament(scope.id)
    _lock_timeout(held)
    model = scope.model
    if scope.kind == ROOM:
        model._default_manager.get_or_create(pk=scope.id)
    try:
        row = model._default_manager.select_for_update().filter(pk=scope.id).first()
    except OperationalError as exc:
        raise Busy(ROOM_BUSY) from exc
    if row is None and scope.missing is not None:
        raise NotFound(scope.missing)
    return row


def lock_tournament(tournament_id: int) -> Tournament:
    """Lock and return the tournament, inside the write's transaction: all floor
    actions on one tournament are serialised, so two tablets can never seat one
    player twice or bust one entry twice."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("lock_tournament() needs an open transaction")
    if not can_be_a_row_id(tournament_id):
        raise NotFound(TOURNAMENT_NOT_FOUND)
    try:
        if connection.vendor == "postgresql":
            # The wait is bounded in the same statement (set_config(..., true)
            # holds for this transaction; the row is locked after the join is
            # read): one round trip less on every write (README "Benchmarks").
            sql = _LOCK_BOUNDED
        else:  # SQLite: the write transaction (IMMEDIATE) holds the database
            sql = _LOCK
        # Every write starts here: a plain query costs a fraction of the ORM's
        # locking get() in processor time (README "Benchmarks").
        tournament = next(iter(Tournament.objects.raw(sql, [tournament_id])), None)
    except OperationalError as exc:
        raise Busy(BUSY) from exc
    if tournament is None:
        raise NotFound(TOURNAMENT_NOT_FOUND)
    return tournament


def writes_committed(tournament_id: int, wait_ms: int) -> bool:
    """Wait until the write holding the tournament now (and those queued for it
    before this call) has committed, at most ``wait_ms``; False after that.
    Locks nothing beyond this statement: for a reader that would otherwise
    read what the next commit changes again (the screens' composer). On
    SQLite a write holds the whole database until its commit: nothing to wait for."""
    if connection.vendor != "postgresql":
        return True
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(_WRITES_COMMITTED, [f"{wait_ms}ms", tournament_id])
    except OperationalError:
        return False
    return True


_WRITES_COMMITTED = (
    "SELECT 1 FROM (SELECT set_config('lock_timeout', %s, true)) AS bounded, "
    "tournament_tournament t WHERE t.id = %s FOR KEY SHARE OF t"
)
_LOCK = "SELECT * FROM tournament_tournament WHERE id = %s"
_LOCK_BOUNDED = (
    "SELECT t.* FROM (SELECT set_config('lock_timeout', "
    f"'{LOCK_TIMEOUT_MS}ms', true)) AS bounded, tournament_tournament t "
    "WHERE t.id = %s FOR UPDATE OF t"
)


def take_rows(held: Held, queryset: models.QuerySet[Any], limit: int | None = None) -> list[Any]:
    """Lock further rows in id order (README "How a floor action flows"); the
    first ``limit`` of them when given."""
    _lock_timeout(held)
    ordered = queryset.select_for_update().order_by("pk")
    try:
        return list(ordered if limit is None else ordered[:limit])
    except OperationalError as exc:
        raise Busy(BUSY if held.last and held.last.kind == TOURNAMENT else ROOM_BUSY) from exc


def _lock_timeout(held: Held) -> None:
    if held.timeout_set or connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT_MS}ms'")
    held.timeout_set = True
