"""The registration desk in the waiting list's order (README "Pre-registration and
the schedule"): while pre-registered players wait for a place, the desk sees who is
next in line, and a walk-in (or an alternate, a re-entry) is registered ahead of
them only once the desk confirms it; or he goes to the end of the waiting list."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from cashdesk.selectors_offers import Offer, namesakes_entered
from prereg.models import PreRegistration
from prereg.services import waiting
from prereg.services.walk_ins import walk_in_to_waiting_list
from tournament.errors import DomainError
from tournament.models import Player, Tournament

# Fields of the registration form carried over to the confirmation.
CARRIED = ("name", "nickname", "email", "phone", "consent", "consent_news", "player", "buy_in")
CARRIED += ("payment_method", "idempotency_key", "same_name_confirmed")


def next_in_line(tournament: Tournament) -> list[PreRegistration]:
    """The pre-registered players waiting for a place, the next first."""
    if tournament.status == Tournament.Status.FINISHED:
        return []
    return waiting.waiting_list(tournament)


def carried(request: HttpRequest) -> list[tuple[str, str]]:
    """The registration as sent, to send again from the confirmation."""
    return [(key, value) for key in CARRIED for value in request.POST.getlist(key) if value]


def to_waiting_list(request: HttpRequest, tournament: Tournament, data: dict[str, Any]):
    """Put the player the desk typed or picked at the end of the waiting list."""
    back = reverse("registration-desk", args=[tournament.pk])
    player = Player.objects.filter(pk=data.get("player") or 0).first()
    name = player.name if player is not None else (data.get("name") or "")
    try:
        prereg = walk_in_to_waiting_list(tournament_id=tournament.pk, by=request.user, name=name)
    except DomainError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    messages.success(
        request,
        _("%(name)s is number %(position)s on the waiting list (code %(code)s).")
        % {"name": prereg.name, "position": prereg.position, "code": prereg.code},
    )
    # His own page at once: the desk shows him its QR code (README "Pre-registration
    # and the schedule").
    return redirect("prereg-desk-phone-link", prereg.pk)


def namesakes(request: HttpRequest, tournament: Tournament, data: dict[str, Any]) -> list[Offer]:
    """The players of the typed new player's name already in this tournament, unless
    the desk confirmed a new player of that name: a second player of one name is
    most often the same player sent twice or back for his re-entry."""
    if data.get("player") or request.POST.get("same_name_confirmed"):
        return []
    return namesakes_entered(tournament, data.get("name") or "")


def confirm_page(page: Any, **asked: Any) -> HttpResponse:
    """The desk page again, asking to confirm a registration ahead of the list, or
    a new player of a name already in the tournament."""
    response: HttpResponse = page(**asked)
    response.status_code = 409
    return response
