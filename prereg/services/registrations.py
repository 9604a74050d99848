"""A player pre-registers, cancels; the desk revokes a link; the check-in deadline
releases (README "Pre-registration and the schedule").

Every write goes through the tournament's one write helper: the tournament row is
locked, every step is a line in its action log, and the change is recorded.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from prereg.models import NAME_MAX, PreRegistration, new_code
from prereg.selectors import pre_registration_capacity
from prereg.services import waiting
from tournament.errors import Conflict, FieldInvalid, NotFound
from tournament.models import RoomSettings, Tournament
from tournament.rules import names
from tournament.services.players import check_contact_consent
from tournament.writes import HOUSE, Write, tournament_write

Status = PreRegistration.Status

NAME_MIN = 2
PHONE_MAX = 40
CLOSED = _("Pre-registration for this tournament is closed.")
SWITCHED_OFF = _("The schedule and pre-registration are switched off in this room.")
NAME_LENGTH = _("Please give a name of 2 to 80 characters.")
PHONE_INVALID = _("Please give a phone number of up to 40 digits, spaces, + - ( ) or /.")
EMAIL_INVALID = _("Please give a valid e-mail address.")
NOT_FOUND = _("Pre-registration not found.")
NOT_CANCELLABLE = _("This pre-registration can no longer be cancelled.")
TOURNAMENT_UNKNOWN = _("Tournament not found.")

PHONE_CHARS = re.compile(r"^[0-9 +()/\-]*$")


def clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise FieldInvalid("name", NAME_LENGTH)
    return name


def clean_contact(*, phone: str, email: str, consent: bool) -> tuple[str, str]:
    phone, email = (phone or "").strip(), (email or "").strip()
    if len(phone) > PHONE_MAX or not PHONE_CHARS.match(phone):
        raise FieldInvalid("phone", PHONE_INVALID)
    if email:
        try:
            validate_email(email)
        except ValidationError as exc:
            raise FieldInvalid("email", EMAIL_INVALID) from exc
    check_contact_consent(email=email, phone=phone, consent=consent)
    return phone, email


def phone_key(phone: str) -> str:
    """The phone's digits, the last nine: "+49 170 1234567" and "0170/1234567" match."""
    return re.sub(r"\D", "", phone)[-9:]


def pre_registration_open(tournament: Tournament, *, now: datetime | None = None) -> bool:
    """Whether players may pre-register now: the room's switch, the tournament listed
    with pre-registration open, not started yet (a running tournament takes players at
    the desk), before its check-in deadline."""
    return (
        RoomSettings.current().public_schedule
        and tournament.listed
        and tournament.pre_registration_open
        and tournament.status == Tournament.Status.PLANNED
        and not waiting.deadline_passed(tournament, now)
    )


def _check_open(tournament: Tournament, now: datetime | None) -> None:
    if not RoomSettings.current().public_schedule:
        raise Conflict(SWITCHED_OFF)
    if not pre_registration_open(tournament, now=now):
        raise Conflict(CLOSED)


def _duplicate_of(tournament: Tournament, name_key: str, phone: str) -> PreRegistration | None:
    same = Q(name_key=name_key)
    if phone:
        same |= Q(phone_key=phone)
    return (
        PreRegistration.objects.filter(tournament=tournament)
        .exclude(status__in=(Status.CANCELLED, Status.RELEASED))
        .filter(same)
        .order_by("id")
        .first()
    )


def free_code(tournament: Tournament) -> str:
    taken = set(
        PreRegistration.objects.filter(tournament=tournament).values_list("code", flat=True)
    )
    code = new_code()
    while code in taken:
        code = new_code()
    return code


def pre_register(
    *,
    tournament_id: int,
    name: str,
    phone: str = "",
    email: str = "",
    consent: bool = False,
    now: datetime | None = None,
) -> PreRegistration:
    """A player pre-registers from his phone: into the field while it has places,
    else onto the waiting list. A second one with the same name or phone is kept
    and flagged for the desk (``duplicate_of``)."""
    name = clean_name(name)
    phone, email = clean_contact(phone=phone, email=email, consent=consent)
    if not Tournament.objects.filter(pk=tournament_id).exists():
        raise NotFound(TOURNAMENT_UNKNOWN)
    with tournament_write(tournament_id, by=HOUSE) as w:
        tournament = w.tournament
        _check_open(tournament, now)
        key, phone_digits = names.search_key(name), phone_key(phone)
        full = waiting.in_field(tournament) >= pre_registration_capacity(tournament)
        last = len(waiting.waiting_list(tournament))
        prereg = PreRegistration.objects.create(
            tournament=tournament,
            name=name,
            phone=phone,
            email=email,
            consent=consent and bool(phone or email),
            status=Status.WAITING if full else Status.REGISTERED,
            position=last + 1 if full else None,
            code=free_code(tournament),
            name_key=key,
            phone_key=phone_digits,
            duplicate_of=_duplicate_of(tournament, key, phone_digits),
        )
        log_pre_registered(w, prereg)
        if full:
            waiting.log_order(w)
        _record(w, prereg)
    return prereg


