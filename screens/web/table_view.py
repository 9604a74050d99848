"""The tablet lying at one table (README "Screens"): its seats, button and
blinds, the moves to and from it, a clock called at it, and the floor call.

The page carries the floor snapshot of this one table (the socket's copy,
:func:`screens.snapshots.snapshot_script`) and ``static/js/table_view.js``
draws the panel from it, then applies every floor message to the same state
with the same code: nothing is fetched again after a message.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from screens.snapshots import snapshot_script
from screens.web.offline import offline_config
from tables.models import Table
from tables.web.floor_tablet import braces, counted
from tournament.roles import STAFF
from tournament.web.decorators import role_required
from tournament.web.labels import screen_labels


def table_labels() -> dict[str, Any]:
    """The panel's words in the reader's language, ``{name}`` for what it fills in."""
    return {
        "hand": braces(_("Hand %(hand)s")),
        "broken": _("Table broken"),
        "halt": _("Halt play"),
        "hand_finished": _("hand finished"),
        "players": counted(
            "%(remaining)s of %(entries)s player", "%(remaining)s of %(entries)s players"
        ),
        "call": braces(_("Clock called on seat %(seat)s")),
        "button": _("Button"),
        "small_blind": _("Small blind"),
        "big_blind": _("Big blind"),
        "wait_for_button": _("wait for the button"),
        "sits_out": counted("sits out: %(hands)s hand left", "sits out: %(hands)s hands left"),
        "arrives_from": braces(
            _("%(name)s arrives from table %(table)s seat %(from_seat)s to seat %(seat)s")
        ),
        "arrives": braces(_("%(name)s arrives at seat %(seat)s")),
        "leaves": braces(_("%(name)s (seat %(seat)s) moves to table %(table)s seat %(to_seat)s")),
        "hand_finished_button": _("Hand finished"),
        "floor_call": _("Floor!"),
    }


@role_required(*STAFF)
def table_view(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("tournament"), pk=table_id)
    config = {
        "tournament": table.tournament_id,
        "table": table.pk,
        "number": table.number,
        "hand_finished": f"/api/v1/tables/{table.pk}/hand-finished",
        "floor_call": f"/api/v1/tables/{table.pk}/floor-call",
        "csrf": get_token(request),
    }
    return render(
        request,
        "screens/table_view.html",
        {
            "tournament": table.tournament,
            "table": table,
            "snapshot": snapshot_script("table-snapshot", table.tournament_id, [table.number]),
            "config": config,
            "labels": {**screen_labels(), **table_labels()},
            # README "When the network drops": kept on the tablet, sent when back.
            "offline": offline_config(
                f"table:{table.pk}",
                reverse("screens-live-floor", args=[table.tournament_id])
                + f"?tables={table.number}",
            ),
        },
    )
