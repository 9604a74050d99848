"""The ready-made blind structures a tournament can start from (club, turbo,
deep stack), each with the stack and chip set it was built for."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from clock.rules.structure import Break, Entry, Level

__all__ = [
    "StructureTemplate",
    "TEMPLATES",
]


@dataclass(frozen=True, slots=True)
class StructureTemplate:
    """A ready-made structure with the stack and chip set it was built for."""

    key: str
    title: str
    starting_stack: int
    denominations: tuple[int, ...]
    entries: tuple[Entry, ...]


Row = tuple[int, int, int] | Break


def _build(seconds: int, rows: Iterable[Row], *, big_blind_ante: bool = False) -> tuple[Entry, ...]:
    """Entries from compact rows: ``(small, big, ante)`` levels of ``seconds`` and Breaks.

    With ``big_blind_ante`` every level that has an ante is a big blind ante.
    """
    built: list[Entry] = []
    for row in rows:
        if isinstance(row, Break):
            built.append(row)
            continue
        small, big, ante = row
        built.append(
            Level(
                small_blind=small,
                big_blind=big,
                ante=ante,
                big_blind_ante=big_blind_ante and ante > 0,
                seconds=seconds,
            )
        )
    return tuple(built)


_MIN = 60

# Club: 20-minute levels for 10,000-20,000 chips (chips 25, 100, 500,
# 1,000, 5,000, 25,000); big blind ante (= big blind) from level 7; the 25s
# leave at the second break, the 100s at the third, the 500s at the fourth.
_CLUB20 = _build(
    20 * _MIN,
    [
        (25, 50, 0),
        (50, 100, 0),
        (75, 150, 0),
        (100, 200, 0),
        Break(10 * _MIN),
        (150, 300, 0),
        (200, 400, 0),
        (300, 600, 600),
        (400, 800, 800),
        Break(15 * _MIN, color_up=(25,)),
        (500, 1000, 1000),
        (600, 1200, 1200),
        (800, 1600, 1600),
        (1000, 2000, 2000),
        Break(15 * _MIN, color_up=(100,)),
        (1500, 3000, 3000),
        (2000, 4000, 4000),
        (2500, 5000, 5000),
        (3000, 6000, 6000),
        Break(15 * _MIN, color_up=(500,)),
        (4000, 8000, 8000),
        (5000, 10000, 10000),
        (6000, 12000, 12000),
        (8000, 16000, 16000),
        (10000, 20000, 20000),
        (15000, 30000, 30000),
        (20000, 40000, 40000),
    ],
    big_blind_ante=True,
)

# Turbo: 10-minute levels for 10,000 chips (chips 50, 100, 500, 1,000,
# 5,000), a 5-minute break every hour, no ante.
_TURBO = _build(
    10 * _MIN,
    [
        (50, 100, 0),
        (100, 200, 0),
        (150, 300, 0),
        (200, 400, 0),
        (300, 600, 0),
        (400, 800, 0),
        Break(5 * _MIN, color_up=(50,)),
        (500, 1000, 0),
        (600, 1200, 0),
        (800, 1600, 0),
        (1000, 2000, 0),
        (1500, 3000, 0),
        (2000, 4000, 0),
        Break(5 * _MIN, color_up=(100,)),
        (3000, 6000, 0),
        (4000, 8000, 0),
        (5000, 10000, 0),
        (6000, 12000, 0),
        (8000, 16000, 0),
        (10000, 20000, 0),
    ],
)

# Deep stack: 40-minute levels for 30,000 chips with classic antes (paid by
# every player) from level 5, a break every three or four levels.
_DEEPSTACK = _build(
    40 * _MIN,
    [
        (50, 100, 0),
        (100, 200, 0),
        (150, 300, 0),
        (200, 400, 0),
        Break(15 * _MIN),
        (250, 500, 50),
        (300, 600, 75),
        (400, 800, 100),
        Break(15 * _MIN, color_up=(25,)),
        (500, 1000, 100),
        (600, 1200, 200),
        (800, 1600, 200),
        Break(20 * _MIN),
        (1000, 2000, 300),
        (1200, 2400, 300),
        (1500, 3000, 400),
        Break(15 * _MIN, color_up=(100,)),
        (2000, 4000, 500),
        (2500, 5000, 500),
        (3000, 6000, 1000),
        Break(15 * _MIN, color_up=(500,)),
        (4000, 8000, 1000),
        (5000, 10000, 1000),
        (6000, 12000, 2000),
        (8000, 16000, 2000),
        (10000, 20000, 3000),
    ],
)

TEMPLATES: dict[str, StructureTemplate] = {
    "club20": StructureTemplate(
        key="club20",
        title="Club, 20-minute levels, big blind ante",
        starting_stack=15000,
        denominations=(25, 100, 500, 1000, 5000, 25000),
        entries=_CLUB20,
    ),
    "turbo": StructureTemplate(
        key="turbo",
        title="Turbo, 10-minute levels",
        starting_stack=10000,
        denominations=(50, 100, 500, 1000, 5000),
        entries=_TURBO,
    ),
    "deepstack": StructureTemplate(
        key="deepstack",
        title="Deep stack, 40-minute levels, antes",
        starting_stack=30000,
        denominations=(25, 100, 500, 1000, 5000, 25000),
        entries=_DEEPSTACK,
    ),
}
