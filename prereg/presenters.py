"""What the schedule and the pre-registrations show (README "Pre-registration and
the schedule"). Public shapes carry display data only: no phone, e-mail or notes."""

from __future__ import annotations

from typing import Any

from clock.services.finish import forecast_line
from prereg.models import PreRegistration
from prereg.selectors import (
    desk_pre_registrations,
    field_counts,
    first_level_minutes,
    schedule_tournaments,
    todays_tournaments,
)
from prereg.services.registrations import deadline_release, pre_registration_open
from tournament.models import RoomSettings, Tournament
from tournament.rules.payouts import money


def schedule_row(tournament: Tournament) -> dict[str, Any]:
    counts = field_counts(tournament)
    return {
        "tournament": tournament.pk,
        "name": tournament.name,
        "starts_at": tournament.starts_at,
        "buy_in": money(tournament.buy_in),
        "fee": money(tournament.fee),
        "currency": tournament.currency,
        "starting_stack": tournament.starting_stack,
        "level_minutes": first_level_minutes(tournament),
        "late_registration_levels": tournament.late_registration_levels,
        "capacity": counts.capacity,
        "registered": counts.registered,
        "waiting": counts.waiting,
        "seats_left": max(counts.capacity - counts.registered, 0),
        "pre_registration_open": pre_registration_open(tournament),
        "status": tournament.status,
    }


def schedule_rows() -> list[dict[str, Any]]:
    return [schedule_row(t) for t in settled(schedule_tournaments())]


def running_forecasts(tournaments: list[Tournament]) -> dict[int, dict[str, Any]]:
    """The forecast end of each running tournament (README "Finish on time: where
    it shows"), only while the room shows it in public; else none."""
    running = [t for t in tournaments if t.status == Tournament.Status.RUNNING]
    if not running or not RoomSettings.current().public_forecast:
        return {}
    lines = {t.pk: forecast_line(t) for t in running}
    return {pk: line for pk, line in lines.items() if line is not None}


def settled(tournaments: list[Tournament]) -> list[Tournament]:
    """The tournaments with their check-in deadlines applied (whether or not the task
    ran), so the seats they show are the seats there are."""
    for tournament in tournaments:
        deadline_release(tournament_id=tournament.pk)
    return tournaments


def public_pre_registration(prereg: PreRegistration) -> dict[str, Any]:
    """The player's own page data: no contact data, no other player."""
    return {
        "status": prereg.status,
        "position": prereg.position,
        "tournament": prereg.tournament_id,
        "name": prereg.name,
        "code": prereg.code,
        "moved_up": prereg.moved_up_at is not None,
        "starts_at": prereg.tournament.starts_at,
    }


def desk_row(prereg: PreRegistration) -> dict[str, Any]:
    return {
        "id": prereg.pk,
        "name": prereg.name,
        "status": prereg.status,
        "position": prereg.position,
        "code": prereg.code,
        "duplicate_of": prereg.duplicate_of_id,
        "entry": prereg.entry_id,
        "revoked": prereg.revoked_at is not None,
        "created_at": prereg.created_at,
    }


def todays_groups(query: str = "") -> list[dict[str, Any]]:
    """Today's tournaments with their pre-registrations (deadlines applied) for the
    desk; with ``query`` only those with a match, and only the matches."""
    groups = []
    for tournament in settled(todays_tournaments()):
        rows = desk_pre_registrations(tournament, query=query)
        if rows or not query.strip():
            groups.append(
                {"tournament": tournament, "rows": rows, "counts": field_counts(tournament)}
            )
    return groups
