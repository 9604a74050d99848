"""The one way to write (README "How a floor action flows").

Every floor, desk, clock and ruling service changes rows inside
:func:`tournament_write`::

    with tournament_write(tournament_id, by=actor) as w:
        ...                              # checks and changes on w.tournament (locked)
        w.log("bust", {"entry": 7})      # the action-log line
        w.touch(tables=[3])              # a step changed table 3's rows on the way
        w.record("bust", parts=(changes.SUMMARY, changes.TABLES), tables=[3])

The helper opens the transaction, locks the tournament row first (every other
lock a step takes comes after it, in id order: :meth:`Write.lock`), hands the
step the locked tournament, keeps the tables and screen parts the steps
touched on ``w`` (never on a model instance, so re-reading the tournament loses
nothing), bumps the version once and gives the change to the screens after the
commit. A write that changed rows and recorded nothing raises
:class:`UnrecordedWrite` where ``settings.WRITES_MUST_RECORD`` is on (the
tests): such a write would leave every screen stale.

A write inside a write on the same tournament (registering an entry seats him)
joins the outer one: one transaction, one lock, one version.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.conf import settings
from django.db import connection, models, transaction

from tournament import audit, changes
from tournament.locking import lock_tournament
from tournament.models import ActionLog, Tournament

RowModel = TypeVar("RowModel", bound=models.Model)


@dataclass(frozen=True)
class Actor:
    """Who writes: a signed-in user, or the house (the clock loop, a task, a
    token without a user). Every service takes one instead of guessing."""

    user: Any = None  # a django.contrib.auth user, or None for the house

    @classmethod
    def of(cls, by: Any) -> Actor:
        """An actor from what a view, task or test passes: an Actor, a user, or None."""
        if isinstance(by, Actor):
            return by
        return cls(by if getattr(by, "pk", None) else None)

    @property
    def user_id(self) -> int | None:
        return self.user.pk if self.user is not None else None


HOUSE = Actor()


class UnrecordedWrite(RuntimeError):
    """A write changed rows but told the screens nothing."""


@dataclass
class Write:
    tournament: Tournament
    actor: Actor
    tables: set[int] = field(default_factory=set)  # numbers of tables whose rows changed
    parts: set[str] = field(default_factory=set)
    version: int | None = None
    recorded: bool = False
    rows_changed: int = 0

    @property
    def user(self) -> Any:
        """The user for a ``by`` column (None for the house)."""
        return self.actor.user

    def log(self, kind: str, data: dict[str, Any]) -> ActionLog:
        """The action-log line of this write (the history and its undo read it)."""
        return audit.append(
            scope=audit.tournament_scope(self.tournament.pk),
            tournament=self.tournament,
            kind=kind,
            data=data,
            by=self.actor.user,
        )

    def touch(self, *, tables: Iterable[int | None] = (), parts: Iterable[str] = ()) -> None:
        """A step changed these tables' rows (a seat taken, a halt lifted) or these
        parts on the way; the next :meth:`record` includes them."""
        self.tables.update(number for number in tables if number is not None)
        unknown = set(parts) - changes.PARTS
        if unknown:
            raise ValueError(f"unknown screen parts: {sorted(unknown)}")
        self.parts.update(parts)

    def lock(self, queryset: models.QuerySet[RowModel]) -> list[RowModel]:
        """Lock further rows, after the tournament and always in id order, so two
        writes can never wait for each other."""
        return list(queryset.select_for_update().order_by("pk"))

    def record(
        self,
        event: str,
        *,
        parts: Iterable[str] = (),
        tables: Iterable[int | None] = (),
        facts: dict[str, Any] | None = None,
        public_facts: dict[str, Any] | None = None,
    ) -> int:
        """What this write changed, for the screens; returns the version."""
        self.touch(tables=tables, parts=parts)
        numbers, recorded = frozenset(self.tables), frozenset(self.parts)
        self.tables.clear()
        self.parts.clear()
        self.version = self._bump_version()
        self.recorded = True
        changes.announce(
            changes.Change(
                tournament_id=self.tournament.pk,
                version=self.version,
                event=event,
                parts=recorded,
                tables=numbers,
                facts={**(public_facts or {}), **(facts or {})},
                public_facts=dict(public_facts or {}),
            )
        )
        return self.version

    def keep_quiet(self, why: str) -> None:
        """This write changes only bookkeeping no screen shows (a stale boundary
        marked as fired); says so instead of recording a change."""
        self.recorded = self.recorded or bool(why)

    def _bump_version(self) -> int:
        if self.version is None:
            # Once per write, every write: a plain statement (README "Benchmarks").
            with connection.cursor() as cursor:
                cursor.execute(_BUMP_VERSION, [self.tournament.pk])
            if current_write(self.tournament.pk) is self:
                # The row is locked since the write began: nobody else moved it on.
                self.tournament.version += 1
            else:
                self.tournament.version = Tournament.objects.values_list("version", flat=True).get(
                    pk=self.tournament.pk
                )
        return self.tournament.version


_BUMP_VERSION = "UPDATE tournament_tournament SET version = version + 1 WHERE id = %s"

_current: ContextVar[Write | None] = ContextVar("tournament_write", default=None)


def current_write(tournament_id: int) -> Write | None:
    """The write open on this tournament in this transaction, if any."""
    write = _current.get()
    if write is None or write.tournament.pk != tournament_id:
        return None
    if not transaction.get_connection().in_atomic_block:
        return None
    return write


@contextmanager
def tournament_write(tournament_id: int, *, by: Any) -> Iterator[Write]:
    """One locked write on a tournament (see the module's docstring)."""
    outer = current_write(tournament_id)
    if outer is not None:
        with transaction.atomic():
            yield outer
        return
    with transaction.atomic():
        write = Write(tournament=lock_tournament(tournament_id), actor=Actor.of(by))
        token = _current.set(write)
        try:
            if getattr(settings, "WRITES_MUST_RECORD", False):
                with connection.execute_wrapper(_RowCounter(write)):
                    yield write
                _check_recorded(write)
            else:
                yield write
        finally:
            _current.reset(token)


def _check_recorded(write: Write) -> None:
    if write.rows_changed and not write.recorded:
        raise UnrecordedWrite(
            f"a write on tournament {write.tournament.pk} changed {write.rows_changed} "
            "rows and recorded no change for the screens"
        )


class _RowCounter:
    """Counts the rows a write inserts, updates or deletes (tests only)."""

    def __init__(self, write: Write) -> None:
        self.write = write

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        result = execute(sql, params, many, context)
        verb = sql.lstrip()[:6].upper()
        if verb == "INSERT":  # with RETURNING, SQLite reports no row count
            self.write.rows_changed += 1
        elif verb in ("UPDATE", "DELETE"):
            self.write.rows_changed += max(context["cursor"].rowcount, 0)
        return result
