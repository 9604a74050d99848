"""When an entry may buy a rebuy or an add-on.

Plain data in, a refusal reason (or None) out. The limits are the
tournament's own (the books leave them to the organiser): how many rebuys
an entry may buy, up to which level rebuys are sold, how many add-ons an
entry may buy (rooms sell one) and at which break. A tournament that offers
no rebuys (or no add-ons) sells none at all (README "Rebuys and add-ons").
Taking back a mistaken purchase is always allowed while there is one to take
back.

Levels are counted as players read them on the clock (1, 2, 3, …); during a
break the level is the one just played. "Rebuys until level 6" sells them
through level 6 and the break after it, where the add-on is usually sold.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Literal

# No room sells more; it also keeps the counter far inside its column.
MOST_PURCHASES = 1000

PurchaseKind = Literal["rebuy", "addon"]


class Refusal(StrEnum):
    REBUYS_NOT_OFFERED = "rebuys_not_offered"
    ADDONS_NOT_OFFERED = "addons_not_offered"
    NOTHING_TO_TAKE_BACK = "nothing_to_take_back"
    LIMIT_REACHED = "limit_reached"
    REBUY_PERIOD_OVER = "rebuy_period_over"
    NOT_THE_ADDON_BREAK = "not_the_addon_break"


@dataclass(frozen=True, kw_only=True)
class PurchaseLimits:
    rebuy_limit: int | None = None  # rebuys per entry; None: no limit
    rebuy_until_level: int | None = None  # last level that sells rebuys; None: any level
    addon_limit: int | None = 1  # add-ons per entry; None: no limit
    addon_after_level: int | None = None  # add-ons in the break after this level; None: any time
    rebuy_offered: bool = True  # see purchase_offered
    addon_offered: bool = True


def purchase_offered(*, price: Decimal, fee: Decimal, chips: int, limit: int | None) -> bool:
    """Whether the tournament sells this kind of purchase at all: it gives chips or
    costs something, and its limit per entry is not 0. A rebuy of nothing for
    nothing is no purchase (it was counted, with no price, no chips, no row)."""
    return (chips > 0 or price > 0 or fee > 0) and limit != 0


@dataclass(frozen=True, kw_only=True)
class PlayPosition:
    """Where the clock stands: the level being played or just played, and whether
    a break is running. Before the clock starts it is level 1, no break."""

    level: int
    in_break: bool


def purchase_refusal(
    *,
    kind: PurchaseKind,
    owned: int,
    count: int,
    limits: PurchaseLimits,
    position: PlayPosition,
) -> Refusal | None:
    """Why `count` more purchases of `kind` (negative: taken back) are refused, or None."""
    if count > 0 and not (limits.rebuy_offered if kind == "rebuy" else limits.addon_offered):
        return Refusal.REBUYS_NOT_OFFERED if kind == "rebuy" else Refusal.ADDONS_NOT_OFFERED
    total = owned + count
    if count == 0 or total < 0:
        return Refusal.NOTHING_TO_TAKE_BACK
    if count < 0:
        return None
    limit = limits.rebuy_limit if kind == "rebuy" else limits.addon_limit
    if total > (MOST_PURCHASES if limit is None else min(limit, MOST_PURCHASES)):
        return Refusal.LIMIT_REACHED
    if kind == "rebuy":
        if limits.rebuy_until_level is not None and position.level > limits.rebuy_until_level:
            return Refusal.REBUY_PERIOD_OVER
        return None
    if limits.addon_after_level is not None and not (
        position.in_break and position.level == limits.addon_after_level
    ):
        return Refusal.NOT_THE_ADDON_BREAK
    return None


@dataclass(frozen=True)
class Window:
    """What the board says about one kind of purchase at a position of the clock:
    ``state`` is one of "open" (sold at any level), "until" (sold through the
    end of ``level``), "over", "next_break" (the add-on break follows this
    level), "now" (the add-on break is on) or "later"."""

    state: str
    level: int | None = None


def purchase_windows(
    limits: PurchaseLimits, position: PlayPosition, *, rebuys: bool, addon: bool
) -> dict[str, Window | None]:
    """The rebuy and the add-on window at ``position``; None for a kind not sold."""
    return {
        "rebuys": _rebuy_window(limits, position) if rebuys else None,
        "addon": _addon_window(limits, position) if addon else None,
    }


def _rebuy_window(limits: PurchaseLimits, position: PlayPosition) -> Window:
    until = limits.rebuy_until_level
    if until is None:
        return Window("open")
    # Sold through that level and in the break right after it.
    return Window("until", until) if position.level <= until else Window("over", until)


def _addon_window(limits: PurchaseLimits, position: PlayPosition) -> Window:
    after = limits.addon_after_level
    if after is None:
        return Window("open")
    if position.level == after:
        return Window("now" if position.in_break else "next_break", after)
    return Window("later" if position.level < after else "over", after)
