"""The tournament clock: actions on the stored timestamps, and its payload.

Every action locks the tournament, rolls the stored state over to ``now``,
hands on the boundaries the old state passed (so a rollover just before the
action is never lost; keys make repeats harmless), applies the pure rule,
stores the new state, records who did it and publishes after commit.

``now()`` is the only place that reads the system clock: tests patch it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clock.models import BoundaryFired, ClockState, Structure
from clock.rules import clock as rules
from clock.rules.errors import RuleError
from clock.rules.structure import Break, Entry, Level, from_json_data, level_numbers
from clock.services.messages import rule_message
from tournament import changes
from tournament.errors import Conflict, Invalid
from tournament.locking import lock_tournament
from tournament.models import ActionLog, Tournament

NO_STRUCTURE = _("Set a blind structure before you run the clock.")
BAD_REQUEST_CODES = {"bad_level_index", "negative_remaining"}


def now() -> int:
    """Epoch milliseconds, from the server's clock."""
    return rules.ms_from_instant(timezone.now())


# -- loading and storing -----------------------------------------------------


def structure_entries(tournament: Tournament | int) -> tuple[Entry, ...]:
    """The stored structure as rule entries (empty when none is set)."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    levels = (
        Structure.objects.filter(tournament_id=tournament_id)
        .values_list("levels", flat=True)
        .first()
    )
    if not levels:
        return ()
    return from_json_data({"levels": levels})


def rule_state(row: ClockState | None, structure: Sequence[Entry]) -> rules.ClockState:
    """The stored row as a rules ClockState (a fresh one when there is no row)."""
    if row is None:
        return rules.ClockState.initial(structure)
    since = rules.ms_from_instant(row.running_since) if row.running_since else None
    return rules.ClockState(
        status=row.status,  # type: ignore[arg-type]
        level_index=row.level_index,
        remaining_ms=row.remaining_ms,
        running_since_ms=since,
    )


def store_state(row: ClockState, state: rules.ClockState) -> None:
    row.status = state.status
    row.level_index = state.level_index
    row.remaining_ms = state.remaining_ms
    row.running_since = (
        rules.datetime_from_ms(state.running_since_ms)
        if state.running_since_ms is not None
        else None
    )
    row.save()


def clock_row(tournament: Tournament, structure: Sequence[Entry]) -> ClockState:
    row = ClockState.objects.filter(tournament=tournament).first()
    if row is None:
        initial = rules.ClockState.initial(structure)
        row = ClockState.objects.create(
            tournament=tournament,
            status=initial.status,
            level_index=initial.level_index,
            remaining_ms=initial.remaining_ms,
        )
    return row


# -- payload -----------------------------------------------------------------


def entry_payload(entry: Entry | None, number: int | None = None) -> dict[str, Any] | None:
    """One level or break as the API shows it (seconds, as in the structure body)."""
    if entry is None:
        return None
    if isinstance(entry, Level):
        return {
            "kind": "level",
            "number": number,
            "small_blind": entry.small_blind,
            "big_blind": entry.big_blind,
            "ante": entry.ante,
            "big_blind_ante": entry.big_blind_ante,
            "seconds": entry.seconds,
        }
    assert isinstance(entry, Break)
    return {"kind": "break", "seconds": entry.seconds, "color_up": list(entry.color_up)}


def payload_for(
    tournament: Tournament,
    structure: Sequence[Entry],
    state: rules.ClockState | None,
    now_ms: int,
) -> dict[str, Any]:
    """``GET .../clock``: public-safe, enough for a screen to count down locally."""
    if not structure:
        return {
            "state": "stopped",
            "level_index": 0,
            "level": None,
            "next": None,
            "next_level": None,
            "remaining_ms": 0,
            "server_time": now_ms,
            "ends_at": None,
            "structure_length": 0,
            "registration_open": not tournament.registration_closed,
            "registration_remaining_ms": None,
        }
    state = state or rules.ClockState.initial(structure)
    view = rules.clock_at(state, structure, now_ms)
    numbers = level_numbers(structure)
    following = view.level_index + 1
    next_number = numbers[following] if following < len(structure) else None
    late = tournament.late_registration_levels
    through_break = tournament.late_registration_through_break
    # Reopened by hand after the window: open until closed by hand (README
    # "Registration window").
    open_now = (not tournament.registration_closed) and (
        tournament.registration_reopened
        or rules.late_registration_open(state, structure, late, now_ms, through_break=through_break)
    )
    if tournament.status == Tournament.Status.FINISHED:
        # The winner is known: nothing counts down and nobody can join any more.
        return {
            **_stopped_for_good(view, entry_payload(view.entry, view.level_number), now_ms),
            "structure_length": len(structure),
        }
    return {
        "state": view.status,
        "level_index": view.level_index,
        "level_number": view.level_number,
        "level": entry_payload(view.entry, view.level_number),
        "next": entry_payload(view.next_entry, next_number),
        "next_level": entry_payload(view.next_level),
        "remaining_ms": view.remaining_ms,
        "elapsed_ms": view.elapsed_ms,
        "server_time": now_ms,
        "ends_at": view.ends_at_ms,
        "is_break": view.is_break,
        "time_to_next_break_ms": view.time_to_next_break_ms,
        "structure_length": len(structure),
        "registration_open": open_now,
        "registration_remaining_ms": (
            rules.registration_remaining_ms(
                state, structure, late, now_ms, through_break=through_break
            )
            if open_now
            else None
        ),
    }


def _stopped_for_good(view: Any, level: dict[str, Any] | None, now_ms: int) -> dict[str, Any]:
    return {
        "state": "finished",
        "level_index": view.level_index,
        "level_number": view.level_number,
        "level": level,
        "next": None,
        "next_level": None,
        "remaining_ms": 0,
        "elapsed_ms": view.elapsed_ms,
        "server_time": now_ms,
        "ends_at": None,
        "is_break": view.is_break,
        "time_to_next_break_ms": None,
        "registration_open": False,
        "registration_remaining_ms": None,
    }


def clock_get(*, tournament: Tournament, now_ms: int | None = None) -> dict[str, Any]:
    """The clock at ``now`` computed from the stored timestamps (no write)."""
    now_ms = now() if now_ms is None else now_ms
    structure = structure_entries(tournament)
    row = ClockState.objects.filter(tournament=tournament).first()
    state = rule_state(row, structure) if structure else None
    if state is not None and state.level_index >= len(structure):
        state = rules.normalise(state, structure, now_ms)
    return payload_for(tournament, structure, state, now_ms)


def registration_open_now(*, tournament: Tournament, now_ms: int | None = None) -> bool:
    """Whether an entry may join now, decided from the clock's stored timestamps.

    The same answer as ``GET .../clock`` gives: the late-registration levels
    of the clock at this instant, unless the director or a boundary closed it.
    The boundary task only announces the closing; nothing waits for it.
    """
    return bool(clock_get(tournament=tournament, now_ms=now_ms)["registration_open"])


def level_played_now(*, tournament: Tournament, now_ms: int | None = None) -> tuple[int, bool]:
    """The level being played or, during a break, the one just played (1-based as the
    clock shows it), and whether a break is running. Before the clock starts: level 1."""
    clock = clock_get(tournament=tournament, now_ms=now_ms)
    if clock["structure_length"] == 0:
        return 1, False
    numbers = level_numbers(structure_entries(tournament))[: clock["level_index"] + 1]
    played = [number for number in numbers if number is not None]
    return (played[-1] if played else 1), bool(clock.get("is_break"))


# -- boundaries --------------------------------------------------------------


def passed_boundaries(
    tournament: Tournament, state: rules.ClockState, structure: Sequence[Entry], now_ms: int
) -> list[rules.Boundary]:
    """Boundaries the stored running state passed up to ``now_ms`` and not yet fired."""
    if state.status != "running" or not structure or state.running_since_ms is None:
        return []
    passed = rules.boundaries_between(
        state,
        structure,
        after_ms=state.running_since_ms,
        until_ms=now_ms,
        late_registration_levels=tournament.late_registration_levels,
        through_break=tournament.late_registration_through_break,
    )
    if not passed:
        return []
    fired = set(
        BoundaryFired.objects.filter(
            tournament=tournament, key__in=[b.key for b in passed]
        ).values_list("key", flat=True)
    )
    return [b for b in passed if b.key not in fired]


def hand_on(tournament_id: int, boundaries: Sequence[rules.Boundary]) -> None:
    """Queue each boundary's idempotent task after commit."""
    if not boundaries:
        return
    keys = [b.key for b in boundaries]

    def send() -> None:
        # The task module imports these services (a Celery worker loads it on its
        # own), so this side imports it at call time.
        from clock.tasks import fire_boundary

        for key in keys:
            fire_boundary.delay(tournament_id, key)

    transaction.on_commit(send, robust=True)


