"""Paying out a prize (README "Cash desk"): once per entry, recorded with who,
when and how; the payout slip prints from the record. A director may reverse
a prize payment (a wrong winner paid, a bust to undo): the entry's prize is then
open again and pays once more."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind, LedgerRow, Method, PrizePayout
from cashdesk.services.ledger import ledger_append
from cashdesk.services.payments import Payment, check_method
from tournament.errors import Conflict, FieldInvalid, Forbidden
from tournament.roles import DIRECTOR, has_role
from tournament.services.entries import entry_get
from tournament.services.results import results_compute
from tournament.writes import tournament_write

ALREADY_PAID = _("This prize has already been paid out.")
PAID_BY_THE_FILE = _("This tournament was imported: its prizes were paid as its file says.")
NO_PRIZE = _("This entry has no prize to pay out.")
PAY_PRIZES_WITH = _("Pay prizes in cash, by card or to the player's account.")
PRIZE_METHODS = (Method.CASH, Method.CARD, Method.ACCOUNT)
PRIZE_REVERSAL_DIRECTOR = _("Only a director may reverse a prize paid out.")


def prize_payment_reversed(payout: PrizePayout) -> bool:
    """The payout's ledger row was reversed: the prize is open again."""
    return LedgerRow.objects.filter(reverses_id=payout.ledger_row_id).exists()


def prize_reversal_check(by: Any) -> None:
    """A prize paid out is reversed by a director only (with a reason, logged by
    the reversal): the desk hands money out, it does not take a payout back."""
    if not has_role(by, (DIRECTOR,)):
        raise Forbidden(PRIZE_REVERSAL_DIRECTOR)


def prize_pay(*, entry_id: int, method: str, by: Any) -> PrizePayout:
    """Hand the entry's prize over: a ledger row (money out) and the payout record.
    A second payout of the same prize is refused (409), also when two desks try
    at once: the tournament's lock serialises them and the database holds one
    payout per entry."""
    check_method(Payment(method), by)
    if method not in PRIZE_METHODS:
        raise FieldInvalid("method", PAY_PRIZES_WITH)
    entry = entry_get(entry_id)
    try:
        with tournament_write(entry.tournament_id, by=by) as w:
            if w.tournament.imported_from:
                raise Conflict(PAID_BY_THE_FILE)
            before = PrizePayout.objects.filter(entry_id=entry_id).order_by("-pk").first()
            if before is not None and not prize_payment_reversed(before):
                raise Conflict(ALREADY_PAID)
            _view, rows = results_compute(w.tournament)
            result = next((r for r in rows if r.entry.pk == entry_id), None)
            if result is None or result.prize <= 0:
                raise Conflict(NO_PRIZE)
            row = ledger_append(
                w,
                kind=Kind.PRIZE_PAYOUT,
                amount=-result.prize,
                method=method,
                by=by,
                tournament=w.tournament,
                entry=result.entry,
            )
            payout = PrizePayout.objects.create(
                entry=result.entry,
                tournament=w.tournament,
                place=result.place,
                amount=result.prize,
                method=method,
                ledger_row=row,
                by=row.by,
                replaces=before,
            )
            w.log("prize_paid", {"entry": entry_id, "amount": str(result.prize), "row": row.pk})
            w.record("prize_paid", parts=(), facts={"entry": entry_id})
    except IntegrityError as exc:
        raise Conflict(ALREADY_PAID) from exc
    return payout
