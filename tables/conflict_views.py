"""The director resolves a floor conflict from the floor page (README "When the
network drops"): a form the page's script sends with fetch, answered in place."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tables.models import FloorConflict
from tables.services.conflicts import conflict_resolve
from tournament.roles import DIRECTOR
from tournament.web.decorators import back_to, role_required, run_action


@require_POST
@role_required(DIRECTOR)
def conflict_resolve_page(request: HttpRequest, conflict_id: int) -> HttpResponse:
    conflict = get_object_or_404(FloorConflict, pk=conflict_id)
    how = request.POST.get("how", "")
    return run_action(
        request,
        lambda: conflict_resolve(
            conflict_id=conflict.pk,
            how=how,
            reason=request.POST.get("reason", ""),
            by=request.user,
        ),
        success=_("Conflict discarded.")
        if how == FloorConflict.How.DISCARDED
        else _("Conflict resolved: applied differently."),
        back=back_to(request, reverse("floor-map", args=[conflict.tournament_id])),
    )
