"""The floor tablet and the table view when the server is away (README "When the
network drops").

Three things the pages need: the service worker (``/offline-sw.js``, served
from the root so its scope covers the floor pages; the script itself is
``static/js/offline_sw.js``, told here which assets to keep), the words of the
offline queue in the reader's language, and the links the queue reads to say
what a queued action is (``0`` stands for an id, as in the tablet's links).
Nothing here writes: the queue replays its actions to the same endpoints.
"""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _

from rulings.web.floor_penalty import floor_penalty_choices
from tables.web.floor_tablet import braces, counted
from tournament.web.once import ON_ITS_OWN

SERVICE_WORKER = "js/offline_sw.js"
# What a reload with no server needs besides the page itself.
ASSETS = (
    "css/app.css",
    "css/display.css",
    "css/offline.css",
    "img/favicon.svg",
    "vendor/htmx/htmx.min.js",
    "js/page_actions.js",
    "js/live_data.js",
    "js/live_alerts.js",
    "js/live.js",
    "js/offline_store.js",
    "js/offline_actions.js",
    "js/offline_queue.js",
    "js/offline_floor.js",
    "js/table_view.js",
    "tables/floor_draw.js",
    "tables/floor.js",
    "tables/floor_conflicts.js",
)
# The pages the worker keeps (their paths): the floor map and the table view.
PAGES = (r"^/tournaments/\d+/floor/$", r"^/tables/\d+/view/$")


def offline_words() -> dict[str, Any]:
    """The queue's words: the banner, pending, the replay's outcome."""
    return {
        "banner": braces(_("No connection to the server – as of %(time)s")),
        "banner_pending": counted(
            "%(n)s action kept on this tablet, sent when the server answers.",
            "%(n)s actions kept on this tablet, sent when the server answers.",
        ),
        "sending": _("Sending the kept actions…"),
        "sign_in": _("Sign in again: the kept actions are sent after that."),
        "pending": _("pending"),
        "pending_title": counted("%(n)s pending action", "%(n)s pending actions"),
        "pending_note": _("Taken on this tablet, not yet saved on the server."),
        "queued": braces(_("%(what)s: kept on this tablet, not yet saved (pending).")),
        "refused_title": _("Not applied"),
        "refused": braces(_("%(what)s: not applied – %(why)s")),
        "refused_status": braces(_("the server answered %(status)s")),
        "skew": braces(
            _(
                "This tablet's clock is %(seconds)s s off the server's: set its time, "
                "or the times of its actions are wrong."
            )
        ),
        "device": braces(_("Device: %(name)s")),
        "device_prompt": _("Name of this device"),
        "panel_note": _(
            "No connection: what you do here is kept on this tablet and sent when the "
            "server answers."
        ),
        **_action_words(),
        **_panel_words(),
    }


def _action_words() -> dict[str, str]:
    """What a queued action is, in the pending list."""
    return {
        "bust": braces(_("Bust: %(name)s")),
        "move_done": braces(_("Move done: %(name)s")),
        "move_cancel": braces(_("Move cancelled: %(name)s")),
        "moves_done": braces(_("All moves from table %(table)s done")),
        "next_hand": braces(_("Next hand, table %(table)s")),
        "hand_finished": braces(_("Hand finished, table %(table)s")),
        "chips": braces(_("Chip counts, table %(table)s")),
        "button": braces(_("Button: table %(table)s, seat %(seat)s")),
        "clock_call": braces(_("Clock called: table %(table)s, seat %(seat)s")),
        "penalty": braces(_("Penalty: %(name)s")),
        "floor_call": braces(_("Floor call, table %(table)s")),
        "undo": _("Undo"),
        "action": _("Action"),
    }


def _panel_words() -> dict[str, Any]:
    """The seat panel and the chip count drawn by the tablet itself while away
    (the same words as the server's panel, ``tables/_seat_panel.html``)."""
    return {
        "table": _("Table"),
        "seat": _("Seat"),
        "bust_player": _("Bust player"),
        "stack_h4h": _("Stack at the start of the hand (hand for hand: required)"),
        "same_hand": _("Another player at this table busted in the same hand"),
        "same_hand_help": _(
            "Tick who else busted and give everyone's stack at the start of the hand: "
            "the bigger stack finishes higher."
        ),
        "stack_of": braces(_("Stack of %(name)s")),
        "facing": _("Facing a bet"),
        "call_clock": _("Call the clock on him"),
        "button_here": _("Button on this seat"),
        "button_current": _("in the hand now being played"),
        "button_next": _("in the next hand"),
        "close": _("Close"),
        "chip_count": braces(_("Chip count, table %(table)s")),
        "player": _("Player"),
        "chips_label": _("Chips"),
        "save_counts": _("Save the counts"),
        "penalty_title": _("Penalty"),
        "penalty_count": _("Hands or rounds (not for a warning)"),
        "penalty_category": _("Category"),
        "penalty_situation": _("What happened (optional)"),
        "penalty_give": _("Give the penalty"),
        "penalty_choices": floor_penalty_choices(),
    }


def offline_links() -> dict[str, str]:
    """The endpoints of the tablet's actions, ``0`` for the id."""
    return {
        "bust": reverse("floor-bust", args=[0]),
        "move": reverse("floor-move", args=[0, "done"]).replace("/done/", "/{action}/"),
        "moves_done": reverse("floor-table-moves-done", args=[0]),
        "next_hand": reverse("floor-next-hand", args=[0]),
        "hand_finished": reverse("floor-hand-finished", args=[0]),
        "chips": reverse("floor-table-chips", args=[0]),
        "button": reverse("floor-button", args=[0]),
        "clock_call": reverse("clock-call", args=[0]),
        "penalty": reverse("floor-penalty", args=[0]),
        "undo": reverse("floor-undo", args=[0]),
        "api_hand_finished": "/api/v1/tables/0/hand-finished",
        "api_floor_call": "/api/v1/tables/0/floor-call",
    }


def offline_config(page: str, probe: str) -> dict[str, Any]:
    """What ``offline_queue.js`` reads from the page (``#offline-config``):
    the page's key for its kept snapshot, the request that asks whether the
    server is back (the socket's snapshot over HTTP), the worker, the words."""
    return {
        "page": page,
        "probe": probe,
        "worker": reverse("offline-service-worker"),
        "login": reverse("login"),
        # A queue of more than one action goes out in one request (README "When the network drops").
        "queue": ON_ITS_OWN,
        "rendered_at": int(time.time() * 1000),
        "words": offline_words(),
        "links": offline_links(),
    }


def _worker_source() -> str:
    found = finders.find(SERVICE_WORKER)
    if not found:
        raise Http404(SERVICE_WORKER)
    path = found[0] if isinstance(found, list) else found
    return Path(path).read_text(encoding="utf-8")


def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker, from the root: its scope covers the floor pages. It is told the
    assets to keep (their URLs as this server names them) and a version that
    changes with them, so a new release replaces the kept copies."""
    source = _worker_source()
    settings = {
        "assets": [static(name) for name in ASSETS],
        "pages": list(PAGES),
        "static": static(""),
    }
    version = hashlib.sha256((json.dumps(settings, sort_keys=True) + source).encode()).hexdigest()[
        :12
    ]
    head = f"self.OFFLINE = {json.dumps({**settings, 'version': version})};\n"
    response = HttpResponse(head + source, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
