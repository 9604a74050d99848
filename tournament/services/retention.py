"""Contact data is kept only as long as the room's retention period allows
(README "Player data"): a player's e-mail and phone go once his last activity (his
latest entry, his being put on file, his last consent) is that many months
old. Run daily by the clock process and by ``manage.py retention``; a
second run on the same day finds nothing left to remove.

Data kept without any recorded consent (players on file from before consent
was asked for) is listed for the director, who removes it with one button.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournament import audit
from tournament import changes as screen_changes
from tournament.errors import FieldInvalid
from tournament.models import Player, PrivacyLog, RoomSettings, Tournament
from tournament.models_room import RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN
from tournament.selectors import held_contacts, holding_contact_data
from tournament.writes import scopes, write


def _contact_data_remove(player_ids: list[int], *, kind: str, note: str, by: Any) -> int:
    """Clear the e-mail, phone and consent to be contacted of these players
    and log it, one line each, without the data."""
    if not player_ids:
        return 0
    Player.objects.filter(pk__in=player_ids).update(
        email="", phone="", consent_contact=False, consent_news=False
    )
    audit.privacy_record(player_ids, kind, by=by, note=note)
    return len(player_ids)


# Kept in the privacy log (README "Player data"); no screen shows contact data.
PRIVACY_LOG = "logged in the privacy log; no screen shows contact data"


def contact_retention_run(*, now: datetime | None = None) -> int:
    """Remove the contact data whose retention period is over; returns how
    many players lost it. Idempotent: a second run finds nothing due."""
    now = now or timezone.now()
    today = timezone.localdate(now)
    # One run at a time: the room's scope is the lock (two clock processes, or
    # the daily run and a director's button, may start together).
    with write(scopes.room(), by=None) as w:
        room: RoomSettings = w.row(scopes.room())
        due = [
            contact.player_id
            for contact in held_contacts(months=room.retention_months)
            if contact.removal_day <= today
        ]
        months = room.retention_months
        note = ngettext(
            "retention period of %(months)s month over",
            "retention period of %(months)s months over",
            months,
        ) % {"months": months}
        removed = _contact_data_remove(due, kind=PrivacyLog.Kind.RETENTION, note=note, by=None)
        room.retention_last_run, room.retention_last_removed = now, removed
        room.save(update_fields=["retention_last_run", "retention_last_removed", "updated_at"])
        w.log("retention_run", {"months": months, "removed": removed})
        w.keep_quiet(PRIVACY_LOG)
    return removed


def contact_without_consent_remove(*, by: Any) -> int:
    """Remove the contact data stored without any recorded consent (kept from
    before consent was asked for); the director decides when."""
    with write(scopes.room(), by=by) as w:
        players = w.lock(holding_contact_data().filter(consent_contact=False))
        removed = _contact_data_remove(
            [p.pk for p in players],
            kind=PrivacyLog.Kind.CONTACT_REMOVED,
            note=str(_("no consent on file")),
            by=by,
        )
        w.keep_quiet(PRIVACY_LOG)
    return removed


ROOM_FIELDS = (
    "name",
    "address",
    "contact_email",
    "contact_phone",
    "retention_months",
    "public_schedule",
    "cash_shifts",
    "public_name_default",
    "hold_results",
    "public_forecast",
)
RETENTION_OUT_OF_RANGE = _("Keep contact data for %(low)s to %(high)s months.")


def room_settings_update(*, changes: dict[str, Any], by: Any = None) -> RoomSettings:
    """Change the room's name, contact and retention period (director only;
    the faces check the role and parse the fields)."""
    changes = {k: v.strip() if isinstance(v, str) else v for k, v in changes.items()}
    if changes.get("contact_email"):
        try:
            validate_email(changes["contact_email"])
        except ValidationError as exc:
            raise FieldInvalid("contact_email", exc.messages[0]) from exc
    months = changes.get("retention_months")
    if months is not None and not RETENTION_MONTHS_MIN <= months <= RETENTION_MONTHS_MAX:
        raise FieldInvalid(
            "retention_months",
            RETENTION_OUT_OF_RANGE % {"low": RETENTION_MONTHS_MIN, "high": RETENTION_MONTHS_MAX},
        )
    # The public forecast goes on or off the running tournaments' public screens:
    # their locks first, in the room's order (README "Finish on time: where it shows").
    running = _running_ids() if "public_forecast" in changes else []
    with write(*map(scopes.tournament, running), scopes.room(), by=by) as w:
        room: RoomSettings = w.row(scopes.room())
        fields = [field for field in ROOM_FIELDS if field in changes]
        before = {field: getattr(room, field) for field in fields}
        for field in fields:
            setattr(room, field, changes[field])
        room.save(update_fields=[*fields, "updated_at"])
        after = {field: changes[field] for field in fields}
        w.log("room_settings_changed", {"changed": audit.edits(before, after)}, scope=scopes.room())
        w.keep_quiet("no live screen shows the room's other settings")
        if before.get("public_forecast", room.public_forecast) != room.public_forecast:
            for tournament_id in running:
                w.on(tournament_id).record("public_forecast", parts=(screen_changes.FORECAST,))
    return room


def _running_ids() -> list[int]:
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING)
    return list(running.order_by("pk").values_list("pk", flat=True))
