from __future__ import annotations

from typing import Any

from django.db.models import Count, Q

from tournament.models import LIVE_STATUSES, Tournament


def tournament_summary(tournament: Tournament) -> dict[str, Any]:
    """Counts every screen shows: entries, players left, chips and average stack."""
    counts = tournament.entries.aggregate(
        entries=Count("id"),
        remaining=Count("id", filter=Q(status__in=LIVE_STATUSES)),
        rebuys=Count("id", filter=Q(rebuys__gt=0)),
    )
    remaining = counts["remaining"]
    chips = counts["entries"] * tournament.starting_stack
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "status": tournament.status,
        "entries": counts["entries"],
        "remaining": remaining,
        "chips_in_play": chips,
        "average_stack": chips // remaining if remaining else 0,
        "hand_for_hand": tournament.hand_for_hand,
        "registration_closed": tournament.registration_closed,
        **_payouts(tournament),
    }


def _payouts(tournament: Tournament) -> dict[str, Any]:
    from tournament.services.payouts import money, payouts_view

    view = payouts_view(tournament, amounts=False)
    return {"prize_pool": money(view.pool.total), "paid_places": view.paid}
