"""The desk's pre-registrations page (README "Pre-registration and the schedule"):
the field and the waiting list of a tournament, found by name or by the code on the
player's phone (a scanner types it into the search field), checked in with the
payment, or the personal link revoked."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cashdesk.services.payments import Payment
from prereg.models import PreRegistration
from prereg.presenters import todays_groups
from prereg.selectors import active_link, desk_pre_registrations, entry_code, field_counts
from prereg.services import waiting
from prereg.services.checkin import pre_registration_check_in
from prereg.services.links import phone_link_make, phone_link_revoke
from prereg.services.registrations import deadline_release, pre_registration_revoke
from tournament.models import Entry, Tournament
from tournament.roles import REGISTRATION_STAFF
from tournament.web.addresses import public_address, qr_svg
from tournament.web.decorators import money_required, role_required, run_action


@require_GET
@role_required(*REGISTRATION_STAFF)
def desk_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    deadline_release(tournament_id=tournament.pk)
    query = request.GET.get("q", "")[:100]
    rows = desk_pre_registrations(tournament, query=query)
    earlier = PreRegistration.objects.filter(
        pk__in=[p.duplicate_of_id for p in rows if p.duplicate_of_id]
    )
    names = {p.pk: p.name for p in earlier}
    for prereg in rows:
        # Shown beside a flagged duplicate: the earlier one of the same name or phone.
        prereg.duplicate_name = names.get(prereg.duplicate_of_id or 0, "?")  # type: ignore[attr-defined]
    context = {
        "tournament": tournament,
        "rows": rows,
        "query": query,
        "counts": field_counts(tournament),
        "deadline": waiting.check_in_deadline(tournament),
        "single": rows[0] if query and len(rows) == 1 else None,
    }
    return render(request, "prereg/desk.html", context)


def _back(tournament_id: int, request: HttpRequest | None = None) -> str:
    if request is not None and request.POST.get("back") == "today":
        return reverse("prereg-today")
    return reverse("prereg-desk", args=[tournament_id])


@require_POST
@money_required()
def desk_check_in(request: HttpRequest, pre_registration_id: int) -> HttpResponse:
    prereg = get_object_or_404(PreRegistration, pk=pre_registration_id)
    return run_action(
        request,
        lambda: pre_registration_check_in(
            pre_registration_id=prereg.pk,
            by=request.user,
            payment=Payment.from_form(request.POST),
        ),
        success=lambda done: (
            _("%(name)s is checked in (start number %(number)s).")
            % {"name": prereg.name, "number": done[0].start_number}
        ),
        back=_back(prereg.tournament_id, request),
    )


@require_POST
@role_required(*REGISTRATION_STAFF)
def desk_revoke(request: HttpRequest, pre_registration_id: int) -> HttpResponse:
    prereg = get_object_or_404(PreRegistration, pk=pre_registration_id)
    return run_action(
        request,
        lambda: pre_registration_revoke(pre_registration_id=prereg.pk, by=request.user),
        success=_("The personal link of %(name)s is revoked.") % {"name": prereg.name},
        back=_back(prereg.tournament_id, request),
    )


def phone_link_context(request: HttpRequest, entry: Entry) -> dict[str, str]:
    """The entry's personal link that still answers and its QR code ("" without),
    and his code for the lobby's seat finder (README "The player's page")."""
    token, code = active_link(entry), entry_code(entry)
    if token is None:
        return {"link": "", "qr": "", "code": code}
    link = public_address(request, reverse("screens-me", args=[token]))
    qr = qr_svg(link)
    return {"link": link, "qr": qr, "code": code}


@require_GET
@role_required(*REGISTRATION_STAFF)
def pre_registration_link_page(request: HttpRequest, pre_registration_id: int) -> HttpResponse:
    """The personal page of a player not checked in yet (a walk-in the desk put at
    the end of the waiting list, README "Pre-registration and the schedule") and
    its QR code, to show or print for him; once checked in, his phone link."""
    prereg = get_object_or_404(
        PreRegistration.objects.select_related("tournament"), pk=pre_registration_id
    )
    if prereg.entry_id is not None:
        return redirect("prereg-phone-link", prereg.entry_id)
    link = ""
    if prereg.revoked_at is None:
        link = public_address(request, reverse("prereg-personal", args=[prereg.token]))
    context = {
        "prereg": prereg,
        "link": link,
        "qr": qr_svg(link) if link else "",
    }
    response = render(request, "prereg/pre_registration_link.html", context)
    response["Cache-Control"] = "no-store"
    return response


@require_GET
@role_required(*REGISTRATION_STAFF)
def phone_link_page(request: HttpRequest, entry_id: int) -> HttpResponse:
    """The entry's personal link and its QR code, to show or print for the player
    (README "The player's page"); a button makes one when he has none."""
    entry = get_object_or_404(Entry.objects.select_related("player", "tournament"), pk=entry_id)
    context = {"entry": entry, **phone_link_context(request, entry)}
    response = render(request, "prereg/phone_link.html", context)
    response["Cache-Control"] = "no-store"
    return response


@require_POST
@role_required(*REGISTRATION_STAFF)
def phone_link_new(request: HttpRequest, entry_id: int) -> HttpResponse:
    entry = get_object_or_404(Entry, pk=entry_id)
    return run_action(
        request,
        lambda: phone_link_make(entry_id=entry.pk, by=request.user),
        success="",
        back=reverse("prereg-phone-link", args=[entry.pk]),
    )


@require_POST
@role_required(*REGISTRATION_STAFF)
def phone_link_end(request: HttpRequest, entry_id: int) -> HttpResponse:
    entry = get_object_or_404(Entry, pk=entry_id)
    return run_action(
        request,
        lambda: phone_link_revoke(entry_id=entry.pk, by=request.user),
        success=_("The personal link is revoked: it opens nothing any more."),
        back=reverse("prereg-phone-link", args=[entry.pk]),
    )


@require_GET
@role_required(*REGISTRATION_STAFF)
def today_page(request: HttpRequest) -> HttpResponse:
    """Today's pre-registrations across all of today's tournaments, found by name or
    code: the desk checks in whoever stands in front of it."""
    query = request.GET.get("q", "")[:100]
    groups = todays_groups(query)
    found = [p for group in groups for p in group["rows"]]
    context = {
        "groups": groups,
        "query": query,
        "single": found[0] if query and len(found) == 1 else None,
    }
    return render(request, "prereg/today.html", context)
