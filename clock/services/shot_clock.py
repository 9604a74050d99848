"""The optional shot clock: a timer on every decision, with time-bank extensions.

Each player (entry) has ``extensions_per_day`` extensions per playing day;
the day is the tournament's local date (``TIME_ZONE``) when the extension is
used. The arithmetic is ``clock.rules.player_clock``; the seconds of a turn are
copied from the settings when it starts.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clock.models import ShotClockSettings, ShotClockTurn, TimeBank
from clock.rules import clock as rules
from clock.rules import player_clock as shot_rules
from clock.rules.errors import RuleError
from clock.services import clock_state
from tables.models import Seat, Table
from tournament import changes
from tournament.errors import Conflict, Invalid, NotFound
from tournament.models import Tournament
from tournament.public_labels import label_rows, screen_name
from tournament.writes import Write, tournament_write, write

SHOT_CLOCK_OFF = _("The shot clock is off for this tournament.")
TABLE_NOT_FOUND = _("There is no open table with that id.")
SEAT_NOT_AT_TABLE = _("That seat does not exist at this table.")
SEAT_EMPTY = _("Nobody sits in that seat.")
TURN_NOT_FOUND = _("Shot clock turn not found.")
TURN_OVER = _("This shot clock turn is already over.")
TIME_EXPIRED = _("Time is up: an extension must be used before the shot clock runs out.")
NO_EXTENSIONS_LEFT = _("This player has no time-bank extensions left today.")
BAD_SETTINGS = _("Seconds must be positive and extensions cannot be negative.")
EXTEND_REFUSED = {"time_expired": TIME_EXPIRED, "no_extensions_left": NO_EXTENSIONS_LEFT}
# Turns that ran out stay on the screens this long so the floor sees it.
SHOW_EXPIRED_MS = 30_000


# -- reading ----------------------------------------------------------------


def settings_for(tournament: Tournament) -> ShotClockSettings:
    """The stored settings, or unsaved defaults (shot clock off)."""
    row = ShotClockSettings.objects.filter(tournament=tournament).first()
    return row if row is not None else ShotClockSettings(tournament=tournament)


def options_of(settings: ShotClockSettings) -> shot_rules.ShotClockOptions:
    return shot_rules.ShotClockOptions(
        action_seconds=settings.action_seconds,
        extension_seconds=settings.extension_seconds,
        extensions_per_day=settings.extensions_per_day,
    )


def settings_payload(settings: ShotClockSettings) -> dict[str, Any]:
    return {
        "enabled": settings.enabled,
        "action_seconds": settings.action_seconds,
        "extension_seconds": settings.extension_seconds,
        "extensions_per_day": settings.extensions_per_day,
    }


def playing_day(now_ms: int) -> datetime.date:
    """The tournament's local date at ``now_ms`` (the ``TIME_ZONE`` setting)."""
    return timezone.localtime(rules.datetime_from_ms(now_ms)).date()


def extensions_left(
    tournament: Tournament, settings: ShotClockSettings, entry_ids: list[int], day: datetime.date
) -> dict[int, int]:
    """Extensions left on ``day`` per entry (a full bank where none was used)."""
    used = dict(
        TimeBank.objects.filter(tournament=tournament, day=day, entry_id__in=entry_ids).values_list(
            "entry_id", "extensions_left"
        )
    )
    return {e: used.get(e, settings.extensions_per_day) for e in entry_ids}


