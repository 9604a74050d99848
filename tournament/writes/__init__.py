"""The one way to write (README "How a floor action flows").

Every service changes rows inside one :data:`write`, named by its scopes
(:mod:`tournament.writes.scopes`: a tournament, the room, a player, a ticket, a
pot, a cash box, a shift, a named screen, a layout, a season, a template)::

    with write(scopes.tournament(12), by=actor) as w:
        ...                              # checks and changes on w.tournament (locked)
        w.log("bust", {"entry": 7})      # the audit-trail line, in the tournament's scope
        w.touch(tables=[3])              # a step changed table 3's rows on the way
        w.lock(scopes.ticket(5))         # a further scope, after those held
        w.record("bust", parts=(changes.SUMMARY, changes.TABLES), tables=[3])

    with write(scopes.cashbox(3), by=actor) as w:   # a room-level write
        ...
        w.log("cash_box_renamed", {"name": "Bar"})  # scope ``cashbox:3``, no tournament
        w.keep_quiet("no screen shows a cash box")

    with write(scopes.screen(7), by=actor) as w:
        ...
        w.record("screen", screens=[7])  # the TV of screen 7 follows, after the commit

The unit opens the transaction and locks its scopes in the room's one order
(tournaments by id first, then the room-level kinds in a fixed order, each by
id); further locks come through :meth:`Write.lock`, after those held (the tests
refuse a lock out of order). It hands the step the locked tournament, keeps the
tables and screen parts the steps touched on ``w`` (never on a model
instance, so re-reading the tournament loses nothing), bumps the tournament's
version once and gives the change to the screens layer after the commit; a
named screen, a layout or the room's look changed is recorded the same way and
composed by the screens layer, the only code that publishes. A write that
changed rows and recorded nothing raises :class:`UnrecordedWrite` where
``settings.WRITES_MUST_RECORD`` is on (the tests): such a write would leave a
screen stale; one that changes what no screen shows says so with
:meth:`Write.keep_quiet`. A write on the room's own things (no tournament)
that changed rows and logged no line raises :class:`UnloggedWrite` there too:
its line is the audit trail's only word of it (README "Audit trail").

A write inside a write holding its scopes joins it (registering an entry seats
him: one transaction, one lock, one version); one on other scopes nests in the
same transaction and takes its locks after those held. A write of no scope
opens the transaction (the one-time key of a request, whose nested write takes
no savepoint: :meth:`WriteUnit.keyed_request`; a page's form that saves
through two services) or makes new rows that stand for scopes of their own
(:meth:`Write.adopt`: a new tournament, cash box, screen or layout, seen by
nobody before the commit, so locked by nobody).

Which tournament a row belongs to is read in one place, before the lock:
``write.for_entry(7)``, ``write.for_row(Table, 3, TABLE_NOT_FOUND)``.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from django.db import DEFAULT_DB_ALIAS, models

import tournament.writes.scopes as scopes
from tournament.errors import ENTRY_NOT_FOUND
from tournament.models import Entry
from tournament.writes.locks import LockOutOfOrder
from tournament.writes.scopes import Scope, tournament_of, tournament_of_or_none
from tournament.writes.unit import HOUSE, Actor, UnloggedWrite, UnrecordedWrite, Write, open_write

__all__ = [
    "HOUSE",
    "Actor",
    "LockOutOfOrder",
    "Scope",
    "UnloggedWrite",
    "UnrecordedWrite",
    "Write",
    "recount_write",
    "scopes",
    "tournament_write",
    "write",
]


class WriteUnit:
    """``write(*scopes, by=...)``, and the scope finders beside it."""

    def __call__(self, *wanted: Scope, by: Any) -> AbstractContextManager[Write]:
        return open_write(wanted, by)

    @staticmethod
    def keyed_request(by: Any) -> AbstractContextManager[Write]:
        """The write of no scope around a request with a one-time key (README "Sent
        twice, done once"): the view's own write nests in it without a savepoint of
        its own; ``w.broken`` once that one failed (then the whole transaction goes back)."""
        return open_write((), by, whole=True)

    @staticmethod
    def for_row(model: type[models.Model], pk: Any, missing: Any = scopes.ROW_NOT_FOUND) -> Scope:
        """The tournament scope of a row of ``model`` (a 404 in ``missing``'s words)."""
        return tournament_of(model, pk, missing)

    @staticmethod
    def for_row_or_room(
        model: type[models.Model], pk: Any, missing: Any = scopes.ROW_NOT_FOUND
    ) -> Scope | None:
        """As :meth:`for_row`; None for a row of no tournament."""
        return tournament_of_or_none(model, pk, missing)

    @staticmethod
    def for_entry(entry_id: Any) -> Scope:
        """The tournament scope of an entry (a 404 when there is none)."""
        return tournament_of(Entry, entry_id, ENTRY_NOT_FOUND)


write = WriteUnit()


def recount_write(using: str = DEFAULT_DB_ALIAS) -> AbstractContextManager[Write]:
    """The house's write of no scope that recounts a count the database keeps
    (the entry tally, the seated count; README "Production"): the unit's
    transaction, around the recount's own whole-table locks, taken in a floor
    write's order (the tournaments, then the rows counted). It runs beside
    ``migrate`` too, so it names no scope: a scope's row may not exist yet."""
    if using != DEFAULT_DB_ALIAS:
        raise ValueError(f"the write unit writes the {DEFAULT_DB_ALIAS!r} database, not {using!r}")
    return open_write((), HOUSE)


def tournament_write(tournament_id: int, *, by: Any) -> AbstractContextManager[Write]:
    """``write(scopes.tournament(id), by=by)``: a write on one tournament."""
    return open_write((scopes.tournament(tournament_id),), by)
