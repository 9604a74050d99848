"""The ruling log: filtered on the page, printed, as CSV; an amendment to a ruling."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rulings.models import Category, PenaltyKindChoice, Ruling
from rulings.selectors import rulings_filtered
from rulings.services.penalties import offences_by_entry, penalty_hands_left
from rulings.services.rulings import amendment_add
from rulings.web.forms import AmendmentForm
from rulings.web.page_parts import entries_in_seat_order, int_or_none, rules_by_id, speaks_german
from tables.models import Seat
from tournament.errors import DomainError
from tournament.models import Entry, Tournament
from tournament.roles import FLOOR_STAFF, STAFF, has_role
from tournament.rules.spreadsheet import spreadsheet_writer
from tournament.web.decorators import role_required


def _filters(request: HttpRequest) -> dict[str, Any]:
    penalty = request.GET.get("penalty") or None
    category = request.GET.get("category") or None
    return {
        "table": int_or_none(request.GET.get("table")),
        "entry": int_or_none(request.GET.get("entry")),
        "player": int_or_none(request.GET.get("player")),
        "category": category if category in Category.values else None,
        "penalty": penalty if penalty in ("any", "none", *PenaltyKindChoice.values) else None,
    }


def _log_rows(tournament: Tournament, filters: dict[str, Any]) -> list[dict[str, Any]]:
    rulings = list(rulings_filtered(tournament, **filters))
    penalties = [r.penalty for r in rulings if hasattr(r, "penalty")]
    left = penalty_hands_left(penalties)
    offences = offences_by_entry(tournament)
    rules = rules_by_id()
    german = speaks_german()
    rows = []
    for ruling in rulings:
        penalty = getattr(ruling, "penalty", None) if hasattr(ruling, "penalty") else None
        rows.append(
            {
                "ruling": ruling,
                "involved": [
                    {"involved": i, "offences": offences.get(i.entry_id)}
                    for i in ruling.involved.all()
                ],
                "rules": [
                    {
                        "id": r,
                        "title": (rules[r].title_de if german else rules[r].title_en)
                        if r in rules
                        else "",
                    }
                    for r in ruling.rules
                ],
                "penalty": penalty,
                "hands_left": left.get(penalty.pk) if penalty is not None else None,
                "amendments": list(ruling.amendments.all()),
            }
        )
    return rows


def _offenders(tournament: Tournament) -> list[dict[str, Any]]:
    offences = offences_by_entry(tournament)
    entries = Entry.objects.filter(pk__in=offences).select_related("player")
    rows = [{"entry": e, "offences": offences[e.pk]} for e in entries]
    return sorted(rows, key=lambda r: (-r["offences"].total, r["entry"].player.name))


@role_required(*STAFF)
def ruling_log(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    filters = _filters(request)
    return render(
        request,
        "rulings/log.html",
        {
            "tournament": tournament,
            "rows": _log_rows(tournament, filters),
            "filters": filters,
            "filter_query": request.GET.urlencode(),
            "offenders": _offenders(tournament),
            "entries": entries_in_seat_order(tournament),
            "tables": sorted(
                set(
                    Seat.objects.filter(table__tournament=tournament).values_list(
                        "table__number", flat=True
                    )
                )
            ),
            "categories": Category.choices,
            "penalty_kinds": PenaltyKindChoice.choices,
            "amendment_form": AmendmentForm(),
            "may_log": has_role(request.user, FLOOR_STAFF),
        },
    )


@role_required(*STAFF)
def ruling_print(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(
        request,
        "rulings/print.html",
        {
            "tournament": tournament,
            "rows": _log_rows(tournament, _filters(request)),
            "printed_at": timezone.now(),
        },
    )


@role_required(*STAFF)
def ruling_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    rows = _log_rows(tournament, _filters(request))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="rulings-{tournament.pk}.csv"'
    writer = spreadsheet_writer(response)
    writer.writerow(
        [
            _("Ruling"),
            _("Time"),
            _("Level"),
            _("Table"),
            _("Category"),
            _("Players"),
            _("Situation"),
            _("Decision"),
            _("Rules"),
            _("Penalty"),
            _("Penalised player"),
            _("Count"),
            _("Hands"),
            _("Decided by"),
            _("Amendments"),
        ]
    )
    for row in reversed(rows):
        ruling: Ruling = row["ruling"]
        penalty = row["penalty"]
        writer.writerow(
            [
                ruling.pk,
                timezone.localtime(ruling.created_at).isoformat(timespec="seconds"),
                "" if ruling.level_index is None else ruling.level_index + 1,
                ruling.table_number or "",
                ruling.get_category_display(),
                "; ".join(_csv_player(i["involved"]) for i in row["involved"]),
                ruling.situation,
                ruling.decision,
                ", ".join(ruling.rules),
                penalty.get_kind_display() if penalty else "",
                penalty.entry.player.name if penalty else "",
                penalty.count if penalty and penalty.count else "",
                penalty.hands if penalty and penalty.hands else "",
                ruling.decided_by.get_username(),
                " | ".join(
                    f"{timezone.localtime(a.created_at):%Y-%m-%d %H:%M} {a.created_by.get_username()}: "
                    + a.text
                    for a in row["amendments"]
                ),
            ]
        )
    return response


def _csv_player(involved: Any) -> str:
    where = f" ({involved.table_number}/{involved.seat_number})" if involved.seat_number else ""
    return involved.entry.player.name + where


@require_POST
@role_required(*FLOOR_STAFF)
def ruling_amend(request: HttpRequest, ruling_id: int) -> HttpResponse:
    ruling = get_object_or_404(Ruling, pk=ruling_id)
    back = reverse("ruling-log", args=[ruling.tournament_id]) + f"#ruling-{ruling.pk}"
    form = AmendmentForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("An amendment needs a text."))
        return redirect(back)
    try:
        amendment_add(ruling_id=ruling.pk, text=form.cleaned_data["text"], by=request.user)
    except DomainError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Amendment added."))
    return redirect(back)
