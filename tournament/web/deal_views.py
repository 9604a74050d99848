"""The deal page: each player's chip count, checked field by field, and the
proposed deal (chip chop or ICM) before the director accepts it."""

from __future__ import annotations

from decimal import InvalidOperation

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.errors import DomainError, Invalid
from tournament.models import Deal, Tournament
from tournament.roles import DIRECTOR, FLOOR_STAFF, has_role
from tournament.services import deals as deal_services
from tournament.services import payouts as payout_services
from tournament.web.decorators import not_a_director, role_required, run_action
from tournament.web.local_numbers import (
    parse_amount,
)
from tournament.web.whole_numbers import NumberRefused, whole_number

# The API's limit of one chip count in a deal (tournament/api/payouts.py).
MAX_DEAL_CHIPS = 10**15


def chip_count_errors(request: HttpRequest, tournament: Tournament) -> dict[int, str]:
    """Each player whose chip count is no positive whole number, with why: shown
    beside his field, not once for the whole form."""
    errors = {}
    for entry in deal_services.remaining_entries(tournament):
        try:
            _deal_chips(request, entry.pk)
        except NumberRefused:
            errors[entry.pk] = str(deal_services.STACK_NOT_POSITIVE)
    return errors


def _deal_chips(request: HttpRequest, entry_id: int) -> int:
    """One player's typed chip count ("12.500" or "12 500"); NumberRefused if none."""
    raw = request.POST.get(f"chips_{entry_id}", "").strip().replace(".", "").replace(" ", "")
    if not (raw.isascii() and raw.isdigit()):
        raise NumberRefused(deal_services.STACK_NOT_POSITIVE)
    return whole_number(raw, low=1, high=MAX_DEAL_CHIPS)


def _deal_input(request: HttpRequest, tournament: Tournament) -> dict:
    if chip_count_errors(request, tournament):
        raise Invalid(deal_services.STACK_NOT_POSITIVE)
    stacks = [
        (entry.pk, _deal_chips(request, entry.pk))
        for entry in deal_services.remaining_entries(tournament)
    ]
    method = request.POST.get("method", "")
    try:
        reserve = parse_amount(request.POST.get("reserve") or "0")
    except InvalidOperation as exc:
        raise Invalid(deal_services.RESERVE_INVALID) from exc
    return {"method": method, "stacks": stacks, "reserve": reserve}


@role_required(*FLOOR_STAFF)
def deal_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    plan = None
    status = 200
    if request.method == "POST" and request.POST.get("do") == "record":
        if refused := not_a_director(request):
            return refused
        return run_action(
            request,
            lambda: deal_services.deal_record(
                tournament_id=tournament.pk,
                by=request.user,
                note=request.POST.get("note", "")[:200],
                **_deal_input(request, tournament),
            ),
            success=_("Deal recorded."),
            back=reverse("standings", args=[tournament.pk]),
            page=lambda: deal_page_render(request, tournament, None),
        )
    if request.method == "POST" and request.POST.get("do") == "cancel":
        if refused := not_a_director(request):
            return refused
        return run_action(
            request,
            lambda: deal_services.deal_cancel(tournament_id=tournament.pk, by=request.user),
            success=_("Deal cancelled."),
            back=reverse("deal", args=[tournament.pk]),
        )
    if request.method == "POST":
        if chip_count_errors(request, tournament):
            status = 422  # said beside each field by deal_page_render
        else:
            try:
                plan = deal_services.deal_preview(
                    tournament_id=tournament.pk, **_deal_input(request, tournament)
                )
            except DomainError as exc:
                messages.error(request, str(exc))
                status = exc.status
    response = deal_page_render(request, tournament, plan)
    response.status_code = status
    return response


def deal_page_render(
    request: HttpRequest, tournament: Tournament, plan: deal_services.DealPlan | None
) -> HttpResponse:
    entries = deal_services.remaining_entries(tournament)
    amounts = dict(plan.amounts) if plan else {}
    errors = chip_count_errors(request, tournament) if request.method == "POST" else {}
    rows = [
        (e, request.POST.get(f"chips_{e.pk}", ""), amounts.get(e.pk), errors.get(e.pk))
        for e in entries
    ]
    deal = (
        Deal.objects.filter(tournament=tournament).prefetch_related("shares__entry__player").first()
    )
    _tournament_obj, view = payout_services.payouts_get(tournament_id=tournament.pk)
    return render(
        request,
        "payouts/deal.html",
        {
            "tournament": tournament,
            "rows": rows,
            "plan": plan,
            "deal": deal,
            "open_prizes": view.amounts[: len(entries)],
            # The hard stop's deal proposal opens the page with its method
            # (README "Finish on time: hard stop").
            "method": request.POST.get("method", request.GET.get("method", "icm")),
            "reserve": request.POST.get("reserve", ""),
            "methods": Deal.Method.choices,
            "max_chips": MAX_DEAL_CHIPS,
            "is_director": has_role(request.user, (DIRECTOR,)),
        },
    )
