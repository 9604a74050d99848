"""The move plan: the moves, breaks, halts and warnings one planning run returns
(tables/rules/balancing.py plans them; the services store them as pending moves)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tables.rules.model import SeatingWarning

MoveReason = Literal["balance", "break", "final_table"]


@dataclass(frozen=True, kw_only=True)
class Move:
    entry: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: MoveReason
    wait_for_button: bool = False

    def to_log(self) -> dict[str, object]:
        return {
            "entry": self.entry,
            "from": [self.from_table, self.from_seat],
            "to": [self.to_table, self.to_seat],
            "reason": self.reason,
            "wait_for_button": self.wait_for_button,
        }


@dataclass(frozen=True, kw_only=True)
class Plan:
    moves: tuple[Move, ...] = ()
    break_tables: tuple[int, ...] = ()  # in the order they break
    halted_tables: tuple[int, ...] = ()  # sorted
    final_table: int | None = None  # set when this plan redraws the final table
    warnings: tuple[SeatingWarning, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (self.moves or self.break_tables or self.halted_tables or self.warnings)

    def to_log(self) -> dict[str, object]:
        return {
            "kind": "table_plan",
            "moves": [move.to_log() for move in self.moves],
            "break_tables": list(self.break_tables),
            "halted_tables": list(self.halted_tables),
            "final_table": self.final_table,
            "warnings": [warning.to_log() for warning in self.warnings],
        }
