"""League points and the season table (pure rules, no Django).

Points per tournament come from a named formula and the player's place in a
field of ``field`` (players, or entries with re-entries, as the tournament
counts places; the caller passes the number). A shared place earns the points of
the shared (better) place number. Points are ``Decimal`` with two decimals,
rounded half up. League points are never part of a deal (BDPV
Turnierreglement 29): they follow the finishing place only.

Formulas:

``linear``
    ``field - place + 1``: the winner gets one point per entry, last place 1.
``sqrt``
    ``scale * sqrt(field) / sqrt(place)`` (scale 10 by default): bigger
    fields are worth more, and the gap between places shrinks further down.
``table``
    a fixed table by place (default 25, 18, 15, 12, 10, 8, 6, 4, 2, 1);
    places beyond the table get nothing.

Every formula adds ``participation`` points for each player who played.

The season table sums each player's points over the tournaments (optionally
only their ``best_of`` best results) and orders by points, then more wins,
then the better best place, then more tournaments played (wins, best place
and tournaments played count every result, counted or not). Players still
level on all of these share the rank (1, 2, 2, 4); they are listed by player
id within it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Literal

CENT = Decimal("0.01")
ZERO = Decimal(0)

FormulaKind = Literal["linear", "sqrt", "table"]
DEFAULT_TABLE: tuple[Decimal, ...] = tuple(Decimal(p) for p in (25, 18, 15, 12, 10, 8, 6, 4, 2, 1))


class LeagueError(ValueError):
    """Invalid league input; ``code`` is machine-readable for translation."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class PointsFormula:
    kind: FormulaKind = "linear"
    scale: Decimal = Decimal(10)  # for "sqrt"
    table: tuple[Decimal, ...] = DEFAULT_TABLE  # for "table", best place first
    participation: Decimal = ZERO


def league_points(*, place: int, field: int, formula: PointsFormula) -> Decimal:
    """Points for finishing ``place`` in a field of ``field`` entries."""
    if field < 1 or not 1 <= place <= field:
        raise LeagueError("place_out_of_range", f"place {place} is not within a field of {field}")
    if formula.kind == "linear":
        points = Decimal(field - place + 1)
    elif formula.kind == "sqrt":
        with localcontext() as ctx:
            ctx.prec = 30
            points = formula.scale * Decimal(field).sqrt() / Decimal(place).sqrt()
    elif formula.kind == "table":
        points = formula.table[place - 1] if place <= len(formula.table) else ZERO
    else:
        raise LeagueError("formula_unknown", f"unknown points formula {formula.kind!r}")
    return (points + formula.participation).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class SeasonResult:
    """One player's result in one tournament of the season."""

    tournament_id: int
    player_id: int
    place: int
    points: Decimal


@dataclass(frozen=True)
class Standing:
    rank: int
    player_id: int
    points: Decimal
    wins: int
    best_place: int
    played: int
    counted: tuple[int, ...] = field(default=())  # tournament ids whose points count


# points, wins, best place, played, player id, counted tournament ids
_Row = tuple[Decimal, int, int, int, int, tuple[int, ...]]


def season_table(results: Sequence[SeasonResult], *, best_of: int | None = None) -> list[Standing]:
    """The season standings, best first (see the module doc for the order)."""
    if best_of is not None and best_of < 1:
        raise LeagueError("best_of_invalid", "best_of must be at least 1")
    seen: set[tuple[int, int]] = set()
    by_player: dict[int, list[SeasonResult]] = {}
    for result in results:
        key = (result.tournament_id, result.player_id)
        if key in seen:
            raise LeagueError(
                "duplicate_result",
                f"player {result.player_id} has two results in tournament {result.tournament_id}",
            )
        if result.place < 1:
            raise LeagueError("place_out_of_range", "places start at 1")
        seen.add(key)
        by_player.setdefault(result.player_id, []).append(result)

    rows: list[_Row] = []
    for player_id, own in by_player.items():
        ranked = sorted(own, key=lambda r: (-r.points, r.place, r.tournament_id))
        kept = ranked if best_of is None else ranked[:best_of]
        rows.append(
            (
                sum((r.points for r in kept), ZERO),
                sum(1 for r in own if r.place == 1),
                min(r.place for r in own),
                len(own),
                player_id,
                tuple(sorted(r.tournament_id for r in kept)),
            )
        )

    def merit(row: _Row) -> tuple[Decimal, int, int, int]:
        points, wins, best, played, _, _ = row
        return (-points, -wins, best, -played)

    rows.sort(key=lambda row: (merit(row), row[4]))
    standings: list[Standing] = []
    for position, row in enumerate(rows, start=1):
        if standings and merit(row) == merit(rows[position - 2]):
            rank = standings[-1].rank
        else:
            rank = position
        points, wins, best, played, player_id, counted_ids = row
        standings.append(Standing(rank, player_id, points, wins, best, played, counted_ids))
    return standings
