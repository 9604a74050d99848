"""The desk's tickets and the director's pots (README "Satellites and tickets", "Pots").

The desk finds a ticket valid for this tournament by its number or the player's
name and buys the holder in with it; the director sees every pot's balance,
pays money out of a pot or moves it into this tournament's prize pool.
"""

from __future__ import annotations

import datetime
import re
from decimal import InvalidOperation

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from cashdesk.models import TicketRoomSettings
from cashdesk.selectors_tickets import pots_list, prizes_fixed, satellite_payload, tickets_list
from cashdesk.services import pots as pot_services
from cashdesk.services.satellites import prizes_fix, satellite_clear, satellite_set
from cashdesk.services.ticket_desk import ticket_buy_in
from cashdesk.services.tickets import ticket_settings_set
from tournament.errors import FieldInvalid
from tournament.models import Tournament
from tournament.roles import DIRECTOR
from tournament.web.decorators import money_required, run_action
from tournament.web.money_input import parse_money

AMOUNT_NEEDED = gettext_lazy("Enter an amount, e.g. 150 or 150.50.")
PLACES_NEEDED = gettext_lazy("Enter places as numbers, e.g. 3, 5.")
DATE_NEEDED = gettext_lazy("Enter a date, e.g. 2027-03-31.")


@money_required()
def tickets_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Tickets valid for this tournament; the desk pays a buy-in with one."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    back = reverse("cash-tickets", args=[tournament.pk])
    if request.method == "POST":
        ticket_id = int(request.POST.get("ticket") or 0)
        return run_action(
            request,
            lambda: ticket_buy_in(
                ticket_id=ticket_id, tournament_id=tournament.pk, by=request.user
            ),
            success=lambda done: (
                _("%(name)s is in, paid with ticket %(number)s.")
                % {"name": done[0].player.name, "number": done[1].ticket.number}
            ),
            back=back,
        )
    query = request.GET.get("q", "").strip()[:60]
    found = tickets_list(tournament_id=tournament.pk)
    if query:
        words = query.casefold()
        found = [
            t for t in found if words in t.number.casefold() or words in t.holder.name.casefold()
        ]
    return render(
        request,
        "cashdesk/tickets.html",
        {"tournament": tournament, "tickets": found, "query": query},
    )


@money_required(DIRECTOR)
def pots_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every pot's balance; pay out of it, or move it into this tournament's pool."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    back = reverse("cash-pots", args=[tournament.pk])
    if request.method == "POST":
        return run_action(request, lambda: _pot_action(request, tournament), success=str, back=back)
    context = {
        "tournament": tournament,
        "pots": pots_list(),
        "can_fix": tournament.status == Tournament.Status.FINISHED and not prizes_fixed(tournament),
    }
    return render(request, "cashdesk/pots.html", context)


def _pot_action(request: HttpRequest, tournament: Tournament) -> str:
    if request.POST.get("action") == "fix":
        issued = prizes_fix(tournament_id=tournament.pk, by=request.user)
        count = len(issued)
        return ngettext(
            "Prizes fixed: %(count)s ticket issued.",
            "Prizes fixed: %(count)s tickets issued.",
            count,
        ) % {"count": count}
    try:
        amount = parse_money(request.POST.get("amount", ""))
    except (InvalidOperation, ValueError) as exc:
        raise FieldInvalid("amount", AMOUNT_NEEDED) from exc
    pot_id = int(request.POST.get("pot") or 0)
    if request.POST.get("action") == "move":
        pot_services.pot_into_tournament(
            pot_id=pot_id, tournament_id=tournament.pk, amount=amount, by=request.user
        )
        return _("Moved into the prize pool of %(name)s.") % {"name": tournament.name}
    pot_services.pot_pay_out(
        pot_id=pot_id, amount=amount, reason=request.POST.get("reason", ""), by=request.user
    )
    return _("Paid out of the pot.")


@money_required(DIRECTOR)
def satellite_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The director makes this tournament a satellite: its prizes are tickets."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    back = reverse("cash-satellite", args=[tournament.pk])
    if request.method == "POST":
        return run_action(
            request, lambda: _satellite_action(request, tournament), success=str, back=back
        )
    targets = Tournament.objects.exclude(pk=tournament.pk).exclude(status="finished")
    return render(
        request,
        "cashdesk/satellite.html",
        {
            "tournament": tournament,
            "satellite": satellite_payload(tournament),
            "targets": targets.order_by("-created_at")[:100],
            "room": TicketRoomSettings.current(),
        },
    )


def _cash_places(text: str) -> list[int]:
    """ "3, 5" -> [3, 5]: the places that take the ticket's value in cash."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not all(p.isdigit() and 0 < int(p) <= 1000 for p in parts):
        raise FieldInvalid("cash_places", PLACES_NEEDED)
    return [int(p) for p in parts]


def _expires(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text.strip()) if text.strip() else None
    except ValueError as exc:
        raise FieldInvalid("expires", DATE_NEEDED) from exc


def _satellite_action(request: HttpRequest, tournament: Tournament) -> str:
    if request.POST.get("action") == "clear":
        satellite_clear(tournament_id=tournament.pk, by=request.user)
        return _("The prizes are paid in cash again.")
    if request.POST.get("action") == "room":
        change = request.POST.get("ticket_change") == "on"
        ticket_settings_set(ticket_change=change, by=request.user)
        if change:
            return _("Tickets worth more than the buy-in now leave change in cash.")
        return _("Tickets worth more than the buy-in now leave no change.")
    value_text = request.POST.get("ticket_value", "").strip()
    try:
        value = parse_money(value_text) if value_text else None
        tickets_text = request.POST.get("tickets", "").strip()
        tickets = int(tickets_text) if tickets_text else None
    except (InvalidOperation, ValueError) as exc:
        raise FieldInvalid("ticket_value", AMOUNT_NEEDED) from exc
    satellite_set(
        tournament_id=tournament.pk,
        by=request.user,
        target_tournament=int(request.POST.get("target") or 0) or None,
        ticket_value=value,
        remainder=request.POST.get("remainder", "next_place"),
        tickets=tickets,
        cash_places=_cash_places(request.POST.get("cash_places", "")),
        expires=_expires(request.POST.get("expires", "")),
    )
    return _("The prizes are paid as tickets.")
