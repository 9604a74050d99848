"""The one write unit: :class:`Write` and :func:`open_write` (README "How a
floor action flows"; the package's docstring shows it in use)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.conf import settings
from django.db import connection, models, transaction

from tournament import audit, changes
from tournament.models import ActionLog, Tournament
from tournament.writes.locks import Held, take, take_rows
from tournament.writes.scopes import TOURNAMENT, Scope, kind_of_model, of_row
from tournament.writes.scopes import tournament as tournament_scope

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


class UnloggedWrite(RuntimeError):
    """A room-level write changed rows but left no line in the audit trail."""


class _Unit:
    """One transaction opened by an outermost write: its locks and its open writes."""

    def __init__(self, whole: bool = False) -> None:
        self.held = Held()
        self.open: list[Write] = []
        # A request's keyed write: the one nested in it takes no savepoint (README
        # "Sent twice, done once"); if that one fails, the whole transaction is broken.
        self.whole, self.broken = whole, False


_unit: ContextVar[_Unit | None] = ContextVar("write_unit", default=None)


@dataclass(eq=False)
class Write:
    """One write: its scopes (locked), its actor, what it changed for the screens."""

    actor: Actor
    scopes: tuple[Scope, ...]
    unit: _Unit
    held_tournament: Tournament | None = None
    tables: set[int] = field(default_factory=set)  # numbers of tables whose rows changed
    parts: set[str] = field(default_factory=set)
    version: int | None = None
    recorded: bool = False
    rows_changed: int = 0
    logged: bool = False  # a line of the audit trail was written in this write
    others: dict[int, Write] = field(default_factory=dict)  # the tournaments of a write of several

    @property
    def tournament(self) -> Tournament:
        """The locked tournament of a write on one tournament."""
        if self.held_tournament is None:
            raise RuntimeError(
                "this write holds no single tournament: "
                f"{', '.join(map(str, self.scopes)) or 'no scope'} (use w.on(id))"
            )
        return self.held_tournament

    @property
    def user(self) -> Any:
        """The user for a ``by`` column (None for the house)."""
        return self.actor.user

    def on(self, tournament_id: int) -> Write:
        """The part of a write on several tournaments that writes this one (its
        own tables, parts and version); a write on one tournament is its own."""
        if self.held_tournament is not None and self.held_tournament.pk == tournament_id:
            return self
        found = self.others.get(tournament_id)
        if found is None:
            raise RuntimeError(f"this write holds no tournament {tournament_id}")
        return found

    def row(self, scope: Scope) -> Any:
        """The locked row of one of the write's scopes."""
        return self.unit.held.rows[scope]

    @property
    def broken(self) -> bool:
        """A write nested without a savepoint in this one failed: all goes back."""
        return self.unit.broken

    def holds(self, scope: Scope) -> bool:
        """Whether this write's transaction holds the scope's lock."""
        return scope in self.unit.held.rows

    # Locks

    def lock(self, target: Scope | models.QuerySet[RowModel], limit: int | None = None) -> Any:
        """Lock a further scope (``w.lock(scopes.ticket(5))``, its row back) or
        further rows (a queryset, locked in id order, the list back; the first
        ``limit``): always after what the write holds, in the room's order."""
        held = self.unit.held
        if isinstance(target, Scope):
            held.check_order([target])
            row = take(held, target)
            held.note(target, row)
            return row
        rows = take_rows(held, target, limit)
        if kind_of_model(target.model) is not None:
            taken = [s for s in map(of_row, rows) if s is not None]
            held.check_order(taken)
            for scope, row in zip(taken, rows, strict=True):
                held.note(scope, row)
        return rows

    def lock_one(self, queryset: models.QuerySet[RowModel]) -> RowModel | None:
        """The first row of ``queryset``, locked (see :meth:`lock`), or None."""
        rows = self.lock(queryset, limit=1)
        return rows[0] if rows else None

    def adopt(self, row: models.Model) -> Scope:
        """A row this write has just made stands for a scope of the write (a new
        cash box, a new screen): nobody else sees it before the commit, so it
        needs no lock; its log lines go to its scope."""
        scope = of_row(row)
        if scope is None:
            raise ValueError(f"{row._meta.label} stands for no scope")
        self.unit.held.rows[scope] = row
        self.scopes = (*self.scopes, scope)
        return scope

    @contextmanager
    def attempt(self) -> Iterator[None]:
        """A step that may fail on its own (a unique index said no): if it
        raises, only its changes go; the write goes on or answers the error."""
        with transaction.atomic():
            yield

    # The audit trail

    def log(
        self,
        kind: str,
        data: dict[str, Any],
        *,
        scope: Scope | None = None,
        tournament: Tournament | None = None,
    ) -> ActionLog:
        """The audit-trail line of this write (README "Audit trail"), in the
        scope given or the write's first; a line of a room-level scope may name
        the tournament whose history shows it (``tournament``)."""
        target = scope or self._log_scope()
        if target not in self.unit.held.rows:
            raise RuntimeError(f"a write logs only into a scope it holds, not {target}")
        if target.kind == TOURNAMENT:
            tournament = self.unit.held.rows[target]
        self.logged = True
        return audit.append(
            scope=str(target), tournament=tournament, kind=kind, data=data, by=self.actor.user
        )

    def _log_scope(self) -> Scope:
        if self.held_tournament is not None:
            return self.scopes[[s.kind for s in self.scopes].index(TOURNAMENT)]
        if not self.scopes:
            raise RuntimeError("a write of no scope names the scope of its log line")
        return self.scopes[0]

    # What changed, for the screens

    def touch(self, *, tables: Iterable[int | None] = (), parts: Iterable[str] = ()) -> None:
        """A step changed these tables' rows (a seat taken, a halt lifted) or these
        parts on the way; the next :meth:`record` includes them."""
        self.tables.update(number for number in tables if number is not None)
        unknown = set(parts) - changes.PARTS
        if unknown:
            raise ValueError(f"unknown screen parts: {sorted(unknown)}")
        self.parts.update(parts)

    def record(
        self,
        event: str,
        *,
        parts: Iterable[str] = (),
        tables: Iterable[int | None] = (),
        facts: dict[str, Any] | None = None,
        public_facts: dict[str, Any] | None = None,
        screens: Iterable[int] = (),
        layouts: Iterable[int] = (),
        look: bool = False,
    ) -> int:
        """What this write changed, for the screens; returns the tournament's
        version (0 for a write of no tournament). ``screens``: named screens whose
        settings changed; ``layouts``: layouts whose tiles changed; ``look``:
        the room's look changed (README "Named screens")."""
        room = changes.RoomChange(event, frozenset(screens), frozenset(layouts), look)
        if self.held_tournament is None:
            if parts or tables or facts or public_facts or not room.says_something():
                raise ValueError(f"a write on {self._names()} records only room-level changes")
            changes.announce_room(room)
            self.recorded = True
            return 0
        version = self._record_tournament(event, parts, tables, facts, public_facts)
        if room.says_something():
            changes.announce_room(room)
        return version

    def _record_tournament(
        self,
        event: str,
        parts: Iterable[str],
        tables: Iterable[int | None],
        facts: dict[str, Any] | None,
        public_facts: dict[str, Any] | None,
    ) -> int:
        self.touch(tables=tables, parts=parts)
        numbers, recorded = frozenset(self.tables), frozenset(self.parts)
        self.tables, self.parts = set(), set()
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
                finished=self.tournament.status == Tournament.Status.FINISHED,
            )
        )
        return self.version

    def keep_quiet(self, why: str) -> None:
        """This write changes only what no screen shows (bookkeeping, the cash
        desk's rows, a player's consent); says so instead of recording a change."""
        self.recorded = self.recorded or bool(why)

    def _names(self) -> str:
        return ", ".join(map(str, self.scopes)) or "no scope"

    def _bump_version(self) -> int:
        tournament = self.tournament
        if self.version is None:
            # Once per write, every write: a plain statement (README "Benchmarks").
            # The row is locked since the write began: nobody else moved it on.
            with connection.cursor() as cursor:
                cursor.execute(_BUMP_VERSION, [tournament.pk])
            tournament.version += 1
        return tournament.version

    def _said_something(self) -> bool:
        return self.recorded or any(other.recorded for other in self.others.values())


