"""Options of the seating rules that differ between rulebook profiles.

The defaults follow TDA 2019 (document 004). Services build one
`SeatingOptions` from the tournament's profile and overrides and pass it
in; the rules never read settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DeadButton = Literal["dead", "moving"]
Balancing = Literal["tda", "bdpv"]
HaltRule = Literal["immediate", "blinds_affected", "off"]


@dataclass(frozen=True, kw_only=True)
class SeatingOptions:
    """Rulebook-dependent choices for button, seating, balancing and breaking.

    - `dead_button`: "dead" is the standard dead-button rule (TDA 2019
      rule 32, IFP 3.1, BDPV Button und Blinds 2): the big blind moves to
      the next player and button and small blind follow, even onto empty
      seats. "moving" is a simplified house variant: the button always
      moves to the next player and the blinds are the two players after
      it (a player can then skip a big blind when someone busts).
    - `balancing`: "tda" moves the player who is big blind next to the
      worst seat of the short table (TDA 2019 rule 10). "bdpv" moves the
      first player who is not due to post a blind next hand and seats him
      as close as possible to the same position relative to the button
      (BDPV Turnierreglement 12, Button und Blinds 7).
    - `halt_rule`: "immediate" halts a table as soon as it is
      `halt_short_by` players short of the biggest table (TDA 2019
      rule 10); "blinds_affected" halts it only if, in addition, the next
      hand's small or big blind would fall on a seat held for a player
      who has not arrived yet (our reading of the TDA 2024 change);
      "off" never halts.
    - `halt_short_by`: how many players short a table must be to halt;
      None means 3 for full-ring events (table size 7 or more) and 2 for
      short-handed events (table size 6 or fewer).
    - `break_target`: break the next table once the players left fit at
      one table fewer with this many per table; None means the table size.
    - `may_break`: False keeps every open table: no table breaks and no
      final-table redraw (a room that breaks no table while registration
      is open); balancing and halting go on.
    """

    dead_button: DeadButton = "dead"
    balancing: Balancing = "tda"
    halt_rule: HaltRule = "immediate"
    halt_short_by: int | None = None
    break_target: int | None = None
    may_break: bool = True

    def __post_init__(self) -> None:
        if self.dead_button not in ("dead", "moving"):
            raise ValueError(f"unknown dead_button variant {self.dead_button!r}")
        if self.balancing not in ("tda", "bdpv"):
            raise ValueError(f"unknown balancing variant {self.balancing!r}")
        if self.halt_rule not in ("immediate", "blinds_affected", "off"):
            raise ValueError(f"unknown halt_rule {self.halt_rule!r}")
        if self.halt_short_by is not None and self.halt_short_by < 2:
            raise ValueError("halt_short_by must be at least 2")
        if self.break_target is not None and self.break_target < 2:
            raise ValueError("break_target must be at least 2")

    def halt_threshold(self, table_size: int) -> int:
        """Players short of the biggest table at which a table halts."""
        if self.halt_short_by is not None:
            return self.halt_short_by
        return 3 if table_size > 6 else 2
