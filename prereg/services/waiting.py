"""The field and the waiting list of pre-registrations (README "Pre-registration and
the schedule").

The field holds ``capacity`` players (pre-registered or checked in); the others
wait in order, position 1 first. A place that frees (a cancellation, a release at
the check-in deadline) goes to position 1 and everyone behind moves one up. The
order is logged in the tournament's action log every time it changes
(``waiting_list``). These steps run inside the caller's tournament write, under
its lock.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from prereg.models import PreRegistration
from prereg.selectors import pre_registration_capacity, seats_taken
from tournament.models import Tournament
from tournament.writes import Write

Status = PreRegistration.Status


def check_in_deadline(tournament: Tournament) -> datetime | None:
    """When pre-registrations not checked in are released; None without a start time."""
    if tournament.starts_at is None:
        return None
    return tournament.starts_at - timedelta(minutes=tournament.check_in_deadline_minutes)


def deadline_passed(tournament: Tournament, now: datetime | None = None) -> bool:
    deadline = check_in_deadline(tournament)
    return deadline is not None and (now or timezone.now()) >= deadline


def in_field(tournament: Tournament) -> int:
    return seats_taken(tournament)


def waiting_list(tournament: Tournament) -> list[PreRegistration]:
    return list(
        PreRegistration.objects.filter(tournament=tournament, status=Status.WAITING).order_by(
            "position", "id"
        )
    )


def log_order(w: Write) -> None:
    """The waiting list's order as it stands now, in the action log."""
    order = [p.pk for p in waiting_list(w.tournament)]
    w.log("waiting_list", {"order": order})


def renumber(w: Write) -> None:
    """Positions 1, 2, 3 ... in the list's order, written from the front so no two
    rows ever share a position."""
    for number, prereg in enumerate(waiting_list(w.tournament), start=1):
        if prereg.position != number:
            prereg.position = number
            prereg.save(update_fields=["position"])


def fill_free_places(w: Write, *, now: datetime | None = None) -> list[PreRegistration]:
    """Move the first on the waiting list into every free place of the field; logs
    each move and the new order. The players moved up."""
    free = pre_registration_capacity(w.tournament) - in_field(w.tournament)
    moved = []
    for prereg in waiting_list(w.tournament)[: max(free, 0)]:
        prereg.status, prereg.position = Status.REGISTERED, None
        prereg.moved_up_at = now or timezone.now()
        prereg.save(update_fields=["status", "position", "moved_up_at"])
        w.log("pre_registration_moved_up", {"pre_registration": prereg.pk, "name": prereg.name})
        moved.append(prereg)
    if moved:
        renumber(w)
        log_order(w)
    return moved


def release_not_checked_in(w: Write, *, now: datetime | None = None) -> list[PreRegistration]:
    """Past the check-in deadline: release every pre-registration of the field not
    checked in (those moved up after the deadline keep their place: they are the
    next in line now), then fill the places. Running it again changes nothing."""
    now = now or timezone.now()
    deadline = check_in_deadline(w.tournament)
    if deadline is None or now < deadline:
        return []
    due = list(
        PreRegistration.objects.filter(tournament=w.tournament, status=Status.REGISTERED)
        .exclude(moved_up_at__gte=deadline)
        .order_by("id")
    )
    for prereg in due:
        prereg.status = Status.RELEASED
        prereg.save(update_fields=["status"])
        w.log("pre_registration_released", {"pre_registration": prereg.pk, "name": prereg.name})
    if due:
        fill_free_places(w, now=now)
    return due
