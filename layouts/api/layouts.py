"""API for the screen layouts (README "Screen layouts and the room's look")."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from ninja import Router, Status

from layouts import services
from layouts.api.schemas import (
    LayoutCreatedOut,
    LayoutFileIn,
    LayoutFileOut,
    LayoutIn,
    LayoutOut,
    LayoutPatchIn,
)
from layouts.models import Layout
from layouts.presenters import layout_export, layout_payload
from layouts.selectors import layouts_all
from tournament.api.auth import require_role
from tournament.roles import DIRECTOR, STAFF

router = Router(tags=["layouts"])

ONLY_DIRECTOR_LAYOUTS = _("Only a tournament director may change screen layouts.")
ONLY_STAFF_LAYOUTS = _("Only staff may read the screen layouts.")


@router.get("/layouts", response=list[LayoutOut])
def list_layouts(request: HttpRequest):
    """Every layout: the five presets first, then the room's own."""
    require_role(request, STAFF, ONLY_STAFF_LAYOUTS)
    return [layout_payload(layout) for layout in layouts_all()]


@router.post("/layouts", response={201: LayoutCreatedOut})
def create_layout(request: HttpRequest, payload: LayoutIn):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_LAYOUTS)
    layout = services.layout_create(
        name=payload.name,
        tiles=payload.model_dump(exclude_unset=True, exclude_none=True)["tiles"],
        by=request.user,
    )
    return Status(201, {"id": layout.pk})


@router.post("/layouts/import", response={201: LayoutCreatedOut})
def import_layout(request: HttpRequest, payload: LayoutFileIn):
    """A shared layout file (as exported) becomes a new layout; a bad file: 422, nothing stored."""
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_LAYOUTS)
    layout = services.layout_import(
        data=payload.model_dump(exclude_unset=True, exclude_none=True), by=request.user
    )
    return Status(201, {"id": layout.pk})


@router.get("/layouts/{layout_id}", response=LayoutOut)
def get_layout(request: HttpRequest, layout_id: int):
    require_role(request, STAFF, ONLY_STAFF_LAYOUTS)
    return layout_payload(get_object_or_404(Layout, pk=layout_id))


@router.put("/layouts/{layout_id}", response=LayoutOut)
def put_layout(request: HttpRequest, layout_id: int, payload: LayoutPatchIn):
    """Change a layout's name or tiles (or both); a preset is kept (409): copy it."""
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_LAYOUTS)
    body = payload.model_dump(exclude_unset=True, exclude_none=True)
    layout = services.layout_update(
        layout_id=layout_id, name=body.get("name"), tiles=body.get("tiles"), by=request.user
    )
    return layout_payload(layout)


@router.delete("/layouts/{layout_id}", response={204: None})
def delete_layout(request: HttpRequest, layout_id: int):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_LAYOUTS)
    services.layout_delete(layout_id=layout_id, by=request.user)
    return Status(204, None)


@router.post("/layouts/{layout_id}/copy", response={201: LayoutCreatedOut})
def copy_layout(request: HttpRequest, layout_id: int):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_LAYOUTS)
    return Status(201, {"id": services.layout_copy(layout_id=layout_id, by=request.user).pk})


@router.get("/layouts/{layout_id}/export", response=LayoutFileOut, exclude_none=True)
def export_layout(request: HttpRequest, layout_id: int):
    """The layout as a file to share with another room (import it there)."""
    require_role(request, STAFF, ONLY_STAFF_LAYOUTS)
    return layout_export(get_object_or_404(Layout, pk=layout_id))
