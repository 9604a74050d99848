"""Pages of the screen layouts and the room's look (README "Screen layouts and the room's look").

Directors list, copy, import and export layouts here and arrange a layout's
tiles in the editor, which saves through the API. Uploaded images are served
by the app itself with the type read from their bytes.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from layouts import presenters, services
from layouts.models import Layout, RoomImage, RoomLook
from layouts.presenters import layout_payload, layout_title
from layouts.rules.exchange import MAX_BYTES
from layouts.rules.look import FONTS, MAX_IMAGE_BYTES
from layouts.rules.tiles import COLUMNS, KINDS, ROOM_KINDS, ROWS
from layouts.selectors import layouts_all
from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.roles import DIRECTOR
from tournament.web.decorators import role_required

KIND_NAMES = {
    "title": _("Tournament name"),
    "clock": _("Clock and level"),
    "blinds": _("Blinds and ante"),
    "next_level": _("Next level"),
    "break": _("Time to break"),
    "players": _("Players left and entries"),
    "average": _("Average stack"),
    "prize_pool": _("Prize pool"),
    "payouts": _("Payout table"),
    "seats": _("Seats (paged)"),
    "moves": _("Player moves"),
    "chip_leaders": _("Chip leaders"),
    "final_table": _("Final table"),
    "bounties": _("Bounties"),
    "announcements": _("Announcements"),
    "qr": _("QR code to the lobby"),
    "forecast": _("Forecast end (when the room shows it)"),
    "schedule": _("Room schedule"),
    "logo": _("Logo"),
    "text": _("Text"),
    "image": _("Image"),
}
FONT_NAMES = {
    "system": _("The screen's own"),
    "dejavu-sans": "DejaVu Sans",
    "dejavu-condensed": "DejaVu Sans Condensed",
    "dejavu-serif": "DejaVu Serif",
}
IMPORTED = _("Layout imported.")
LOOK_SAVED = _("The room's look is saved.")
NO_FILE = _("Choose a file.")
SAVED = _("Saved.")
SAVE_FAILED = _("That did not work. Please try again.")
GRID_FULL = _("No free room on the grid for another tile.")


@require_GET
def room_image(request: HttpRequest, image_id: int) -> HttpResponse:
    """An uploaded image, served by the app itself with the type read from its bytes."""
    image = get_object_or_404(RoomImage, pk=image_id)
    response = HttpResponse(bytes(image.data), content_type=image.content_type)
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


def _list_context(error: str = "") -> dict[str, Any]:
    rows = [{"layout": row, "title": layout_title(row)} for row in layouts_all()]
    return {"rows": rows, "error": error, "max_kb": MAX_BYTES // 1024}


@role_required(DIRECTOR)
def layout_list(request: HttpRequest) -> HttpResponse:
    return render(request, "layouts/list.html", _list_context())


@role_required(DIRECTOR)
@require_POST
def layout_new(request: HttpRequest) -> HttpResponse:
    name = request.POST.get("name", "").strip() or str(_("New layout"))
    try:
        layout = services.layout_create(name=name[:80], tiles=[], by=request.user)
    except DomainError as refused:
        return render(request, "layouts/list.html", _list_context(str(refused)), status=422)
    return redirect("layouts-edit", layout.pk)


@role_required(DIRECTOR)
@require_POST
def layout_copy(request: HttpRequest, layout_id: int) -> HttpResponse:
    try:
        layout = services.layout_copy(layout_id=layout_id, by=request.user)
    except DomainError as refused:
        return render(
            request, "layouts/list.html", _list_context(str(refused)), status=refused.status
        )
    return redirect("layouts-edit", layout.pk)


@role_required(DIRECTOR)
@require_POST
def layout_delete(request: HttpRequest, layout_id: int) -> HttpResponse:
    try:
        services.layout_delete(layout_id=layout_id, by=request.user)
    except DomainError as refused:
        return render(
            request, "layouts/list.html", _list_context(str(refused)), status=refused.status
        )
    return redirect("layouts-list")


@role_required(DIRECTOR)
@require_POST
def layout_import(request: HttpRequest) -> HttpResponse:
    """A shared layout file: read as JSON data and checked; a bad one is a 422 and nothing changes."""
    upload = request.FILES.get("file")
    if upload is None:
        return render(request, "layouts/list.html", _list_context(str(NO_FILE)), status=422)
    data = upload.read(MAX_BYTES + 1)
    try:
        layout = services.layout_import(data=data, by=request.user)
    except DomainError as refused:
        message = getattr(refused, "message", refused)
        return render(request, "layouts/list.html", _list_context(str(message)), status=422)
    messages.success(request, IMPORTED)
    return redirect("layouts-edit", layout.pk)


@role_required(DIRECTOR)
@require_GET
def layout_export(request: HttpRequest, layout_id: int) -> HttpResponse:
    layout = get_object_or_404(Layout, pk=layout_id)
    body = json.dumps(presenters.layout_export(layout), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="layout-{layout.pk}.json"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


@role_required(DIRECTOR)
def layout_edit(request: HttpRequest, layout_id: int) -> HttpResponse:
    """The editor: tiles on the screen's grid, moved and sized by mouse or keyboard."""
    layout = get_object_or_404(Layout, pk=layout_id)
    tournaments = list(
        Tournament.objects.exclude(status=Tournament.Status.FINISHED).order_by(
            "-status", "-created_at"
        )[:30]
    )
    payload = layout_payload(layout)
    payload["updated_at"] = payload["updated_at"].isoformat()
    config = {
        "layout": payload,
        "columns": COLUMNS,
        "rows": ROWS,
        "kinds": [
            {"kind": kind, "name": str(KIND_NAMES[kind]), "room": kind in ROOM_KINDS}
            for kind in KINDS
        ],
        "tournaments": [{"id": t.pk, "name": t.name} for t in tournaments],
        "images": list(RoomImage.objects.order_by("-pk").values("id", "name")[:50]),
        "api": f"/api/v1/layouts/{layout.pk}",
        "csrf": get_token(request),
        "preview": f"/display/{{tournament}}/?layout={layout.pk}",
        "draft": reverse("screens-layout-preview", args=[layout.pk]),
        "labels_saved": str(SAVED),
        "labels_failed": str(SAVE_FAILED),
        "labels_full": str(GRID_FULL),
    }
    context = {
        "layout": layout,
        "title": layout_title(layout),
        "config": config,
        "kinds": config["kinds"],
    }
    return render(request, "layouts/edit.html", context)


