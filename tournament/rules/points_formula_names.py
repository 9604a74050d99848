"""The variables and functions of TD3's points formula language (pure rules).

Names are read in any letter case; an alias means the same variable (``n`` is
``buyins``). The variables are those of TD3's "Points for Playing Formula" that
our data has, for one player in one tournament (``Figures``); amounts are money
as floats. What each one holds is listed in README "Switching from TD3", "The
points formula".
"""

from __future__ import annotations

from dataclasses import dataclass

# canonical name (lower case) -> (the Figures attribute, aliases)
VARIABLES: dict[str, tuple[str, tuple[str, ...]]] = {
    # the tournament
    "buyins": ("buyins", ("n", "numberofplayers")),
    "totalbuyinsamount": ("total_buyins_amount", ()),
    "totalrebuysamount": ("total_rebuys_amount", ()),
    "totaladdonsamount": ("total_addons_amount", ()),
    "totalrebuys": ("total_rebuys", ("totalnumberofrebuys", "tnr")),
    "totaladdons": ("total_addons", ("totalnumberofaddons", "tna")),
    "pot": ("pot", ("prizepool", "pp")),
    "inthemoneyrank": ("in_the_money_rank", ("mr",)),
    # the player
    "rank": ("rank", ("r",)),
    "position": ("position", ()),
    "numberofhits": ("hits", ("nh",)),
    "numberofrebuys": ("rebuys", ("rebuys", "nr")),
    "numberofaddons": ("addons", ("addons", "na")),
    "buyincost": ("buyin_cost", ("bc",)),
    "rebuycost": ("rebuy_cost", ("rc",)),
    "addoncost": ("addon_cost", ("ac",)),
    "totalcost": ("total_cost", ("tc",)),
    "prizewinnings": ("prize_winnings", ("pw",)),
    "bountywinnings": ("bounty_winnings", ("bw",)),
    "totalwinnings": ("total_winnings", ("tw",)),
    "take": ("take", ("t",)),
    "roundout": ("round_out", ("ro",)),
    "inthemoney": ("in_the_money", ("m", "placed")),
    "finaltable": ("final_table", ()),
}

_ALIASES: dict[str, str] = {
    alias: canonical for canonical, (_attr, aliases) in VARIABLES.items() for alias in aliases
}

# function (lower case) -> (fewest values, most values or None for any number)
FUNCTIONS: dict[str, tuple[int, int | None]] = {
    "if": (2, 3),
    "switch": (2, None),
    "lswitch": (2, None),
    "round": (1, 2),
    "floor": (1, 1),
    "ceil": (1, 1),
    "sqrt": (1, 1),
    "pow": (2, 2),
    "power": (2, 2),
    "log": (1, 2),
    "ln": (1, 2),
    "log10": (1, 1),
    "exp": (1, 1),
    "abs": (1, 1),
    "min": (1, None),
    "max": (1, None),
    "sum": (1, None),
    "product": (1, None),
    "average": (1, None),
    "count": (0, None),
    "oneof": (1, None),
    "triangle": (1, 1),
    "roundtonearest": (2, 2),
    "rounduptonearest": (2, 2),
    "rounddowntonearest": (2, 2),
}


def canonical_name(name: str) -> str:
    """The variable ``name`` stands for: lower case, an alias resolved."""
    lower = name.lower()
    return _ALIASES.get(lower, lower)


def is_variable(canonical: str) -> bool:
    return canonical in VARIABLES


@dataclass(frozen=True)
class Figures:
    """One player's figures in one tournament, as the formula reads them."""

    buyins: float = 0.0  # players who bought in
    rank: float = 0.0  # the player's final place
    total_buyins_amount: float = 0.0  # first buy-ins of all players
    total_rebuys_amount: float = 0.0  # all later purchases: re-entries and rebuys
    total_addons_amount: float = 0.0
    total_rebuys: float = 0.0
    total_addons: float = 0.0
    pot: float = 0.0
    in_the_money_rank: float = 0.0  # the last paid place
    position: float = 0.0  # 1 for the first out, n for the winner
    hits: float = 0.0  # players he eliminated (a shared one counts for each)
    rebuys: float = 0.0  # his re-entries and rebuys
    addons: float = 0.0
    buyin_cost: float = 0.0
    rebuy_cost: float = 0.0
    addon_cost: float = 0.0
    total_cost: float = 0.0
    prize_winnings: float = 0.0
    bounty_winnings: float = 0.0
    total_winnings: float = 0.0
    take: float = 0.0  # total winnings less total cost
    round_out: float = 0.0  # the level he went out in (0: never out)
    in_the_money: float = 0.0  # 1 when he won a prize
    final_table: float = 0.0  # 1 when he reached the final table


def figures_values(figures: Figures) -> dict[str, float]:
    """The variables by canonical name."""
    return {name: float(getattr(figures, attr)) for name, (attr, _aliases) in VARIABLES.items()}
