"""The floor's history in words (README "Screens").

The action log stores kinds and ids (``bust``, ``{"entry": 63}``) for the audit
and for undo; the history page tells the floor what happened, in the reader's
language: "Anna Kowalski busted at table 3, seat 4 (place 17)". Names are
read once for the whole page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy

from tables.models import Move, SeatChange
from tables.presenters_conflicts import what_of
from tables.web.action_names import ACTION_NAMES
from tournament.device_time import LOG_KEY
from tournament.models import LIVE_STATUSES, ActionLog, Entry

# A line received this much after it was taken says when it was received too.
RECEIVED_LATER = timedelta(seconds=1)

# Why a player's seat changed (SeatChange.reason, Move.reason).
SEAT_CHANGE_REASONS: Mapping[str, Any] = {
    "draw": _("seat draw"),
    "late": _("late registration"),
    "alternate": _("alternate seated"),
    "bust": _("busted"),
    "unbust": _("bust undone"),
    "back_to_waiting": _("back on the waiting list: the bust was undone"),
    "disqualified": _("disqualified"),
    "withdrawn": _("unregistered"),
    "undo": _("move undone"),
    "balance": _("balancing"),
    "break": _("table break"),
    "final_table": _("final table"),
    "manual": _("moved by the floor"),
}


# What each kind of action is called where no sentence of its own is needed,
# and in "Undone: ...".
def action_name(kind: str) -> str:
    name = ACTION_NAMES.get(kind)
    return str(name) if name is not None else kind.replace("_", " ")


def seat_text(table: Any, seat: Any) -> str:
    return f"{table}/{seat}"


def seat_change_text(change: SeatChange) -> str:
    """One seat change as a sentence: who, from where, to where, why."""
    reason = SEAT_CHANGE_REASONS.get(change.reason, change.reason)
    values = {
        "name": change.entry.player.name,
        "reason": reason,
        "from": seat_text(change.from_table, change.from_seat),
        "to": seat_text(change.to_table, change.to_seat),
    }
    if change.from_table and change.to_table:
        return _("Moved %(name)s from %(from)s to %(to)s (%(reason)s)") % values
    if change.to_table:
        return _("Seated %(name)s at %(to)s (%(reason)s)") % values
    return _("%(name)s left %(from)s (%(reason)s)") % values


# The fields of a kind's data that hold entry ids, and those that hold a move
# id. Every other field is the kind's own (a count, a table number, a text) and
# is never looked up: "entries" of a saved blind structure is how many levels
# it has, "entries" of a kept-apart pair are two players.
ENTRY_FIELDS: Mapping[str, tuple[str, ...]] = {
    "bust": ("entry",),
    "unbust": ("entry",),
    "winner": ("entry",),
    "late_seat": ("entry",),
    "entry_registered": ("entry",),
    "entry_rebuy": ("entry",),
    "entry_addon": ("entry",),
    "keep_apart": ("entries",),
}
MOVE_FIELDS: Mapping[str, tuple[str, ...]] = {
    "move_done": ("move",),
    "move_manual": ("move",),
    "move_cancelled": ("move",),
}


def _ids(data: dict, fields: Iterable[str]) -> set[int]:
    """The ids in these fields of a log row: one id or a list of them."""
    found: set[int] = set()
    for field in fields:
        value = data.get(field)
        values = value if isinstance(value, list) else [value]
        found.update(v for v in values if isinstance(v, int) and not isinstance(v, bool))
    return found


class _Names:
    """Entry names and moves of every action on the page, read in two queries."""

    def __init__(self, actions: list[ActionLog]) -> None:
        entry_ids: set[int] = set()
        move_ids: set[int] = set()
        for action in actions:
            data = action.data if isinstance(action.data, dict) else {}
            entry_ids |= _ids(data, ENTRY_FIELDS.get(action.kind, ()))
            move_ids |= _ids(data, MOVE_FIELDS.get(action.kind, ()))
        self.moves = {
            move.pk: move
            for move in Move.objects.filter(pk__in=move_ids).select_related(
                "entry__player", "to_table", "from_table"
            )
        }
        entry_ids.update(move.entry_id for move in self.moves.values())
        self.entries = {
            entry.pk: entry
            for entry in Entry.objects.filter(pk__in=entry_ids).select_related("player")
        }

    def name(self, entry_id: Any) -> str:
        entry = self.entries.get(entry_id)
        return entry.player.name if entry is not None else _("an entry no longer on file")

    def place(self, entry_id: Any) -> Any:
        entry = self.entries.get(entry_id)
        return entry.place if entry is not None else None


def _bust(data: dict, names: _Names) -> str:
    values = {
        "name": names.name(data.get("entry")),
        "table": data.get("table"),
        "seat": data.get("seat"),
        "place": names.place(data.get("entry")),
    }
    entry = names.entries.get(data.get("entry"))
    if values["place"] is None and entry is not None and entry.status in LIVE_STATUSES:
        # The bust was undone: the player is back in play, nothing was re-entered.
        if data.get("table") is None:
            return _("%(name)s busted") % values
        return _("%(name)s busted at table %(table)s, seat %(seat)s") % values
    if values["place"] is None and data.get("table") is not None:
        # By player, a bullet the player re-entered after holds no place.
        return _("%(name)s busted at table %(table)s, seat %(seat)s (re-entered since)") % values
    if values["place"] is None:
        return _("%(name)s busted (re-entered since)") % values
    if data.get("table") is None:
        return _("%(name)s busted (place %(place)s)") % values
    return _("%(name)s busted at table %(table)s, seat %(seat)s (place %(place)s)") % values


def _move(text: Any) -> Callable[[dict, _Names], str]:
    def describe(data: dict, names: _Names) -> str:
        move = names.moves.get(data.get("move"))
        if move is None:
            return action_name("move_done")
        return text % {
            "name": move.entry.player.name,
            "from": seat_text(move.from_table.number, move.from_seat) if move.from_table else "–",
            "to": seat_text(move.to_table.number, move.to_seat),
            "reason": SEAT_CHANGE_REASONS.get(move.reason, move.reason),
        }

    return describe


def _table_plan(data: dict, names: _Names) -> str:
    parts = []
    moves = len(data.get("moves", ()))
    if moves:
        planned = ngettext("%(count)s move planned", "%(count)s moves planned", moves)
        parts.append(planned % {"count": moves})
    breaks = data.get("break_tables") or []
    if breaks:
        parts.append(
            ngettext("table %(tables)s breaks", "tables %(tables)s break", len(breaks))
            % {"tables": ", ".join(map(str, breaks))}
        )
    halted = data.get("halted_tables") or []
    if halted:
        parts.append(
            ngettext("table %(tables)s waits", "tables %(tables)s wait", len(halted))
            % {"tables": ", ".join(map(str, halted))}
        )
    if not parts:
        return action_name("table_plan")
    return "; ".join(str(part) for part in parts)


def _on_table(text: Any) -> Callable[[dict, _Names], str]:
    return lambda data, names: text % {"table": data.get("table")}


def _tables(text: Any, key: str) -> Callable[[dict, _Names], str]:
    """A sentence about the tables numbered in ``key``; ``text`` is plural-aware
    (``ngettext_lazy(..., "count")``): "Table 3 opened", "Tables 3, 4 opened"."""

    def describe(data: dict, names: _Names) -> str:
        numbers = list(data.get(key) or [])
        return text % {"tables": ", ".join(map(str, numbers)), "count": len(numbers)}

    return describe


def _purchase(text: Any) -> Callable[[dict, _Names], str]:
    """Rebuys or add-ons of one player; a negative count takes them back."""

    def describe(data: dict, names: _Names) -> str:
        count = int(data.get("count", 1))
        values = {"name": names.name(data.get("entry")), "count": text % {"count": abs(count)}}
        if count < 0:
            return _("%(name)s: %(count)s taken back") % values
        return _("%(name)s: %(count)s") % values

    return describe


def _counted(text: Any, key: str) -> Callable[[dict, _Names], str]:
    """A sentence with a count (``key`` of the data) and a plural form."""
    return lambda data, names: text % {**data, "count": int(data[key])}


def _conflict(data: dict, names: _Names) -> str:
    """A queued offline action refused, kept for the director (README "When the
    network drops")."""
    return _("Refused after the network came back: %(what)s") % {"what": _what_tried(data)}


def _conflict_resolved(data: dict, names: _Names) -> str:
    values = {"what": _what_tried(data), "reason": data.get("reason") or ""}
    if data.get("how") == "discarded":
        return _("Conflict discarded: %(what)s (%(reason)s)") % values
    return _("Conflict resolved, applied differently: %(what)s") % values


def _what_tried(data: dict) -> str:
    return what_of(
        data["action"], data.get("facts"), method=data.get("method", ""), path=data["path"]
    )


DESCRIBE: Mapping[str, Callable[[dict, _Names], str]] = {
    "bust": _bust,
    "unbust": lambda data, names: (
        _("Bust of %(name)s undone") % {"name": names.name(data["entry"])}
    ),
    "winner": lambda data, names: (
        _("%(name)s wins the tournament") % {"name": names.name(data.get("entry"))}
    ),
    "move_done": _move(_("%(name)s moved from %(from)s to %(to)s (%(reason)s)")),
    "move_manual": _move(_("The floor sends %(name)s from %(from)s to %(to)s")),
    "move_cancelled": _move(_("Move of %(name)s to %(to)s cancelled")),
    "table_plan": _table_plan,
    "table_break": _on_table(_("Table %(table)s broken")),
    "table_opened": _on_table(_("Table %(table)s opened")),
    "next_hand": _on_table(_("Next hand at table %(table)s")),
    "hand_finished": _on_table(_("Hand finished at table %(table)s")),
    "button_draw": _on_table(_("Button drawn at table %(table)s")),
    "button_set": lambda data, names: (
        _("Button at table %(table)s on seat %(seat)s")
        % {"table": data.get("table"), "seat": data.get("seat")}
    ),
    "tables_opened": _tables(
        ngettext_lazy("Table %(tables)s opened", "Tables %(tables)s opened", "count"), "numbers"
    ),
    "tables_reserved": _tables(
        ngettext_lazy("Reserve table %(tables)s added", "Reserve tables %(tables)s added", "count"),
        "numbers",
    ),
    "table_back_in_play": _tables(
        ngettext_lazy("Table %(tables)s back in play", "Tables %(tables)s back in play", "count"),
        "tables",
    ),
    "break_order": _tables(_("Breaking order: %(tables)s"), "order"),
    "late_seat": lambda data, names: (
        _("Seated %(name)s at %(to)s (late registration)")
        % {
            "name": names.name(data.get("entry")),
            "to": seat_text(data.get("table"), data.get("seat")),
        }
    ),
    "hand_for_hand": lambda data, names: (
        _("Hand for hand started") if data.get("on") else _("Hand for hand ended")
    ),
    "keep_apart": lambda data, names: (
        _("%(first)s and %(second)s kept apart")
        % {
            "first": names.name((data.get("entries") or [None, None])[0]),
            "second": names.name((data.get("entries") or [None, None])[-1]),
        }
    ),
    "entry_registered": lambda data, names: (
        _("%(name)s registered") % {"name": names.name(data.get("entry"))}
    ),
    "clock_call": lambda data, names: (
        _("Clock called at %(seat)s") % {"seat": seat_text(data.get("table"), data.get("seat"))}
    ),
    "undo": lambda data, names: (
        _("Undone: %(action)s") % {"action": action_name(data.get("kind", ""))}
    ),
    "entry_rebuy": _purchase(ngettext_lazy("%(count)s rebuy", "%(count)s rebuys", "count")),
    "entry_addon": _purchase(ngettext_lazy("%(count)s add-on", "%(count)s add-ons", "count")),
    "colour_up_recorded": _on_table(_("Colour-up at table %(table)s recorded")),
    "day_stop": _counted(
        ngettext_lazy(
            "Play stopped for the day with %(count)s player left",
            "Play stopped for the day with %(count)s players left",
            "count",
        ),
        "players",
    ),
    "day_ended": _counted(
        ngettext_lazy(
            "Day ended: %(count)s bag of chips", "Day ended: %(count)s bags of chips", "count"
        ),
        "bags",
    ),
    "day_drawn": _counted(
        ngettext_lazy(
            "Day %(day)s drawn with %(count)s player",
            "Day %(day)s drawn with %(count)s players",
            "count",
        ),
        "players",
    ),
    "day_reopened": lambda data, names: _("Day reopened: %(reason)s") % {"reason": data["reason"]},
    "floor_conflict": _conflict,
    "floor_conflict_resolved": _conflict_resolved,
}


def action_text(action: ActionLog, names: _Names) -> str:
    data = action.data if isinstance(action.data, dict) else {}
    describe = DESCRIBE.get(action.kind)
    if describe is None:
        return action_name(action.kind)
    try:
        return str(describe(data, names))
    except (KeyError, TypeError, IndexError, ValueError):  # an old row without the fields of today
        return action_name(action.kind)


def described(actions: Iterable[ActionLog]) -> list[tuple[ActionLog, str]]:
    """Each action with its sentence, names read once for all."""
    rows = list(actions)
    names = _Names(rows)
    return [(action, action_text(action, names)) for action in rows]


def taken_at(action: ActionLog) -> datetime:
    """When the action was taken: the time the device sent (README "Device
    time"), never later than the server received it; else when it was received."""
    data = action.data if isinstance(action.data, dict) else {}
    text = data.get(LOG_KEY)
    if not isinstance(text, str):
        return action.at
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return action.at
    return min(moment, action.at) if moment.tzinfo is not None else action.at


def in_taken_order(actions: Iterable[ActionLog]) -> list[ActionLog]:
    """Newest first by the time each was taken: a tablet's queue sent after the
    network came back takes its place among what others did meanwhile. Each
    line gets ``taken_at`` and ``received_later`` (the page shows both times)."""
    rows = list(actions)
    for action in rows:
        action.taken_at = taken_at(action)  # type: ignore[attr-defined]
        action.received_later = action.at - action.taken_at >= RECEIVED_LATER  # type: ignore[attr-defined]
    return sorted(rows, key=lambda a: (a.taken_at, a.pk), reverse=True)  # type: ignore[attr-defined]
