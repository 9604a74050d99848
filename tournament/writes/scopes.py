"""What a write locks: its scopes, in the one order of the room (README "How a
floor action flows").

A scope is a row that stands for everything under it: a tournament (its
tables, seats, entries, moves), the room (its settings, its look, its rule
catalogue), a league season, a structure template, a player, a ticket, a pot,
a cash box, a shift, a named screen, a layout. Every write locks its scopes in
one global order, :data:`KINDS` first, then by id: the tournaments by id, then
the room-level kinds in this fixed order. Two writes that want the same two
scopes take them in the same order, so they never wait for each other.

The order follows what the writes nest: a tournament's write takes a ticket
(paid with it), a pot (money kept back), then the cash box and the shift its
row is booked to; a ticket refunded or a pot paid out is booked to a box and a
shift the same way; retention reaches the players under the room's lock.

Each kind's model is named by its label, not imported, so the core package
names the order of the whole room without importing the apps above it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.db import connection, models
from django.utils.translation import gettext_lazy as _

from tournament.errors import TOURNAMENT_NOT_FOUND, NotFound, can_be_a_row_id

TOURNAMENT = "tournament"
ROOM = "room"
SEASON = "season"
TEMPLATE = "template"
PLAYER = "player"
TICKET = "ticket"
POT = "pot"
CASHBOX = "cashbox"
SHIFT = "shift"
SCREEN = "screen"
LAYOUT = "layout"

# The one order of the room: a write takes its locks in this order of kinds,
# each kind by id (see the module's docstring).
KINDS: tuple[str, ...] = (
    TOURNAMENT,
    ROOM,
    SEASON,
    TEMPLATE,
    PLAYER,
    TICKET,
    POT,
    CASHBOX,
    SHIFT,
    SCREEN,
    LAYOUT,
)
MODELS: dict[str, str] = {
    TOURNAMENT: "tournament.Tournament",
    ROOM: "tournament.RoomSettings",
    SEASON: "tournament.LeagueSeason",
    TEMPLATE: "clock.SavedTemplate",
    PLAYER: "tournament.Player",
    TICKET: "cashdesk.Ticket",
    POT: "cashdesk.Pot",
    CASHBOX: "cashdesk.CashBox",
    SHIFT: "cashdesk.Shift",
    SCREEN: "signage.Screen",
    LAYOUT: "layouts.Layout",
}
RANK = {kind: rank for rank, kind in enumerate(KINDS)}
_KIND_OF_LABEL = {label.lower(): kind for kind, label in MODELS.items()}
ROOM_ID = 1  # the room's one settings row

ROW_NOT_FOUND = _("Not found.")


@dataclass(frozen=True, order=True)
class Scope:
    """One scope of a write; scopes sort in the room's lock order."""

    rank: int
    id: int
    # The words of a 404 when the row is gone (None: the write gets None for it).
    missing: Any = field(default=None, compare=False)

    @property
    def kind(self) -> str:
        return KINDS[self.rank]

    @property
    def model(self) -> type[models.Model]:
        return apps.get_model(MODELS[self.kind])

    def __str__(self) -> str:
        """The audit trail's name of the scope: ``tournament:12``, ``cashbox:3``, ``room``."""
        return ROOM if self.kind == ROOM else f"{self.kind}:{self.id}"


def scope(kind: str, pk: int, missing: Any = None) -> Scope:
    if kind not in RANK:
        raise ValueError(f"unknown scope kind: {kind}")
    return Scope(RANK[kind], pk, missing)


def tournament(pk: int) -> Scope:
    return scope(TOURNAMENT, pk, TOURNAMENT_NOT_FOUND)


def room() -> Scope:
    return scope(ROOM, ROOM_ID)


def season(pk: int, missing: Any = None) -> Scope:
    return scope(SEASON, pk, missing)


def template(pk: int, missing: Any = None) -> Scope:
    return scope(TEMPLATE, pk, missing)


def player(pk: int, missing: Any = None) -> Scope:
    return scope(PLAYER, pk, missing)


def ticket(pk: int, missing: Any = None) -> Scope:
    return scope(TICKET, pk, missing)


def pot(pk: int, missing: Any = None) -> Scope:
    return scope(POT, pk, missing)


def cashbox(pk: int, missing: Any = None) -> Scope:
    return scope(CASHBOX, pk, missing)


def shift(pk: int, missing: Any = None) -> Scope:
    return scope(SHIFT, pk, missing)


def screen(pk: int, missing: Any = None) -> Scope:
    return scope(SCREEN, pk, missing)


def layout(pk: int, missing: Any = None) -> Scope:
    return scope(LAYOUT, pk, missing)


def of_row(row: models.Model) -> Scope | None:
    """The scope a row stands for (a ticket's row: its ticket scope); None for
    a row under a scope (a seat, a move, a ledger row)."""
    kind = _KIND_OF_LABEL.get(row._meta.label_lower)
    return None if kind is None else scope(kind, row.pk)


def kind_of_model(model: type[models.Model]) -> str | None:
    return _KIND_OF_LABEL.get(model._meta.label_lower)


def tournament_of(model: type[models.Model], pk: Any, missing: Any = ROW_NOT_FOUND) -> Scope:
    """The tournament scope of a row that belongs to one (an entry, a table, a
    ruling, a ledger row): found here, before the write locks it, for every
    service that names a row, not a tournament. A 404 in ``missing``'s words
    when there is no such row; a row of no tournament (a ledger row of a pot)
    is a 404 too, use :func:`tournament_of_or_none` where that is allowed."""
    found = tournament_of_or_none(model, pk, missing)
    if found is None:
        raise NotFound(missing)
    return found


def tournament_of_or_none(
    model: type[models.Model], pk: Any, missing: Any = ROW_NOT_FOUND
) -> Scope | None:
    """As :func:`tournament_of`, None for a row that belongs to no tournament."""
    if not isinstance(pk, int) or not can_be_a_row_id(pk):
        raise NotFound(missing)
    # Read before every floor action's lock: one plain query (README "Benchmarks").
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT tournament_id FROM {model._meta.db_table} WHERE id = %s", [pk])
        row = cursor.fetchone()
    if row is None:
        raise NotFound(missing)
    return None if row[0] is None else tournament(row[0])
