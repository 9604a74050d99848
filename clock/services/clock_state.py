"""The clock as stored: loading and storing its state, reading it at a
moment (the level played, whether registration is open, the boundaries passed)
and its payload. Readers only: the actions are in :mod:`clock.services.clock`.

``now()`` is the only place that reads the system clock: tests patch it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.db import connections
from django.utils import timezone

from clock.models import BoundaryFired, ClockState, Structure
from clock.rules import boundaries, late_registration
from clock.rules import clock as rules
from clock.rules.structure import Break, Entry, Level, from_json_data, level_numbers
from clock.rules.taken_at import entry_index_at
from tournament.models import Tournament


def now() -> int:
    """Epoch milliseconds, from the server's clock."""
    return rules.ms_from_instant(timezone.now())


# -- loading and storing -----------------------------------------------------


# Parsed structures by their stored JSON: a bust logs the level played, and
# parsing the levels again for each one cost it more than reading them
# (README "Benchmarks"). Equal text, equal structure; the entries are frozen.
_PARSED: dict[str, tuple[Entry, ...]] = {}
_PARSED_MAX = 64


def structure_entries(tournament: Tournament | int) -> tuple[Entry, ...]:
    """The stored structure as rule entries (empty when none is set)."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    connection = connections[Structure.objects.db]
    table = connection.ops.quote_name(Structure._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT CAST(levels AS text) FROM {table} WHERE tournament_id = %s", [tournament_id]
        )
        row = cursor.fetchone()
    return _entries_of(row[0] if row else None)


def _entries_of(text: str | None) -> tuple[Entry, ...]:
    """A stored structure's text as rule entries, parsed once per text."""
    if not text:
        return ()
    parsed = _PARSED.get(text)
    if parsed is None:
        levels = json.loads(text)
        if not levels:
            return ()
        parsed = from_json_data({"levels": levels})
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[text] = parsed
    return parsed


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
        or late_registration.late_registration_open(
            state, structure, late, now_ms, through_break=through_break
        )
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
            late_registration.registration_remaining_ms(
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
    clock shows it), and whether a break is running. Before the clock starts: level 1.

    Every bust logs it: the structure is read once and no clock answer is built.
    ``now_ms`` earlier than the clock's last setting: the level then (a bust taken
    on a tablet before the level ended, README "Device time")."""
    structure = structure_entries(tournament)
    if not structure:
        return 1, False
    now_ms = now() if now_ms is None else now_ms
    state = rule_state(ClockState.objects.filter(tournament=tournament).first(), structure)
    if state.level_index >= len(structure):
        state = rules.normalise(state, structure, now_ms)
    index = entry_index_at(state, structure, now_ms)
    numbers = level_numbers(structure)[: index + 1]
    played = [number for number in numbers if number is not None]
    return (played[-1] if played else 1), isinstance(structure[index], Break)


def play_started_now(*, tournament: Tournament) -> bool:
    """Whether a level has been played: the clock was started (running, paused or
    finished since), or it stands past the first entry (a later day goes on where
    the day before stopped). Without a structure the room runs no clock here:
    play begins with the seat draw (README "Cash desk")."""
    row = ClockState.objects.filter(tournament=tournament).values_list("status", "level_index")
    found = row.first()
    if found is None:
        if structure_entries(tournament):
            return False
        return tournament.status != Tournament.Status.PLANNED
    status, level_index = found
    return status != ClockState.Status.STOPPED or level_index > 0


def late_entries_expected_now(*, tournament: Tournament, now_ms: int | None = None) -> bool:
    """Play has begun and registration is still open (README "Breaking during
    registration"): what the two answers above say together, from one read of
    the structure and the clock's id together, for the planner of every bust;
    the clock's row only when there is one."""
    connection = connections[Structure.objects.db]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT CAST(levels AS text) FROM {quote(Structure._meta.db_table)} "
            "WHERE tournament_id = %s), "
            f"(SELECT id FROM {quote(ClockState._meta.db_table)} WHERE tournament_id = %s)",
            [tournament.pk, tournament.pk],
        )
        text, state_id = cursor.fetchone()
    structure = _entries_of(text)
    row = ClockState.objects.filter(pk=state_id).first() if state_id is not None else None
    if row is None:
        started = not structure and tournament.status != Tournament.Status.PLANNED
    else:
        started = row.status != ClockState.Status.STOPPED or row.level_index > 0
    if not started:
        return False
    now_ms = now() if now_ms is None else now_ms
    state = rule_state(row, structure) if structure else None
    if state is not None and state.level_index >= len(structure):
        state = rules.normalise(state, structure, now_ms)
    return bool(payload_for(tournament, structure, state, now_ms)["registration_open"])


# -- boundaries --------------------------------------------------------------


def passed_boundaries(
    tournament: Tournament, state: rules.ClockState, structure: Sequence[Entry], now_ms: int
) -> list[boundaries.Boundary]:
    """Boundaries the stored running state passed up to ``now_ms`` and not yet fired."""
    if state.status != "running" or not structure or state.running_since_ms is None:
        return []
    passed = boundaries.boundaries_between(
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