def _uploads(request: HttpRequest) -> list[tuple[str, bytes]]:
    found = []
    for field in ("logo", "background"):
        upload = request.FILES.get(field)
        if upload is not None:
            found.append((field, upload.read(MAX_IMAGE_BYTES + 1)))
    return found


@role_required(DIRECTOR)
def look_page(request: HttpRequest) -> HttpResponse:
    """The room's look: colours, font, message line, logo and background."""
    error = ""
    status = 200
    if request.method == "POST":
        keys = (
            "background_colour",
            "text_colour",
            "accent_colour",
            "tile_colour",
            "font",
            "message",
        )
        values: dict[str, Any] = {key: request.POST[key] for key in keys if key in request.POST}
        for field in ("logo", "background"):
            values[f"remove_{field}"] = request.POST.get(f"remove_{field}") == "on"
        tile_image = request.FILES.get("image")
        try:
            if tile_image is not None:
                data = tile_image.read(MAX_IMAGE_BYTES + 1)
                services.image_upload(
                    data=data, name=(tile_image.name or "")[:120], by=request.user
                )
            services.look_update(values=values, images=_uploads(request), by=request.user)
        except DomainError as refused:
            error, status = str(getattr(refused, "message", refused)), 422
        else:
            messages.success(request, LOOK_SAVED)
            return redirect("layouts-look")
    look = RoomLook.current()
    fonts = [(key, FONT_NAMES[key]) for key in FONTS]
    context = {
        "look": look,
        "fonts": fonts,
        "error": error,
        "max_mb": MAX_IMAGE_BYTES // (1024 * 1024),
    }
    return render(request, "layouts/look.html", context, status=status)
