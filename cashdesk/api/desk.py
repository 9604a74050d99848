"""The cash desk over the API (README "Cash desk"): the ledger, reversals,
settlements, refunds, prize payouts, cash boxes and shifts. Directors and the
desk only: the floor sees none of the money (403)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Status

from cashdesk import selectors
from cashdesk.api.schemas import (
    CashBoxChangeIn,
    CashBoxIn,
    CashBoxOut,
    EntryPaymentOut,
    LedgerOut,
    LedgerRowOut,
    MoneyOverviewOut,
    PaymentIn,
    PrizePayIn,
    PrizePayoutOut,
    ReasonIn,
    SettleIn,
    ShiftClosedOut,
    ShiftCloseIn,
    ShiftOpenIn,
    ShiftOut,
)
from cashdesk.models import CashBox, LedgerRow, PrizePayout, Shift
from cashdesk.services import corrections, entry_payments, prizes, shifts, special_prizes
from cashdesk.services.payments import payment_of, payment_payload
from tournament.api.auth import MONEY_AUTH, acting_user, require_role
from tournament.roles import DIRECTOR, has_role
from tournament.services.tournaments import tournament_get

router = Router(tags=["cashdesk"])

ONLY_DIRECTOR = _("Only a tournament director may do this.")


def _row(row_id: int) -> dict:
    row = selectors.ledger_of_rows(LedgerRow.objects.filter(pk=row_id)).get()
    return selectors.row_payload(row)


@router.get("/tournaments/{tournament_id}/ledger", response=LedgerOut, auth=MONEY_AUTH)
def get_ledger(request: HttpRequest, tournament_id: int):
    """Every money movement of the tournament, by receipt number, and the totals."""
    tournament = tournament_get(tournament_id)
    rows = list(selectors.ledger_of(tournament))
    open_ids = selectors.open_later_ids(rows)
    return {
        "rows": [selectors.row_payload(r, open_ids) for r in rows],
        "totals": selectors.ledger_totals(tournament, rows).payload(),
    }


@router.get("/tournaments/{tournament_id}/money", response=MoneyOverviewOut, auth=MONEY_AUTH)
def get_money_overview(request: HttpRequest, tournament_id: int):
    """The director's overview: taken by method, pool, fees, bounties, overlay, prizes."""
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return selectors.money_overview(tournament_get(tournament_id))


@router.post("/ledger/{row_id}/reverse", response={201: LedgerRowOut}, auth=MONEY_AUTH)
def reverse_ledger_row(request: HttpRequest, row_id: int, payload: ReasonIn):
    """Book a row's money the other way, linked to it; a row is reversed once (409)."""
    user = acting_user(request)
    row = corrections.ledger_reverse(row_id=row_id, reason=payload.reason, by=user)
    return Status(201, _row(row.pk))


@router.post("/ledger/{row_id}/settle", response={201: LedgerRowOut}, auth=MONEY_AUTH)
def settle_ledger_row(request: HttpRequest, row_id: int, payload: SettleIn):
    """A later payment paid now (cash, card or voucher)."""
    user = acting_user(request)
    row = corrections.ledger_settle(
        row_id=row_id, method=payload.method, by=user, reference=payload.reference
    )
    return Status(201, _row(row.pk))


@router.post("/entries/{entry_id}/refund", response={201: list[LedgerRowOut]}, auth=MONEY_AUTH)
def refund_entry(request: HttpRequest, entry_id: int, payload: ReasonIn):
    """Pay back what the entry paid, with a reason (after the start: directors only)."""
    user = acting_user(request)
    rows = corrections.entry_refund(entry_id=entry_id, reason=payload.reason, by=user)
    return Status(201, [_row(r.pk) for r in rows])


@router.post("/entries/{entry_id}/payments", response={201: EntryPaymentOut}, auth=MONEY_AUTH)
def pay_entry(request: HttpRequest, entry_id: int, payload: PaymentIn):
    """Book the buy-in of an entry already registered: settles its open later
    payment, or takes it when none was booked; paid already: 409."""
    user = acting_user(request)
    row = entry_payments.entry_pay(entry_id=entry_id, payment=payment_of(payload), by=user)
    return Status(
        201, {**(payment_payload(row) or {}), "kind": row.kind, "settles": row.settles_id}
    )