def log_pre_registered(w: Write, prereg: PreRegistration, **more: Any) -> None:
    w.log(
        "pre_registered",
        {
            "pre_registration": prereg.pk,
            "name": prereg.name,
            "status": prereg.status,
            "position": prereg.position,
            "duplicate_of": prereg.duplicate_of_id,
            **more,
        },
    )


def _record(w: Write, *changed: PreRegistration) -> None:
    w.record("pre_registration", facts={"pre_registrations": [p.pk for p in changed]})


def pre_registration_cancel(*, token: str, now: datetime | None = None) -> PreRegistration:
    """The player cancels through his link: his place goes to the first waiting."""
    found = PreRegistration.objects.filter(token=token, revoked_at__isnull=True).first()
    if found is None:
        raise NotFound(NOT_FOUND)
    with tournament_write(found.tournament_id, by=HOUSE) as w:
        prereg = PreRegistration.objects.get(pk=found.pk)
        if prereg.status not in (Status.REGISTERED, Status.WAITING):
            raise Conflict(NOT_CANCELLABLE)
        was = prereg.status
        prereg.status, prereg.position = Status.CANCELLED, None
        prereg.save(update_fields=["status", "position"])
        w.log(
            "pre_registration_cancelled",
            {"pre_registration": prereg.pk, "name": prereg.name, "was": was},
        )
        moved = waiting.fill_free_places(w, now=now)
        if was == Status.WAITING:
            waiting.renumber(w)
            waiting.log_order(w)
        _record(w, prereg, *moved)
    return prereg


def deadline_release(*, tournament_id: int, now: datetime | None = None) -> int:
    """Release what the check-in deadline releases and move the waiting list into
    places that are free (a higher capacity, more tables). Idempotent: the task,
    the clock loop and every read call it; only the first call after a change
    changes anything. How many pre-registrations changed."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not (_release_due(tournament, now) or _places_free(tournament)):
        return 0
    with tournament_write(tournament_id, by=HOUSE) as w:
        released = waiting.release_not_checked_in(w, now=now)
        moved = [] if released else waiting.fill_free_places(w, now=now)
        if released or moved:
            _record(w, *released, *moved)
        else:
            w.keep_quiet("nothing was due any more")
    return len(released) + len(moved)


def _places_free(tournament: Tournament) -> bool:
    waits = PreRegistration.objects.filter(tournament=tournament, status=Status.WAITING)
    if not waits.exists():
        return False
    return waiting.in_field(tournament) < pre_registration_capacity(tournament)


def _release_due(tournament: Tournament, now: datetime | None) -> bool:
    deadline = waiting.check_in_deadline(tournament)
    if deadline is None or (now or timezone.now()) < deadline:
        return False
    due = PreRegistration.objects.filter(tournament=tournament, status=Status.REGISTERED)
    return due.exclude(moved_up_at__gte=deadline).exists()


def deadline_release_due(*, now: datetime | None = None) -> int:
    """Every tournament with pre-registrations still open: its check-in deadline
    applied and its free places filled (the clock loop's pass and the task)."""
    now = now or timezone.now()
    ids = (
        PreRegistration.objects.filter(status__in=(Status.REGISTERED, Status.WAITING))
        .exclude(tournament__status=Tournament.Status.FINISHED)
        .values_list("tournament_id", flat=True)
        .distinct()
    )
    return sum(deadline_release(tournament_id=pk, now=now) for pk in list(ids))


def pre_registration_revoke(*, pre_registration_id: int, by: Any) -> PreRegistration:
    """The desk revokes a personal link: it answers nothing any more; the place stays."""
    found = PreRegistration.objects.filter(pk=pre_registration_id).first()
    if found is None:
        raise NotFound(NOT_FOUND)
    with tournament_write(found.tournament_id, by=by) as w:
        prereg = PreRegistration.objects.get(pk=found.pk)
        if prereg.revoked_at is None:
            prereg.revoked_at = timezone.now()
            prereg.save(update_fields=["revoked_at"])
            w.log("pre_registration_link_revoked", {"pre_registration": prereg.pk})
            _record(w, prereg)
        else:
            w.keep_quiet("already revoked")
    return prereg
