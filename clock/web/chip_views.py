"""Chips: the chip set of a tournament, and the chip race at one table when a
denomination leaves play."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clock.api.schemas import ChipIn
from clock.services import chip_race, chips
from tables.models import Table
from tables.presenters import tables_payload
from tables.services import chip_counts
from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF, has_role
from tournament.web.decorators import role_required, run_action
from tournament.web.whole_numbers import (
    NumberRefused,
    api_limits,
    whole_number,
)


@role_required(*STAFF)
def chips_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    back = reverse("chips-page", args=[tournament.pk])
    if request.method == "POST":
        if not has_role(request.user, (DIRECTOR,)):
            messages.error(request, _("Only a tournament director may change the chip set."))
            return redirect(back)
        if request.POST.get("action") == "apply":
            return run_action(
                request,
                lambda: chips.color_ups_apply(tournament_id=tournament.pk, by=request.user),
                success=_("Colour-ups written into the structure's breaks."),
                back=back,
            )
        try:
            rows = _chip_rows(request.POST)
        except NumberRefused as refused:
            messages.error(request, str(refused))
            return redirect(back)
        return run_action(
            request,
            lambda: chips.chip_set_set(tournament_id=tournament.pk, chips=rows, by=request.user),
            success=_("Chip set saved."),
            back=back,
        )
    overview = chips.chips_overview(tournament=tournament)
    # One empty row to fill in; "Add a row" adds more.
    chip_rows = overview["chips"] + [{"value": "", "colour": "", "count": ""}]
    return render(
        request,
        "clock/chips.html",
        {
            "tournament": tournament,
            "overview": overview,
            "chip_rows": chip_rows,
            "max_rows": CHIP_ROWS_MAX,
            "tables": Table.objects.filter(tournament=tournament, status=Table.Status.OPEN),
        },
    )


# The API's limit of a chip set (clock/api/clock.py ChipSetIn).
CHIP_ROWS_MAX = 30


def _chip_rows(post) -> list[dict[str, Any]]:
    """The chip set typed into the page, each number within the API's range."""
    rows = []
    for i in range(min(_safe_int(post.get("rows")), CHIP_ROWS_MAX)):
        value = post.get(f"value-{i}", "").strip()
        if value:
            rows.append(
                {
                    "value": whole_number(value, **api_limits(ChipIn, "value")),
                    "colour": post.get(f"colour-{i}", ""),
                    "count": whole_number(
                        post.get(f"count-{i}"), default=0, **api_limits(ChipIn, "count")
                    ),
                }
            )
    return rows


def _safe_int(value: Any, default: int = 0) -> int:
    """A number for the chip race: what is no whole number the database holds
    counts as not typed."""
    try:
        return whole_number(value)
    except NumberRefused:
        return default


# -- chip race ---------------------------------------------------------------


@role_required(*FLOOR_STAFF)
def chip_race_page(request: HttpRequest, tournament_id: int, table_number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    table = get_object_or_404(Table, tournament=tournament, number=table_number)
    payload = next(
        (
            t
            for t in tables_payload(tournament, table_ids=[table.pk])
            if t["number"] == table_number
        ),
        {"players": [], "button_seat": None},
    )
    overview = chips.chips_overview(tournament=tournament)
    values = [c["value"] for c in overview["chips"]]
    leaving = [s["value"] for s in overview["color_ups"] if s["break_index"] is not None]
    removed = _safe_int(request.POST.get("removed"), leaving[0] if leaving else 0)
    larger = [v for v in values if v > removed]
    smallest = _safe_int(request.POST.get("smallest_remaining"), larger[0] if larger else 0)
    method = request.POST.get("method") or tournament.rule_options.get("chip_race", "race")
    button = _safe_int(request.POST.get("button_seat"), payload.get("button_seat") or 1)
    seats = [
        {
            "seat": p["seat"],
            "name": p.get("name", ""),
            "chips": request.POST.get(f"chips-{p['seat']}", ""),
            "other": request.POST.get(f"other-{p['seat']}", ""),
            "cards": request.POST.get(f"cards-{p['seat']}", ""),
        }
        for p in sorted(payload["players"], key=lambda p: p["seat"])
    ]
    result = None
    status = 200
    if request.method == "POST":
        data: dict[str, Any] = {
            "method": method,
            "removed": removed,
            "smallest_remaining": smallest,
            "button_seat": button,
            "players": [
                {
                    "seat": s["seat"],
                    "chips": _safe_int(s["chips"], 0),
                    "other_value": _safe_int(s["other"], 0),
                }
                for s in seats
                if _safe_int(s["chips"], 0) or _safe_int(s["other"], 0)
            ],
        }
        if method != "round_up" and any(s["cards"].strip() for s in seats):
            data["cards"] = {
                str(s["seat"]): s["cards"].replace(",", " ").split()
                for s in seats
                if _safe_int(s["chips"], 0) or _safe_int(s["other"], 0)
            }
        try:
            result = chip_race.chip_race_run(data=data)
        except DomainError as exc:
            messages.error(request, str(exc))
            status = exc.status
        else:
            names = {s["seat"]: s["name"] for s in seats}
            for award in result["awards"]:
                award["name"] = names.get(award["seat"], "")
            if request.POST.get("record"):
                # The colour-up is done: the count check takes its change into account.
                chip_counts.colour_up_record(
                    table_id=table.pk,
                    removed=removed,
                    chips_before=result["total_before"],
                    chips_after=result["total_after"],
                    by=request.user,
                )
                messages.success(request, _("Colour-up recorded for the chip count check."))
    response = render(
        request,
        "clock/chip_race.html",
        {
            "tournament": tournament,
            "table": table,
            "seats": seats,
            "removed": removed,
            "smallest": smallest,
            "method": method,
            "button": button,
            "values": values,
            "result": result,
            "methods": [
                ("race", _("Chip race (BDPV 8): highest card wins all odd chips")),
                ("race_one_chip", _("Chip race, at most one chip per player")),
                ("round_up", _("Round up each player's odd chips (TDA 2019 rule 24)")),
            ],
        },
    )
    response.status_code = status
    return response
