"""Proposals to finish before a hard stop (README "Finish on time: hard stop").

When the forecast's latest end passes the tournament's hard stop, the
director is offered changes to the structure ahead, each with the forecast
it would give:

- ``shorten-<N>``: every level after the one played lasts at most N minutes;
- ``skip-<i>``: the next level (entry ``i``) is left out;
- ``ante-<i>``: the ante comes in at entry ``i`` instead of later, in the
  proportion to the big blind of the first level that has one;
- ``colour_up-<i>``: at the next break (entry ``i``) the smallest chip in play
  leaves too, and the blinds and antes after it round up to the chips left;
- ``deal-icm`` / ``deal-chip_chop``: late (at the final table), a deal at a
  given time ends play then (the deal page does it, not the structure).

The forecast itself is passed in (``forecast_of``: the forecast of a changed
structure), so this module knows nothing of how it is made. Plain Python.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Generic, Literal, Protocol, TypeVar

from clock.rules.errors import RuleError
from clock.rules.forecast import Ahead, ForecastInputs
from clock.rules.structure import (
    Break,
    Entry,
    Level,
    denominations_in_play,
    has_errors,
    validate_structure,
)

__all__ = [
    "Play",
    "DEAL_LEAD",
    "Ends",
    "Proposal",
    "SHORTEN_MINUTES",
    "changed_structure",
    "entries_ahead",
    "inputs_with",
    "proposals",
]

Kind = Literal["shorten", "skip", "ante", "colour_up", "deal"]
STRUCTURE_KINDS: tuple[Kind, ...] = ("shorten", "skip", "ante", "colour_up")
DEAL_METHODS = ("icm", "chip_chop")

# The level lengths offered, in minutes: the round numbers clubs play.
SHORTEN_MINUTES = (30, 25, 20, 15, 12, 10, 8, 6, 5)
# A deal is proposed this long before the stop: counting the chips and agreeing
# takes about a quarter of an hour at a final table.
DEAL_LEAD = timedelta(minutes=15)
# Without a proposal that meets the stop, the best ones shown.
BEST_SHOWN = 3


class Ends(Protocol):
    """What a forecast must say for the proposals: the predicted end and its interval."""

    @property
    def predicted_end(self) -> datetime: ...

    @property
    def earliest(self) -> datetime: ...

    @property
    def latest(self) -> datetime: ...


F = TypeVar("F", bound=Ends)


@dataclass(frozen=True, slots=True)
class Play:
    """The structure and where play stands in it.

    ``current`` is the index of the entry played now; ``chip_values`` the chip
    set's denominations (empty: no chip set, no colour-up proposal);
    ``players_left`` and ``final_table_size`` decide whether a deal is offered.
    """

    entries: tuple[Entry, ...]
    current: int
    chip_values: tuple[int, ...] = ()
    players_left: int = 0
    final_table_size: int = 9


@dataclass(frozen=True, slots=True)
class Proposal(Generic[F]):
    """One way to finish earlier and the forecast it would give.

    ``entries`` is the changed structure (None for a deal); ``minutes``,
    ``index`` and ``method`` are the proposal's figures by kind; ``at`` is the
    deal's time.
    """

    id: str
    kind: Kind
    forecast: F
    entries: tuple[Entry, ...] | None = None
    minutes: int | None = None
    index: int | None = None
    method: str | None = None
    at: datetime | None = None


class ProposalError(RuleError):
    """A proposal id that names nothing this structure can do (code ``unknown_proposal``)."""


# -- the forecast's view of a structure ---------------------------------------------


def entries_ahead(
    entries: Sequence[Entry], current: int, remaining_s: int, table_size: int = 9
) -> tuple[Ahead, ...]:
    """The structure from now on as the forecast reads it: what is left of
    entry ``current`` (``remaining_s``), then every entry after it. A big blind
    ante (one for the table) counts as ``table_size`` antes of its share."""

    if not 0 <= current < len(entries):
        return ()
    first = entry_ahead(entries[current], max(remaining_s, 0), table_size)
    return (
        first,
        *(entry_ahead(entry, entry.seconds, table_size) for entry in entries[current + 1 :]),
    )


def entry_ahead(entry: Entry, seconds: int, table_size: int = 9) -> Ahead:
    """One entry of the structure as the forecast reads it, ``seconds`` long."""
    if isinstance(entry, Break):
        return Ahead(seconds, 0, 0, 0, True)
    ante = entry.ante // max(table_size, 1) if entry.big_blind_ante else entry.ante
    return Ahead(seconds, entry.small_blind, entry.big_blind, ante, False)


def inputs_with(inputs: ForecastInputs, play: Play, entries: Sequence[Entry]) -> ForecastInputs:
    """The forecast's inputs with ``entries`` instead of the structure ahead: the
    entry played now keeps the time it has left."""
    remaining = inputs.ahead[0].duration_s if inputs.ahead else 0
    ahead = entries_ahead(entries, play.current, remaining, inputs.table_size)
    return replace(inputs, ahead=ahead)


# -- the changes -----------------------------------------------------------------


def _levels_after(ahead: Play) -> list[int]:
    return [
        i
        for i in range(ahead.current + 1, len(ahead.entries))
        if isinstance(ahead.entries[i], Level)
    ]


def _shortened(ahead: Play, minutes: int) -> tuple[Entry, ...] | None:
    seconds = minutes * 60
    changed = list(ahead.entries)
    for i in _levels_after(ahead):
        entry = changed[i]
        if entry.seconds > seconds:
            changed[i] = replace(entry, seconds=seconds)
    result = tuple(changed)
    return result if result != ahead.entries else None


def _skipped(ahead: Play, index: int) -> tuple[Entry, ...] | None:
    levels = _levels_after(ahead)
    if not levels or index != levels[0] or len(levels) < 2:
        return None
    return ahead.entries[:index] + ahead.entries[index + 1 :]


def _round_up(value: int, unit: int) -> int:
    return value if value <= 0 or unit <= 0 else math.ceil(value / unit) * unit


def _ante_earlier(ahead: Play, index: int) -> tuple[Entry, ...] | None:
    levels = _levels_after(ahead)
    model = next((ahead.entries[i] for i in levels if ahead.entries[i].ante > 0), None)  # type: ignore[union-attr]
    if not isinstance(model, Level) or index not in levels:
        return None
    changed = list(ahead.entries)
    for i in levels:
        if i < index:
            continue
        level = changed[i]
        assert isinstance(level, Level)
        if level.ante > 0:
            break
        unit = math.gcd(level.small_blind, level.big_blind) or 1
        ante = _round_up(max(level.big_blind * model.ante // model.big_blind, 1), unit)
        changed[i] = replace(level, ante=ante, big_blind_ante=model.big_blind_ante)
    result = tuple(changed)
    return result if result != ahead.entries else None


def _coloured_up(ahead: Play, index: int) -> tuple[Entry, ...] | None:
    entries = ahead.entries
    if not ahead.chip_values or not 0 <= index < len(entries):
        return None
    brk = entries[index]
    if index <= ahead.current or not isinstance(brk, Break):
        return None
    in_play = [d for d in denominations_in_play(entries, ahead.chip_values)[index]]
    left = [d for d in in_play if d not in brk.color_up]
    if len(left) < 2:
        return None
    leaving = left[0]
    # It leaves here instead of at a later break.
    changed = [
        replace(e, color_up=tuple(v for v in e.color_up if v != leaving))
        if isinstance(e, Break) and i > index
        else e
        for i, e in enumerate(entries)
    ]
    changed[index] = replace(brk, color_up=(*brk.color_up, leaving))
    chips = denominations_in_play(changed, ahead.chip_values)
    for i in range(index + 1, len(changed)):
        level = changed[i]
        if not isinstance(level, Level) or not chips[i]:
            continue
        unit = chips[i][0]
        small = _round_up(level.small_blind, unit)
        big = max(_round_up(level.big_blind, unit), small + unit)
        changed[i] = replace(
            level, small_blind=small, big_blind=big, ante=_round_up(level.ante, unit)
        )
    return tuple(changed)


def _parse(proposal_id: str) -> tuple[str, str]:
    kind, _dash, figure = proposal_id.partition("-")
    if not figure:
        raise ProposalError("unknown_proposal", proposal=proposal_id)
    return kind, figure


def changed_structure(ahead: Play, proposal_id: str) -> tuple[Entry, ...]:
    """The structure a proposal (by its id, e.g. ``shorten-15``) makes of this one.

    Raise :class:`ProposalError` for an id that names no change here (a deal
    is not a change of the structure), or a change the rules refuse.
    """
    kind, figure = _parse(proposal_id)
    if not figure.isdigit() or kind not in STRUCTURE_KINDS:
        raise ProposalError("unknown_proposal", proposal=proposal_id)
    number = int(figure)
    makers: dict[str, Callable[[Play, int], tuple[Entry, ...] | None]] = {
        "shorten": _shortened,
        "skip": _skipped,
        "ante": _ante_earlier,
        "colour_up": _coloured_up,
    }
    changed = None if kind == "shorten" and number < 1 else makers[kind](ahead, number)
    if changed is None or has_errors(
        validate_structure(changed, denominations=ahead.chip_values or None)
    ):
        raise ProposalError("unknown_proposal", proposal=proposal_id)
    return changed


def candidate_ids(ahead: Play) -> list[str]:
    """Every structure change worth a forecast, by id."""
    levels = _levels_after(ahead)
    longest = max((ahead.entries[i].seconds for i in levels), default=0) // 60
    ids = [f"shorten-{m}" for m in SHORTEN_MINUTES if m < longest]
    if levels:
        ids.append(f"skip-{levels[0]}")
        bare = [i for i in levels if ahead.entries[i].ante == 0]  # type: ignore[union-attr]
        if bare:
            ids.append(f"ante-{bare[0]}")
    breaks = [
        i
        for i in range(ahead.current + 1, len(ahead.entries))
        if isinstance(ahead.entries[i], Break)
    ]
    if breaks:
        ids.append(f"colour_up-{breaks[0]}")
    return ids


# -- choosing ----------------------------------------------------------------------


def _structure_proposals(
    ahead: Play, forecast_of: Callable[[tuple[Entry, ...]], F]
) -> list[Proposal[F]]:
    found: list[Proposal[F]] = []
    for proposal_id in candidate_ids(ahead):
        try:
            entries = changed_structure(ahead, proposal_id)
        except ProposalError:
            continue
        kind, figure = _parse(proposal_id)
        found.append(
            Proposal(
                id=proposal_id,
                kind=kind,  # type: ignore[arg-type]
                forecast=forecast_of(entries),
                entries=entries,
                minutes=int(figure) if kind == "shorten" else None,
                index=None if kind == "shorten" else int(figure),
            )
        )
    return found


def _deal_proposals(
    ahead: Play, hard_stop: datetime, now: datetime, deal_at: Callable[[datetime], F]
) -> list[Proposal[F]]:
    if not 1 < ahead.players_left <= ahead.final_table_size:
        return []
    at = max(hard_stop - DEAL_LEAD, now)
    return [
        Proposal(id=f"deal-{method}", kind="deal", forecast=deal_at(at), method=method, at=at)
        for method in DEAL_METHODS
    ]


def proposals(
    ahead: Play,
    *,
    current: F,
    hard_stop: datetime,
    now: datetime,
    forecast_of: Callable[[tuple[Entry, ...]], F],
    deal_at: Callable[[datetime], F],
) -> tuple[Proposal[F], ...]:
    """The proposals to show against ``hard_stop``, least change first.

    Only changes that end earlier than ``current`` count. Those that bring the
    latest end before the stop are shown, one per kind (the one that changes
    the predicted end least), least change first; when none does, the
    :data:`BEST_SHOWN` that end soonest, one per kind.
    """
    found = [
        p
        for p in _structure_proposals(ahead, forecast_of)
        + _deal_proposals(ahead, hard_stop, now, deal_at)
        if p.forecast.predicted_end < current.predicted_end
    ]
    meeting = [p for p in found if p.forecast.latest <= hard_stop]
    if meeting:
        # Least change: the predicted end that stays latest.
        return _one_per_kind(meeting, key=lambda p: -p.forecast.predicted_end.timestamp())
    best = _one_per_kind(found, key=lambda p: p.forecast.latest.timestamp())
    return best[:BEST_SHOWN]


def _one_per_kind(
    found: Sequence[Proposal[F]], key: Callable[[Proposal[F]], float]
) -> tuple[Proposal[F], ...]:
    ranked = sorted(found, key=lambda p: (key(p), p.id))
    seen: set[str] = set()
    kept: list[Proposal[F]] = []
    for proposal in ranked:
        group = proposal.id if proposal.kind == "deal" else proposal.kind
        if group in seen:
            continue
        seen.add(group)
        kept.append(proposal)
    return tuple(kept)
