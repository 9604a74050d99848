"""Read side of the ruling log: the rulings with all a page or the API shows of
them, filtered for the API, the pages and the exports. Nothing here writes."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from rulings.models import Amendment, Ruling, RulingEntry


def rulings_with_details(queryset: QuerySet[Ruling]) -> QuerySet[Ruling]:
    """The queryset with everything a ruling's payload reads
    (:func:`rulings.presenters.ruling_payload`), in a fixed number of queries."""
    return queryset.select_related(
        "decided_by", "penalty__entry__player", "penalty__table"
    ).prefetch_related(
        Prefetch("involved", queryset=RulingEntry.objects.select_related("entry__player")),
        Prefetch("amendments", queryset=Amendment.objects.select_related("created_by")),
    )


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