def _rule_turn(turn: ShotClockTurn) -> tuple[shot_rules.ShotClockTurn, shot_rules.ShotClockOptions]:
    """The stored turn as rules, with the seconds it started with."""
    options = shot_rules.ShotClockOptions(
        action_seconds=max(1, turn.action_ms // 1000),
        extension_seconds=max(1, turn.extension_ms // 1000),
    )
    model = shot_rules.ShotClockTurn(
        started_at_ms=rules.ms_from_instant(turn.started_at),
        extensions_used=turn.extensions_used,
    )
    return model, options


def turn_payload(
    turn: ShotClockTurn, tournament: Tournament, now_ms: int, *, left: int, public: bool
) -> dict[str, Any]:
    """A turn for the screens; ``public`` carries the display name only."""
    model, options = _rule_turn(turn)
    player = turn.entry.player
    active = turn.status == ShotClockTurn.Status.ACTIVE
    ends_at = shot_rules.turn_deadline_ms(model, options)
    return {
        "id": turn.pk,
        "table": turn.table_number,
        "seat": turn.seat,
        "entry": turn.entry_id,
        "name": screen_name(player, tournament.display_names) if public else player.name,
        "status": turn.status,
        "started_at": model.started_at_ms,
        "ends_at": ends_at,
        # A turn that ran out shows as such until then; the screens drop it on their own.
        "hide_at": ends_at + SHOW_EXPIRED_MS,
        "remaining_ms": shot_rules.turn_remaining_ms(model, options, now_ms) if active else 0,
        "expired": shot_rules.turn_expired(model, options, now_ms),
        "server_time": now_ms,
        "action_seconds": options.action_seconds,
        "extension_seconds": options.extension_seconds,
        "extensions_used": turn.extensions_used,
        "extensions_left": left,
    }


def shot_clock_turns_current(
    *, tournament: Tournament, public: bool, now_ms: int | None = None
) -> list[dict[str, Any]]:
    """Running turns, and turns that ran out in the last half minute."""
    now_ms = clock_state.now() if now_ms is None else now_ms
    turns = list(
        ShotClockTurn.objects.filter(
            tournament=tournament, status=ShotClockTurn.Status.ACTIVE
        ).select_related("entry__player")
    )
    if not turns:
        return []
    settings = settings_for(tournament)
    left = extensions_left(tournament, settings, [t.entry_id for t in turns], playing_day(now_ms))
    payloads = [
        turn_payload(t, tournament, now_ms, left=left[t.entry_id], public=public) for t in turns
    ]
    return label_rows([p for p in payloads if p["hide_at"] >= now_ms])


def shot_clock_overview(*, tournament: Tournament, now_ms: int | None = None) -> dict[str, Any]:
    """Settings, running turns and every seated player's extensions left today."""
    now_ms = clock_state.now() if now_ms is None else now_ms
    settings = settings_for(tournament)
    day = playing_day(now_ms)
    seats = list(
        Seat.objects.filter(
            table__tournament=tournament, table__status=Table.Status.OPEN, entry__isnull=False
        ).select_related("table", "entry__player")
    )
    # The query asks for occupied seats only; the pairs narrow each seat's entry.
    seated = [(s, s.entry) for s in seats if s.entry is not None]
    left = extensions_left(tournament, settings, [entry.id for _, entry in seated], day)
    return {
        "settings": settings_payload(settings),
        "day": day.isoformat(),
        "server_time": now_ms,
        "turns": shot_clock_turns_current(tournament=tournament, public=False, now_ms=now_ms),
        "players": [
            {
                "entry": entry.id,
                "name": entry.player.name,
                "table": s.table.number,
                "table_id": s.table_id,
                "seat": s.number,
                "extensions_left": left[entry.id],
            }
            for s, entry in seated
        ],
    }


# -- actions ------------------------------------------------------------------


def _record(w: Write, turn: ShotClockTurn) -> None:
    w.record(
        "shot_clock",
        parts=(changes.SHOT_CLOCK,),
        public_facts={"turn": turn.pk, "table": turn.table_number, "seat": turn.seat},
    )


def shot_clock_settings_set(
    *,
    tournament_id: int,
    enabled: bool,
    action_seconds: int,
    extension_seconds: int,
    extensions_per_day: int,
    by: Any,
) -> dict[str, Any]:
    """The director turns the shot clock on or off and sets its times.

    Running turns keep the seconds they started with; banks already used
    today keep their count.
    """
    try:
        shot_rules.ShotClockOptions(action_seconds, extension_seconds, extensions_per_day)
    except RuleError as exc:
        raise Invalid(BAD_SETTINGS) from exc
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        row, _created = ShotClockSettings.objects.get_or_create(tournament=tournament)
        row.enabled = enabled
        row.action_seconds = action_seconds
        row.extension_seconds = extension_seconds
        row.extensions_per_day = extensions_per_day
        row.save()
        payload = settings_payload(row)
        w.log("shot_clock_settings", payload)
        # No screen shows the settings (running turns keep their seconds): staff learn
        # them as a fact, the public screens only the new version.
        w.record("shot_clock_settings", facts={"settings": payload})
    return payload


def shot_clock_turn_start(
    *, table_id: int, seat: int, by: Any, now_ms: int | None = None
) -> dict[str, Any]:
    """Start the shot clock for the player on ``seat`` of table ``table_id``.

    A new turn at a table ends the one running there (one decision at a time).
    """
    now_ms = clock_state.now() if now_ms is None else now_ms
    tournament_id = write.for_row(Table, table_id, TABLE_NOT_FOUND).id
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        settings = settings_for(tournament)
        if not settings.enabled:
            raise Conflict(SHOT_CLOCK_OFF)
        table = Table.objects.filter(pk=table_id, status=Table.Status.OPEN).first()
        if table is None:
            raise NotFound(TABLE_NOT_FOUND)
        if not 1 <= seat <= table.seats:
            raise Invalid(SEAT_NOT_AT_TABLE)
        entry_id = (
            Seat.objects.filter(table=table, number=seat, entry__isnull=False)
            .values_list("entry_id", flat=True)
            .first()
        )
        if entry_id is None:
            raise Conflict(SEAT_EMPTY)
        started = shot_rules.start_turn(now_ms)
        ShotClockTurn.objects.filter(
            tournament=tournament, table_number=table.number, status=ShotClockTurn.Status.ACTIVE
        ).update(status=ShotClockTurn.Status.STOPPED, stopped_at=rules.datetime_from_ms(now_ms))
        turn = ShotClockTurn.objects.create(
            tournament=tournament,
            table_number=table.number,
            seat=seat,
            entry_id=entry_id,
            started_at=rules.datetime_from_ms(started.started_at_ms),
            action_ms=settings.action_seconds * 1000,
            extension_ms=settings.extension_seconds * 1000,
            started_by=w.user,
        )
        turn = ShotClockTurn.objects.select_related("entry__player").get(pk=turn.pk)
        left = extensions_left(tournament, settings, [entry_id], playing_day(now_ms))[entry_id]
        w.log(
            "shot_clock_start",
            {"turn": turn.pk, "table": table.number, "seat": seat, "entry": entry_id},
        )
        _record(w, turn)
    return turn_payload(turn, tournament, now_ms, left=left, public=False)


def _tournament_of_turn(turn_id: int) -> int:
    tournament_id = write.for_row(ShotClockTurn, turn_id, TURN_NOT_FOUND).id
    return tournament_id


def _running_turn(turn_id: int) -> ShotClockTurn:
    """The turn, read under the tournament's lock; a turn that ended is a 409."""
    turn = ShotClockTurn.objects.select_related("entry__player").get(pk=turn_id)
    if turn.status != ShotClockTurn.Status.ACTIVE:
        raise Conflict(TURN_OVER)
    return turn


def shot_clock_extend(*, turn_id: int, by: Any, now_ms: int | None = None) -> dict[str, Any]:
    """Spend one of the player's time-bank extensions of today on this turn.

    Refused (409) once the time is up or with no extension left today.
    """
    now_ms = clock_state.now() if now_ms is None else now_ms
    with tournament_write(_tournament_of_turn(turn_id), by=by) as w:
        tournament, turn = w.tournament, _running_turn(turn_id)
        settings = settings_for(tournament)
        day = playing_day(now_ms)
        stored = TimeBank.objects.filter(tournament=tournament, entry=turn.entry, day=day).first()
        bank = shot_rules.time_bank_for_day(
            shot_rules.TimeBank(day.toordinal(), stored.extensions_left) if stored else None,
            options_of(settings),
            day=day.toordinal(),
        )
        model, options = _rule_turn(turn)
        try:
            model, bank = shot_rules.use_extension(model, bank, options, now_ms)
        except RuleError as exc:
            raise Conflict(EXTEND_REFUSED.get(exc.code, TURN_OVER)) from exc
        TimeBank.objects.update_or_create(
            tournament=tournament,
            entry=turn.entry,
            day=day,
            defaults={"extensions_left": bank.extensions_left},
        )
        turn.extensions_used = model.extensions_used
        turn.save(update_fields=["extensions_used"])
        w.log(
            "shot_clock_extend",
            {"turn": turn.pk, "entry": turn.entry_id, "extensions_left": bank.extensions_left},
        )
        _record(w, turn)
    return turn_payload(turn, tournament, now_ms, left=bank.extensions_left, public=False)


def shot_clock_stop(*, turn_id: int, by: Any, now_ms: int | None = None) -> dict[str, Any]:
    """The player acted (or the floor clears the timer): the turn ends."""
    now_ms = clock_state.now() if now_ms is None else now_ms
    with tournament_write(_tournament_of_turn(turn_id), by=by) as w:
        tournament, turn = w.tournament, _running_turn(turn_id)
        turn.status = ShotClockTurn.Status.STOPPED
        turn.stopped_at = rules.datetime_from_ms(now_ms)
        turn.save(update_fields=["status", "stopped_at"])
        settings = settings_for(tournament)
        left = extensions_left(tournament, settings, [turn.entry_id], playing_day(now_ms))
        w.log("shot_clock_stop", {"turn": turn.pk})
        _record(w, turn)
    return turn_payload(turn, tournament, now_ms, left=left[turn.entry_id], public=False)
