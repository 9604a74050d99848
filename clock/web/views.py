"""Clock pages: structure editor, clock control, shot clock, chip set, chip race per table.

Views parse the form, call one service and render; refused actions show the
service's translated message with its 4xx status.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clock.api.call_schemas import ShotClockSettingsIn
from clock.api.schemas import AdjustIn, ChipIn, RemainingIn
from clock.rules.structure import Break, Level, to_json_data
from clock.rules.structure_edits import shift_blinds
from clock.services import chip_race, chips, clock_state, player_clock, shot_clock, templates
from clock.services import clock as clock_services
from clock.services.structure import (
    StructureInvalid,
    structure_check,
    structure_parse,
    structure_set,
)
from clock.web.finish_views import finish_context, planning_context
from clock.web.template_views import template_context
from tables.models import Table
from tables.presenters import tables_payload
from tables.services import chip_counts
from tournament.errors import DomainError
from tournament.json_input import JsonRefused, json_parse
from tournament.models import Tournament
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF, has_role
from tournament.web.decorators import back_to, role_required, run_action, wants_json
from tournament.web.whole_numbers import (
    NOT_WHOLE,
    NumberRefused,
    api_limits,
    api_range,
    whole_number,
)

CLOCK_ACTIONS = {
    "start": clock_services.clock_start,
    "pause": clock_services.clock_pause,
    "resume": clock_services.clock_resume,
    "next": clock_services.clock_next,
    "previous": clock_services.clock_previous,
}
CLOCK_DONE = {
    "start": gettext_lazy("Clock started."),
    "pause": gettext_lazy("Clock paused."),
    "resume": gettext_lazy("Clock running again."),
    "next": gettext_lazy("Next level."),
    "previous": gettext_lazy("Previous level."),
    "adjust": gettext_lazy("Time changed."),
    "remaining": gettext_lazy("Time left set."),
}


def _int(value: Any, default: int = 0) -> int:
    """A whole number from the form, in the range the database stores."""
    return whole_number(value, default=default)


# -- clock control -----------------------------------------------------------


@role_required(*STAFF)
def clock_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    clock = clock_state.clock_get(tournament=tournament)
    tables = Table.objects.filter(tournament=tournament, status=Table.Status.OPEN)
    return render(
        request,
        "clock/clock.html",
        {
            "tournament": tournament,
            "clock": clock,
            "clock_json": clock,
            "calls": player_clock.clock_calls_current(tournament=tournament),
            "tables": tables,
            "structure": _rows(clock_state.structure_entries(tournament)),
            **finish_context(request, tournament),
        },
    )


@role_required(*FLOOR_STAFF)
def clock_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    back = reverse("clock-page", args=[tournament_id])
    if request.method != "POST":
        return redirect(back)
    if action in CLOCK_ACTIONS:
        service = CLOCK_ACTIONS[action]
        call = lambda: service(tournament_id=tournament_id, by=request.user)  # noqa: E731
    elif action in ("adjust", "remaining"):
        try:
            seconds, minutes = _time_change(request, action)
        except NumberRefused as refused:
            messages.error(request, str(refused))
            return redirect(back)
        if action == "adjust":
            call = lambda: clock_services.clock_adjust(  # noqa: E731
                tournament_id=tournament_id, delta_seconds=seconds, by=request.user
            )
        else:
            call = lambda: clock_services.clock_set_remaining(  # noqa: E731
                tournament_id=tournament_id,
                remaining_seconds=minutes * 60 + seconds,
                by=request.user,
            )
    else:
        return redirect(back)
    return run_action(request, call, success=str(CLOCK_DONE[action]), back=back)


def _time_change(request: HttpRequest, action: str) -> tuple[int, int]:
    """(seconds, minutes) of an adjust or a time left, within the API's range."""
    if action == "adjust":
        low, high = api_range(AdjustIn, "delta_seconds")
        return whole_number(request.POST.get("seconds"), low=low, high=high, default=0), 0
    low, high = api_range(RemainingIn, "remaining_seconds")
    minutes = whole_number(request.POST.get("minutes"), low=0, high=high // 60, default=0)
    seconds = whole_number(request.POST.get("seconds"), low=low, high=high, default=0)
    whole_number(minutes * 60 + seconds, low=low, high=high)
    return seconds, minutes


@role_required(*FLOOR_STAFF)
def clock_call(request: HttpRequest, tournament_id: int) -> HttpResponse:
    back = back_to(request, reverse("clock-page", args=[tournament_id]))
    if request.method != "POST":
        return redirect(back)
    if "cancel" in request.POST:
        try:
            call_id = _int(request.POST.get("cancel"))
        except ValueError:
            return redirect(back)
        return run_action(
            request,
            lambda: player_clock.clock_call_cancel(call_id=call_id, by=request.user),
            success=_("Clock call cancelled."),
            back=back,
        )
    try:
        table, seat = _int(request.POST.get("table")), _int(request.POST.get("seat"))
    except NumberRefused as refused:
        if wants_json(request):  # the floor tablet's seat panel
            return JsonResponse({"detail": str(refused)}, status=422)
        messages.error(request, str(refused))
        return redirect(back)
    return run_action(
        request,
        lambda: player_clock.clock_call_start(
            tournament_id=tournament_id,
            table=table,
            seat=seat,
            facing_action=request.POST.get("facing_action") == "on",
            by=request.user,
        ),
        success=_("The clock is called."),
        back=back,
    )


# -- shot clock ----------------------------------------------------------------


@role_required(*STAFF)
def shot_clock_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    overview = shot_clock.shot_clock_overview(tournament=tournament)
    running = {(t["table"], t["seat"]): t for t in overview["turns"]}
    players = [{**p, "turn": running.get((p["table"], p["seat"]))} for p in overview["players"]]
    return render(
        request,
        "clock/shot_clock.html",
        {"tournament": tournament, "overview": overview, "players": players},
    )


@role_required(*FLOOR_STAFF)
def shot_clock_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    back = reverse("shot-clock-page", args=[tournament_id])
    if request.method != "POST":
        return redirect(back)
    try:
        if action == "start":
            table_id, seat = _int(request.POST.get("table")), _int(request.POST.get("seat"))
            call = lambda: shot_clock.shot_clock_turn_start(  # noqa: E731
                table_id=table_id, seat=seat, by=request.user
            )
            done = _("Shot clock started.")
        elif action in ("extend", "stop"):
            turn_id = _int(request.POST.get("turn"))
            service = (
                shot_clock.shot_clock_extend if action == "extend" else shot_clock.shot_clock_stop
            )
            call = lambda: service(turn_id=turn_id, by=request.user)  # noqa: E731
            done = _("Extension used.") if action == "extend" else _("Shot clock stopped.")
        elif action == "settings":
            if not has_role(request.user, (DIRECTOR,)):
                messages.error(
                    request, _("Only a tournament director may change the shot clock settings.")
                )
                return redirect(back)
            values = {
                key: whole_number(
                    request.POST.get(key), default=0, **api_limits(ShotClockSettingsIn, key)
                )
                for key in ("action_seconds", "extension_seconds", "extensions_per_day")
            }
            call = lambda: shot_clock.shot_clock_settings_set(  # noqa: E731
                tournament_id=tournament_id,
                enabled=request.POST.get("enabled") == "on",
                by=request.user,
                **values,
            )
            done = _("Shot clock settings saved.")
        else:
            return redirect(back)
    except NumberRefused as refused:
        messages.error(request, str(refused))
        return redirect(back)
    return run_action(request, call, success=done, back=back)


# -- structure editor ----------------------------------------------------------


def _rows(entries) -> list[dict[str, Any]]:
    """Entries as editor rows: minutes on the page, seconds in the data."""
    rows = []
    level = 0
    for entry in entries:
        minutes = entry.seconds / 60
        minutes_text = str(int(minutes)) if minutes == int(minutes) else f"{minutes:g}"
        if isinstance(entry, Level):
            level += 1
            rows.append(
                {
                    "kind": "level",
                    "number": level,
                    "small_blind": entry.small_blind,
                    "big_blind": entry.big_blind,
                    "ante": entry.ante,
                    "big_blind_ante": entry.big_blind_ante,
                    "minutes": minutes_text,
                }
            )
        else:
            assert isinstance(entry, Break)
            rows.append(
                {
                    "kind": "break",
                    "minutes": minutes_text,
                    "color_up": " ".join(str(v) for v in entry.color_up),
                }
            )
    return rows


def _rows_from_post(post) -> list[dict[str, Any]]:
    """The editor's rows as the API's level dicts (seconds); raises ValueError."""
    count = _int(post.get("rows"), 0)
    levels: list[dict[str, Any]] = []
    for i in range(min(count, 500)):
        kind = post.get(f"kind-{i}")
        seconds = _seconds(post.get(f"minutes-{i}", "0"))
        if kind == "level":
            levels.append(
                {
                    "kind": "level",
                    "small_blind": _int(post.get(f"small_blind-{i}")),
                    "big_blind": _int(post.get(f"big_blind-{i}")),
                    "ante": _int(post.get(f"ante-{i}"), 0),
                    "big_blind_ante": post.get(f"big_blind_ante-{i}") == "on",
                    "seconds": seconds,
                }
            )
        elif kind == "break":
            values = post.get(f"color_up-{i}", "").replace(",", " ").split()
            levels.append(
                {"kind": "break", "seconds": seconds, "color_up": [_int(v) for v in values]}
            )
    return levels


def _seconds(minutes: str) -> int:
    """Typed minutes ("12", "7,5") as whole seconds; NumberRefused if no such time."""
    try:
        value = float(minutes.replace(",", ".") or 0) * 60
    except ValueError:
        raise NumberRefused(NOT_WHOLE) from None
    if not math.isfinite(value):
        raise NumberRefused(NOT_WHOLE)
    return whole_number(round(value), low=0)


def _edit(levels: list[dict[str, Any]], op: str, index: int) -> list[dict[str, Any]]:
    """Add, remove, move or duplicate a row (unsaved edits, re-rendered)."""
    if op == "add_level":
        last = next((e for e in reversed(levels) if e["kind"] == "level"), None)
        new = dict(last) if last else {"kind": "level", "small_blind": 25, "big_blind": 50}
        new.setdefault("seconds", 1200)
        if last:
            new.update(small_blind=last["small_blind"] * 2, big_blind=last["big_blind"] * 2)
            new["ante"] = last["ante"] * 2
        levels.append({"ante": 0, "big_blind_ante": False, **new})
    elif op == "add_break":
        levels.append({"kind": "break", "seconds": 600, "color_up": []})
    elif 0 <= index < len(levels):
        if op == "remove":
            levels.pop(index)
        elif op == "duplicate":
            levels.insert(index + 1, dict(levels[index]))
        elif op == "up" and index > 0:
            levels[index - 1], levels[index] = levels[index], levels[index - 1]
        elif op == "down" and index + 1 < len(levels):
            levels[index + 1], levels[index] = levels[index], levels[index + 1]
    return levels


def _posted_levels(post, op: str, position: str) -> list[dict[str, Any]]:
    """The levels the editor's action leaves, unsaved: a template's, typed-in
    JSON or the rows as posted, shifted or edited; raises as the parsers do."""
    if op == "template":
        levels = to_json_data(templates.template_entries(post.get("template", "")))["levels"]
    elif op == "import":
        levels = json_parse(post.get("json", "")).get("levels")
    else:
        levels = _rows_from_post(post)
    if op == "shift":
        shifted = shift_blinds(structure_parse({"levels": levels}), _int(post.get("steps"), 0))
        levels = to_json_data(shifted)["levels"]
    return _edit(levels, op, _int(position, -1) if position else -1)


def _structure_save(
    request: HttpRequest, tournament: Tournament, levels: list[dict[str, Any]]
) -> tuple[int, list[dict[str, Any]]] | None:
    """Save the levels: None once saved, else the refusal's status and the
    problems to show beside the rows."""
    try:
        saved = structure_set(tournament_id=tournament.pk, data={"levels": levels}, by=request.user)
    except StructureInvalid as exc:
        messages.error(request, str(exc))
        return exc.status, exc.problems
    except DomainError as exc:
        messages.error(request, str(exc))
        return exc.status, []
    messages.success(request, _("Structure saved."))
    for warning in saved.warnings:
        messages.warning(request, warning["message"])
    return None


def _structure_render(
    request: HttpRequest,
    tournament: Tournament,
    entries: Sequence[Any],
    export: str,
    *,
    problems: list[dict[str, Any]] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The editor with the rows of ``entries`` and each problem beside its row;
    without a refusal's problems, the structure's own check speaks."""
    if not problems and entries:
        errors, warnings = structure_check(entries, tournament_id=tournament.pk)
        problems = errors + warnings
    problems = problems or []
    rows = _rows(entries)
    for problem in problems:
        index = problem.get("index")
        if isinstance(index, int) and 0 <= index < len(rows):
            rows[index].setdefault("problems", []).append(problem["message"])
    response = render(
        request,
        "clock/structure.html",
        {
            "tournament": tournament,
            "rows": rows,
            "problems": [p for p in problems if p.get("index") is None],
            "export": export,
            **template_context(request, tournament),
            **planning_context(request, tournament, tuple(entries)),
        },
    )
    response.status_code = status
    return response


@role_required(DIRECTOR)
def structure_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    entries = clock_state.structure_entries(tournament)
    export = json.dumps(to_json_data(entries), indent=1)
    if request.method != "POST":
        return _structure_render(request, tournament, entries, export)
    op, _sep, position = request.POST.get("action", "save").partition(":")
    try:
        levels = _posted_levels(request.POST, op, position)
        entries = structure_parse({"levels": levels})
    # DomainError: the structure or the template refused.
    except (JsonRefused, NumberRefused, DomainError) as refused:
        messages.error(request, str(refused))
        return redirect("structure-page", tournament.pk)
    except (ValueError, AttributeError, KeyError, TypeError):
        messages.error(request, _("The structure could not be read; check the numbers."))
        return redirect("structure-page", tournament.pk)
    if op != "save":
        messages.info(request, _("Not saved yet: save to apply the changes."))
        return _structure_render(request, tournament, entries, export)
    refused = _structure_save(request, tournament, levels)
    if refused is None:
        return redirect("structure-page", tournament.pk)
    status, problems = refused
    return _structure_render(request, tournament, entries, export, problems=problems, status=status)


# -- chips -------------------------------------------------------------------


@role_required(*STAFF)
def chips_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    back = reverse("chips-page", args=[tournament.pk])
    if request.method == "POST":
        if not has_role(request.user, (DIRECTOR,)):
            messages.error(request, _("Only a tournament director may change the chip set."))
            return redirect(back)
        if request.POST.get("action") == "apply":
            return run_action(
                request,
                lambda: chips.color_ups_apply(tournament_id=tournament.pk, by=request.user),
                success=_("Colour-ups written into the structure's breaks."),
                back=back,
            )
        try:
            rows = _chip_rows(request.POST)
        except NumberRefused as refused:
            messages.error(request, str(refused))
            return redirect(back)
        return run_action(
            request,
            lambda: chips.chip_set_set(tournament_id=tournament.pk, chips=rows, by=request.user),
            success=_("Chip set saved."),
            back=back,
        )
    overview = chips.chips_overview(tournament=tournament)
    # One empty row to fill in; "Add a row" adds more.
    chip_rows = overview["chips"] + [{"value": "", "colour": "", "count": ""}]
    return render(
        request,
        "clock/chips.html",
        {
            "tournament": tournament,
            "overview": overview,
            "chip_rows": chip_rows,
            "max_rows": CHIP_ROWS_MAX,
            "tables": Table.objects.filter(tournament=tournament, status=Table.Status.OPEN),
        },
    )


# The API's limit of a chip set (clock/api/clock.py ChipSetIn).
CHIP_ROWS_MAX = 30


def _chip_rows(post) -> list[dict[str, Any]]:
    """The chip set typed into the page, each number within the API's range."""
    rows = []
    for i in range(min(_safe_int(post.get("rows")), CHIP_ROWS_MAX)):
        value = post.get(f"value-{i}", "").strip()
        if value:
            rows.append(
                {
                    "value": whole_number(value, **api_limits(ChipIn, "value")),
                    "colour": post.get(f"colour-{i}", ""),
                    "count": whole_number(
                        post.get(f"count-{i}"), default=0, **api_limits(ChipIn, "count")
                    ),
                }
            )
    return rows


def _safe_int(value: Any, default: int = 0) -> int:
    """A number for the chip race: what is no whole number the database holds
    counts as not typed."""
    try:
        return whole_number(value)
    except NumberRefused:
        return default


# -- chip race ---------------------------------------------------------------


@role_required(*FLOOR_STAFF)
def chip_race_page(request: HttpRequest, tournament_id: int, table_number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    table = get_object_or_404(Table, tournament=tournament, number=table_number)
    payload = next(
        (
            t
            for t in tables_payload(tournament, table_ids=[table.pk])
            if t["number"] == table_number
        ),
        {"players": [], "button_seat": None},
    )
    overview = chips.chips_overview(tournament=tournament)
    values = [c["value"] for c in overview["chips"]]
    leaving = [s["value"] for s in overview["color_ups"] if s["break_index"] is not None]
    removed = _safe_int(request.POST.get("removed"), leaving[0] if leaving else 0)
    larger = [v for v in values if v > removed]
    smallest = _safe_int(request.POST.get("smallest_remaining"), larger[0] if larger else 0)
    method = request.POST.get("method") or tournament.rule_options.get("chip_race", "race")
    button = _safe_int(request.POST.get("button_seat"), payload.get("button_seat") or 1)
    seats = [
        {
            "seat": p["seat"],
            "name": p.get("name", ""),
            "chips": request.POST.get(f"chips-{p['seat']}", ""),
            "other": request.POST.get(f"other-{p['seat']}", ""),
            "cards": request.POST.get(f"cards-{p['seat']}", ""),
        }
        for p in sorted(payload["players"], key=lambda p: p["seat"])
    ]
    result = None
    status = 200
    if request.method == "POST":
        data: dict[str, Any] = {
            "method": method,
            "removed": removed,
            "smallest_remaining": smallest,
            "button_seat": button,
            "players": [
                {
                    "seat": s["seat"],
                    "chips": _safe_int(s["chips"], 0),
                    "other_value": _safe_int(s["other"], 0),
                }
                for s in seats
                if _safe_int(s["chips"], 0) or _safe_int(s["other"], 0)
            ],
        }
        if method != "round_up" and any(s["cards"].strip() for s in seats):
            data["cards"] = {
                str(s["seat"]): s["cards"].replace(",", " ").split()
                for s in seats
                if _safe_int(s["chips"], 0) or _safe_int(s["other"], 0)
            }
        try:
            result = chip_race.chip_race_run(data=data)
        except DomainError as exc:
            messages.error(request, str(exc))
            status = exc.status
        else:
            names = {s["seat"]: s["name"] for s in seats}
            for award in result["awards"]:
                award["name"] = names.get(award["seat"], "")
            if request.POST.get("record"):
                # The colour-up is done: the count check takes its change into account.
                chip_counts.colour_up_record(
                    table_id=table.pk,
                    removed=removed,
                    chips_before=result["total_before"],
                    chips_after=result["total_after"],
                    by=request.user,
                )
                messages.success(request, _("Colour-up recorded for the chip count check."))
    response = render(
        request,
        "clock/chip_race.html",
        {
            "tournament": tournament,
            "table": table,
            "seats": seats,
            "removed": removed,
            "smallest": smallest,
            "method": method,
            "button": button,
            "values": values,
            "result": result,
            "methods": [
                ("race", _("Chip race (BDPV 8): highest card wins all odd chips")),
                ("race_one_chip", _("Chip race, at most one chip per player")),
                ("round_up", _("Round up each player's odd chips (TDA 2019 rule 24)")),
            ],
        },
    )
    response.status_code = status
    return response
