"""The floor's conflicts as the API and the screens show them (README "When the
network drops"): what was tried, by whom, when, why it was refused, and how it
was resolved.

The API answers in the reader's language. The ``conflicts`` part of the floor
snapshot is one copy for every floor screen, so it carries the words of what
was tried and of the refusal in every language of the site
(``{"en": ..., "de": ...}``); the floor tablet shows its own.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from tables.models import FloorConflict
from tournament.models import Tournament

# How many open conflicts the floor screens list (the count is always whole).
SHOWN = 50

# What a queued action tried, by its short name (from its method and path).
WHAT: dict[str, Any] = {
    "bust": _("Bust of %(name)s (table %(table)s, seat %(seat)s)"),
    "busts": _("Busts in one hand"),
    "unbust": _("Undo the bust of %(name)s"),
    "move_done": _("Move of %(name)s to table %(to_table)s, seat %(to_seat)s done"),
    "move_cancel": _("Move of %(name)s to table %(to_table)s, seat %(to_seat)s cancelled"),
    "moves_done": _("All moves from table %(table)s done"),
    "next_hand": _("Next hand at table %(table)s"),
    "hand_finished": _("Hand finished at table %(table)s"),
    "chip_counts": _("Chip counts at table %(table)s"),
    "set_entry_chips": _("Chip count of %(name)s"),
    "button": _("Button at table %(table)s"),
    "clock_call": _("Clock called at table %(table)s, seat %(seat)s"),
    "ruling": _("Ruling or penalty"),
    "penalty": _("Penalty for %(name)s (table %(table)s, seat %(seat)s)"),
    "floor_call": _("Floor called to table %(table)s"),
}
# A name that the path gives and the words use: the same action by the API or a page.
SAME_ACTION = {
    "count_table_chips": "chip_counts",
    "table_chips": "chip_counts",
    "table_moves_done": "moves_done",
    "set_button": "button",
    "post_floor_call": "floor_call",
    "create_ruling": "ruling",
    "ruling_new": "ruling",
}
OTHER = _("%(method)s %(path)s")
REFUSED = _("Refused (%(status)s).")


def action_of(route_name: str, action: str = "") -> str:
    """The short name of an action from its route's name (``floor-bust`` and
    ``bust`` are both ``bust``; ``floor-move`` with ``done`` is ``move_done``)."""
    name = route_name.replace("-", "_").removeprefix("floor_")
    if name == "move" and action:
        name = f"move_{action}"
    return SAME_ACTION.get(name, name)[:40]


def _languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def what(conflict: FloorConflict) -> str:
    """The action in words, in the active language."""
    return what_of(conflict.action, conflict.facts, method=conflict.method, path=conflict.path)


def what_of(action: str, facts: Any, *, method: str, path: str) -> str:
    """An action's words from its short name and the facts kept with it."""
    template = WHAT.get(action)
    if template is not None and isinstance(facts, dict):
        try:
            return str(template) % facts
        except KeyError:  # the facts were not found (a row gone): the general words
            pass
    return str(OTHER) % {"method": method, "path": path}


def refusal_words(conflict: FloorConflict) -> str:
    """Why the server refused, in the active language when it was kept in it."""
    kept = conflict.message or {}
    said = kept.get(translation.get_language() or "") or kept.get(conflict.language)
    said = said or next(iter(kept.values()), "")
    return said or str(REFUSED) % {"status": conflict.status}


def _user(user: Any) -> str | None:
    if user is None:
        return None
    return user.get_full_name() or user.get_username()


def conflict_payload(conflict: FloorConflict) -> dict[str, Any]:
    """One conflict as ``GET /tournaments/{id}/conflicts`` lists it, in the active language."""
    resolution = None
    if conflict.resolved_at is not None:
        resolution = {
            "how": conflict.resolved_how,
            "reason": conflict.resolved_reason,
            "by": _user(conflict.resolved_by),
            "at": conflict.resolved_at,
        }
    return {
        "id": conflict.pk,
        "key": conflict.key,
        "action": conflict.action,
        "what": what(conflict),
        "path": conflict.path,
        "method": conflict.method,
        "body": conflict.body,
        "by": _user(conflict.by),
        "device": conflict.device,
        "device_time": conflict.device_time,
        "received_at": conflict.received_at,
        "refusal": {"status": conflict.status, "message": refusal_words(conflict)},
        "status": "open" if resolution is None else "resolved",
        "resolution": resolution,
    }


def conflicts_of(tournament: Tournament, *, status: str | None) -> list[FloorConflict]:
    """The tournament's conflicts, oldest first; ``status`` "open" or "resolved"."""
    found = FloorConflict.objects.filter(tournament=tournament).select_related("by", "resolved_by")
    if status == "open":
        found = found.filter(resolved_at__isnull=True)
    elif status == "resolved":
        found = found.filter(resolved_at__isnull=False)
    return list(found.order_by("id"))


def _in_every_language(conflict: FloorConflict) -> dict[str, Any]:
    words: dict[str, dict[str, str]] = {"what": {}, "message": {}}
    for code in _languages():
        with translation.override(code):
            words["what"][code] = what(conflict)
            words["message"][code] = refusal_words(conflict)
    return words


def _epoch_ms(at: datetime | None) -> int | None:
    """A time as the screens' messages carry it: milliseconds since the epoch."""
    return None if at is None else int(at.timestamp() * 1000)


def conflicts_part(tournament: Tournament) -> dict[str, Any]:
    """The ``conflicts`` part: how many are open and the first :data:`SHOWN` of
    them, their words in every language, times in epoch milliseconds (README
    "Screen messages")."""
    open_ones = FloorConflict.objects.filter(
        tournament=tournament, resolved_at__isnull=True
    ).select_related("by")
    count = open_ones.count()
    listed = []
    for conflict in open_ones.order_by("id")[:SHOWN] if count else []:
        words = _in_every_language(conflict)
        listed.append(
            {
                "id": conflict.pk,
                "action": conflict.action,
                "what": words["what"],
                "by": _user(conflict.by),
                "device": conflict.device,
                "device_time": _epoch_ms(conflict.device_time),
                "received_at": _epoch_ms(conflict.received_at),
                "refusal": {"status": conflict.status, "message": words["message"]},
            }
        )
    return {"open": count, "list": listed}
