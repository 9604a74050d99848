"""The cash desk's pages (README "Cash desk"): the cashier's shift and the
director's money overview of a tournament, with the ledger as CSV."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cashdesk import selectors
from cashdesk.models import CashBox, Kind, LedgerRow, Method
from cashdesk.services import corrections, prizes, shifts, special_prizes
from cashdesk.web.ledger_csv import ledger_sheet
from tournament.errors import FieldInvalid, Forbidden
from tournament.models import Entry, SpecialPrize, Tournament
from tournament.models_room import RoomSettings
from tournament.roles import DIRECTOR, has_role
from tournament.templatetags.room_format import money
from tournament.web.decorators import money_required, run_action
from tournament.web.money_input import parse_money

AMOUNT_NEEDED = gettext_lazy("Enter an amount, e.g. 150 or 150.50.")
ONLY_DIRECTOR_BOXES = gettext_lazy("Only a tournament director keeps the cash boxes.")


def _amount(request: HttpRequest, name: str) -> Decimal:
    try:
        return parse_money(request.POST.get(name, ""))
    except (InvalidOperation, ValueError) as exc:
        raise FieldInvalid(name, AMOUNT_NEEDED) from exc


@money_required()
def shift_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The cashier's shift: open one on a cash box with a float, see the cash in
    and out (and apart from it what other methods took), close it with the cash
    counted. A director also keeps the cash boxes here."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    back = reverse("cash-shift", args=[tournament.pk])
    if request.method == "POST":
        action = lambda: _shift_action(request, tournament.currency)  # noqa: E731
        return run_action(request, action, success=_said, back=back)
    mine = selectors.open_shift_for(request.user)
    rows = list(mine.ledger.select_related("entry__player").order_by("pk")) if mine else []
    cash = shifts.cash_of(mine) if mine else None
    methods = dict(Method.choices)
    apart = shifts.shift_methods(mine) if mine else {}
    return render(
        request,
        "cashdesk/shift.html",
        {
            "tournament": tournament,
            "shift": mine,
            "rows": rows,
            "expected": (mine.float + cash) if mine and cash is not None else None,
            "apart": [(methods[m], amount) for m, amount in apart.items() if m != Method.CASH],
            "boxes": CashBox.objects.filter(active=True),
            "all_boxes": CashBox.objects.all() if has_role(request.user, (DIRECTOR,)) else None,
            "no_shifts": not RoomSettings.current().cash_shifts,
            "closed": selectors.closed_shifts_of(request.user)[:5],
        },
    )


def _shift_action(request: HttpRequest, currency: str) -> str:
    action = request.POST.get("action")
    if action == "open":
        box = _number(request, "box")
        shifts.shift_open(box_id=box, float_amount=_amount(request, "float"), by=request.user)
        return _("Shift opened.")
    if action in BOX_ACTIONS:
        if not has_role(request.user, (DIRECTOR,)):
            raise Forbidden(ONLY_DIRECTOR_BOXES)
        return BOX_ACTIONS[action](request)
    shift = shifts.shift_close(
        shift_id=_number(request, "shift"),
        counted=_amount(request, "counted"),
        note=request.POST.get("note", ""),
        by=request.user,
    )
    return _("Shift closed: expected %(expected)s, counted %(counted)s, difference %(diff)s.") % {
        "expected": money(shift.expected, currency),
        "counted": money(shift.counted, currency),
        "diff": money(shift.difference, currency),
    }


def _number(request: HttpRequest, name: str) -> int:
    value = request.POST.get(name, "")
    return int(value) if value.isdigit() and len(value) < 18 else 0


def _box_create(request: HttpRequest) -> str:
    box = shifts.cash_box_create(name=request.POST.get("name", ""), by=request.user)
    return _("Cash box %(name)s added.") % {"name": box.name}


def _box_rename(request: HttpRequest) -> str:
    box = shifts.cash_box_update(
        box_id=_number(request, "box"), name=request.POST.get("name", ""), by=request.user
    )
    return _("Cash box renamed: %(name)s.") % {"name": box.name}


def _box_retire(request: HttpRequest) -> str:
    active = request.POST.get("active") == "1"
    box = shifts.cash_box_update(box_id=_number(request, "box"), active=active, by=request.user)
    if active:
        return _("Cash box %(name)s is in use again.") % {"name": box.name}
    return _("Cash box %(name)s is retired.") % {"name": box.name}


BOX_ACTIONS = {"box_create": _box_create, "box_rename": _box_rename, "box_retire": _box_retire}


def _said(text: str) -> str:
    return text


@money_required(DIRECTOR)
def money_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The director's overview of a tournament's money, its ledger and the day's shifts."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    back = reverse("cash-money", args=[tournament.pk])
    if request.method == "POST":
        return run_action(request, lambda: _money_action(request), success=_said, back=back)
    rows = list(selectors.ledger_of(tournament).select_related("reverses"))
    open_ids = selectors.open_later_ids(rows)
    answered = {row.reverses_id for row in rows if row.reverses_id}
    overview = selectors.money_overview(tournament)
    methods = dict(Method.choices)
    return render(
        request,
        "cashdesk/money.html",
        {
            "tournament": tournament,
            "overview": overview,
            "by_method": [(methods[m["method"]], m["amount"]) for m in overview["by_method"]],
            "rows": [(row, row.pk in open_ids, _reversible(row, answered)) for row in rows],
            "shifts": selectors.shifts_of_day(),
        },
    )


def _reversible(row: LedgerRow, answered: set[int]) -> bool:
    """A row the page offers to reverse: not a reversal, not reversed yet."""
    return row.kind != Kind.REVERSAL and row.pk not in answered


def _money_action(request: HttpRequest) -> str:
    row_id = int(request.POST.get("row") or 0)
    if request.POST.get("action") == "reverse":
        row = corrections.ledger_reverse(
            row_id=row_id, reason=request.POST.get("reason", ""), by=request.user
        )
        return _("Receipt %(number)s reverses it.") % {"number": row.receipt}
    if request.POST.get("action") == "pay_prize":
        payout = prizes.prize_pay(
            entry_id=int(request.POST.get("entry") or 0),
            method=request.POST.get("method", Method.CASH),
            by=request.user,
        )
        return _("Prize paid: %(name)s.") % {"name": payout.entry.player.name}
    row = corrections.ledger_settle(
        row_id=row_id, method=request.POST.get("method", Method.CASH), by=request.user
    )
    return _("Settled: receipt %(number)s.") % {"number": row.receipt}


@money_required()
def ledger_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The ledger for the books: German readers get ``;`` and decimal commas."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return ledger_sheet(tournament)


def _pay_from_standings(
    request: HttpRequest, tournament_id: int, pay: Callable[[str], Any], said: Callable[[Any], str]
) -> HttpResponse:
    """A payout button of the standings: pays with the method sent (cash if none)
    and goes back to the standings; a GET only goes back."""
    back = reverse("standings", args=[tournament_id])
    if request.method != "POST":
        return redirect(back)
    method = request.POST.get("method") or Method.CASH
    return run_action(request, lambda: pay(method), success=said, back=back)


@money_required()
def prize_pay_page(request: HttpRequest, entry_id: int) -> HttpResponse:
    """Pay a prize out from the standings (cash); the slip prints from there."""
    entry = get_object_or_404(Entry, pk=entry_id)
    return _pay_from_standings(
        request,
        entry.tournament_id,
        lambda method: prizes.prize_pay(entry_id=entry.pk, method=method, by=request.user),
        lambda payout: _("Prize paid: %(name)s.") % {"name": payout.entry.player.name},
    )


@money_required()
def special_prize_pay_page(request: HttpRequest, prize_id: int) -> HttpResponse:
    """Pay an awarded special prize's winners from the standings (cash)."""
    prize = get_object_or_404(SpecialPrize, pk=prize_id)
    return _pay_from_standings(
        request,
        prize.tournament_id,
        lambda method: special_prizes.special_prize_pay(
            prize_id=prize.pk, method=method, by=request.user
        ),
        lambda rows: _("Special prize paid: %(name)s.") % {"name": prize.name},
    )