_BUMP_VERSION = "UPDATE tournament_tournament SET version = version + 1 WHERE id = %s"


@contextmanager
def open_write(scopes: Iterable[Scope], by: Any, whole: bool = False) -> Iterator[Write]:
    """One locked write (the package's docstring): joins an open write holding every
    scope asked for, else opens one nested in the writes around it (``whole``: :class:`_Unit`)."""
    wanted = tuple(sorted(set(scopes)))
    unit = _unit.get()
    flat = unit is not None and unit.whole and len(unit.open) == 1
    with transaction.atomic(savepoint=not flat), _breaking(unit if flat else None):
        joined = _joinable(unit, wanted) if unit is not None else None
        if joined is not None:
            yield joined
            return
        outermost = unit is None
        unit = unit or _Unit(whole)
        token = _unit.set(unit) if outermost else None
        write = Write(actor=Actor.of(by), scopes=wanted, unit=unit)
        try:
            _take(write, wanted)
            unit.open.append(write)
            if outermost and getattr(settings, "WRITES_MUST_RECORD", False):
                with connection.execute_wrapper(_RowCounter(unit)):
                    yield write
            else:
                yield write
            if getattr(settings, "WRITES_MUST_RECORD", False):
                _check_recorded(write)
                _check_logged(write)
        finally:
            if unit.open and unit.open[-1] is write:
                unit.open.pop()
            if token is not None:
                _unit.reset(token)


