"""Walk-ins and alternates follow the waiting list's order (README "Pre-registration
and the schedule"): while pre-registered players wait for a place, the desk
registers a walk-in ahead of them only when it says so (logged with the order it
passed), or puts him at the end of the waiting list."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from cashdesk.models import LedgerRow
from cashdesk.services.payments import CASH, Payment, entry_register_paid
from prereg.models import PreRegistration
from prereg.services import waiting
from prereg.services.registrations import (
    clean_name,
    free_code,
    log_pre_registered,
    phone_key,
)
from tournament.errors import Conflict
from tournament.models import Entry
from tournament.rules import names
from tournament.writes import tournament_write

Status = PreRegistration.Status

AHEAD_OF_WAITING = _(
    "Pre-registered players are waiting for a place. Register this player ahead of "
    "them only after confirming it, or put him at the end of the waiting list."
)


def walk_in_register(
    *,
    tournament_id: int,
    by: Any,
    payment: Payment = CASH,
    ahead_confirmed: bool = False,
    **fields: Any,
) -> tuple[Entry, LedgerRow | None]:
    """Register at the desk (README "Cash desk"), in the waiting list's order: with
    players waiting, only when ``ahead_confirmed``; the log keeps whom he passed."""
    with tournament_write(tournament_id, by=by) as w:
        passed = [p.pk for p in waiting.waiting_list(w.tournament)]
        if passed and not ahead_confirmed:
            raise Conflict(AHEAD_OF_WAITING)
        entry, paid = entry_register_paid(
            tournament_id=tournament_id, by=by, payment=payment, **fields
        )
        if passed:
            w.log(
                "walk_in_ahead_of_waiting_list",
                {"entry": entry.pk, "name": entry.player.name, "waiting_list": passed},
            )
    return entry, paid


def walk_in_to_waiting_list(*, tournament_id: int, by: Any, name: str) -> PreRegistration:
    """Put a walk-in at the end of the waiting list: a pre-registration made by the
    desk, checked in when his turn comes, like everyone on the list."""
    name = clean_name(name)
    with tournament_write(tournament_id, by=by) as w:
        last = len(waiting.waiting_list(w.tournament))
        prereg = PreRegistration.objects.create(
            tournament=w.tournament,
            name=name,
            status=Status.WAITING,
            position=last + 1,
            code=free_code(w.tournament),
            name_key=names.search_key(name),
            phone_key=phone_key(""),
        )
        log_pre_registered(w, prereg, at_the_desk=True)
        waiting.log_order(w)
        waiting.fill_free_places(w)  # a place free after all: he has it at once
        prereg.refresh_from_db()
        w.record("pre_registration", facts={"pre_registrations": [prereg.pk]})
    return prereg
