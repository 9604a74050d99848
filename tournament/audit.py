"""The one audit trail: every action-log line is written here (README "Audit trail").

A line belongs to a scope: the tournament it changed (``tournament:<id>``) or a
room-level thing (``room``, ``cashbox:<id>``, ``player:<id>`` ...). Writers go
through the write unit's ``w.log``; this module is what it calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tournament.models import ActionLog, Tournament


def tournament_scope(tournament_id: int) -> str:
    """The scope of a tournament's lines."""
    return f"tournament:{tournament_id}"


def append(
    *, scope: str, tournament: Tournament | None, kind: str, data: dict[str, Any], by: Any
) -> ActionLog:
    """One line of the trail, by a user (or None for the house)."""
    return append_many(scope=scope, tournament=tournament, lines=[(kind, data)], by=by)[0]


def append_many(
    *,
    scope: str,
    tournament: Tournament | None,
    lines: Sequence[tuple[str, dict[str, Any]]],
    by: Any,
) -> list[ActionLog]:
    """Several lines of one scope in the order given (a hand's busts)."""
    user = by if getattr(by, "pk", None) else None
    return ActionLog.objects.bulk_create(
        [
            ActionLog(tournament=tournament, scope=scope, kind=kind, data=data, by=user)
            for kind, data in lines
        ]
    )
