"""The floor's conflicts (README "When the network drops").

A floor tablet that was offline sends its queue of actions when the server
answers again, each marked ``Offline-Queue: 1``. An action the server refuses
(the player was busted on another tablet meanwhile, the move was done, the
level is over) cannot simply be sent again: the refusal is kept here, in a
write of its own after the refused write rolled back, and every floor screen
shows it (the ``conflicts`` part) until a director resolves it: applied
differently (done by hand another way) or discarded with a reason. Both are
lines of the tournament's audit trail.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import FloorConflict, Move, SeatChange, Table
from tournament import changes
from tournament.errors import Conflict, FieldInvalid, NotFound
from tournament.models import Entry
from tournament.writes import tournament_write, write

CONFLICT_NOT_FOUND = _("Conflict not found.")
ALREADY_RESOLVED = _("This conflict is already resolved.")
HOW_UNKNOWN = _('Say how it was resolved: "applied_differently" or "discarded".')
REASON_NEEDED = _("Say why the action is discarded (1 to 200 characters).")
REASON_TOO_LONG = _("The reason may be at most 200 characters long.")
REASON_MAX = 200


@dataclass(frozen=True)
class Refused:
    """A queued action as the tablet sent it, and the server's refusal.
    ``named``: the rows its path names (``{"entry": 7}``, ``{"move": 3}``,
    ``{"table": 2}``); ``message``: the refusal's words by language code."""

    key: str
    method: str
    path: str
    action: str
    status: int
    message: dict[str, str]
    language: str
    body: Any = None
    named: dict[str, int] = field(default_factory=dict)
    device: str = ""
    device_time: datetime | None = None


def conflict_record(*, tournament_id: int, refused: Refused, by: Any) -> FloorConflict | None:
    """Keep a refused queued action; None when its key was kept already (the
    tablet sent it again): one conflict per key and tournament."""
    with tournament_write(tournament_id, by=by) as w:
        if (
            refused.key
            and FloorConflict.objects.filter(tournament=w.tournament, key=refused.key).exists()
        ):
            return None
        conflict = FloorConflict.objects.create(
            tournament=w.tournament,
            key=refused.key[:100],
            method=refused.method[:10],
            path=refused.path[:300],
            action=refused.action[:40],
            body=refused.body if refused.body is not None else {},
            facts=_facts(tournament_id, refused),
            by=w.user,
            device=refused.device[:100],
            device_time=refused.device_time,
            received_at=timezone.now(),
            status=refused.status,
            message=refused.message,
            language=refused.language[:10],
        )
        w.log(
            "floor_conflict",
            {**_about(conflict), "status": conflict.status, "device": conflict.device},
        )
        w.record("conflict", parts=(changes.CONFLICTS,), facts={"conflict": conflict.pk})
    return conflict


def conflict_resolve(*, conflict_id: int, how: str, reason: str, by: Any) -> FloorConflict:
    """A director's answer to a conflict: applied differently, or discarded with a reason."""
    reason = reason.strip()
    if how not in FloorConflict.How.values:
        raise FieldInvalid("how", HOW_UNKNOWN)
    if len(reason) > REASON_MAX:
        raise FieldInvalid("reason", REASON_TOO_LONG)
    if how == FloorConflict.How.DISCARDED and not reason:
        raise FieldInvalid("reason", REASON_NEEDED)
    with write(write.for_row(FloorConflict, conflict_id, CONFLICT_NOT_FOUND), by=by) as w:
        conflict = FloorConflict.objects.filter(pk=conflict_id, tournament=w.tournament).first()
        if conflict is None:
            raise NotFound(CONFLICT_NOT_FOUND)
        if conflict.resolved_at is not None:
            raise Conflict(ALREADY_RESOLVED)
        conflict.resolved_how = how
        conflict.resolved_reason = reason
        conflict.resolved_by = w.user
        conflict.resolved_at = timezone.now()
        conflict.save(
            update_fields=["resolved_how", "resolved_reason", "resolved_by", "resolved_at"]
        )
        w.log(
            "floor_conflict_resolved",
            {**_about(conflict), "how": how, "reason": reason},
        )
        w.record("conflict_resolved", parts=(changes.CONFLICTS,), facts={"conflict": conflict.pk})
    return conflict


def _about(conflict: FloorConflict) -> dict[str, Any]:
    """What the audit lines say of a conflict: the history page words it from this."""
    return {
        "conflict": conflict.pk,
        "key": conflict.key,
        "action": conflict.action,
        "method": conflict.method,
        "path": conflict.path,
        "facts": conflict.facts,
    }


def _facts(tournament_id: int, refused: Refused) -> dict[str, Any]:
    """Who and where the action named, as the floor says it: the player's name,
    his table and seat (the last he had, when he no longer sits), a move's
    destination, a table's number; what the body names besides."""
    facts: dict[str, Any] = {}
    body = refused.body if isinstance(refused.body, dict) else {}
    for name in ("table", "seat"):
        value = body.get(name)
        if isinstance(value, int) or (isinstance(value, str) and value.isdigit()):
            facts[name] = int(value)
    named = refused.named
    if "entry" in named:
        facts.update(_entry_facts(tournament_id, named["entry"]))
    elif "move" in named:
        move = (
            Move.objects.filter(pk=named["move"], tournament_id=tournament_id)
            .select_related("entry__player", "to_table")
            .first()
        )
        if move is not None:
            facts.update(_entry_facts(tournament_id, move.entry_id))
            facts.update(to_table=move.to_table.number, to_seat=move.to_seat)
    elif "table" in named:
        number = (
            Table.objects.filter(pk=named["table"], tournament_id=tournament_id)
            .values_list("number", flat=True)
            .first()
        )
        if number is not None:
            facts["table"] = number
    return facts


def _entry_facts(tournament_id: int, entry_id: int) -> dict[str, Any]:
    entry = (
        Entry.objects.filter(pk=entry_id, tournament_id=tournament_id)
        .select_related("player", "seat__table")
        .first()
    )
    if entry is None:
        return {}
    facts: dict[str, Any] = {"entry": entry.pk, "name": entry.player.name}
    seat = getattr(entry, "seat", None)
    if seat is not None:
        facts.update(table=seat.table.number, seat=seat.number)
        return facts
    last = (
        SeatChange.objects.filter(entry_id=entry.pk, from_table__isnull=False)
        .order_by("-id")
        .values_list("from_table", "from_seat")
        .first()
    )
    if last is not None:
        facts.update(table=last[0], seat=last[1])
    return facts
