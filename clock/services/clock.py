"""The tournament clock's actions on the stored timestamps.

Every action is one write (README "How a floor action flows"): it locks the tournament, rolls the stored state over to ``now``,
hands on the boundaries the old state passed (so a rollover just before the
action is never lost; keys make repeats harmless), applies the pure rule,
stores the new state, records who did it and publishes after commit.

The readers (the state at a moment, the payload) are in
:mod:`clock.services.clock_state`; the boundary task imports only those, so
the actions may queue it without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext_lazy as _

from clock.models import ClockState, Structure
from clock.rules import clock as rules
from clock.rules.boundaries import Boundary
from clock.rules.errors import RuleError
from clock.rules.structure import Entry
from clock.services import clock_state
from clock.services.clock_state import (
    clock_row,
    passed_boundaries,
    payload_for,
    rule_state,
    store_state,
    structure_entries,
)
from clock.services.messages import rule_message
from clock.tasks import fire_boundary
from tournament import changes
from tournament.errors import Conflict, Invalid
from tournament.models import Tournament
from tournament.writes import Write, tournament_write

NO_STRUCTURE = _("Set a blind structure before you run the clock.")
BAD_REQUEST_CODES = {"bad_level_index", "negative_remaining"}


def hand_on(tournament_id: int, boundaries: Sequence[Boundary]) -> None:
    """Queue each boundary's idempotent task after commit."""
    if not boundaries:
        return
    keys = [b.key for b in boundaries]

    def send() -> None:
        for key in keys:
            fire_boundary.delay(tournament_id, key)

    transaction.on_commit(send, robust=True)


# -- actions -----------------------------------------------------------------

Action = Callable[[rules.ClockState, Sequence[Entry], int], rules.ClockState]


def _act(
    *, tournament_id: int, kind: str, action: Action, by: Any, now_ms: int | None, data: dict
) -> dict[str, Any]:
    now_ms = clock_state.now() if now_ms is None else now_ms
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        structure = structure_entries(tournament)
        if not structure:
            raise Conflict(NO_STRUCTURE)
        row = clock_row(tournament, structure)
        old = rule_state(row, structure)
        try:
            new = action(old, structure, now_ms)
        except RuleError as exc:
            error = Invalid if exc.code in BAD_REQUEST_CODES else Conflict
            raise error(rule_message(exc)) from exc
        hand_on(tournament.pk, passed_boundaries(tournament, old, structure, now_ms))
        store_state(row, new)
        payload = payload_for(tournament, structure, new, now_ms)
        w.log(kind, {**data, "at_ms": now_ms, "before": log_state(old), "after": log_state(new)})
        w.record("clock", parts=(changes.CLOCK,))
    return payload


def log_state(state: rules.ClockState) -> dict[str, Any]:
    return {
        "status": state.status,
        "level_index": state.level_index,
        "remaining_ms": state.remaining_ms,
        "running_since_ms": state.running_since_ms,
    }


def clock_start(*, tournament_id: int, by: Any, now_ms: int | None = None) -> dict[str, Any]:
    return _act(
        tournament_id=tournament_id,
        kind="clock_start",
        action=rules.start,
        by=by,
        now_ms=now_ms,
        data={},
    )


def clock_pause(*, tournament_id: int, by: Any, now_ms: int | None = None) -> dict[str, Any]:
    return _act(
        tournament_id=tournament_id,
        kind="clock_pause",
        action=rules.pause,
        by=by,
        now_ms=now_ms,
        data={},
    )


def clock_resume(*, tournament_id: int, by: Any, now_ms: int | None = None) -> dict[str, Any]:
    return _act(
        tournament_id=tournament_id,
        kind="clock_resume",
        action=rules.resume,
        by=by,
        now_ms=now_ms,
        data={},
    )


def clock_next(*, tournament_id: int, by: Any, now_ms: int | None = None) -> dict[str, Any]:
    return _act(
        tournament_id=tournament_id,
        kind="clock_next",
        action=rules.next_level,
        by=by,
        now_ms=now_ms,
        data={},
    )