# -- actions -----------------------------------------------------------------

Action = Callable[[rules.ClockState, Sequence[Entry], int], rules.ClockState]


def _act(
    *, tournament_id: int, kind: str, action: Action, by: Any, now_ms: int | None, data: dict
) -> dict[str, Any]:
    now_ms = now() if now_ms is None else now_ms
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
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
        ActionLog.record(
            tournament,
            kind,
            {
                **data,
                "at_ms": now_ms,
                "before": _log_state(old),
                "after": _log_state(new),
            },
            by,
        )
        changes.record(tournament, "clock", parts=(changes.CLOCK,))
    return payload


def _log_state(state: rules.ClockState) -> dict[str, Any]:
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
    """Pause a running clock inside the caller's locked write (a day's play
    stops at its player count); the caller's record carries the clock part.
    False when the clock was not running."""
    structure = structure_entries(tournament)
    row = ClockState.objects.filter(tournament=tournament).first()
    if not structure or row is None:
        return False
    now_ms = now()
    old = rule_state(row, structure)
    try:
        new = rules.pause(old, structure, now_ms)
    except RuleError:
        return False
    hand_on(tournament.pk, passed_boundaries(tournament, old, structure, now_ms))
    store_state(row, new)
    ActionLog.record(
        tournament,
        "clock_pause",
        {"reason": reason, "at_ms": now_ms, "before": _log_state(old), "after": _log_state(new)},
        by,
    )
    changes.touch(tournament, parts=(changes.CLOCK,))
    return True
