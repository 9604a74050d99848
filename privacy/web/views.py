"""A player's data for the director (README "Player data"): what is stored, as a page
and as JSON; consent; erasure; the room's settings and what the retention
period removes next. Floor and desk never see these pages. The privacy
notice is public: the desk shows it, players read it on their phones."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from privacy import services
from privacy.web.forms import RoomSettingsForm
from rulings.models import PenaltyKindChoice
from tournament.errors import DomainError
from tournament.models import PrivacyLog, RoomSettings
from tournament.roles import DIRECTOR
from tournament.selectors import privacy_log_recent, retention_overview
from tournament.services.players import consent_record, consent_withdraw
from tournament.services.retention import (
    contact_retention_run,
    contact_without_consent_remove,
    room_settings_update,
)
from tournament.web.decorators import role_required, run_action


@role_required(DIRECTOR)
def player_data(request: HttpRequest, player_id: int) -> HttpResponse:
    """Everything stored about the player; ``?format=json`` downloads it."""
    try:
        data = services.player_export(player_id=player_id, by=request.user)
    except DomainError as exc:
        return HttpResponse(str(exc), status=exc.status)
    if request.GET.get("format") == "json":
        response = HttpResponse(
            json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2),
            content_type="application/json; charset=utf-8",
        )
        response["Content-Disposition"] = f'attachment; filename="player-{player_id}.json"'
        return response
    # The file keeps the stored kinds; the page says them in the reader's language.
    kinds = {**dict(PrivacyLog.Kind.choices), **dict(PenaltyKindChoice.choices)}
    return render(
        request,
        "privacy/player_data.html",
        {"data": data, "kinds": kinds, "review": request.session.pop("privacy_review", None)},
    )


@require_POST
@role_required(DIRECTOR)
def player_erase_page(request: HttpRequest, player_id: int) -> HttpResponse:
    try:
        erased = services.player_erase(
            player_id=player_id, reason=request.POST.get("reason", ""), by=request.user
        )
    except DomainError as exc:
        messages.error(request, str(exc))
        return redirect("player-data", player_id)
    messages.success(
        request, _("Erased: the player is now %(name)s.") % {"name": erased["pseudonym"]}
    )
    # The rulings whose text named him, shown once on the page for review.
    request.session["privacy_review"] = erased["rulings_to_review"]
    return redirect("player-data", player_id)


@require_POST
@role_required(DIRECTOR)
def player_consent_page(request: HttpRequest, player_id: int) -> HttpResponse:
    give = request.POST.get("contact") == "yes"
    return run_action(
        request,
        lambda: (
            consent_record(
                player_id=player_id, news=bool(request.POST.get("news")), by=request.user
            )
            if give
            else consent_withdraw(player_id=player_id, by=request.user)
        ),
        success=_("Consent recorded.")
        if give
        else _("Consent withdrawn: e-mail and phone removed."),
        back=f"/players/{player_id}/data/",
    )


@role_required(DIRECTOR)
def room_settings_page(request: HttpRequest) -> HttpResponse:
    """The room's name and contact (for the privacy notice) and its retention period."""
    form = RoomSettingsForm(request.POST or None, instance=RoomSettings.current())
    if request.method == "POST" and form.is_valid():
        try:
            room_settings_update(changes=form.cleaned_data, by=request.user)
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Room settings saved."))
            return redirect("room-settings")
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "privacy/room.html",
        {"form": form, "privacy_log": privacy_log_recent()},
        status=status,
    )


def contact_data_removed(count: int) -> str:
    return ngettext(
        "Contact data of %(count)s player removed.",
        "Contact data of %(count)s players removed.",
        count,
    ) % {"count": count}


@role_required(DIRECTOR)
def retention_page(request: HttpRequest) -> HttpResponse:
    """Whose contact data the retention period removes now and soon, and the
    contact data kept without consent."""
    return render(request, "privacy/retention.html", {"overview": retention_overview()})


@require_POST
@role_required(DIRECTOR)
def retention_run_page(request: HttpRequest) -> HttpResponse:
    return run_action(
        request,
        contact_retention_run,
        success=contact_data_removed,
        back="/players/retention/",
    )


@require_POST
@role_required(DIRECTOR)
def without_consent_remove_page(request: HttpRequest) -> HttpResponse:
    return run_action(
        request,
        lambda: contact_without_consent_remove(by=request.user),
        success=contact_data_removed,
        back="/players/retention/",
    )


def privacy_notice(request: HttpRequest) -> HttpResponse:
    """What the room stores about its players, why, for how long and what
    they may ask for, in the reader's language; public, printable."""
    return render(request, "privacy/notice.html", {"room": RoomSettings.current()})
