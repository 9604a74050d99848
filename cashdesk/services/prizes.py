"""Paying out a prize (README "Cash desk"): once per entry, recorded with who,
when and how; the payout slip prints from the record."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind, Method, PrizePayout
from cashdesk.services.ledger import ledger_append
from cashdesk.services.payments import Payment, check_method
from tournament.errors import Conflict, FieldInvalid
from tournament.services.entries import entry_get
from tournament.services.results import results_compute
from tournament.writes import tournament_write

ALREADY_PAID = _("This prize has already been paid out.")
PAID_BY_THE_FILE = _("This tournament was imported: its prizes were paid as its file says.")
NO_PRIZE = _("This entry has no prize to pay out.")
PAY_PRIZES_WITH = _("Pay prizes in cash, by card or to the player's account.")
PRIZE_METHODS = (Method.CASH, Method.CARD, Method.ACCOUNT)


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
            if PrizePayout.objects.filter(entry_id=entry_id).exists():
                raise Conflict(ALREADY_PAID)
            _view, rows = results_compute(w.tournament)
            result = next((r for r in rows if r.entry.pk == entry_id), None)
            if result is None or result.prize <= 0:
                raise Conflict(NO_PRIZE)
            row = ledger_append(
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
            )
            w.log("prize_paid", {"entry": entry_id, "amount": str(result.prize), "row": row.pk})
            w.record("prize_paid", parts=(), facts={"entry": entry_id})
    except IntegrityError as exc:
        raise Conflict(ALREADY_PAID) from exc
    return payout
