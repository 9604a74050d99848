"""Print-ready lists for the room (README "Screens"): the alphabetical seating
list, table cards, draw slips, and payouts with results, on A4 in the reader's
language, and the same pages as PDF.

Why WeasyPrint for the PDF: it lays out our own print page (HTML and the A4
print stylesheet) instead of a second layout in code, so paper and PDF never
differ; it is a pure-Python package over Debian's pango. It is imported only
when a PDF is asked for, so the app runs without pango.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tables.presenters import tables_payload
from tournament.models import Entry, Tournament
from tournament.roles import STAFF
from tournament.rules import names
from tournament.services.results import results_compute
from tournament.web.decorators import role_required

SLIPS_PER_PAGE = 8


def seated_players(tournament: Tournament) -> list[dict[str, Any]]:
    rows = [
        {"name": player["name"], "table": table["number"], "seat": player["seat"]}
        for table in tables_payload(tournament)
        if table["status"] == "open" or table["players"]
        for player in table["players"]
    ]
    return sorted(
        rows, key=lambda row: (*names.surname_order(row["name"]), row["table"], row["seat"])
    )


def table_cards(tournament: Tournament) -> list[dict[str, Any]]:
    cards = []
    for table in tables_payload(tournament):
        if table["status"] != "open":
            continue
        by_seat = {p["seat"]: p["name"] for p in table["players"]}
        cards.append(
            {
                "number": table["number"],
                "seats": [(n, by_seat.get(n)) for n in range(1, table["seats"] + 1)],
            }
        )
    return cards


def _pages(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def _context(request: HttpRequest, tournament: Tournament, kind: str) -> dict[str, Any]:
    context: dict[str, Any] = {"tournament": tournament, "printed_at": timezone.now()}
    if kind == "seating":
        rows = seated_players(tournament)
        half = (len(rows) + 1) // 2
        # Two columns on the page, each with its own heading row.
        context["rows"] = rows
        context["columns"] = [column for column in (rows[:half], rows[half:]) if column]
        context["waiting"] = list(
            tournament.entries.filter(status=Entry.Status.WAITING)
            .select_related("player")
            .order_by("waiting_since", "id")
        )
    elif kind == "tables":
        context["cards"] = table_cards(tournament)
    elif kind == "slips":
        slips = sorted(seated_players(tournament), key=lambda row: (row["table"], row["seat"]))
        context["pages"] = _pages(slips, SLIPS_PER_PAGE)
    elif kind == "results":
        view, rows = results_compute(tournament)
        context["payouts"] = view
        context["rows"] = [row for row in rows if row.place is not None]
    return context


TITLES = {
    "seating": gettext_lazy("Seating list"),
    "tables": gettext_lazy("Table cards"),
    "slips": gettext_lazy("Draw slips"),
    "results": gettext_lazy("Payouts and results"),
}


def _static_only_fetcher() -> Any:
    """Stylesheets and images from our static files, never over the network."""
    # Imported when a PDF is asked for: WeasyPrint needs pango (module docstring).
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticOnly(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> Any:
            marker = "/static/"
            if marker in url:
                path = finders.find(url.split(marker, 1)[1].split("?", 1)[0])
                if path:
                    kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
                    return URLFetcherResponse(
                        url, Path(path).read_bytes(), headers={"Content-Type": kind}
                    )
            raise ValueError(f"not fetched while printing: {url}")

    return StaticOnly()


def pdf_response(request: HttpRequest, html: str, filename: str) -> HttpResponse:
    """The page as a PDF (WeasyPrint, our static files only); 503 without pango."""
    try:
        from weasyprint import HTML
    except OSError:  # pango missing on this machine
        message = _("PDF needs the pango library on the server; print the page instead.")
        return HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    pdf = HTML(
        string=html, base_url=request.build_absolute_uri("/"), url_fetcher=_static_only_fetcher()
    ).write_pdf()
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}.pdf"'
    return response


@role_required(*STAFF)
def print_list(request: HttpRequest, tournament_id: int, kind: str) -> HttpResponse:
    if kind not in TITLES:
        raise Http404(_("No such list."))
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    context = _context(request, tournament, kind)
    context["kind"] = kind
    context["title"] = str(TITLES[kind])
    html = render_to_string(f"print/{kind}.html", context, request=request)
    if request.GET.get("format") == "pdf":
        return pdf_response(request, html, names.file_slug(tournament.name, str(context["title"])))
    return HttpResponse(html)
