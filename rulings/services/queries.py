"""Read side of the ruling log: filtered lists for the API, the pages and the exports."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from rulings.models import Ruling
from rulings.presenters import ruling_payload, rulings_with_details


def rulings_filtered(
    tournament: Any,
    *,
    table: int | None = None,
    entry: int | None = None,
    player: int | None = None,
    category: str | None = None,
    penalty: str | None = None,
) -> QuerySet[Ruling]:
    rulings = Ruling.objects.filter(tournament=tournament)
    if table is not None:
        rulings = rulings.filter(table_number=table)
    if entry is not None:
        rulings = rulings.filter(Q(involved__entry_id=entry) | Q(penalty__entry_id=entry))
    if player is not None:
        rulings = rulings.filter(
            Q(involved__entry__player_id=player) | Q(penalty__entry__player_id=player)
        )
    if category:
        rulings = rulings.filter(category=category)
    if penalty == "any":
        rulings = rulings.filter(penalty__isnull=False)
    elif penalty == "none":
        rulings = rulings.filter(penalty__isnull=True)
    elif penalty:
        rulings = rulings.filter(penalty__kind=penalty)
    return rulings_with_details(rulings.distinct())


def rulings_latest(tournament: Any, *, limit: int) -> list[dict[str, Any]]:
    """The newest rulings of the log, newest first, for the staff screens (the
    ``rulings`` part). Hands left of a penalty are left out: they follow the
    table's hands, which the table rows show."""
    rulings = rulings_with_details(Ruling.objects.filter(tournament=tournament))
    return [ruling_payload(ruling) for ruling in rulings.order_by("-id")[:limit]]
