"""Reads of pre-registrations (README "Pre-registration and the schedule")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.crypto import salted_hmac

from clock.models import Structure
from prereg.models import CODE_ALPHABET, CODE_LENGTH, EntryLink, PreRegistration
from tournament.models import Entry, Tournament
from tournament.rules import names
from tournament.selectors import pre_registration_capacity

__all__ = [
    "active_link",
    "desk_pre_registrations",
    "entry_code",
    "entry_link_by_token",
    "field_counts",
    "first_level_minutes",
    "pre_registration_by_token",
    "pre_registration_capacity",
    "schedule_tournaments",
    "structure_levels",
]


def pre_registration_by_token(token: str) -> PreRegistration | None:
    """The pre-registration behind a personal link, or None when the link is unknown
    or the desk revoked it."""
    if not token or len(token) > 64:
        return None
    return (
        PreRegistration.objects.select_related("tournament", "entry")
        .filter(token=token, revoked_at__isnull=True)
        .first()
    )


def entry_link_by_token(token: str) -> EntryLink | None:
    """The desk's personal link of an entry, or None when unknown or revoked."""
    if not token or len(token) > 64:
        return None
    return (
        EntryLink.objects.select_related("entry__player", "entry__tournament")
        .filter(token=token, revoked_at__isnull=True)
        .first()
    )


@dataclass(frozen=True)
class FieldCounts:
    capacity: int
    registered: int  # pre-registered or checked in
    waiting: int


# Players in the field: seated or registered at the desk, alternates not.
PLAYING = ("registered", "seated")


def seats_taken(tournament: Tournament) -> int:
    """Places taken (README "Pre-registration and the schedule"): pre-registrations
    not checked in yet and the players in, walk-ins too. A checked-in
    pre-registration counts as his entry, a busted or withdrawn one not."""
    pre = PreRegistration.objects.filter(
        tournament=tournament, status=PreRegistration.Status.REGISTERED
    ).count()
    return pre + tournament.entries.filter(status__in=PLAYING).count()


def field_counts(tournament: Tournament) -> FieldCounts:
    rows = dict(
        PreRegistration.objects.filter(tournament=tournament)
        .values_list("status")
        .annotate(n=Count("id"))
        .values_list("status", "n")
    )
    Status = PreRegistration.Status
    return FieldCounts(
        capacity=pre_registration_capacity(tournament),
        registered=seats_taken(tournament),
        waiting=rows.get(Status.WAITING, 0),
    )


def schedule_tournaments(*, now: datetime | None = None, limit: int = 100) -> list[Tournament]:
    """The listed tournaments running or still to come (from today on, local
    time), the earliest first; those without a start time last. One that started
    yesterday evening and plays past midnight stays."""
    now = timezone.localtime(now or timezone.now())
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    shown = Tournament.objects.filter(listed=True).exclude(status=Tournament.Status.FINISHED)
    shown = shown.filter(
        Q(starts_at__gte=midnight) | Q(starts_at__isnull=True) | Q(status=Tournament.Status.RUNNING)
    )
    return list(shown.order_by(F("starts_at").asc(nulls_last=True), "id")[:limit])


def first_level_minutes(tournament: Tournament) -> int | None:
    """The first level's length in minutes; None without a structure."""
    levels = (
        Structure.objects.filter(tournament=tournament).values_list("levels", flat=True).first()
    )
    for level in levels or []:
        if level.get("kind", "level") == "level" and level.get("seconds"):
            return max(int(level["seconds"]) // 60, 1)
    return None


def structure_levels(tournament: Tournament) -> list[dict[str, Any]]:
    """The blind structure for the public page: levels numbered, breaks as they come."""
    levels = (
        Structure.objects.filter(tournament=tournament).values_list("levels", flat=True).first()
    )
    shown, number = [], 0
    for level in levels or []:
        kind = level.get("kind", "level")
        number += kind == "level"
        shown.append(
            {
                "kind": kind,
                "number": number if kind == "level" else None,
                "small_blind": level.get("small_blind"),
                "big_blind": level.get("big_blind"),
                "ante": level.get("ante") or 0,
                "big_blind_ante": bool(level.get("big_blind_ante")),
                "minutes": max(int(level.get("seconds") or 0) // 60, 1),
            }
        )
    return shown


def desk_pre_registrations(
    tournament: Tournament, *, query: str = "", limit: int = 500
) -> list[PreRegistration]:
    """The desk's list: the field in order of pre-registration, then the waiting list
    in its order, then the rest; ``query`` finds by code or by name."""
    rows = PreRegistration.objects.filter(tournament=tournament)
    query = query.strip()
    if query:
        condition = Q(code=query.upper().replace(" ", ""))
        words = names.search_words(query)
        if words:
            by_name = Q()
            for word in words:
                by_name &= Q(name_key__contains=word)
            condition |= by_name
        rows = rows.filter(condition)
    order: dict[str, int] = {"registered": 0, "checked_in": 0, "waiting": 1}
    found = list(rows.order_by("position", "created_at", "id")[:limit])
    return sorted(found, key=lambda p: order.get(p.status, 2))


def active_link(entry: Entry) -> str | None:
    """The token of the entry's personal link that still answers, or None."""
    pre = (
        PreRegistration.objects.filter(entry=entry, revoked_at=None)
        .values_list("token", flat=True)
        .first()
    )
    if pre is not None:
        return pre
    return (
        EntryLink.objects.filter(entry=entry, revoked_at=None)
        .values_list("token", flat=True)
        .first()
    )


def entry_code(entry: Entry) -> str:
    """The entry's own code for the lobby's seat finder (README "The player's
    page"): six letters made from the entry and the room's secret key, printed on
    his seat card and the desk's phone link page. Revoking his links gives him a
    new one, so an old card opens nothing."""
    revoked = (
        EntryLink.objects.filter(entry=entry, revoked_at__isnull=False).count()
        + PreRegistration.objects.filter(entry=entry, revoked_at__isnull=False).count()
    )
    digest = salted_hmac("prereg.entry_code", f"{entry.pk}:{revoked}").digest()
    number, letters = int.from_bytes(digest[:8], "big"), []
    for _i in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        letters.append(CODE_ALPHABET[index])
    return "".join(letters)


def todays_tournaments(*, now: datetime | None = None) -> list[Tournament]:
    """The tournaments starting today (local time) that take pre-registrations or
    hold some, earliest first."""
    now = timezone.localtime(now or timezone.now())
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    shown = Tournament.objects.filter(
        starts_at__gte=midnight, starts_at__lt=midnight + timedelta(days=1)
    ).exclude(status=Tournament.Status.FINISHED)
    shown = shown.filter(Q(pre_registration_open=True) | Q(pre_registrations__isnull=False))
    return list(shown.distinct().order_by("starts_at", "id"))
