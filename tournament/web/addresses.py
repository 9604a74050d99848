"""The address players reach this server at from the room's network, and its QR code."""

from __future__ import annotations

import segno
from django.conf import settings
from django.http import HttpRequest


def public_address(request: HttpRequest, path: str) -> str:
    """Where players reach ``path``: the room's configured address (PUBLIC_URL),
    else the address this page was opened with (a TV may use localhost)."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL + path
    return request.build_absolute_uri(path)


def qr_svg(text: str, *, scale: int = 6) -> str:
    """``text`` (an address, a code) as an inline SVG QR code, black on white,
    made here (no outside service)."""
    return segno.make(text, error="m", micro=False).svg_inline(
        scale=scale, border=2, dark="#000", light="#fff", omitsize=True
    )
