"""The desk checks a pre-registered player in (README "Pre-registration and the
schedule"): the entry is registered (and seated once the seats are drawn) through
the desk's own registration and its buy-in taken through the cash desk, in the
same write that marks the pre-registration checked in."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cashdesk.models import LedgerRow
from cashdesk.services.payments import CASH, Payment, entry_register_paid
from prereg.models import PreRegistration
from prereg.services.registrations import NOT_FOUND
from tournament.errors import Conflict, NotFound
from tournament.models import Entry
from tournament.writes import tournament_write

Status = PreRegistration.Status

ALREADY_CHECKED_IN = _("This player is already checked in.")
STILL_WAITING = _("This player is still on the waiting list; check in those before him first.")
NOT_ACTIVE = _("This pre-registration was cancelled or released.")


def _check_may_check_in(prereg: PreRegistration) -> None:
    if prereg.status == Status.CHECKED_IN:
        raise Conflict(ALREADY_CHECKED_IN)
    if prereg.status == Status.WAITING:
        raise Conflict(STILL_WAITING)
    if prereg.status != Status.REGISTERED:
        raise Conflict(NOT_ACTIVE)


def pre_registration_check_in(
    *, pre_registration_id: int, by: Any, payment: Payment = CASH
) -> tuple[Entry, LedgerRow | None]:
    """Check the player in: his entry and the payment taken for it."""
    found = PreRegistration.objects.filter(pk=pre_registration_id).first()
    if found is None:
        raise NotFound(NOT_FOUND)
    with tournament_write(found.tournament_id, by=by) as w:
        prereg = PreRegistration.objects.get(pk=found.pk)
        _check_may_check_in(prereg)
        entry, paid = entry_register_paid(
            tournament_id=prereg.tournament_id,
            by=by,
            payment=payment,
            name=prereg.name,
            phone=prereg.phone if prereg.consent else "",
            email=prereg.email if prereg.consent else "",
            consent=prereg.consent,
        )
        prereg.status, prereg.entry = Status.CHECKED_IN, entry
        prereg.checked_in_at = timezone.now()
        prereg.save(update_fields=["status", "entry", "checked_in_at"])
        w.log(
            "pre_registration_checked_in",
            {
                "pre_registration": prereg.pk,
                "name": prereg.name,
                "entry": entry.pk,
                "payment": paid.pk if paid is not None else None,
            },
        )
        # The registration inside recorded the change (the new entry) for the screens.
    return entry, paid
