"""Director's announcements and floor calls: one tournament write each; the
change is recorded on the write and reaches the screens after the commit."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import Table
from tournament import changes
from tournament.errors import Invalid
from tournament.models import ActionLog, Tournament
from tournament.writes import tournament_write, write

ANNOUNCEMENT_EMPTY = _("Write the announcement first.")
ANNOUNCEMENT_TOO_LONG = _("An announcement can have at most 280 characters.")
TABLE_NOT_FOUND = _("Table not found.")
MAX_ANNOUNCEMENT = 280

ANNOUNCED = "announcement"
ANNOUNCEMENT_CLEARED = "announcement_cleared"
FLOOR_CALL = "floor_call"


def _epoch_ms(moment: Any) -> int:
    return int(moment.timestamp() * 1000)


def announcement_payload(row: ActionLog) -> dict[str, Any]:
    """Public: the text, when and an id; never who wrote it."""
    return {"kind": "director", "id": row.pk, "text": row.data["text"], "at": _epoch_ms(row.at)}


def announcement_post(*, tournament_id: int, text: str, by: Any) -> dict[str, Any]:
    """Show the director's free text on every screen of the tournament."""
    text = " ".join((text or "").split())
    if not text:
        raise Invalid(ANNOUNCEMENT_EMPTY)
    if len(text) > MAX_ANNOUNCEMENT:
        raise Invalid(ANNOUNCEMENT_TOO_LONG)
    with tournament_write(tournament_id, by=by) as w:
        row = w.log(ANNOUNCED, {"text": text})
        w.record(
            "announcement",
            parts=(changes.ANNOUNCEMENTS,),
            public_facts={"kind": "director", "id": row.pk},
        )
    return announcement_payload(row)


def announcement_clear(*, tournament_id: int, by: Any) -> None:
    """Take the director's announcement off the screens."""
    with tournament_write(tournament_id, by=by) as w:
        w.log(ANNOUNCEMENT_CLEARED, {})
        w.record(
            "announcement",
            parts=(changes.ANNOUNCEMENTS,),
            public_facts={"kind": "director_cleared"},
        )


def announcements_current(tournament: Tournament) -> list[dict[str, Any]]:
    """The announcement on the screens now (none after a clear), as a list."""
    latest = (
        ActionLog.objects.filter(tournament=tournament, kind__in=(ANNOUNCED, ANNOUNCEMENT_CLEARED))
        .order_by("-id")
        .first()
    )
    if latest is None or latest.kind != ANNOUNCED:
        return []
    return [announcement_payload(latest)]


def floor_call(*, table_id: int, by: Any, reason: str = "") -> dict[str, Any]:
    """A dealer or player at a table calls the floor: alerts the floor tablets only."""
    tournament_id = write.for_row(Table, table_id, TABLE_NOT_FOUND).id
    with tournament_write(tournament_id, by=by) as w:
        table = Table.objects.get(pk=table_id)
        reason = " ".join((reason or "").split())[:120]
        row = w.log(FLOOR_CALL, {"table": table.number, "reason": reason})
        payload = {
            "table": table.number,
            "table_id": table.pk,
            "reason": reason,
            "at": _epoch_ms(row.at if row.at else timezone.now()),
            "by": w.user.get_username() if w.user is not None else None,
        }
        # Not state but an alert (a toast and a sound on the floor tablets), so it
        # travels as a fact of the change, staff only: the display group just
        # learns the new version.
        w.record(FLOOR_CALL, facts=payload)
    return payload
