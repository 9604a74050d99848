"""An entry that never played leaves the field (README "Cash desk").

A player who unregisters (before play starts, seated by the draw or not, or an
alternate still waiting for a seat) gets his money back at the desk (a freeroll
entry just leaves); the desk's refund calls
:func:`entry_withdraw` in the same write. The entry is kept (the ledger names
it) with the status "withdrawn": out of the field, the prize pool, the players
left and every list; his seat, if the draw gave him one, is free again and the
places of those out move up one.
"""

from __future__ import annotations

from typing import cast

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import Move, Seat, SeatChange
from tables.services.field import after_field_change
from tournament.clock_port import clock
from tournament.errors import Conflict
from tournament.models import Entry, Tournament
from tournament.rules import places as place_rules
from tournament.writes import Write

RE_ENTRY_PLACED = _(
    "This re-entry cannot be unregistered once players are out: refund it without "
    "taking it out of the field (a director reverses its payment)."
)


def play_started(tournament: Tournament) -> bool:
    """Play has begun: a level is played (the clock was started), or a player is
    out already. The seat draw alone starts nothing: until the clock runs a player
    leaves his seat as if he had never sat down."""
    if tournament.status == Tournament.Status.PLANNED:
        return False
    if clock().play_started(tournament):
        return True
    return tournament.entries.filter(place__isnull=False).exists()


def never_played(tournament: Tournament, entry: Entry) -> bool:
    """The entry was never dealt in: play has not started, or he still waits for a
    seat (registered without a seat, or an alternate)."""
    if not entry.is_live:
        return False
    if not play_started(tournament):
        return True
    return entry.status in (Entry.Status.REGISTERED, Entry.Status.WAITING)


def entry_withdraw(w: Write, entry: Entry) -> None:
    """Take an entry that never played out of the field, inside the caller's write
    (which logs why: the desk's refund); the seat he leaves is a seat change."""
    _places_move_up(w.tournament, entry)
    seat = seat_leave(w, entry, "withdrawn")
    Entry.seat.related.set_cached_value(entry, None)
    entry.status = Entry.Status.WITHDRAWN
    entry.waiting_since = None
    entry.wait_for_button = False
    entry.save(update_fields=["status", "waiting_since", "wait_for_button"])
    after_field_change(
        w,
        "entry_withdrawn",
        {"entry": entry.pk},
        [seat.table.number if seat else None],
        field_changed=True,
    )


def seat_leave(w: Write, entry: Entry, reason: str) -> Seat | None:
    """Free the entry's seat (recorded as a seat change for ``reason``) and cancel
    his pending move, inside the caller's write; the seat he left, if any."""
    seat = Seat.objects.select_related("table").filter(entry=entry).first()
    if seat is not None:
        seat.entry = None
        seat.save(update_fields=["entry"])
        SeatChange.objects.create(
            tournament=w.tournament,
            entry=entry,
            from_table=seat.table.number,
            from_seat=seat.number,
            reason=reason,
            by=w.user,
        )
    Move.objects.filter(entry=entry, status=Move.Status.PENDING).update(
        status=Move.Status.CANCELLED, finished_at=timezone.now()
    )
    return seat


def _places_move_up(tournament: Tournament, entry: Entry) -> None:
    out = list(tournament.entries.filter(place__isnull=False).only("pk", "place", "place_shared"))
    try:
        after = place_rules.places_after_withdrawal(
            out=[place_rules.Place(e.pk, e.place or 0, e.place_shared) for e in out],
            basis=cast(place_rules.PlacesBasis, tournament.places),
            re_entry=entry.number > 1,
        )
    except place_rules.PlacesError as exc:
        raise Conflict(RE_ENTRY_PLACED) from exc
    moved = {p.entry_id: p.place for p in after}
    for e in out:
        e.place = moved[e.pk]
    Entry.objects.bulk_update(out, ["place"], batch_size=500)
