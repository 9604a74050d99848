"""The share image of a result (README "Results out: formats"): 1080x1080 PNG in
the room's look, drawn with Pillow on the server, no browser. It draws only
what ``formats.selectors.share_image_source`` gives it."""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.utils import formats as django_formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from PIL import Image, ImageDraw, ImageFont, UnidentifiedImageError

from formats.selectors import ShareImageSource
from layouts.models import RoomLook
from tournament.templatetags.room_format import public_money

SIZE = 1080
MARGIN = 72
LOGO_BOX = 150
LIST_ROWS = 10
# DejaVu: vendored with the app (static/fonts/, licence in LICENSE-DejaVu.txt), umlauts included.
FONTS = Path(settings.BASE_DIR) / "static" / "fonts"
BOLD = FONTS / "DejaVuSans-Bold.ttf"
CONDENSED = FONTS / "DejaVuSansCondensed-Bold.ttf"
# A logo of more pixels is left out (a decompression bomb); uploads are 2 MB at most.
MAX_LOGO_PIXELS = 25_000_000


@lru_cache(maxsize=64)
def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def _fitted(
    draw: ImageDraw.ImageDraw, text: str, path: Path, size: int, width: int
) -> ImageFont.FreeTypeFont:
    """The largest size up to ``size`` at which the text fits the width."""
    while size > 14 and draw.textlength(text, font=_font(path, size)) > width:
        size -= 2
    return _font(path, size)


def _logo(look: RoomLook) -> Image.Image | None:
    if look.logo is None:
        return None
    try:
        logo = Image.open(io.BytesIO(bytes(look.logo.data)))
        if logo.width * logo.height > MAX_LOGO_PIXELS:  # read before it is decoded
            return None
        logo = logo.convert("RGBA")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError):
        return None
    logo.thumbnail((LOGO_BOX, LOGO_BOX))
    return logo


def _heading(
    draw: ImageDraw.ImageDraw, source: ShareImageSource, look: RoomLook, left: int
) -> None:
    width = SIZE - left - MARGIN
    draw.text(
        (left, MARGIN),
        source.name,
        fill=look.accent_colour,
        font=_fitted(draw, source.name, BOLD, 64, width),
    )
    day = django_formats.date_format(source.day, "DATE_FORMAT")
    field = ngettext("%(n)s entry", "%(n)s entries", source.entries) % {"n": source.entries}
    draw.text((left, MARGIN + 86), f"{day} · {field}", fill=look.text_colour, font=_font(BOLD, 32))


def _winner(draw: ImageDraw.ImageDraw, source: ShareImageSource, look: RoomLook) -> int:
    top = 300
    draw.rounded_rectangle(
        (MARGIN, top, SIZE - MARGIN, top + 200), radius=24, fill=look.tile_colour
    )
    draw.text((MARGIN + 36, top + 24), _("Winner"), fill=look.accent_colour, font=_font(BOLD, 34))
    if source.winner is not None:
        name = source.winner.name
        width = SIZE - 2 * MARGIN - 72
        draw.text(
            (MARGIN + 36, top + 70),
            name,
            fill=look.text_colour,
            font=_fitted(draw, name, BOLD, 64, width),
        )
        prize = public_money(source.winner.prize, source.currency) if source.winner.prize else ""
        draw.text((MARGIN + 36, top + 146), prize, fill=look.accent_colour, font=_font(BOLD, 32))
    return top + 240


def _final_table(
    draw: ImageDraw.ImageDraw, source: ShareImageSource, look: RoomLook, top: int
) -> None:
    draw.text((MARGIN, top), _("Final table"), fill=look.accent_colour, font=_font(BOLD, 34))
    row_font = _font(CONDENSED, 30)
    y = top + 56
    for shown in source.final_table[:LIST_ROWS]:
        prize = public_money(shown.prize, source.currency) if shown.prize else ""
        draw.text((MARGIN, y), f"{shown.place}.", fill=look.accent_colour, font=row_font)
        name_width = SIZE - 2 * MARGIN - 90 - 240
        draw.text(
            (MARGIN + 70, y),
            shown.name,
            fill=look.text_colour,
            font=_fitted(draw, shown.name, CONDENSED, 30, name_width),
        )
        draw.text((SIZE - MARGIN, y), prize, fill=look.text_colour, font=row_font, anchor="ra")
        y += 40


def share_image_png(source: ShareImageSource) -> bytes:
    look = RoomLook.current()
    image = Image.new("RGB", (SIZE, SIZE), look.background_colour)
    draw = ImageDraw.Draw(image)
    logo = _logo(look)
    left = MARGIN
    if logo is not None:
        image.paste(logo, (MARGIN, MARGIN), logo)
        left = MARGIN + logo.width + 32
    _heading(draw, source, look, left)
    _final_table(draw, source, look, _winner(draw, source, look))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
