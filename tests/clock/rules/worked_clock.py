"""The structure of the clock rules' worked examples (times in ms from the start, T0):

index 0  Level 100/200   10 min   0         .. 600_000
index 1  Level 200/400   10 min   600_000   .. 1_200_000
index 2  Break            5 min   1_200_000 .. 1_500_000
index 3  Level 300/600   10 min   1_500_000 .. 2_100_000
index 4  Level 400/800   15 min   2_100_000 .. 3_000_000
"""

from clock.rules.clock import ClockState, start
from clock.rules.structure import Break, Level

T0 = 1_700_000_000_000
STRUCTURE = (
    Level(100, 200, seconds=600),
    Level(200, 400, seconds=600),
    Break(300),
    Level(300, 600, seconds=600),
    Level(400, 800, seconds=900),
)


def started() -> ClockState:
    """The clock started at T0."""
    return start(ClockState.initial(STRUCTURE), STRUCTURE, T0)
