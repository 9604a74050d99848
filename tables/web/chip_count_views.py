"""Chip counts on the floor: one table's counts seat by seat, and every count
with the counted total against the chips in play."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import ngettext

from tables import selectors
from tables.models import Seat, Table
from tables.services import chip_counts
from tables.services.chip_counts import chip_counts_read
from tables.web.floor_forms import floor_back
from tournament.errors import Invalid
from tournament.models import Tournament
from tournament.roles import FLOOR_STAFF, STAFF
from tournament.web.decorators import role_required, run_action


@role_required(*FLOOR_STAFF)
def table_chip_counts(request: HttpRequest, pk: int) -> HttpResponse:
    """One table's counts: every seat, one number each, Enter to the next.

    A refused count keeps every number typed and marks the seats it refused
    (README "Events: flights, bags and the next day")."""
    table = get_object_or_404(Table.objects.select_related("tournament"), pk=pk)
    sitting = list(
        Seat.objects.filter(table=table, entry__isnull=False)
        .select_related("entry__player")
        .order_by("number")
    )
    if request.method == "POST":
        typed = {
            seat.number: request.POST.get(f"chips-{seat.number}", "").strip()[:40]
            for seat in sitting
        }
        read = chip_counts_read(typed)

        def count() -> list:
            if read.bad:
                raise Invalid(
                    ngettext(
                        "Seat %(seats)s: %(why)s",
                        "Seats %(seats)s: %(why)s",
                        len(read.bad),
                    )
                    % {"seats": ", ".join(map(str, read.bad)), "why": read.why}
                )
            return chip_counts.table_chips_count(
                table_id=table.pk, counts=read.counts, by=request.user
            )

        return run_action(
            request,
            count,
            success=lambda made: (
                ngettext("%(count)s count saved.", "%(count)s counts saved.", len(made))
                % {"count": len(made)}
            ),
            back=floor_back(table.tournament_id) + f"#table-{table.number}",
            page=lambda: _chip_count_form(request, table, sitting, typed=typed, bad=read.bad),
        )
    return _chip_count_form(request, table, sitting)


def _chip_count_form(
    request: HttpRequest,
    table: Table,
    sitting: list[Seat],
    *,
    typed: dict[int, str] | None = None,
    bad: list[int] | None = None,
) -> HttpResponse:
    latest = {row["entry"]: row["chips"] for row in selectors.chip_counts_current(table.tournament)}
    typed, bad = typed or {}, bad or []
    return render(
        request,
        "tables/chip_counts_table.html",
        {
            "tournament": table.tournament,
            "table": table,
            "rows": [
                (seat, latest.get(seat.entry_id), typed.get(seat.number, ""), seat.number in bad)
                for seat in sitting
            ],
        },
    )


@role_required(*STAFF)
def chip_count_list(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Chip leaders and every count, with the counted total against the chips in play."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(
        request,
        "tables/chip_counts.html",
        {
            "tournament": tournament,
            "counts": selectors.chip_counts_current(tournament),
            "check": selectors.chip_count_check(tournament),
        },
    )