def _payout(payout: PrizePayout) -> dict:
    return {
        "id": payout.pk,
        "entry": payout.entry_id,
        "place": payout.place,
        "amount": f"{payout.amount:.2f}",
        "method": payout.method,
        "receipt_number": payout.ledger_row.receipt_number,
        "receipt": payout.ledger_row.receipt,
        "by": payout.by.get_username() if payout.by_id else None,
        "at": payout.at,
    }


@router.post("/entries/{entry_id}/prize/pay", response=PrizePayoutOut, auth=MONEY_AUTH)
def pay_prize(request: HttpRequest, entry_id: int, payload: PrizePayIn):
    """Pay the entry's prize out; a second time answers 409."""
    user = acting_user(request)
    return _payout(prizes.prize_pay(entry_id=entry_id, method=payload.method, by=user))


@router.post("/special-prizes/{prize_id}/pay", response={201: list[LedgerRowOut]}, auth=MONEY_AUTH)
def pay_special_prize(request: HttpRequest, prize_id: int, payload: PrizePayIn):
    """Pay an awarded special prize's winners their shares (README "Special
    prizes"): one ledger row each; nothing left to pay or not awarded: 409."""
    user = acting_user(request)
    rows = special_prizes.special_prize_pay(prize_id=prize_id, method=payload.method, by=user)
    return Status(201, [_row(r.pk) for r in rows])


def _box(box: CashBox) -> dict:
    open_shift = box.shifts.filter(closed_at__isnull=True).values_list("pk", flat=True).first()
    return {"id": box.pk, "name": box.name, "active": box.active, "open_shift": open_shift}


@router.get("/cash-boxes", response=list[CashBoxOut], auth=MONEY_AUTH)
def list_cash_boxes(request: HttpRequest):
    return [_box(b) for b in CashBox.objects.filter(active=True)]


@router.post("/cash-boxes", response={201: CashBoxOut}, auth=MONEY_AUTH)
def create_cash_box(request: HttpRequest, payload: CashBoxIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return Status(201, _box(shifts.cash_box_create(name=payload.name, by=user)))


@router.patch("/cash-boxes/{box_id}", response=CashBoxOut, auth=MONEY_AUTH)
def change_cash_box(request: HttpRequest, box_id: int, payload: CashBoxChangeIn):
    """Rename a cash box or retire it (a box with an open shift: 409)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    box = shifts.cash_box_update(box_id=box_id, name=payload.name, active=payload.active, by=user)
    return _box(box)


def _shift(shift: Shift) -> dict:
    cash = shifts.cash_of(shift) if shift.is_open else None
    return selectors.shift_payload(shift, cash)


@router.post("/cash-boxes/{box_id}/shifts", response={201: ShiftOut}, auth=MONEY_AUTH)
def open_shift(request: HttpRequest, box_id: int, payload: ShiftOpenIn):
    """The signed-in cashier opens a shift on the box with the float."""
    user = acting_user(request)
    return Status(
        201, _shift(shifts.shift_open(box_id=box_id, float_amount=payload.float, by=user))
    )


@router.post("/shifts/{shift_id}/close", response=ShiftClosedOut, auth=MONEY_AUTH)
def close_shift(request: HttpRequest, shift_id: int, payload: ShiftCloseIn):
    """Close with the cash counted: expected (float + cash in - cash out), counted, difference."""
    user = acting_user(request)
    shift = shifts.shift_close(
        shift_id=shift_id, counted=payload.counted, note=payload.note, by=user
    )
    return _shift(shift)


@router.get("/shifts", response=list[ShiftOut], auth=MONEY_AUTH)
def list_shifts(request: HttpRequest):
    """A director: every shift of the day and every open one; a cashier: his own."""
    user = acting_user(request)
    found = selectors.shifts_of_day()
    if not has_role(user, (DIRECTOR,)):
        found = [s for s in found if s.cashier_id == user.pk]
    return [_shift(s) for s in found]
