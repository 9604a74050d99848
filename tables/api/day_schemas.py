"""The typed answers of chip counts, bags and days (README "Events: flights, bags
and the next day"). `table` is a table NUMBER here, as everywhere inside a
tournament's payloads (README "API", "Table ids and table numbers")."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from tables.api.schemas import TABLE_NUMBER, Out


class ChipCountOut(Out):
    entry: int = Field(description="The entry counted.")
    table: int | None = Field(description=TABLE_NUMBER)
    seat: int | None = Field(description="His seat when counted.")
    chips: int = Field(description="Chips counted.")
    level: int | None = Field(description="The level played when counted.")
    counted_at: datetime = Field(description="When the count was entered.")


class CurrentCountOut(Out):
    entry: int = Field(description="The entry.")
    name: str = Field(description="The player's name.")
    table: int = Field(description=TABLE_NUMBER)
    seat: int = Field(description="His seat.")
    chips: int = Field(description="His latest count.")
    counted_at: datetime = Field(description="When it was counted.")
    before_busts: bool = Field(
        description="Counted before a later bust (misses the chips that bust moved)."
    )


class BaggedOut(Out):
    entry: int = Field(description="The entry bagged.")
    name: str = Field(description="The player's name.")
    chips: int = Field(description="Chips in the bag.")
    bag: int = Field(description="The bag's number.")


class DayEndOut(Out):
    bagged: list[BaggedOut] = Field(description="Every remaining player's bag.")
    counted_total: int = Field(description="Chips counted in all.")
    chips_in_play: int = Field(description="Chips that should be in play.")
    difference: int = Field(description="counted_total minus chips_in_play.")


class ReopenedOut(Out):
    reopened: bool = Field(description="The day is open again.")


class NextDayOut(Out):
    tournament: int = Field(description="The new day's tournament id.")
    name: str = Field(description="The new day's name.")
    day: int | None = Field(description="The day's number (2, 3, ...).")


class BagOut(Out):
    bag: int = Field(description="The bag's number.")
    entry: int = Field(description="The entry bagged.")
    name: str = Field(description="The player's name.")
    chips: int = Field(description="Chips in the bag.")
    verified_by: str | None = Field(description="Who verified the bag, if anyone.")
    bagged_at: datetime | None = Field(description="When it was bagged.")
    carried: bool = Field(description="The bag went on to the next day.")
    forfeited: bool = Field(description="The bag was forfeited (no show).")
