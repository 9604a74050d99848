"""Side effects at level boundaries, once per boundary key.

``boundary_fire`` is what the task ``clock.tasks.fire_boundary`` runs. The
unique ``(tournament, key)`` row of :class:`clock.models.BoundaryFired`
makes a second or late run a no-op; closing late registration is a
compare-and-set on ``Tournament.registration_closed``.
"""

from __future__ import annotations

from typing import Any, get_args

from django.db import IntegrityError

from clock.models import BoundaryFired
from clock.rules import clock as rules
from clock.rules.boundaries import BoundaryKind
from clock.rules.structure import level_numbers
from clock.services import clock_state
from tournament import changes
from tournament.errors import NotFound
from tournament.models import Tournament
from tournament.writes import HOUSE, Write, tournament_write

KINDS = frozenset(get_args(BoundaryKind))
# What a boundary changes on the screens: every one sends the clock as it stands;
# closing registration also closes it in the summary, and the payouts may freeze.
PARTS_OF_KIND = {
    "registration_closed": (changes.SUMMARY, changes.CLOCK, changes.PAYOUTS, changes.RESULTS),
}
# Announcements older than this (a worker down, a server restarted) are
# recorded and applied but not shouted to the room any more.
STALE_MS = 5 * 60_000


def parse_key(key: str) -> tuple[str, int, int] | None:
    """``"kind:level_index:at_ms"`` -> its parts; None for anything else."""
    parts = key.split(":")
    if len(parts) != 3 or parts[0] not in KINDS:
        return None
    try:
        return parts[0], int(parts[1]), int(parts[2])
    except ValueError:
        return None


def boundary_fire(*, tournament_id: int, key: str, now_ms: int | None = None) -> bool:
    """Run the boundary's side effects once; False when it already ran (or is unknown)."""
    parsed = parse_key(key)
    if parsed is None:
        return False
    kind, level_index, at_ms = parsed
    now_ms = clock_state.now() if now_ms is None else now_ms
    try:
        with tournament_write(tournament_id, by=HOUSE) as w:
            tournament = w.tournament
            try:
                with w.attempt():
                    BoundaryFired.objects.create(
                        tournament=tournament,
                        key=key,
                        kind=kind,
                        level_index=level_index,
                        at=rules.datetime_from_ms(at_ms),
                    )
            except IntegrityError:
                return False
            if kind == "registration_closed":
                close_registration(w, key)
            if now_ms - at_ms <= STALE_MS or kind == "registration_closed":
                w.record(
                    "announcement",
                    parts=PARTS_OF_KIND.get(kind, (changes.CLOCK,)),
                    public_facts=announcement_facts(tournament, kind, level_index, at_ms),
                )
            else:
                w.keep_quiet("a stale boundary is marked as fired, not announced")
    except NotFound:
        return False
    return True


def close_registration(w: Write, key: str) -> None:
    closed = Tournament.objects.filter(pk=w.tournament.pk, registration_closed=False).update(
        registration_closed=True
    )
    if closed:
        w.tournament.registration_closed = True
        w.log("registration_closed", {"boundary": key})


def announcement_facts(
    tournament: Tournament, kind: str, level_index: int, at_ms: int
) -> dict[str, Any]:
    """What the boundary announces (the screens speak it); the clock itself is a part."""
    structure = clock_state.structure_entries(tournament)
    entry = structure[level_index] if 0 <= level_index < len(structure) else None
    number = level_numbers(structure)[level_index] if entry is not None else None
    return {
        "kind": kind,
        "level_index": level_index,
        "level": clock_state.entry_payload(entry, number),
        "at": at_ms,
    }