@money_required()
def entry_unregister_page(request: HttpRequest, entry_id: int) -> HttpResponse:
    """The desk's "Unregister and refund" button: the money goes back with a
    reason and the player leaves the field (before play starts; after it a
    director, and only for a player who never got a seat). A freeroll entry's
    button just unregisters it."""
    entry = get_object_or_404(Entry.objects.select_related("player", "tournament"), pk=entry_id)
    back = reverse("registration-desk", args=[entry.tournament_id])
    if request.method != "POST":
        return redirect(back)
    currency = entry.tournament.currency

    def said(rows: list) -> str:
        if not rows:
            return _("%(name)s is unregistered.") % {"name": entry.player.name}
        paid_back = -sum((row.amount for row in rows), Decimal(0))
        return _("%(name)s is refunded %(amount)s.") % {
            "name": entry.player.name,
            "amount": money(paid_back, currency),
        }

    return run_action(
        request,
        lambda: corrections.entry_refund(
            entry_id=entry.pk, reason=request.POST.get("reason", ""), by=request.user
        ),
        success=said,
        back=back,
    )


@money_required()
def ledger_reverse_page(request: HttpRequest, row_id: int) -> HttpResponse:
    """ "Reverse" beside a ledger row (the money page, the prize pool page's
    receipts): the row's money booked back with a reason, after the page asked
    (README "Cash desk"). Only a director reverses a prize paid out."""
    row = get_object_or_404(LedgerRow, pk=row_id)
    back = _same_site(request.POST.get("next")) or reverse("payouts", args=[row.tournament_id])
    if request.method != "POST":
        return redirect(back)
    return run_action(
        request,
        lambda: corrections.ledger_reverse(
            row_id=row.pk, reason=request.POST.get("reason", ""), by=request.user
        ),
        success=lambda answer: (
            _("Receipt %(number)s reverses receipt %(reversed)s.")
            % {"number": answer.receipt, "reversed": row.receipt}
        ),
        back=back,
    )


def _same_site(url: str | None) -> str | None:
    """Only a path of this site is a place to go back to."""
    if url and url.startswith("/") and not url.startswith("//"):
        return url
    return None
