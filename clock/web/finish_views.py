"""Finish on time on the director's pages: the forecast line, the hard stop's warning with its
proposals (a part of the staff screens, drawn by ``clock/finish.js``),
applying one, and the structure editor's forecast for a field
(README "Finish on time: hard stop")."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from clock.rules.structure import Entry
from clock.services.finish import (
    finish_planning,
    finish_proposal_apply,
    finish_warning,
    forecast_line,
    time_text,
)
from prereg.selectors import seats_taken
from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.roles import DIRECTOR
from tournament.web.decorators import role_required, run_action

PLAN_PLAYERS_DEFAULT = 40


def finish_labels() -> dict[str, str]:
    """The words ``finish.js`` draws the warning with, in the reader's language."""
    return {
        "title": _("Hard stop {time}"),
        "late": _("The forecast's latest end, {latest}, is after the hard stop."),
        "fits": _("Forecast: end about {predicted}, between {earliest} and {latest}."),
        "proposals": _("Proposals"),
        "none": _("No change to the structure brings the end before the hard stop."),
        "best": _("None of them meets the hard stop; these come closest."),
        "ends": _("End about {predicted}, at the latest {latest}"),
        "shorten": _("Shorten the remaining levels to {minutes} minutes"),
        "skip": _("Skip level {level}"),
        "ante": _("Bring the ante in from level {level}"),
        "colour_up": _("Colour up the {chip} chips at the break after level {level}"),
        "deal_icm": _("ICM deal at {at}"),
        "deal_chip_chop": _("Chip-chop deal at {at}"),
        "apply": _("Apply"),
        "deal_page": _("Open the deal page"),
        "line": _("Ends about {predicted}, between {earliest} and {latest}"),
        # The room's clock time: {hour} 0-23, {hour12} 1-12, {minute} 00-59, {ampm}.
        "time": _("{hour12}:{minute} {ampm}"),
    }


def forecast_text(line: dict[str, Any] | None, labels: dict[str, str]) -> str:
    """The forecast line as ``finish.js`` draws it, for the first paint."""
    if line is None:
        return ""
    times = {key: time_text(words, labels["time"]) for key, words in line["clock"].items()}
    return labels["line"].format(**times)


def forecast_words(line: dict[str, Any]) -> str:
    """The forecast line worded when it is shown, in the language of the page
    being rendered (a public page in ``?lang=``)."""
    return lazy(lambda: forecast_text(line, finish_labels()), str)()


def finish_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """What a page showing the warning needs (``clock/_finish.html``)."""
    labels = finish_labels()
    line = forecast_line(tournament)
    return {
        "finish_warning": finish_warning(tournament),
        "forecast_line": line,
        "forecast_text": forecast_text(line, labels),
        "finish_labels": labels,
        "finish_back": request.get_full_path(),
    }


@role_required(DIRECTOR)
def finish_apply(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The warning's button: one proposal applied to the structure."""
    get_object_or_404(Tournament, pk=tournament_id)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("clock-page", args=[tournament_id])
    if request.method != "POST":
        return redirect(back)
    proposal = request.POST.get("proposal", "")[:40]
    return run_action(
        request,
        lambda: finish_proposal_apply(
            tournament_id=tournament_id, proposal=proposal, by=request.user
        ),
        success=_("Proposal applied: the structure is changed."),
        back=back,
    )


def planning_context(
    request: HttpRequest, tournament: Tournament, entries: tuple[Entry, ...]
) -> dict[str, Any]:
    """The structure editor's forecast for a field of N players: N typed by the
    director (``?players=``), else the places taken (pre-registrations and
    players in), else a default field."""
    typed = request.GET.get("players", "").strip()
    taken = seats_taken(tournament)
    players = int(typed) if typed.isdigit() and len(typed) < 7 else (taken or PLAN_PLAYERS_DEFAULT)
    try:
        plan = finish_planning(tournament=tournament, players=players, entries=entries)
    except DomainError as exc:
        plan, error = None, str(exc)
    else:
        error = None
    return {"plan": plan, "plan_error": error, "plan_players": players, "plan_taken": taken}
