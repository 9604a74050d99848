"""The five layouts of the display board as tile grids (README "Screen layouts and the room's look").

Each preset places the same parts where the board's fixed layout of that name
shows them: the tournament's name on top, announcements under it, the clock on
the left, the numbers and the layout's list on the right, the moves below.
"""

from __future__ import annotations

from typing import Any

PRESETS = ("clock", "payouts", "seats", "chips", "final")
PRESET_NAMES = {
    "clock": "Clock",
    "payouts": "Payouts",
    "seats": "Seats",
    "chips": "Chip counts",
    "final": "Final table",
}


def _t(kind: str, x: int, y: int, w: int, h: int) -> dict[str, Any]:
    return {"kind": kind, "x": x, "y": y, "w": w, "h": h}


_TOP = [_t("title", 0, 0, 12, 1), _t("announcements", 0, 1, 12, 1)]
_MOVES = [_t("moves", 0, 10, 12, 2)]


def _clock_left(width: int) -> list[dict[str, Any]]:
    return [
        _t("clock", 0, 2, width, 5),
        _t("blinds", 0, 7, width, 2),
        _t("next_level", 0, 9, width, 1),
    ]


def _stats(x: int, rows: int) -> list[dict[str, Any]]:
    """Players, average stack, next break and prize pool as a 2x2 block."""
    half = rows // 2
    return [
        _t("players", x, 2, 2, half),
        _t("average", x + 2, 2, 2, half),
        _t("break", x, 2 + half, 2, half),
        _t("prize_pool", x + 2, 2 + half, 2, half),
    ]


def preset_tiles(key: str) -> list[dict[str, Any]]:
    """The tiles of the preset ``key`` (one of ``PRESETS``)."""
    if key == "clock":
        side = [*_stats(8, 4), _t("qr", 8, 6, 4, 4)]
        return [*_TOP, *_clock_left(8), *side, *_MOVES]
    if key == "payouts":
        side = [
            *_stats(8, 4),
            _t("payouts", 8, 6, 4, 2),
            _t("bounties", 8, 8, 2, 2),
            _t("qr", 10, 8, 2, 2),
        ]
        return [*_TOP, *_clock_left(8), *side, *_MOVES]
    if key == "seats":
        left = [_t("clock", 0, 2, 4, 3), _t("blinds", 0, 5, 4, 2), _t("next_level", 0, 7, 4, 1)]
        top = [
            _t(kind, 4 + 2 * i, 2, 2, 1)
            for i, kind in enumerate(("players", "average", "break", "prize_pool"))
        ]
        return [*_TOP, *left, _t("qr", 0, 8, 4, 2), *top, _t("seats", 4, 3, 8, 7), *_MOVES]
    if key in ("chips", "final"):
        stats = [
            _t("players", 7, 2, 3, 1),
            _t("average", 10, 2, 2, 1),
            _t("break", 7, 3, 3, 1),
            _t("prize_pool", 10, 3, 2, 1),
        ]
        board = _t("chip_leaders" if key == "chips" else "final_table", 7, 4, 5, 4)
        return [*_TOP, *_clock_left(7), *stats, board, _t("qr", 7, 8, 5, 2), *_MOVES]
    raise KeyError(key)
