"""The chip set, the colour-up plan and the chips in play."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from clock.models import Chip, Structure
from clock.rules import chips as chip_rules
from clock.rules.errors import RuleError
from clock.rules.structure import Break, level_numbers, to_json_data
from clock.services import clock as clock_services
from clock.services import clock_state
from clock.services.messages import rule_message
from clock.services.structure import structure_check, structure_set
from tournament import changes
from tournament.errors import Conflict, Invalid
from tournament.models import Tournament
from tournament.summary import tournament_summary
from tournament.writes import tournament_write

NO_CHIP_SET = _("Set the chip set first.")
BAD_CHIP = _("Each chip needs a value, a colour and a count.")


def chip_set_parse(chips: list[dict[str, Any]]) -> chip_rules.ChipSet:
    try:
        parsed = tuple(
            chip_rules.Chip(
                value=int(item["value"]),
                colour=str(item.get("colour", "")).strip()[:40],
                count=int(item.get("count", 0)),
            )
            for item in chips
        )
        return chip_rules.ChipSet(parsed)
    except RuleError as exc:
        raise Invalid(rule_message(exc)) from exc
    except (KeyError, TypeError, ValueError) as exc:
        raise Invalid(BAD_CHIP) from exc


def chip_set_set(*, tournament_id: int, chips: list[dict[str, Any]], by: Any) -> dict[str, Any]:
    """Replace the tournament's chip set."""
    chip_set = chip_set_parse(chips)
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        Chip.objects.filter(tournament=tournament).delete()
        Chip.objects.bulk_create(
            Chip(tournament=tournament, value=c.value, colour=c.colour, count=c.count)
            for c in chip_set.chips
        )
        w.log("chip_set", {"chips": [[c.value, c.colour, c.count] for c in chip_set.chips]})
        w.record("chips", parts=(changes.CHIPS,))
    return chips_overview(tournament=tournament)


def chip_set_current(*, tournament: Tournament) -> list[dict[str, Any]]:
    """The chip set as the screens show it (the ``chips`` part): lowest value first."""
    return [
        {"value": value, "colour": colour, "count": count}
        for value, colour, count in Chip.objects.filter(tournament=tournament)
        .order_by("value")
        .values_list("value", "colour", "count")
    ]


def chip_set_of(tournament: Tournament) -> chip_rules.ChipSet | None:
    rows = list(Chip.objects.filter(tournament=tournament))
    if not rows:
        return None
    return chip_rules.ChipSet(
        tuple(chip_rules.Chip(value=r.value, colour=r.colour, count=r.count) for r in rows)
    )


def chips_overview(*, tournament: Tournament) -> dict[str, Any]:
    """Chip set, totals in play, average stack, colour-up plan and payability warnings."""
    chip_set = chip_set_of(tournament)
    # One source for chips in play (starting stacks plus rebuy and add-on chips).
    summary = tournament_summary(tournament)
    entries, remaining = summary["entries"], summary["remaining"]
    in_play = summary["chips_in_play"]
    structure = clock_state.structure_entries(tournament)
    suggestions: list[dict[str, Any]] = []
    warnings: list[dict[str, Any]] = []
    if chip_set is not None and structure:
        numbers = level_numbers(structure)
        plan = chip_rules.suggest_color_ups(structure, chip_set.denominations)
        for value, index in plan.items():
            after = (
                next((n for n in numbers[index + 1 :] if n), None) if index is not None else None
            )
            suggestions.append(
                {
                    "value": value,
                    "colour": chip_set.colour_of(value),
                    "break_index": index,
                    "before_level": after,
                    "planned_at": _planned_break(structure, value),
                }
            )
        errors, warnings = structure_check(structure, tournament_id=tournament.pk)
        warnings = errors + warnings
    return {
        "chips": [
            {"value": c.value, "colour": c.colour, "count": c.count}
            for c in sorted(chip_set.chips, key=lambda c: c.value)
        ]
        if chip_set
        else [],
        "inventory_value": chip_set.inventory_value if chip_set else 0,
        "starting_stack": tournament.starting_stack,
        "entries": entries,
        "players_remaining": remaining,
        "chips_in_play": in_play,
        "average_stack": summary["average_stack"],
        "color_ups": suggestions,
        "warnings": warnings,
    }


def _planned_break(structure: tuple, value: int) -> int | None:
    for index, entry in enumerate(structure):
        if isinstance(entry, Break) and value in entry.color_up:
            return index
    return None


def color_ups_apply(*, tournament_id: int, by: Any, now_ms: int | None = None) -> dict[str, Any]:
    """Write the suggested colour-ups into the structure's breaks."""
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        chip_set = chip_set_of(tournament)
        if chip_set is None:
            raise Conflict(NO_CHIP_SET)
        structure = clock_state.structure_entries(tournament)
        if not structure or not Structure.objects.filter(tournament=tournament).exists():
            raise Conflict(clock_services.NO_STRUCTURE)
        plan = chip_rules.suggest_color_ups(structure, chip_set.denominations)
        try:
            updated = chip_rules.apply_color_ups(structure, plan)
        except RuleError as exc:
            raise Invalid(rule_message(exc)) from exc
        structure_set(tournament_id=tournament_id, data=to_json_data(updated), by=by, now_ms=now_ms)
        return chips_overview(tournament=tournament)
