"""The end of a day and the next day (README "Events: flights, bags and the next
day"): closing the day with its bags, the bag list, reopening, drawing the
next day."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tables import selectors
from tables.models import Seat
from tables.services import days
from tables.web.floor_forms import form_int
from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.roles import DIRECTOR, STAFF
from tournament.web.decorators import role_required, run_action


@role_required(DIRECTOR)
def day_end_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Who still needs a count, the counted total against the chips in play, and
    the button that bags every count and closes the day."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if request.method == "POST":
        return run_action(
            request,
            lambda: days.day_end(tournament_id=tournament.pk, by=request.user),
            success=lambda ended: (
                ngettext(
                    "%(count)s bag recorded; the day is closed.",
                    "%(count)s bags recorded; the day is closed.",
                    len(ended["bagged"]),
                )
                % {"count": len(ended["bagged"])}
            ),
            back=reverse("bag-list", args=[tournament.pk]),
            page=lambda: _day_end_form(request, tournament),
        )
    return _day_end_form(request, tournament)


def _day_end_form(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    counted = {row["entry"] for row in selectors.chip_counts_current(tournament)}
    seated = (
        Seat.objects.filter(table__tournament=tournament, entry__isnull=False)
        .select_related("entry__player", "table")
        .order_by("table__number", "number")
    )
    return render(
        request,
        "tables/day_end.html",
        {
            "tournament": tournament,
            "check": selectors.chip_count_check(tournament),
            "missing": [seat for seat in seated if seat.entry_id not in counted],
        },
    )


@role_required(*STAFF)
def bag_list_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The day's bags, and a count slip per player to sign (prints on A4)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    bags = selectors.bag_list(tournament)
    return render(
        request,
        "print/bags.html",
        {
            "tournament": tournament,
            "kind": "bags",
            "title": _("Bag list"),
            "printed_at": timezone.now(),
            "bags": bags,
            "total": sum(bag["chips"] for bag in bags),
        },
    )


@require_POST
@role_required(DIRECTOR)
def day_reopen_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return run_action(
        request,
        lambda: days.day_reopen(
            tournament_id=tournament_id, reason=request.POST.get("reason", ""), by=request.user
        ),
        success=_("The day is open again; its bags are undone."),
        back=reverse("day-end", args=[tournament_id]),
    )


@require_POST
@role_required(DIRECTOR)
def event_next_day(request: HttpRequest, event_id: int) -> HttpResponse:
    """Draw the next day of an event from the bags; then its floor."""
    try:
        day = days.day_next(
            event_id=event_id,
            tables=form_int(request.POST.get("tables")),
            seats=form_int(request.POST.get("seats")) if request.POST.get("seats") else None,
            by=request.user,
            spread=bool(request.POST.get("spread_big_stacks")),
        )
    except DomainError as exc:
        messages.error(request, str(exc))
        return redirect("event-detail", event_id)
    messages.success(request, _("%(name)s is drawn: every player has a seat.") % {"name": day.name})
    return redirect("floor-map", day.pk)
