"""Tiles on the screen's grid (README "Screen layouts and the room's look")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from layouts.rules.presets import PRESETS, preset_tiles
from layouts.rules.tiles import (
    COLUMNS,
    KINDS,
    ROWS,
    TileRefused,
    tile_from,
    tiles_from,
    tournaments_of,
)


def tile(kind="clock", x=0, y=0, w=2, h=2, **more):
    return {"kind": kind, "x": x, "y": y, "w": w, "h": h, **more}


def refusal(raw):
    with pytest.raises(TileRefused) as refused:
        tiles_from(raw)
    return refused.value.code


def test_every_preset_is_a_valid_grid_filling_its_rows():
    for key in PRESETS:
        tiles = tiles_from(preset_tiles(key))
        kinds = {t.kind for t in tiles}
        assert {"title", "clock", "blinds", "next_level", "players", "moves"} <= kinds
        assert max(t.y + t.h for t in tiles) == ROWS


def test_each_preset_shows_its_own_list():
    assert "payouts" in {t["kind"] for t in preset_tiles("payouts")}
    assert "seats" in {t["kind"] for t in preset_tiles("seats")}
    assert "chip_leaders" in {t["kind"] for t in preset_tiles("chips")}
    assert "final_table" in {t["kind"] for t in preset_tiles("final")}


def test_unknown_kind_is_refused():
    assert refusal([tile(kind="script")]) == "kind"


def test_a_tile_outside_the_grid_is_refused():
    assert refusal([tile(x=COLUMNS - 1, w=2)]) == "bounds"
    assert refusal([tile(y=ROWS, h=1)]) == "bounds"
    assert refusal([tile(x=-1)]) == "bounds"


def test_empty_or_fractional_sizes_are_refused():
    assert refusal([tile(w=0)]) == "size"
    assert refusal([tile(h=1.5)]) == "size"
    assert refusal([tile(x=True)]) == "position"


def test_overlapping_tiles_are_refused():
    assert refusal([tile(), tile(kind="blinds", x=1, y=1)]) == "overlap"


def test_touching_tiles_are_fine():
    assert len(tiles_from([tile(), tile(kind="blinds", x=2, y=0)])) == 2


def test_unknown_fields_and_options_are_refused():
    assert refusal([tile(colour="red")]) == "shape"
    assert refusal([tile(options={"text": "hi"})]) == "options"
    assert refusal([tile(kind="text", options={"text": 5})]) == "options"
    assert refusal("clock") == "shape"
    assert refusal({"kind": "clock"}) == "shape"


def test_a_room_tile_takes_no_tournament():
    assert refusal([tile(kind="logo", tournament=3)]) == "tournament"
    assert refusal([tile(tournament=0)]) == "tournament"


def test_tournaments_in_order_of_first_tile():
    tiles = tiles_from(
        [tile(tournament=7), tile(x=2, tournament=3), tile(x=4, tournament=7), tile(x=6)]
    )
    assert tournaments_of(tiles) == [7, 3]


def test_a_tile_reads_back_as_it_was_written():
    raw = tile(kind="text", x=3, y=4, w=5, h=1, options={"text": "Willkommen"})
    assert tile_from(raw).as_dict() == raw


@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "kind": st.sampled_from(KINDS),
                "x": st.integers(-2, COLUMNS + 2),
                "y": st.integers(-2, ROWS + 2),
                "w": st.integers(-1, COLUMNS + 1),
                "h": st.integers(-1, ROWS + 1),
            }
        ),
        max_size=8,
    )
)
def test_accepted_tiles_never_overlap_and_stay_inside(raw):
    try:
        tiles = tiles_from(raw)
    except TileRefused:
        return
    cells = [cell for t in tiles for cell in t.cells()]
    assert len(cells) == len(set(cells))
    assert all(0 <= c < COLUMNS and 0 <= r < ROWS for c, r in cells)
