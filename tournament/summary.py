from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Sum

from tournament.models import LIVE_STATUSES, WITHDRAWN_STATUSES, Entry, EntryTally, Tournament
from tournament.services.buy_ins import chips_bought
from tournament.services.payouts import money, payouts_view
from tournament.services.prize_pool import (
    POOL_STATUSES,
    PoolCounts,
    payout_settings_for,
    pool_counts,
)

OUT_STATUSES = ("busted", "disqualified")


@dataclass(frozen=True)
class EntryCounts:
    """The entry counts the summary, the payouts and the end-of-event check all need."""

    entries: int
    remaining: int
    out: int
    pool: Any  # tournament.services.payouts.PoolCounts
    disqualified: int = 0  # their chips are out of play
    waiting: int = 0  # alternates waiting for a seat


def entry_counts(tournament: Tournament) -> EntryCounts:
    """The counts from the entry tally the database keeps (:mod:`tournament.tally`):
    a handful of rows, however many entries the field has.

    A later day of an event plays for the event's pool: its prize pool counts
    the entries, rebuys and add-ons of every Day 1 flight (README "Events")."""
    entries = remaining = out = disqualified = waiting = 0
    paid_entries = paid_re_entries = rebuys = addons = 0
    later_day = tournament.event_id is not None and (tournament.day or 1) > 1
    rows = _tally_rows(tournament.pk)
    # Unregistered entries, their money refunded, are not in the field.
    for status, number_class, n, row_rebuys, row_addons in rows:
        entries += n
        if status in LIVE_STATUSES:
            remaining += n
        if status in OUT_STATUSES:
            out += n
        if status == Entry.Status.DISQUALIFIED:
            disqualified += n
        if status == Entry.Status.WAITING:
            waiting += n
        if status in POOL_STATUSES:
            if number_class == 1:
                paid_entries += n
            elif number_class > 1:
                paid_re_entries += n
            rebuys += row_rebuys
            addons += row_addons
    pool = PoolCounts(paid_entries, paid_re_entries, rebuys, addons)
    if later_day:
        pool = pool_counts(tournament)
    return EntryCounts(
        entries=entries,
        remaining=remaining,
        out=out,
        pool=pool,
        disqualified=disqualified,
        waiting=waiting,
    )


def _tally_rows(tournament_id: int) -> list[tuple[str, int, int, int, int]]:
    """The tally's rows in one plain query: every bust reads them, and the ORM
    built this one query in more processor time than the database answered it
    (README "Benchmarks")."""
    connection = connections[EntryTally.objects.db]
    table = connection.ops.quote_name(EntryTally._meta.db_table)
    statuses = ", ".join(["%s"] * len(WITHDRAWN_STATUSES))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT status, number_class, entries, rebuys, addons FROM {table} "
            f"WHERE tournament_id = %s AND status NOT IN ({statuses})",
            [tournament_id, *WITHDRAWN_STATUSES],
        )
        return cursor.fetchall()


def tournament_summary(tournament: Tournament, counts: EntryCounts | None = None) -> dict[str, Any]:
    """Counts every screen shows: entries, players left, chips and average stack.

    `counts` must be fresh (taken after the last change to the entries).
    """
    counts = counts or entry_counts(tournament)
    # Players left are those in play: seated, or registered and not yet seated.
    # An alternate waiting for a seat is not one yet (README "Places, re-entries
    # and moves"); his chips are in play already, paid for.
    remaining = counts.remaining - counts.waiting
    holding_chips = counts.remaining
    settings = payout_settings_for(tournament)
    # A later day starts with the bagged chips, not with a stack per entry.
    chips = (
        # With buy-in options each entry brought the chips of the option it took.
        (tournament.carried_chips or chips_bought(tournament, counts.entries))
        + counts.pool.rebuys * settings.rebuy_chips
        + counts.pool.addons * settings.addon_chips
        - _chips_removed(tournament, counts)
    )
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "status": tournament.status,
        "entries": counts.entries,
        "remaining": remaining,
        "waiting": counts.waiting,
        "chips_in_play": chips,
        "average_stack": chips // holding_chips if holding_chips else 0,
        "hand_for_hand": tournament.hand_for_hand,
        "registration_closed": tournament.registration_closed,
        **_purchase_windows(settings),
        **_payouts(tournament, counts, settings),
    }


def _chips_removed(tournament: Tournament, counts: EntryCounts) -> int:
    """The chips disqualifications took out of play (TDA 2019 rule 69); no query
    while nobody is disqualified."""
    if not counts.disqualified:
        return 0
    removed = tournament.entries.filter(status=Entry.Status.DISQUALIFIED).aggregate(
        chips=Sum("chips_removed")
    )["chips"]
    return int(removed or 0)


def _purchase_windows(settings: Any) -> dict[str, Any]:
    """When rebuys and add-ons are sold, for the board's notice ("Rebuys until
    the end of level 6"); None where the tournament sells none."""
    return {
        "rebuys": {"until_level": settings.rebuy_until_level} if settings.rebuy_chips else None,
        "addon": {"after_level": settings.addon_after_level} if settings.addon_chips else None,
    }


def _payouts(tournament: Tournament, counts: EntryCounts, settings: Any) -> dict[str, Any]:
    view = payouts_view(tournament, settings, amounts=False, counts=counts.pool)
    return {
        "prize_pool": money(view.pool.total),
        "currency": tournament.currency,
        "paid_places": view.paid,
    }
