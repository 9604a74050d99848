"""The structure editor: the levels and breaks as rows, added, removed, shifted
and saved (views parse the form, call one service and render)."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clock.rules.structure import Break, Level, to_json_data
from clock.rules.structure_edits import shift_blinds
from clock.services import clock_state, templates
from clock.services.structure import (
    StructureInvalid,
    structure_check,
    structure_parse,
    structure_set,
)
from clock.web.finish_views import planning_context
from clock.web.form_numbers import form_int
from clock.web.template_views import template_context
from tournament.errors import DomainError
from tournament.json_input import JsonRefused, json_parse
from tournament.models import Tournament
from tournament.roles import DIRECTOR
from tournament.web.decorators import role_required
from tournament.web.whole_numbers import (
    NOT_WHOLE,
    NumberRefused,
    whole_number,
)


def structure_rows(entries) -> list[dict[str, Any]]:
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
    count = form_int(post.get("rows"), 0)
    levels: list[dict[str, Any]] = []
    for i in range(min(count, 500)):
        kind = post.get(f"kind-{i}")
        seconds = _seconds(post.get(f"minutes-{i}", "0"))
        if kind == "level":
            levels.append(
                {
                    "kind": "level",
                    "small_blind": form_int(post.get(f"small_blind-{i}")),
                    "big_blind": form_int(post.get(f"big_blind-{i}")),
                    "ante": form_int(post.get(f"ante-{i}"), 0),
                    "big_blind_ante": post.get(f"big_blind_ante-{i}") == "on",
                    "seconds": seconds,
                }
            )
        elif kind == "break":
            values = post.get(f"color_up-{i}", "").replace(",", " ").split()
            levels.append(
                {"kind": "break", "seconds": seconds, "color_up": [form_int(v) for v in values]}
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
        shifted = shift_blinds(structure_parse({"levels": levels}), form_int(post.get("steps"), 0))
        levels = to_json_data(shifted)["levels"]
    return _edit(levels, op, form_int(position, -1) if position else -1)


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
    rows = structure_rows(entries)
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
