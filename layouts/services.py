"""Writing layouts and the room's look (README "Screen layouts and the room's look").

Every change is checked by the plain rules first; a refusal is a 422 naming the
field, and nothing is stored. The presets are kept as shipped: a director copies
one and changes the copy. Each change is a write on the layout's scope (the
room's for its look) that records "layout 4 changed" or "the room's look
changed": after the commit the screens layer tells the TVs, which draw the
layout again (README "Named screens").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from layouts.models import Layout, RoomImage, RoomLook
from layouts.rules import look as look_rules
from layouts.rules.exchange import layout_file, layout_from_document, layout_name
from layouts.rules.tiles import TileRefused, tiles_from
from tournament import audit
from tournament.errors import Conflict, FieldInvalid, FieldNotFound, NotFound, RuleBeyondSchema
from tournament.models import Tournament
from tournament.writes import Write, scopes, write

TILE_WORDS = {
    "shape": _("Each tile is an object with kind, x, y, w and h."),
    "kind": _("This kind of tile does not exist."),
    "position": _("A tile's position is a whole number."),
    "size": _("A tile is at least one cell wide and high."),
    "bounds": _("A tile must stay inside the screen's grid."),
    "overlap": _("Two tiles cover the same cell."),
    "options": _("This tile does not take that option."),
    "tournament": _("This tile cannot show a tournament of its own."),
    "too_many": _("A layout holds 40 tiles at most."),
    "name": _("A layout needs a name of 80 characters at most."),
    "file_size": _("The file is too large for a layout."),
    "not_json": _("The file is not a JSON layout."),
    "format": _("The file is not a layout of this program."),
    "version": _("The file is from a newer version of this program."),
}
LOOK_WORDS = {
    "empty": _("The file is empty."),
    "too_big": _("An image may be 2 MB at most."),
    "type": _("Only PNG, JPEG, GIF or WebP images are accepted."),
    "colour": _("A colour is written #rrggbb."),
    "font": _("This font is not shipped with the program."),
}
# What a tile's fields say together, which the API's schema cannot: its
# column plus its width within the grid, and no cell under two tiles.
ACROSS_FIELDS = {"bounds": "tile_inside_grid", "overlap": "tiles_overlap"}
LAYOUT_NOT_FOUND = _("Layout not found.")
PRESET_KEPT = _("A preset is not changed: copy it and change the copy.")
UNKNOWN_TOURNAMENT = _("A tile names a tournament that does not exist.")
UNKNOWN_IMAGE = _("A tile names an image that does not exist.")
COPY_OF = _("Copy of %(name)s")


def tile_message(refused: TileRefused) -> str:
    words = str(TILE_WORDS.get(refused.code, TILE_WORDS["shape"]))
    if refused.index is None:
        return words
    return str(_("Tile %(number)s: %(words)s")) % {"number": refused.index + 1, "words": words}


def _refused(field: str, refused: TileRefused) -> FieldInvalid:
    """A 422 naming the field, and the rule where the schema cannot state it."""
    rule = ACROSS_FIELDS.get(refused.code)
    if rule is not None:
        return RuleBeyondSchema(field, tile_message(refused), rule=rule)
    return FieldInvalid(field, tile_message(refused))


def checked_tiles(raw: object) -> list[dict[str, Any]]:
    """The tiles as stored, or a 422 naming what is wrong; tournaments and images must exist."""
    try:
        tiles = tiles_from(raw)
    except TileRefused as refused:
        raise _refused("tiles", refused) from refused
    tournaments = {t.tournament for t in tiles if t.tournament is not None}
    if len(tournaments) > Tournament.objects.filter(pk__in=tournaments).count():
        raise FieldNotFound("tiles", UNKNOWN_TOURNAMENT)
    images = {t.options["image"] for t in tiles if "image" in t.options}
    if len(images) > RoomImage.objects.filter(pk__in=images).count():
        raise FieldNotFound("tiles", UNKNOWN_IMAGE)
    return [t.as_dict() for t in tiles]


def checked_name(raw: object) -> str:
    try:
        return layout_name(raw)
    except TileRefused as refused:
        raise FieldInvalid("name", tile_message(refused)) from refused


def editable_layout(w: Write, layout_id: int) -> Layout:
    """The layout, locked by the write; a preset is kept as shipped (409)."""
    layout: Layout = w.lock(scopes.layout(layout_id, missing=LAYOUT_NOT_FOUND))
    if layout.preset:
        raise Conflict(PRESET_KEPT)
    return layout


NEW_LAYOUT = "a new layout is on no screen yet"


def layout_create(*, name: object, tiles: object, by: Any = None) -> Layout:
    layout = Layout(name=checked_name(name), tiles=checked_tiles(tiles))
    with write(by=by) as w:
        layout.save()
        w.adopt(layout)
        w.log("layout_created", {"name": layout.name})
        w.keep_quiet(NEW_LAYOUT)
    return layout


def layout_update(
    *, layout_id: int, name: object = None, tiles: object = None, by: Any = None
) -> Layout:
    with write(by=by) as w:
        layout = editable_layout(w, layout_id)
        if name is not None:
            layout.name = checked_name(name)
        if tiles is not None:
            layout.tiles = checked_tiles(tiles)
        layout.save()
        w.log("layout_changed", {"name": layout.name}, scope=scopes.layout(layout_id))
        w.record("layout", layouts=[layout_id])
    return layout


def layout_delete(*, layout_id: int, by: Any = None) -> None:
    with write(by=by) as w:
        layout = editable_layout(w, layout_id)
        w.log("layout_deleted", {"name": layout.name}, scope=scopes.layout(layout_id))
        layout.delete()
        w.record("layout", layouts=[layout_id])


def layout_copy(*, layout_id: int, by: Any = None) -> Layout:
    source = Layout.objects.filter(pk=layout_id).first()
    if source is None:
        raise NotFound(LAYOUT_NOT_FOUND)
    name = str(COPY_OF % {"name": source.name})[:80]
    return layout_create(name=name, tiles=list(source.tiles), by=by)


def layout_import(*, data: bytes | Mapping[str, Any], by: Any = None) -> Layout:
    """A shared layout file as a new layout: parsed as JSON, checked, never run.
    Tiles naming a tournament of another room show this screen's tournament."""
    try:
        shared = layout_file(data) if isinstance(data, bytes) else layout_from_document(data)
    except TileRefused as refused:
        raise _refused("file", refused) from refused
    known = set(
        Tournament.objects.filter(
            pk__in=[t.tournament for t in shared.tiles if t.tournament]
        ).values_list("pk", flat=True)
    )
    tiles = []
    for tile in shared.tiles:
        row = tile.as_dict()
        if tile.tournament is not None and tile.tournament not in known:
            row.pop("tournament")
        if "image" in tile.options:
            row.pop("options")
        tiles.append(row)
    return layout_create(name=shared.name, tiles=tiles, by=by)