@contextmanager
def _breaking(unit: _Unit | None) -> Iterator[None]:
    try:
        yield
    except BaseException:
        if unit is not None:
            unit.broken = True
        raise


def _joinable(unit: _Unit, wanted: tuple[Scope, ...]) -> Write | None:
    """The innermost open write holding every scope asked for. A write of no
    scope (a new cash box, a new tournament) nests as a write of its own: its
    rows, its lines and what it says for the screens are its own."""
    if not wanted:
        return None
    for write in reversed(unit.open):
        if set(wanted) <= set(write.scopes):
            tournaments = [s for s in wanted if s.kind == TOURNAMENT]
            return write.on(tournaments[0].id) if len(tournaments) == 1 else write
    return None


def _take(write: Write, wanted: tuple[Scope, ...]) -> None:
    """Lock the write's scopes in the room's order (README "How a floor action
    flows"); a scope an open write holds is shared, one held before is read again."""
    held = write.unit.held
    held.check_order(wanted)
    shared = {s: w.row(s) for w in write.unit.open for s in w.scopes if s in wanted}
    for scope in wanted:
        row = shared[scope] if scope in shared else take(held, scope)
        held.note(scope, row)
    tournaments = [write.row(s) for s in wanted if s.kind == TOURNAMENT]
    if len(tournaments) == 1:
        write.held_tournament = tournaments[0]
    for tournament in tournaments if len(tournaments) > 1 else ():
        alone = (tournament_scope(tournament.pk),)
        write.others[tournament.pk] = Write(write.actor, alone, write.unit, tournament)


def _check_recorded(write: Write) -> None:
    if write.rows_changed and not write._said_something():
        raise UnrecordedWrite(
            f"a write on {write._names()} changed {write.rows_changed} "
            "rows and recorded no change for the screens"
        )


def _check_logged(write: Write) -> None:
    """A write on the room's own things (staff, settings, seasons, templates, a
    cash box ...) leaves its line in their scope (README "Audit trail"); a
    tournament's writes log by their own rules, a write of no scope (a request's
    one-time key) stands for nothing to audit."""
    if write.held_tournament is not None or write.others or not write.scopes:
        return
    if write.rows_changed and not write.logged:
        raise UnloggedWrite(
            f"a write on {write._names()} changed {write.rows_changed} "
            "rows and logged no line (w.log)"
        )


class _RowCounter:
    """Counts the rows the innermost open write inserts, updates or deletes (tests only)."""

    def __init__(self, unit: _Unit) -> None:
        self.unit = unit

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        result = execute(sql, params, many, context)
        if not self.unit.open:
            return result
        write = self.unit.open[-1]
        verb = sql.lstrip()[:6].upper()
        if verb == "INSERT":  # with RETURNING, SQLite reports no row count
            write.rows_changed += 1
            # A line written by the trail itself (a privacy row's, a ledger row's).
            write.logged = write.logged or audit.LOG_TABLE in sql[:80]
        elif verb in ("UPDATE", "DELETE"):
            write.rows_changed += max(context["cursor"].rowcount, 0)
        return result
