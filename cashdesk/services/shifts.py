"""Cash boxes and cashiers' shifts (README "Cash desk").

A cashier opens a shift on a cash box with a float; every cash row booked to
the shift counts against it; closing asks for the cash counted and keeps the
difference to what the ledger expects (float + cash in - cash out) with a note.
Each is a write on the box's or the shift's scope (README "How a floor action
flows"); a payment locks the box and then the shift, so a close waits for it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import IntegrityError
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cashdesk.models import CashBox, LedgerRow, Method, Shift
from tournament.errors import Conflict, FieldInvalid, Forbidden, NotFound
from tournament.roles import DIRECTOR, has_role
from tournament.writes import scopes, write

BOX_NOT_FOUND = _("Cash box not found.")
SHIFT_NOT_FOUND = _("Shift not found.")
BOX_NAME_TAKEN = _("A cash box of that name exists already.")
BOX_NAME_NEEDED = _("Give the cash box a name.")
BOX_BUSY = _("A shift is already open on this cash box.")
CASHIER_BUSY = _("You already have an open shift; close it first.")
SHIFT_CLOSED_ALREADY = _("This shift is closed already.")
NOT_YOUR_SHIFT = _("Only its cashier or a director may close this shift.")
NOT_NEGATIVE = _("The amount cannot be negative.")
BOX_IN_USE = _("A shift is open on this cash box: close it before the box is retired.")


# Shown on the cash desk's own pages, which are not live screens.
DESK_PAGES = "the cash desk's pages are read when opened, no screen shows them"


def cash_box_create(*, name: str, by: Any) -> CashBox:
    name = " ".join((name or "").split())
    if not name:
        raise FieldInvalid("name", BOX_NAME_NEEDED)
    with write(by=by) as w:
        try:
            with w.attempt():
                box = CashBox.objects.create(name=name[:60])
        except IntegrityError as exc:
            raise Conflict(BOX_NAME_TAKEN) from exc
        w.adopt(box)
        w.log("cash_box_created", {"name": box.name})
        w.keep_quiet(DESK_PAGES)
    return box


def cash_box_update(
    *, box_id: int, by: Any, name: str | None = None, active: bool | None = None
) -> CashBox:
    """Rename a cash box, retire it (no new shift opens on it; its shifts and
    rows stay) or put it back in use. A box with an open shift is not retired."""
    with write(scopes.cashbox(box_id, missing=BOX_NOT_FOUND), by=by) as w:
        box: CashBox = w.row(scopes.cashbox(box_id))
        if name is not None:
            box.name = " ".join(name.split())[:60]
            if not box.name:
                raise FieldInvalid("name", BOX_NAME_NEEDED)
        if active is False and box.shifts.filter(closed_at__isnull=True).exists():
            raise Conflict(BOX_IN_USE)
        if active is not None:
            box.active = active
        try:
            with w.attempt():
                box.save()
        except IntegrityError as exc:
            raise Conflict(BOX_NAME_TAKEN) from exc
        w.log("cash_box_changed", {"name": box.name, "active": box.active})
        w.keep_quiet(DESK_PAGES)
    return box


def shift_open(*, box_id: int, float_amount: Decimal, by: Any) -> Shift:
    """Open the cashier's shift on a cash box with the float in it."""
    if float_amount < 0:
        raise FieldInvalid("float", NOT_NEGATIVE)
    with write(scopes.cashbox(box_id, missing=BOX_NOT_FOUND), by=by) as w:
        if not w.row(scopes.cashbox(box_id)).active:
            raise NotFound(BOX_NOT_FOUND)
        if Shift.objects.filter(box_id=box_id, closed_at__isnull=True).exists():
            raise Conflict(BOX_BUSY)
        if Shift.objects.filter(cashier_id=by.pk, closed_at__isnull=True).exists():
            raise Conflict(CASHIER_BUSY)
        try:
            with w.attempt():
                shift = Shift.objects.create(box_id=box_id, cashier=by, float=float_amount)
        except IntegrityError as exc:  # two opens at once: the database keeps one
            raise Conflict(BOX_BUSY) from exc
        w.adopt(shift)
        w.log("shift_opened", {"box": box_id, "float": str(float_amount)})
        w.keep_quiet(DESK_PAGES)
    return shift


def cash_of(shift: Shift) -> Decimal:
    """The cash that went in (positive) and out (negative) in the shift."""
    total = LedgerRow.objects.filter(shift=shift, method=Method.CASH).aggregate(s=Sum("amount"))
    return total["s"] or Decimal(0)


def shift_methods(shift: Shift) -> dict[str, Decimal]:
    """What the shift booked by each method: cash is in the drawer, the rest
    (card, voucher, comp, ticket, pay later) is counted apart from it."""
    rows = LedgerRow.objects.filter(shift=shift).values("method").annotate(s=Sum("amount"))
    return {row["method"]: row["s"] for row in rows.order_by("method") if row["s"]}


def shift_close(*, shift_id: int, counted: Decimal, note: str = "", by: Any) -> Shift:
    """Close the shift with the cash counted: expected, counted and the difference
    are kept. The shift's lock makes a payment booked to it wait or fail."""
    if counted < 0:
        raise FieldInvalid("counted", NOT_NEGATIVE)
    with write(scopes.shift(shift_id, missing=SHIFT_NOT_FOUND), by=by) as w:
        shift: Shift = w.row(scopes.shift(shift_id))
        if shift.cashier_id != by.pk and not has_role(by, (DIRECTOR,)):
            raise Forbidden(NOT_YOUR_SHIFT)
        if shift.closed_at is not None:
            raise Conflict(SHIFT_CLOSED_ALREADY)
        shift.expected = shift.float + cash_of(shift)
        shift.counted = counted
        shift.difference = counted - shift.expected
        shift.note = " ".join((note or "").split())[:500]
        shift.closed_at = timezone.now()
        shift.closed_by = by
        shift.save()
        w.log("shift_closed", {"counted": str(counted), "difference": str(shift.difference)})
        w.keep_quiet(DESK_PAGES)
    return shift