def image_upload(*, data: bytes, name: str = "", by: Any = None) -> RoomImage:
    """An image checked by its bytes (type, size) and stored for the screens."""
    try:
        content_type = look_rules.image_type(data)
    except look_rules.LookRefused as refused:
        raise FieldInvalid("image", LOOK_WORDS[refused.code]) from refused
    # The room's images: logged in the room's scope (README "Audit trail").
    with write(scopes.room(), by=by) as w:
        image = RoomImage.objects.create(content_type=content_type, data=data, name=name[:120])
        w.log("image_uploaded", {"image": image.pk, "name": image.name, "type": content_type})
        w.keep_quiet("an image is on no screen until a tile or the look names it")
    return image


COLOURS = ("background_colour", "text_colour", "accent_colour", "tile_colour")


def _look_facts(look: RoomLook) -> dict[str, Any]:
    """What a line of the look says of it (the images by their ids)."""
    facts = {field: getattr(look, field) for field in (*COLOURS, "font", "message")}
    return {**facts, "logo": look.logo_id, "background": look.background_id}


def look_update(
    *, values: dict[str, Any], images: Sequence[tuple[str, bytes]] = (), by: Any = None
) -> RoomLook:
    """Change the room's look: colours, font, message, and the logo or background
    from uploaded bytes (``images``: ``("logo" | "background", data)``)."""
    with write(scopes.room(), by=by) as w:
        look = RoomLook.current()
        before = _look_facts(look)
        try:
            for field in COLOURS:
                if field in values:
                    setattr(look, field, look_rules.colour(str(values[field])))
            if "font" in values:
                look.font = look_rules.font(str(values["font"]))
        except look_rules.LookRefused as refused:
            raise FieldInvalid(refused.code, LOOK_WORDS[refused.code]) from refused
        if "message" in values:
            look.message = str(values["message"]).strip()[: look_rules.MAX_MESSAGE]
        for field, data in images:
            setattr(look, field, image_upload(data=data, name=field, by=by))
        for field in ("logo", "background"):
            if values.get(f"remove_{field}"):
                setattr(look, field, None)
        look.save()
        changed = audit.edits(before, _look_facts(look))
        w.log("look_changed", {"fields": sorted(values), "changed": changed})
        w.record("look", look=True)
    return look
