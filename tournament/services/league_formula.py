"""A season's own points formula in TD3's language (README "Switching from TD3",
"The points formula"): checking the text, each player's figures from our data,
and the preview the season form draws.

The rules (``tournament.rules.points_formula*``) read and run the text; this
module gathers what the formula reads for each player of a tournament: places,
the hits from who eliminated whom (the bust log's ``eliminated_by``; a shared
elimination counts for each hitman), the purchases (first buy-ins, re-entries
and rebuys, add-ons, each at what it cost the player: prize share plus fee),
the prizes and bounties, and the level he went out in (the bust log's
``level``; 0 for a player never out, or a bust logged before it was recorded).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _

from tournament.errors import Conflict, FieldInvalid, RuleBeyondSchema
from tournament.models import ActionLog, Entry, PayoutSettings, Tournament
from tournament.rules.points_formula import Formula, FormulaError, parse_formula
from tournament.rules.points_formula_eval import formula_points
from tournament.rules.points_formula_names import Figures
from tournament.services.prize_pool import PAID_STATUSES, payout_settings_for
from tournament.services.results import ResultRow

FORMULA_REQUIRED = _("Write the formula, for example n - r + 1.")
FORMULA_MESSAGES: dict[str, Any] = {
    "too_long": _("The formula is longer than %(subject)s characters."),
    "too_deep": _("The formula is nested too deeply (line %(line)s, column %(column)s)."),
    "empty": FORMULA_REQUIRED,
    "unexpected_character": _(
        "The formula cannot read “%(subject)s” (line %(line)s, column %(column)s)."
    ),
    "unterminated_string": _(
        "A text in quotes has no closing quote (line %(line)s, column %(column)s)."
    ),
    "unexpected_token": _("“%(subject)s” does not belong here (line %(line)s, column %(column)s)."),
    "unexpected_end": _("The formula ends too early: a bracket or a value is missing."),
    "string_misplaced": _(
        "A text in quotes can only name the variable of assign (line %(line)s, column %(column)s)."
    ),
    "assign_needs_name": _(
        'assign takes a name in quotes and a value, as in assign("points", 10) '
        "(line %(line)s, column %(column)s)."
    ),
    "wrong_argument_count": _(
        "%(subject)s() does not take this many values (line %(line)s, column %(column)s)."
    ),
    "unknown_name": _("Unknown name in the formula: %(subject)s."),
    "unknown_function": _("Unknown function in the formula: %(subject)s."),
    "not_a_number": _("The formula gives no number for a place (a division by zero?)."),
    "too_large": _("The formula gives more points than can be counted."),
}
FORMULA_INVALID = _("The points formula cannot be read.")


def formula_message(exc: FormulaError) -> str:
    """The rule's error in the reader's language."""
    message = FORMULA_MESSAGES.get(exc.code, FORMULA_INVALID)
    return str(message) % {"subject": exc.subject, "line": exc.line, "column": exc.column}


def formula_read(text: str, *, field: str = "formula_text") -> Formula:
    """The formula read from ``text``; a 422 naming what is wrong."""
    if not text.strip():
        raise FieldInvalid(field, FORMULA_REQUIRED)
    try:
        return parse_formula(text)
    except FormulaError as exc:
        # TD3's formula language is a grammar no schema pattern can hold.
        raise RuleBeyondSchema(field, formula_message(exc), rule="formula_reads") from exc


def formula_run(formula: Formula, figures: Figures) -> Decimal:
    """Points for one player; a formula that gives no number is a 409 for the table."""
    try:
        return formula_points(formula, figures)
    except FormulaError as exc:
        raise Conflict(formula_message(exc)) from exc


# --- each player's figures --------------------------------------------------------------------


def _cost(price: Decimal | None, fee: Decimal | None) -> float:
    return float((price or Decimal(0)) + (fee or Decimal(0)))


@dataclass
class _Bought:
    first: float = 0.0
    later: float = 0.0  # re-entries and rebuys
    addons: float = 0.0
    rebuys: int = 0  # re-entries and rebuys
    addon_count: int = 0


def _purchases(
    tournament: Tournament, settings: PayoutSettings, entries: Iterable[Entry]
) -> dict[int, _Bought]:
    """What each player bought, at what it cost him, by player id."""
    re_entry = _cost(
        tournament.buy_in if settings.re_entry_price is None else settings.re_entry_price,
        tournament.fee if settings.re_entry_fee is None else settings.re_entry_fee,
    )
    rebuy = _cost(settings.rebuy_price, settings.rebuy_fee)
    addon = _cost(settings.addon_price, settings.addon_fee)
    bought: dict[int, _Bought] = defaultdict(_Bought)
    for entry in entries:
        mine = bought[entry.player_id]
        if entry.paid_price is not None:
            price = _cost(entry.paid_price, entry.paid_fee)
        else:
            price = _cost(tournament.buy_in, tournament.fee) if entry.number == 1 else re_entry
        if entry.number == 1:
            mine.first += price
        else:
            mine.later += price
            mine.rebuys += 1
        # An imported entry keeps what its purchases cost as the file recorded them.
        mine.later += (
            entry.rebuys * rebuy if entry.paid_rebuys is None else float(entry.paid_rebuys)
        )
        mine.rebuys += entry.rebuys
        mine.addons += (
            entry.addons * addon if entry.paid_addons is None else float(entry.paid_addons)
        )
        mine.addon_count += entry.addons
    return bought


def _busts(
    tournament: Tournament, entries: dict[int, Entry]
) -> tuple[dict[int, int], dict[int, int]]:
    """Hits by player id and the level each busted entry went out in, from the
    latest bust line of each entry that is out now."""
    out = {pk for pk, e in entries.items() if e.status not in ("registered", "seated")}
    latest: dict[int, dict[str, Any]] = {}
    for data in (
        ActionLog.objects.filter(tournament=tournament, kind="bust")
        .order_by("id")
        .values_list("data", flat=True)
    ):
        if isinstance(data, dict) and data.get("entry") in out:
            latest[data["entry"]] = data
    hits: dict[int, int] = defaultdict(int)
    levels: dict[int, int] = {}
    for victim, data in latest.items():
        hitmen = {entries[h].player_id for h in data.get("eliminated_by") or [] if h in entries}
        for player_id in hitmen:
            hits[player_id] += 1
        level = data.get("level")
        if isinstance(level, int):
            levels[victim] = level
    return hits, levels


@dataclass(frozen=True)
class Field:
    """What the formula reads of the whole tournament."""

    size: int
    final_table: int


def tournament_figures(
    tournament: Tournament,
    rows: list[ResultRow],
    best: dict[int, ResultRow],
    field: Field,
    view: Any,
) -> dict[int, Figures]:
    """Each placed player's figures (by player id) for the formula."""
    entries = {
        e.pk: e for e in tournament.entries.filter(status__in=PAID_STATUSES).order_by("number")
    }
    bought = _purchases(tournament, payout_settings_for(tournament), entries.values())
    hits, levels = _busts(tournament, entries)
    won: dict[int, tuple[float, float]] = defaultdict(lambda: (0.0, 0.0))
    for row in rows:
        prize, bounty = won[row.entry.player_id]
        won[row.entry.player_id] = (prize + float(row.prize), bounty + float(row.bounties))
    common = Figures(
        buyins=field.size,
        total_buyins_amount=sum(b.first for b in bought.values()),
        total_rebuys_amount=sum(b.later for b in bought.values()),
        total_addons_amount=sum(b.addons for b in bought.values()),
        total_rebuys=sum(b.rebuys for b in bought.values()),
        total_addons=sum(b.addon_count for b in bought.values()),
        pot=float(view.pool.total),
        in_the_money_rank=view.paid,
    )
    figures = {}
    for player_id, row in best.items():
        mine = bought.get(player_id, _Bought())
        prize, bounty = won[player_id]
        cost = mine.first + mine.later + mine.addons
        figures[player_id] = replace(
            common,
            rank=row.place or 0,
            position=max(field.size, row.place or 0) - (row.place or 0) + 1,
            hits=hits.get(player_id, 0),
            rebuys=mine.rebuys,
            addons=mine.addon_count,
            buyin_cost=mine.first,
            rebuy_cost=mine.later,
            addon_cost=mine.addons,
            total_cost=cost,
            prize_winnings=prize,
            bounty_winnings=bounty,
            total_winnings=prize + bounty,
            take=prize + bounty - cost,
            round_out=levels.get(row.entry.pk, 0),
            in_the_money=1.0 if prize > 0 else 0.0,
            final_table=1.0 if (row.place or 0) <= field.final_table else 0.0,
        )
    return figures


# --- the preview ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PreviewRow:
    place: int
    points: Decimal
    with_hit: Decimal


def _previewed(formula: Formula, figures: Figures) -> Decimal:
    try:
        return formula_points(formula, figures)
    except FormulaError as exc:
        raise RuleBeyondSchema(
            "formula_text", formula_message(exc), rule="formula_computes"
        ) from exc


def formula_preview_rows(
    formula: Formula, *, field: int, buy_in: Decimal, participation: Decimal
) -> list[PreviewRow]:
    """Points of places 1..field in a field of ``field`` players who each paid
    ``buy_in`` once, without a hit and with one hit; a formula that gives no
    number for a place is a 422."""
    amount = float(buy_in)
    base = Figures(
        buyins=field,
        total_buyins_amount=amount * field,
        buyin_cost=amount,
        total_cost=amount,
        take=-amount,
    )
    rows = []
    for place in range(1, field + 1):
        figures = replace(base, rank=place, position=field - place + 1)
        rows.append(
            PreviewRow(
                place,
                _previewed(formula, figures) + participation,
                _previewed(formula, replace(figures, hits=1)) + participation,
            )
        )
    return rows
