"""Setting a tournament's blind structure, also under a running clock."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from clock.models import Chip, Structure
from clock.rules import clock as rules
from clock.rules.structure import (
    Entry,
    Problem,
    StructureDataError,
    from_json_data,
    to_json_data,
    validate_structure,
)
from clock.services import clock as clock_services
from clock.services import clock_state
from clock.services.messages import MESSAGES, UNKNOWN, rule_message, with_place
from clock.services.templates import template_entries
from tournament import changes
from tournament.errors import Invalid
from tournament.models import Tournament
from tournament.writes import tournament_write

STRUCTURE_HAS_ERRORS = _("The structure has errors; nothing was saved.")


class StructureInvalid(Invalid):
    """A structure the rules refuse; ``problems`` says where."""

    def __init__(self, message: object, problems: Sequence[dict[str, Any]]) -> None:
        super().__init__(message)
        self.problems = list(problems)


@dataclass(frozen=True)
class SavedStructure:
    entries: tuple[Entry, ...]
    warnings: list[dict[str, Any]]


def problem_payload(problem: Problem) -> dict[str, Any]:
    text = str(MESSAGES.get(problem.code, UNKNOWN))
    details = {"index": problem.index, "field": problem.field}
    return {
        "code": problem.code,
        "severity": problem.severity,
        "index": problem.index,
        "field": problem.field,
        "value": problem.value,
        "message": with_place(text, details),
    }


def chip_values(tournament_id: int) -> tuple[int, ...]:
    return tuple(Chip.objects.filter(tournament_id=tournament_id).values_list("value", flat=True))


def structure_check(
    entries: Sequence[Entry], *, tournament_id: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(errors, warnings) of a structure, checked against the chip set when there is one."""
    values = chip_values(tournament_id)
    problems = validate_structure(entries, denominations=values or None)
    payloads = [problem_payload(p) for p in problems]
    return (
        [p for p in payloads if p["severity"] == "error"],
        [p for p in payloads if p["severity"] == "warning"],
    )


def structure_parse(data: Any) -> tuple[Entry, ...]:
    """The API body as entries; a malformed body is a 400 with the place of the fault."""
    try:
        return from_json_data(data)
    except StructureDataError as exc:
        raise StructureInvalid(rule_message(exc), [{"code": exc.code, **exc.details}]) from exc


def _rebase(
    state: rules.ClockState,
    old: Sequence[Entry],
    new: Sequence[Entry],
    now_ms: int,
) -> rules.ClockState:
    """The clock under a new structure: same entry, time changed by the entry's change."""
    if not new:
        return state
    if not old:
        return rules.ClockState.initial(new)
    current = rules.normalise(state, old, now_ms)
    index = current.level_index
    if index >= len(new):
        return rules.ClockState("finished", len(new) - 1, 0)
    if current.status == "stopped":
        return rules.ClockState("stopped", index, new[index].duration_ms)
    if current.status == "finished":
        if len(new) > len(old):  # levels were added after the end: run on, paused
            return rules.ClockState("paused", len(old), new[len(old)].duration_ms)
        return rules.ClockState("finished", len(new) - 1, 0)
    delta = new[index].duration_ms - (old[index].duration_ms if index < len(old) else 0)
    view = rules.clock_at(current, old, now_ms)
    remaining = view.remaining_ms + delta
    if current.status == "running":
        placed = rules.ClockState("running", index, max(remaining, 0), now_ms)
    else:
        placed = rules.ClockState("paused", index, max(remaining, 0))
    if remaining <= 0:
        return rules.set_remaining(placed, new, now_ms, remaining_ms=0)
    return placed


def structure_set(
    *, tournament_id: int, data: Any, by: Any, now_ms: int | None = None
) -> SavedStructure:
    """Replace the structure (``{"levels": [...]}``); errors refuse, warnings pass.

    A running clock stays on its entry; a change to the current entry's
    length changes the time left by as much.
    """
    entries = structure_parse(data)
    now_ms = clock_state.now() if now_ms is None else now_ms
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        errors, warnings = structure_check(entries, tournament_id=tournament.pk)
        if errors:
            raise StructureInvalid(STRUCTURE_HAS_ERRORS, errors)
        row, _created = Structure.objects.get_or_create(tournament=tournament)
        old_entries = clock_state.structure_entries(tournament)
        row.levels = to_json_data(entries)["levels"]
        row.save()
        clock = clock_state.clock_row(tournament, entries)
        if not _created and old_entries:
            old_state = clock_state.rule_state(clock, old_entries)
            clock_services.hand_on(
                tournament.pk,
                clock_state.passed_boundaries(tournament, old_state, old_entries, now_ms),
            )
            new_state = _rebase(old_state, old_entries, entries, now_ms)
        else:
            new_state = rules.ClockState.initial(entries)
        clock_state.store_state(clock, new_state)
        w.log(
            "structure_set",
            {"entries": len(entries), "warnings": [warning["code"] for warning in warnings]},
        )
        # The screens show the structure through the clock: this level, the next one.
        w.record("clock", parts=(changes.CLOCK,))
    return SavedStructure(entries=entries, warnings=warnings)


def structure_get(*, tournament: Tournament) -> dict[str, Any]:
    entries = clock_state.structure_entries(tournament)
    _errors, warnings = (
        structure_check(entries, tournament_id=tournament.pk) if entries else ([], [])
    )
    return {**to_json_data(entries), "warnings": warnings}


def structure_from_template(
    *, tournament_id: int, key: str, by: Any, now_ms: int | None = None
) -> SavedStructure:
    """Start from a template: a built-in one (``club20``) or one the room saved
    (``saved-<id>``, see ``clock.services.templates``); 404 for an unknown key."""
    return structure_set(
        tournament_id=tournament_id,
        data=to_json_data(template_entries(key)),
        by=by,
        now_ms=now_ms,
    )
