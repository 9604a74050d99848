"""The structure editor's templates: save a tournament's structure as a template,
delete a saved one, and what the editor shows of them (README "Blind structure
templates"). A name already taken asks the director to confirm the replacement."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clock.services import templates
from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.roles import DIRECTOR
from tournament.web.decorators import back_to, role_required, run_action


def template_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """The chooser's groups, the saved templates and a replacement to confirm."""
    choices = templates.templates_list()
    built_in = [(c.key, c.title) for c in choices if c.kind == templates.BUILTIN]
    saved = [c for c in choices if c.kind == templates.SAVED]
    groups = [(_("Built-in templates"), built_in)]
    if saved:
        groups.append((_("Saved by this room"), [(c.key, c.title) for c in saved]))
    return {
        "template_groups": groups,
        "saved_templates": saved,
        "replace_name": request.GET.get("replace", "")[: templates.NAME_MAX],
        "template_name": tournament.name,
    }


@require_POST
@role_required(DIRECTOR)
def structure_template_save(request: HttpRequest, tournament_id: int) -> HttpResponse:
    back = reverse("structure-page", args=[tournament_id])
    name = request.POST.get("name", "").strip() or None
    try:
        saved = templates.template_save(
            tournament_id=tournament_id,
            name=name,
            replace=request.POST.get("replace") == "1",
            by=request.user,
        )
    except templates.TemplateNameTaken as taken:
        messages.warning(request, str(taken))
        return redirect(f"{back}?{urlencode({'replace': taken.name})}")
    except DomainError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    if saved.created:
        said = _("Saved as template “%(name)s”.")
    else:
        said = _("Template “%(name)s” replaced.")
    messages.success(request, said % {"name": saved.template.title})
    return redirect(back)


@require_POST
@role_required(DIRECTOR)
def structure_template_delete(request: HttpRequest, template_id: int) -> HttpResponse:
    back = back_to(request, reverse("tournament-list"))
    return run_action(
        request,
        lambda: templates.template_delete(template_id=template_id, by=request.user),
        success=_("Template deleted."),
        back=back,
    )
