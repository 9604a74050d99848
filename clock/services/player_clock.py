"""Calling the clock on a player (TDA 2019 rule 29; times from the rulebook profile)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from clock.models import ClockCall
from clock.rules import clock as rules
from clock.rules import player_clock as call_rules
from clock.rules.errors import RuleError
from clock.services import clock_state
from clock.services.messages import rule_message
from tables.models import Table
from tournament import changes
from tournament.errors import Conflict, Invalid, NotFound
from tournament.models import Tournament
from tournament.writes import tournament_write, write

TABLE_NOT_FOUND = _("There is no open table with that number.")
SEAT_NOT_AT_TABLE = _("That seat does not exist at this table.")
CALL_NOT_FOUND = _("Clock call not found.")
CALL_OVER = _("This clock call is already over.")
# Expired calls stay on the screens this long so the floor sees the outcome.
SHOW_EXPIRED_MS = 30_000


def call_rules_for(tournament: Tournament) -> call_rules.ClockCallRules:
    """The profile's call rules with the tournament's own times."""
    base = call_rules.CLOCK_CALL_PROFILES.get(
        tournament.rulebook, call_rules.CLOCK_CALL_PROFILES["tda2019"]
    )
    options = tournament.rule_options
    return call_rules.ClockCallRules(
        think_seconds=int(options.get("clock_call_seconds", base.think_seconds)),
        countdown_seconds=int(options.get("clock_call_countdown_seconds", base.countdown_seconds)),
        outcome_facing_action=base.outcome_facing_action,
        outcome_not_facing_action=base.outcome_not_facing_action,
    )


def call_payload(call: ClockCall, tournament: Tournament, now_ms: int) -> dict[str, Any]:
    rules_ = call_rules_for(tournament)
    model = call_rules.ClockCall(
        called_at_ms=rules.ms_from_instant(call.called_at),
        think_ms=call.think_ms,
        countdown_ms=call.countdown_ms,
    )
    status = call_rules.clock_call_status(model, now_ms)
    return {
        "id": call.pk,
        "table": call.table_number,
        "seat": call.seat,
        "status": call.status,
        "phase": status.phase if call.status == ClockCall.Status.ACTIVE else "cancelled",
        "called_at": model.called_at_ms,
        "countdown_at": status.countdown_at_ms,
        "expires_at": status.expires_at_ms,
        # The screens show "Time!" until then and drop the call on their own.
        "hide_at": status.expires_at_ms + SHOW_EXPIRED_MS,
        "remaining_ms": status.remaining_ms,
        "server_time": now_ms,
        "facing_action": call.facing_action,
        "outcome": call_rules.clock_call_outcome(rules_, facing_action=call.facing_action),
    }


def clock_calls_current(*, tournament: Tournament, now_ms: int | None = None) -> list[dict]:
    """Running calls, and calls that ran out in the last half minute."""
    now_ms = clock_state.now() if now_ms is None else now_ms
    calls = ClockCall.objects.filter(tournament=tournament, status=ClockCall.Status.ACTIVE)
    payloads = [call_payload(c, tournament, now_ms) for c in calls]
    return [p for p in payloads if p["hide_at"] >= now_ms]


def clock_call_start(
    *,
    tournament_id: int,
    table: int,
    seat: int,
    by: Any,
    facing_action: bool = True,
    think_seconds: int | None = None,
    now_ms: int | None = None,
) -> dict[str, Any]:
    """The floor calls the clock on ``seat`` at table number ``table``.

    A new call at a table ends the one running there.
    """
    now_ms = clock_state.now() if now_ms is None else now_ms
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        table_row = Table.objects.filter(
            tournament=tournament, number=table, status=Table.Status.OPEN
        ).first()
        if table_row is None:
            raise NotFound(TABLE_NOT_FOUND)
        if not 1 <= seat <= table_row.seats:
            raise Invalid(SEAT_NOT_AT_TABLE)
        try:
            call = call_rules.call_clock(
                call_rules_for(tournament), now_ms, think_seconds=think_seconds
            )
        except RuleError as exc:
            raise Invalid(rule_message(exc)) from exc
        ClockCall.objects.filter(
            tournament=tournament, table_number=table, status=ClockCall.Status.ACTIVE
        ).update(status=ClockCall.Status.CANCELLED, cancelled_at=rules.datetime_from_ms(now_ms))
        row = ClockCall.objects.create(
            tournament=tournament,
            table_number=table,
            seat=seat,
            facing_action=facing_action,
            called_at=rules.datetime_from_ms(call.called_at_ms),
            think_ms=call.think_ms,
            countdown_ms=call.countdown_ms,
            called_by=w.user,
        )
        w.log("clock_call", {"call": row.pk, "table": table, "seat": seat})
        w.record(
            "clock_call",
            parts=(changes.CLOCK_CALLS,),
            public_facts={"call": row.pk, "table": table, "seat": seat},
        )
    return call_payload(row, tournament, now_ms)


def clock_call_cancel(*, call_id: int, by: Any, now_ms: int | None = None) -> dict[str, Any]:
    now_ms = clock_state.now() if now_ms is None else now_ms
    tournament_id = write.for_row(ClockCall, call_id, CALL_NOT_FOUND).id
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        row = ClockCall.objects.get(pk=call_id)
        if row.status != ClockCall.Status.ACTIVE:
            raise Conflict(CALL_OVER)
        row.status = ClockCall.Status.CANCELLED
        row.cancelled_at = rules.datetime_from_ms(now_ms)
        row.save(update_fields=["status", "cancelled_at"])
        w.log("clock_call_cancel", {"call": row.pk})
        w.record(
            "clock_call",
            parts=(changes.CLOCK_CALLS,),
            public_facts={"call": row.pk, "table": row.table_number, "seat": row.seat},
        )
    return call_payload(row, tournament, now_ms)
