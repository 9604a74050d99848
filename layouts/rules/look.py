"""The room's look (README "Screen layouts and the room's look"): colours, the
shipped fonts, and which uploaded images are accepted. Plain data only."""

from __future__ import annotations

import re

MAX_IMAGE_BYTES = 2 * 1024 * 1024
MAX_MESSAGE = 300
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

# Key -> the CSS family name of a font shipped in static/fonts (README "Screen
# layouts and the room's look"); "system" is the screen's own sans-serif.
FONTS = {
    "system": "",
    "dejavu-sans": "DejaVu Sans",
    "dejavu-condensed": "DejaVu Sans Condensed",
    "dejavu-serif": "DejaVu Serif",
}

# The image types accepted, by their first bytes (the name and the browser's
# word are not trusted). SVG is refused: it can carry script.
SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)


class LookRefused(ValueError):
    """A value of the look is refused: ``code`` says which rule."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def image_type(data: bytes) -> str:
    """The content type of an uploaded image, read from its bytes."""
    if not data:
        raise LookRefused("empty")
    if len(data) > MAX_IMAGE_BYTES:
        raise LookRefused("too_big")
    for signature, content_type in SIGNATURES:
        if data.startswith(signature):
            return content_type
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    raise LookRefused("type")


def colour(value: str) -> str:
    if not COLOUR.match(value):
        raise LookRefused("colour")
    return value.lower()


def font(value: str) -> str:
    if value not in FONTS:
        raise LookRefused("font")
    return value
