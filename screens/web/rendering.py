"""Rendering shared by the public pages: the lobby's QR code, made here."""

from __future__ import annotations

import segno


def qr_svg(url: str) -> str:
    """The URL as an inline SVG QR code (rendered here: no outside service)."""
    return segno.make(url, error="m", micro=False).svg_inline(
        scale=6, border=2, dark="#000", light="#fff", omitsize=True
    )
