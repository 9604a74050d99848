"""Penalty countdowns and offence records, read by the table map and the log.

A sit-out penalty starts with the hand after the one in progress (TDA 2019
rule 66). ``hands_left`` is ``hands`` minus the hands dealt at the player's
table since the penalty was given: while he stays at that table this is the
table's hand counter minus the counter stored with the penalty; after a move
it counts the ``next_hand`` records of the tables he sat at, each while he
sat there (a misdeal and its redeal are one hand: the counter moves once).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from rulings.models import Penalty
from rulings.rules.penalties import (
    COUNTED_KINDS,
    PenaltyKind,
    RepeatOffence,
    hands_left,
    repeat_offence,
)
from tables.models import Seat, SeatChange
from tournament.models import ActionLog


@dataclass(frozen=True, slots=True)
class Offences:
    warnings: int
    penalties: int
    disqualified: bool

    @property
    def total(self) -> int:
        return self.warnings + self.penalties + int(self.disqualified)

    @property
    def repeat(self) -> bool:
        return self.total >= 2

    def escalation(self) -> RepeatOffence:
        return repeat_offence(prior_warnings=self.warnings, prior_penalties=self.penalties)


def _hands_played_after_moves(penalties: list[Penalty], tournament_id: int) -> dict[int, int]:
    """Hands dealt at the entry's tables since each penalty, for entries that moved since."""
    if not penalties:
        return {}
    since = min(p.created_at for p in penalties)
    entry_ids = {p.entry_id for p in penalties}
    changes: dict[int, list[tuple[datetime, int | None]]] = defaultdict(list)
    for change in SeatChange.objects.filter(
        tournament_id=tournament_id, entry_id__in=entry_ids, at__gte=since
    ).order_by("at", "id"):
        changes[change.entry_id].append((change.at, change.to_table))
    hands = list(
        ActionLog.objects.filter(tournament_id=tournament_id, kind="next_hand", at__gte=since)
        .order_by("at", "id")
        .values_list("at", "data")
    )
    played: dict[int, int] = {}
    for penalty in penalties:
        table_number = penalty.table.number if penalty.table is not None else None
        timeline = [(penalty.created_at, table_number)] + [
            (at, to_table) for at, to_table in changes[penalty.entry_id] if at >= penalty.created_at
        ]
        count = 0
        for at, data in hands:
            if at < penalty.created_at:
                continue
            where = None
            for start, number in timeline:
                if start <= at:
                    where = number
            if where is not None and data.get("table") == where:
                count += 1
        played[penalty.pk] = count
    return played


def penalty_hands_left(penalties: Iterable[Penalty]) -> dict[int, int]:
    """Hands still to sit out, by penalty id (0 when served), in a fixed number of queries.

    The penalties need ``table`` selected; the entries' current seats are read here.
    """
    counted = [p for p in penalties if p.kind in COUNTED_KINDS]
    if not counted:
        return {}
    current = dict(
        Seat.objects.filter(entry_id__in={p.entry_id for p in counted}).values_list(
            "entry_id", "table_id"
        )
    )
    moved_since = set(
        SeatChange.objects.filter(
            entry_id__in={p.entry_id for p in counted},
            at__gte=min(p.created_at for p in counted),
        ).values_list("entry_id", "at")
    )
    left: dict[int, int] = {}
    moved: list[Penalty] = []
    for penalty in counted:
        stayed = current.get(penalty.entry_id) == penalty.table_id and not any(
            entry == penalty.entry_id and at >= penalty.created_at for entry, at in moved_since
        )
        if stayed and penalty.table is not None and penalty.hand_at_start is not None:
            played = max(0, penalty.table.hand - penalty.hand_at_start)
            left[penalty.pk] = hands_left(penalty.hands, played)
        else:
            moved.append(penalty)
    tournament_id = counted[0].tournament_id
    for pk, played in _hands_played_after_moves(moved, tournament_id).items():
        hands = next(p.hands for p in moved if p.pk == pk)
        left[pk] = hands_left(hands, played)
    return left


def seat_penalties(tournament: Any, entry_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The running sit-out penalty of each given entry: ``{entry: {kind, hands, hands_left}}``.

    For the table map (tables.presenters); a fixed number of queries for any
    number of tables. Served penalties are left out.
    """
    ids = set(entry_ids)
    if not ids:
        return {}
    # A tournament has few sit-out penalties and a floor can have 10,000 seats: read
    # the tournament's and keep those of these entries (an IN list of 10,000 ids
    # cost 0.4 s on PostgreSQL for the seat draw's table rows).
    penalties = [
        penalty
        for penalty in Penalty.objects.filter(
            tournament=tournament, kind__in=[k.value for k in COUNTED_KINDS]
        )
        .select_related("table")
        .order_by("id")
        if penalty.entry_id in ids
    ]
    left = penalty_hands_left(penalties)
    running: dict[int, dict[str, Any]] = {}
    for penalty in penalties:
        remaining = left.get(penalty.pk, 0)
        if remaining <= 0:
            continue
        shown = running.get(penalty.entry_id)
        # Two running penalties at once: the longer one is what the player still faces.
        if shown is None or remaining > shown["hands_left"]:
            running[penalty.entry_id] = {
                "kind": penalty.kind,
                "hands": penalty.hands,
                "hands_left": remaining,
            }
    return running


def offences_by_entry(tournament: Any) -> dict[int, Offences]:
    """Warnings, sit-out penalties and disqualification per entry of the tournament."""
    counts: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for entry_id, kind in Penalty.objects.filter(tournament=tournament).values_list(
        "entry_id", "kind"
    ):
        counts[entry_id][kind] += 1
    return {
        entry_id: Offences(
            warnings=c[PenaltyKind.WARNING.value],
            penalties=c[PenaltyKind.MISSED_HANDS.value] + c[PenaltyKind.MISSED_ROUNDS.value],
            disqualified=c[PenaltyKind.DISQUALIFICATION.value] > 0,
        )
        for entry_id, c in counts.items()
    }
