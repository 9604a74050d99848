"""Paying for an entry already in the field (README "Cash desk"): a player
registered with "pay later", or taken before the money part (an import, a
freeroll made a paid one), pays his buy-in at the desk later.

One call, ``POST /api/v1/entries/{id}/payments``: an open "pay later" buy-in is
settled; an entry whose buy-in stands unpaid (none booked, or the booked one
reversed) pays it now, by any method the desk may take (a ticket too); an entry
whose buy-in is paid answers 409. Rebuys and add-ons on account are settled row
by row (``/ledger/{id}/settle``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind, LedgerRow, Method
from cashdesk.services.corrections import ledger_settle
from cashdesk.services.payments import Payment, check_method, payment_take
from tournament.errors import Conflict
from tournament.models import Entry
from tournament.services.entries import entry_get
from tournament.writes import tournament_write

ALREADY_PAID = _("This entry's buy-in is paid already.")
ENTRY_WITHDRAWN = _("This player has unregistered; register him again.")
NOTHING_TO_PAY = _("This entry costs nothing: there is nothing to pay.")


def _standing_buy_in(entry: Entry) -> LedgerRow | None:
    """The entry's buy-in (or re-entry) row neither reversed nor refunded, if any."""
    rows = LedgerRow.objects.filter(entry=entry, kind__in=(Kind.BUY_IN, Kind.RE_ENTRY))
    answered = LedgerRow.objects.filter(entry=entry, reverses__isnull=False).values("reverses_id")
    return rows.exclude(pk__in=answered).order_by("-pk").first()


def _open_later(row: LedgerRow) -> bool:
    """A "pay later" row no standing settlement has paid."""
    if row.method != Method.ACCOUNT:
        return False
    settlements = LedgerRow.objects.filter(settles=row)
    reversed_ids = LedgerRow.objects.filter(reverses__settles=row).values("reverses_id")
    return not settlements.exclude(pk__in=reversed_ids).exists()


def _imported_paid(entry: Entry) -> bool:
    """A tournament imported from a file: the ledger holds what its entries paid
    as the file says (README "Importing TD3 files"); none pays again here."""
    return (
        LedgerRow.objects.filter(tournament_id=entry.tournament_id, method=Method.IMPORTED)
        .exclude(kind=Kind.REVERSAL)
        .filter(reversed_by__isnull=True)
        .exists()
    )


def entry_pay(*, entry_id: int, payment: Payment, by: Any) -> LedgerRow:
    """Book the entry's buy-in: settle it when it was booked to pay later, take
    it when none stands; 409 when it is paid. Answers the new ledger row."""
    check_method(payment, by)
    entry = entry_get(entry_id)
    with tournament_write(entry.tournament_id, by=by) as w:
        entry.refresh_from_db()  # as it is under the lock
        if entry.status == Entry.Status.WITHDRAWN:
            raise Conflict(ENTRY_WITHDRAWN)
        if _imported_paid(entry):
            raise Conflict(ALREADY_PAID)
        standing = _standing_buy_in(entry)
        if standing is not None and _open_later(standing):
            return ledger_settle(
                row_id=standing.pk, method=payment.method, by=by, reference=payment.reference
            )
        if standing is not None:
            raise Conflict(ALREADY_PAID)
        kind = Kind.BUY_IN if entry.number == 1 else Kind.RE_ENTRY
        row = payment_take(w, entry=entry, kind=kind, payment=payment)
        if row is None:
            raise Conflict(NOTHING_TO_PAY)
        w.log(f"ledger_{row.kind}", {"row": row.pk, "receipt": row.receipt})
        w.record("ledger", facts={"entry": entry.pk, "ledger_row": row.pk})
    return row
