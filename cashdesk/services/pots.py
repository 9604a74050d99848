"""Pots (README "Pots"): money tournaments keep back from their pools (a season
final, a jackpot) collects in a named pot; the director pays it out or moves it
into a tournament's prize pool (a season final starts from its pot).

Movements are append-only; a pot's balance is their sum and never goes below
zero (the pot's scope is locked while it changes, in the room's lock order:
the tournament first, then the pot, then the cash box its row is booked to). Every movement has its ledger row: money kept
back leaves the cash box for the pot (kind ``pot``, negative), money moved into
a tournament's pool comes back for it (kind ``pot``, positive), money paid out
leaves the house (kind ``pot_payout``, negative). So a pot's balance is minus
the sum of its ``pot`` rows plus the sum of its ``pot_payout`` rows.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind, Method, Pot, PotMovement
from cashdesk.services.ledger import ledger_append
from tournament.errors import Conflict, FieldInvalid
from tournament.models import PrizeAddition
from tournament.rules.payouts import money
from tournament.services.prize_pool import payouts_publish
from tournament.writes import Write, scopes, tournament_write, write

POT_NOT_FOUND = _("Pot not found.")
POT_TOO_SMALL = _("The pot holds only %(balance)s.")
AMOUNT_POSITIVE = _("The amount must be more than zero, in whole cents.")
KEPT_BACK = _("Kept back")


def pot_balance(pot: Pot) -> Decimal:
    total = PotMovement.objects.filter(pot=pot).aggregate(s=Sum("amount"))["s"]
    return (total or Decimal(0)).quantize(Decimal("0.01"))


def pot_to_keep_back(w: Write, amount: Decimal, reason: str) -> Pot | None:
    """The pot named by the reason (made the first time), locked before the write
    books anything to a cash box (the room's lock order); None for nothing kept."""
    if amount <= 0:
        return None
    pot, _made = Pot.objects.get_or_create(name=(reason.strip() or str(KEPT_BACK))[:120])
    locked: Pot = w.lock(scopes.pot(pot.pk))
    return locked


def kept_back_into_pot(w: Write, pot: Pot | None, amount: Decimal) -> PotMovement | None:
    """Inside the write fixing a tournament's prizes: what its structure kept back
    of the pool goes into its pot (:func:`pot_to_keep_back`). A ledger row records
    the money leaving the box for the pot (no split: it was taken as prize pool)."""
    if pot is None or amount <= 0:
        return None
    row = ledger_append(
        w,
        kind=Kind.POT,
        amount=-amount,
        method=Method.CASH,
        by=w.user,
        tournament=w.tournament,
        reason=pot.name,
    )
    moved = PotMovement.objects.create(
        pot=pot, amount=amount, tournament=w.tournament, ledger_row=row, reason=pot.name, by=w.user
    )
    w.log("pot_in", {"pot": pot.pk, "amount": money(amount)})
    return moved


def _check_amount(amount: Decimal) -> None:
    if not amount.is_finite() or amount <= 0 or amount != amount.quantize(Decimal("0.01")):
        raise FieldInvalid("amount", AMOUNT_POSITIVE)


def _take(w: Write, pot_id: int, amount: Decimal) -> Pot:
    pot: Pot = w.lock(scopes.pot(pot_id, missing=POT_NOT_FOUND))
    balance = pot_balance(pot)
    if amount > balance:
        raise Conflict(POT_TOO_SMALL % {"balance": money(balance)})
    return pot


def pot_pay_out(
    *, pot_id: int, amount: Decimal, reason: str, by: Any, method: str = Method.CASH
) -> PotMovement:
    """Pay money out of a pot (the jackpot to its winner, the pot to the club),
    with its ledger row (kind ``pot_payout``, the next receipt number)."""
    _check_amount(amount)
    reason = reason.strip()[:200]
    # The room's scope first: money paid from no cash box counts in the room's series.
    with write(scopes.room(), by=by) as w:
        pot = _take(w, pot_id, amount)
        row = ledger_append(
            w,
            kind=Kind.POT_PAYOUT,
            amount=-amount,
            method=method,
            by=by,
            reason=f"{pot.name}: {reason}" if reason else pot.name,
        )
        moved = PotMovement.objects.create(
            pot=pot, amount=-amount, ledger_row=row, reason=reason, by=row.by
        )
        w.log("pot_paid_out", {"amount": money(amount), "row": row.pk}, scope=scopes.pot(pot.pk))
        w.keep_quiet("no screen shows a pot")
    return moved


def pot_into_tournament(
    *, pot_id: int, tournament_id: int, amount: Decimal, by: Any
) -> PrizeAddition:
    """Move money from a pot into a tournament's prize pool (a prize pool addition)."""
    _check_amount(amount)
    with tournament_write(tournament_id, by=by) as w:
        pot = _take(w, pot_id, amount)
        addition = PrizeAddition.objects.create(
            tournament=w.tournament, amount=amount, note=pot.name[:200], by=w.user
        )
        # Out of the pot into the tournament's prize pool: no split (not money taken).
        row = ledger_append(
            w,
            kind=Kind.POT,
            amount=amount,
            method=Method.CASH,
            by=w.user,
            tournament=w.tournament,
            reason=pot.name,
        )
        PotMovement.objects.create(
            pot=pot,
            amount=-amount,
            tournament=w.tournament,
            ledger_row=row,
            reason=pot.name,
            by=w.user,
        )
        w.log("pot_out", {"pot": pot.pk, "amount": money(amount), "addition": addition.pk})
        payouts_publish(w, {"addition": addition.pk})
    return addition
