"""The floor tablet's page (README "Screens", "Screen messages").

The page carries the floor snapshot of its area, the socket's own copy of the
version (:func:`screens.snapshots.snapshot_script`), and
``tables/static/tables/floor.js`` draws the map from it: the first paint and
every message after it go through the one renderer. The server draws only the
frame around the map (the area buttons, the search, the card before the draw).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render

from screens.snapshots import snapshot_script
from tables import floor_tablet
from tables.models import Table
from tables.services.seating import seats_are_drawn
from tournament.models import Entry, Tournament
from tournament.roles import DIRECTOR, STAFF, has_role
from tournament.web.decorators import role_required
from tournament.web.labels import screen_labels


def _area_shown(
    tournament: Tournament, request: HttpRequest
) -> tuple[str, list[int] | None, list[str], tuple[int, int | None] | None, str]:
    """The area's name and tables, every area of a large floor, the table (and
    seat) a search found and the search. Raises ValueError for a bad area."""
    shown = request.GET.get("tables", "")
    area = floor_tablet.area_numbers(shown)
    names = floor_tablet.areas(tournament)
    query = request.GET.get("find", "")[:100]
    hit = floor_tablet.found(tournament, query) if query else None
    if hit is not None and names:
        shown = floor_tablet.area_of_table(hit[0])
        area = floor_tablet.area_numbers(shown)
    elif area is None and names:
        # A large floor loads one area: the first load stays small at any field size.
        shown = names[0]
        area = floor_tablet.area_numbers(shown)
    return shown, area, names, hit, query


@role_required(*STAFF)
def floor_map(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    try:
        shown, area, names, hit, query = _area_shown(tournament, request)
    except ValueError:
        return HttpResponseBadRequest(str(floor_tablet.AREA_REFUSED))
    tablet = {
        "labels": floor_tablet.tablet_labels(),
        "links": floor_tablet.tablet_links(),
        "area": area,
        "found": hit,
        # A director resolves the floor's conflicts on this page; the floor reads them.
        "resolve": has_role(request.user, (DIRECTOR,)),
    }
    return render(
        request,
        "tables/floor.html",
        {
            "tournament": tournament,
            "area": shown,
            "areas": names,
            "query": query,
            "not_found": bool(query) and hit is None,
            "snapshot": snapshot_script("floor-snapshot", tournament.pk, area),
            "drawn": seats_are_drawn(tournament),
            "registered": tournament.entries.filter(status=Entry.Status.REGISTERED).count(),
            "table_count": tournament.tables.filter(status=Table.Status.OPEN).count(),
            "live_labels": screen_labels(),
            "tablet": tablet,
        },
    )
