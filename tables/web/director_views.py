"""The director's tools on the floor: opening tables, the seat draw, keep-apart
pairs, a manual move, the breaking order, hand-for-hand."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tables.models import KeepApart, Table
from tables.services.hand_for_hand import hand_for_hand_set
from tables.services.keep_apart import keep_apart_add
from tables.services.moves import (
    breaking_order_set,
    move_manual,
)
from tables.services.seating import seats_are_drawn, seats_draw
from tables.services.state import breaking_order
from tables.services.tables import tables_create
from tables.web.floor_forms import form_int
from tournament.errors import Invalid
from tournament.models import Entry, Tournament
from tournament.roles import DIRECTOR
from tournament.web.decorators import role_required, run_action


def _director_context(tournament: Tournament) -> dict:
    """The director's page: the draw's state and what is open."""
    return {
        "tournament": tournament,
        "drawn": seats_are_drawn(tournament),
        "registered": tournament.entries.filter(status=Entry.Status.REGISTERED).count(),
        "table_count": tournament.tables.filter(status=Table.Status.OPEN).count(),
    }


def _said_of_draw(result: dict[str, Any]) -> str:
    """What the draw did, for the director: who sits, who waits."""
    said = ngettext(
        "Seats drawn: %(count)s player seated.",
        "Seats drawn: %(count)s players seated.",
        result["seated"],
    ) % {"count": result["seated"]}
    waiting = len(result["alternates"])
    if waiting:
        said += " " + ngettext(
            "%(count)s alternate waits for a seat.",
            "%(count)s alternates wait for a seat.",
            waiting,
        ) % {"count": waiting}
    return said


def _unknown_action() -> None:
    raise Invalid(_("Unknown action."))


@role_required(DIRECTOR)
def director_tools(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    back = reverse("floor-director", args=[tournament.pk])
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "open_tables":
            call = lambda: tables_create(  # noqa: E731
                tournament_id=tournament.pk,
                count=form_int(request.POST.get("count")),
                seats=form_int(request.POST.get("seats") or tournament.table_size),
                by=request.user,
                reserve=request.POST.get("reserve") == "1",
            )
        elif action == "draw":
            return run_action(
                request,
                lambda: seats_draw(tournament_id=tournament.pk, by=request.user),
                success=_said_of_draw,
                back=back,
            )
        elif action == "keep_apart":
            call = lambda: keep_apart_add(  # noqa: E731
                tournament_id=tournament.pk,
                entries=[form_int(request.POST.get("first")), form_int(request.POST.get("second"))],
                by=request.user,
            )
        elif action == "manual_move":
            call = lambda: move_manual(  # noqa: E731
                entry_id=form_int(request.POST.get("entry")),
                to_table=form_int(request.POST.get("to_table")),
                to_seat=form_int(request.POST.get("to_seat")),
                by=request.user,
            )
        elif action == "break_order":
            call = lambda: breaking_order_set(  # noqa: E731
                tournament_id=tournament.pk,
                numbers=[
                    form_int(n) for n in request.POST.get("order", "").replace(",", " ").split()
                ],
                by=request.user,
            )
        elif action == "hand_for_hand":
            call = lambda: hand_for_hand_set(  # noqa: E731
                tournament_id=tournament.pk, on=request.POST.get("on") == "1", by=request.user
            )
        else:
            call = _unknown_action
        return run_action(request, call, success=_("Done."), back=back)
    live_entries = tournament.entries.filter(status__in=("seated", "registered")).select_related(
        "player"
    )
    pairs = KeepApart.objects.filter(tournament=tournament).select_related(
        "first__player", "second__player"
    )
    open_tables = list(tournament.tables.filter(status=Table.Status.OPEN))
    return render(
        request,
        "tables/director.html",
        {
            **_director_context(tournament),
            "entries": live_entries,
            "pairs": pairs,
            "breaking_order": breaking_order(open_tables),
        },
    )
