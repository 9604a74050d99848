"""Clock pages: clock control and the shot clock (the structure editor:
structure_views; chips and the chip race: chip_views).

Views parse the form, call one service and render; refused actions show the
service's translated message with its 4xx status.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clock.api.call_schemas import ShotClockSettingsIn
from clock.api.schemas import AdjustIn, RemainingIn
from clock.services import clock as clock_services
from clock.services import clock_state, player_clock, shot_clock
from clock.web.finish_views import finish_context
from clock.web.form_numbers import form_int
from clock.web.structure_views import structure_rows
from tables.models import Table
from tournament.models import Tournament
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF, has_role
from tournament.web.decorators import back_to, role_required, run_action, wants_json
from tournament.web.whole_numbers import (
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
            "structure": structure_rows(clock_state.structure_entries(tournament)),
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
            call_id = form_int(request.POST.get("cancel"))
        except ValueError:
            return redirect(back)
        return run_action(
            request,
            lambda: player_clock.clock_call_cancel(call_id=call_id, by=request.user),
            success=_("Clock call cancelled."),
            back=back,
        )
    try:
        table, seat = form_int(request.POST.get("table")), form_int(request.POST.get("seat"))
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
            table_id, seat = form_int(request.POST.get("table")), form_int(request.POST.get("seat"))
            call = lambda: shot_clock.shot_clock_turn_start(  # noqa: E731
                table_id=table_id, seat=seat, by=request.user
            )
            done = _("Shot clock started.")
        elif action in ("extend", "stop"):
            turn_id = form_int(request.POST.get("turn"))
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