def clock_previous(*, tournament_id: int, by: Any, now_ms: int | None = None) -> dict[str, Any]:
    return _act(
        tournament_id=tournament_id,
        kind="clock_previous",
        action=rules.previous_level,
        by=by,
        now_ms=now_ms,
        data={},
    )


def clock_adjust(
    *, tournament_id: int, delta_seconds: int, by: Any, now_ms: int | None = None
) -> dict[str, Any]:
    """Add (positive) or take (negative) time from the current level."""

    def action(state: rules.ClockState, structure: Sequence[Entry], at: int) -> rules.ClockState:
        return rules.adjust(state, structure, at, delta_seconds=delta_seconds)

    return _act(
        tournament_id=tournament_id,
        kind="clock_adjust",
        action=action,
        by=by,
        now_ms=now_ms,
        data={"delta_seconds": delta_seconds},
    )


def clock_set_remaining(
    *, tournament_id: int, remaining_seconds: int, by: Any, now_ms: int | None = None
) -> dict[str, Any]:
    """Set the time left in the current level; 0 ends it now."""

    def action(state: rules.ClockState, structure: Sequence[Entry], at: int) -> rules.ClockState:
        return rules.set_remaining(state, structure, at, remaining_ms=remaining_seconds * 1000)

    return _act(
        tournament_id=tournament_id,
        kind="clock_set_remaining",
        action=action,
        by=by,
        now_ms=now_ms,
        data={"remaining_seconds": remaining_seconds},
    )


def clock_go_to(
    *, tournament_id: int, level_index: int, by: Any, now_ms: int | None = None
) -> dict[str, Any]:
    """Jump to entry ``level_index`` at its full length."""

    def action(state: rules.ClockState, structure: Sequence[Entry], at: int) -> rules.ClockState:
        return rules.go_to(state, structure, at, level_index=level_index)

    return _act(
        tournament_id=tournament_id,
        kind="clock_go_to",
        action=action,
        by=by,
        now_ms=now_ms,
        data={"level_index": level_index},
    )


def clock_continue(*, tournament: Tournament, previous: Sequence[Tournament]) -> None:
    """A later day of an event (README "Events: flights, bags and the next day"): the structure of the day
    before, and the clock stopped at the level the furthest flight reached,
    at its full length; the director starts it when play begins."""
    structure = structure_entries(previous[0]) if previous else ()
    if not structure:
        return
    Structure.objects.update_or_create(
        tournament=tournament,
        defaults={"levels": Structure.objects.get(tournament=previous[0]).levels},
    )
    reached = (
        ClockState.objects.filter(tournament__in=previous).aggregate(n=Max("level_index"))["n"] or 0
    )
    # A flight that stopped in a break goes on with the level after it.
    index = min(reached, len(structure) - 1)
    while index < len(structure) - 1 and structure[index].kind == "break":
        index += 1
    ClockState.objects.update_or_create(
        tournament=tournament,
        defaults={
            "status": ClockState.Status.STOPPED,
            "level_index": index,
            "remaining_ms": structure[index].duration_ms,
            "running_since": None,
        },
    )


def clock_pause_within(tournament: Tournament, by: Any, reason: str) -> bool:
    """Pause a running clock inside the caller's write (a day's play stops at
    its player count): the write joins the caller's, whose record carries the
    clock part. False when the clock was not running."""
    with tournament_write(tournament.pk, by=by) as w:
        return _pause_within(w, reason)


def _pause_within(w: Write, reason: str) -> bool:
    tournament = w.tournament
    structure = structure_entries(tournament)
    row = ClockState.objects.filter(tournament=tournament).first()
    if not structure or row is None:
        return False
    now_ms = clock_state.now()
    old = rule_state(row, structure)
    try:
        new = rules.pause(old, structure, now_ms)
    except RuleError:
        return False
    hand_on(tournament.pk, passed_boundaries(tournament, old, structure, now_ms))
    store_state(row, new)
    w.log(
        "clock_pause",
        {"reason": reason, "at_ms": now_ms, "before": log_state(old), "after": log_state(new)},
    )
    w.touch(parts=(changes.CLOCK,))
    return True
