"""A player's data for the director (issue 14): what is stored, as a page
and as JSON; consent; erasure. Floor and desk never see these pages."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from privacy import services
from tournament.errors import DomainError
from tournament.roles import DIRECTOR
from tournament.services.players import consent_record, consent_withdraw
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
    return render(
        request,
        "privacy/player_data.html",
        {"data": data, "review": request.session.pop("privacy_review", None)},
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
