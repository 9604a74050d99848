"""Paying out a special prize at the desk (README "Special prizes", "Cash desk").

An awarded special prize from the pool or the house is paid to each of its winners, his share a ledger
row of its own (money out, no split: a payout takes nothing from the pool the
purchases filled), once per winner. A director may reverse such a row: that
winner's share is open again and pays once more, as for place prizes. A prize
from a pot is paid with the pot's pay-out (README "Pots"), not here.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind, LedgerRow, SpecialPrizePayout
from cashdesk.selectors import special_payouts_standing
from cashdesk.services.ledger import ledger_append
from cashdesk.services.payments import Payment, check_method
from cashdesk.services.prizes import PAID_BY_THE_FILE, PAY_PRIZES_WITH, PRIZE_METHODS
from tournament.errors import Conflict, FieldInvalid
from tournament.models import Entry, SpecialPrize
from tournament.services.special_prizes import PRIZE_NOT_FOUND, shares
from tournament.writes import Write, write

NOT_AWARDED = _("This special prize has not been awarded yet.")
ALL_PAID = _("This special prize has already been paid out.")
PAID_FROM_THE_POT = _("A special prize from a pot is paid with the pot's pay-out.")


def special_prize_pay(*, prize_id: int, method: str, by: Any) -> list[LedgerRow]:
    """Pay every winner of the prize not paid yet his share: one ledger row each.
    Nothing left to pay (or a second desk at the same time): 409."""
    check_method(Payment(method), by)
    if method not in PRIZE_METHODS:
        raise FieldInvalid("method", PAY_PRIZES_WITH)
    scope = write.for_row(SpecialPrize, prize_id, PRIZE_NOT_FOUND)
    try:
        with write(scope, by=by) as w:
            if w.tournament.imported_from:
                raise Conflict(PAID_BY_THE_FILE)
            prize = SpecialPrize.objects.get(pk=prize_id)
            if prize.source == SpecialPrize.Source.POT:
                raise Conflict(PAID_FROM_THE_POT)
            winners = sorted(prize.winners.select_related("player"), key=lambda e: e.pk)
            if not prize.awarded or not winners:
                raise Conflict(NOT_AWARDED)
            rows = _pay_shares(w, prize, winners, method, by)
            if not rows:
                raise Conflict(ALL_PAID)
            w.log(
                "special_prize_paid",
                {"id": prize.pk, "rows": [row.pk for row in rows], "method": method},
            )
            w.record("ledger", facts={"special_prize": prize.pk})
    except IntegrityError as exc:  # the database's one payout per winner
        raise Conflict(ALL_PAID) from exc
    return rows


def _pay_shares(
    w: Write, prize: SpecialPrize, winners: list[Entry], method: str, by: Any
) -> list[LedgerRow]:
    paid = special_payouts_standing([prize.pk])
    before = {
        p.entry_id: p
        for p in SpecialPrizePayout.objects.filter(prize=prize).order_by("pk")  # the latest wins
    }
    rows = []
    for entry, share in zip(winners, shares(prize.amount, len(winners)), strict=True):
        if (prize.pk, entry.pk) in paid or share <= 0:
            continue
        row = ledger_append(
            w,
            kind=Kind.SPECIAL_PAYOUT,
            amount=-share,
            method=method,
            by=by,
            tournament=prize.tournament,
            entry=entry,
            reason=prize.name,
        )
        SpecialPrizePayout.objects.create(
            prize=prize, entry=entry, amount=share, ledger_row=row, replaces=before.get(entry.pk)
        )
        rows.append(row)
    return rows
