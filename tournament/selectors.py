"""Reads of the tournament core: plain queries, no writes, no services.

Bounties (README "Events: flights, bags and the next day"): the settings, each entry's current bounty,
what each entry won, what is left of the mystery bounties, and the screens'
``bounties`` part.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Max, Q, QuerySet, Sum
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from tournament.models import (
    LIVE_STATUSES,
    WITHDRAWN_STATUSES,
    BountyPayment,
    BountySettings,
    Entry,
    EntryTally,
    Player,
    PrivacyLog,
    RoomSettings,
    Tournament,
)
from tournament.public_labels import label_rows, screen_name
from tournament.rules import names
from tournament.rules import retention as retention_rules
from tournament.rules.payouts import money

# The board shows this many of the biggest bounties in play.
BOUNTIES_SHOWN = 10


def bounty_settings_for(tournament: Tournament) -> BountySettings:
    """The tournament's bounty settings; an unsaved "none" when it has none."""
    if tournament.pk is None:  # a tournament still being created
        return BountySettings()
    settings = BountySettings.objects.filter(tournament=tournament).first()
    return settings or BountySettings(tournament=tournament)


def bounty_heads(tournament: Tournament, entries: Iterable[int]) -> dict[int, Decimal]:
    """Each entry's bounty now: the bounty every entry starts with plus what
    progressive knockouts added to it."""
    settings = bounty_settings_for(tournament)
    wanted = list(entries)
    added = dict(
        BountyPayment.objects.filter(tournament=tournament, eliminator_id__in=wanted)
        .values("eliminator_id")
        .annotate(added=Sum("added"))
        .values_list("eliminator_id", "added")
    )
    return {entry: settings.amount + (added.get(entry) or Decimal(0)) for entry in wanted}


def mystery_prizes_left(
    tournament: Tournament, settings: BountySettings
) -> list[tuple[int, Decimal]]:
    """The mystery bounties not drawn yet, as (position in the list, amount)."""
    drawn = set(
        BountyPayment.objects.filter(tournament=tournament, prize_index__isnull=False).values_list(
            "prize_index", flat=True
        )
    )
    return [
        (index, Decimal(amount))
        for index, amount in enumerate(settings.mystery_prizes or [])
        if index not in drawn
    ]


def bounty_winnings(tournament: Tournament) -> dict[int, Decimal]:
    """The bounty money each entry won, in cash, by entry id."""
    return {
        entry: cash
        for entry, cash in BountyPayment.objects.filter(
            tournament=tournament, eliminator__isnull=False
        )
        .values("eliminator_id")
        .annotate(cash=Sum("cash"))
        .values_list("eliminator_id", "cash")
    }


def bounty_to_pool(tournament: Tournament) -> Decimal:
    """Bounties of disqualified players, which go into the prize pool."""
    total = BountyPayment.objects.filter(
        tournament=tournament, kind=BountyPayment.Kind.TO_POOL
    ).aggregate(total=Sum("cash"))["total"]
    return total or Decimal(0)


def _paid_entries(tournament: Tournament) -> int:
    """Every entry counts into the bounty money, re-entries included."""
    tally = EntryTally.objects.filter(tournament=tournament).exclude(status__in=WITHDRAWN_STATUSES)
    return tally.aggregate(n=Sum("entries"))["n"] or 0


def _bounty_heads_read(
    tournament: Tournament, settings: BountySettings
) -> list[tuple[Player, Decimal]]:
    """The players with the biggest progressive bounties in play, and each one's bounty."""
    grown = (
        BountyPayment.objects.filter(
            tournament=tournament, eliminator__status__in=LIVE_STATUSES, added__gt=0
        )
        .values("eliminator_id")
        .annotate(added=Sum("added"))
        .order_by("-added", "eliminator_id")[:BOUNTIES_SHOWN]
    )
    by_entry = {row["eliminator_id"]: row["added"] for row in grown}
    players = Entry.objects.filter(pk__in=by_entry).select_related("player")
    return [(entry.player, settings.amount + by_entry[entry.pk]) for entry in players]


def _bounty_heads_shown(
    heads: list[tuple[Player, Decimal]], *, style: str, public: bool
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = sorted(
        (
            {
                "name": screen_name(player, style) if public else player.name,
                "bounty": money(bounty),
            }
            for player, bounty in heads
        ),
        key=lambda row: (-Decimal(row["bounty"]), names.name_order(row["name"] or "")),
    )
    return label_rows(rows)


def _bounty_part_read(tournament: Tournament) -> tuple[dict[str, Any], list] | None:
    """The part without its named heads, and the heads as read; None without bounties."""
    settings = bounty_settings_for(tournament)
    if not settings.active:
        return None
    entries = _paid_entries(tournament)
    paid = BountyPayment.objects.filter(tournament=tournament).aggregate(
        cash=Sum("cash"), n=Count("id", filter=Q(eliminator__isnull=False))
    )
    part: dict[str, Any] = {
        "kind": settings.kind,
        "amount": money(settings.amount),
        "progressive_share": settings.progressive_share,
        "pool": money(
            settings.amount * entries
            if settings.kind != BountySettings.Kind.MYSTERY
            else sum((Decimal(p) for p in settings.mystery_prizes), Decimal(0))
        ),
        "paid": money(paid["cash"] or Decimal(0)),
        "heads": [],
        "mystery_left": None,
    }
    heads = []
    if settings.kind == BountySettings.Kind.PROGRESSIVE:
        heads = _bounty_heads_read(tournament, settings)
    if settings.kind == BountySettings.Kind.MYSTERY:
        left = sorted((amount for _i, amount in mystery_prizes_left(tournament, settings)))
        part["mystery_left"] = {
            "count": len(left),
            "total": money(sum(left, Decimal(0))),
            "biggest": [money(amount) for amount in reversed(left[-5:])],
        }
    return part, heads


def bounty_part(tournament: Tournament, *, public: bool) -> dict[str, Any] | None:
    """The screens' ``bounties`` part; None when the tournament has none.

    ``pool``: all bounty money of the field; ``paid``: what eliminations paid
    out so far; ``heads``: the biggest bounties in play (progressive; the
    fixed bounty otherwise); ``mystery_left``: how many mystery bounties are
    left and their total, the biggest ones named."""
    read = _bounty_part_read(tournament)
    if read is None:
        return None
    part, heads = read
    style = tournament.display_names
    return {**part, "heads": _bounty_heads_shown(heads, style=style, public=public)}


def bounty_part_both(tournament: Tournament) -> tuple[Any, Any]:
    """:func:`bounty_part` for the floor and for the public from one read."""
    read = _bounty_part_read(tournament)
    if read is None:
        return None, None
    part, heads = read
    style = tournament.display_names
    return (
        {**part, "heads": _bounty_heads_shown(heads, style=style, public=False)},
        {**part, "heads": _bounty_heads_shown(heads, style=style, public=True)},
    )


def bounty_list(tournament: Tournament) -> list[dict[str, Any]]:
    """Every entry's bounty on his head now (live players) and what he won,
    biggest winnings first: what the cashier pays out as the eliminations come."""
    settings = bounty_settings_for(tournament)
    if not settings.active:
        return []
    entries = list(tournament.entries.select_related("player").order_by("pk"))
    heads = bounty_heads(tournament, [entry.pk for entry in entries])
    won = bounty_winnings(tournament)
    live = settings.kind != BountySettings.Kind.MYSTERY
    rows = [
        {
            "entry": entry.pk,
            "name": entry.player.name,
            "status": entry.status,
            "bounty": money(heads[entry.pk]) if live and entry.is_live else None,
            "won": money(won.get(entry.pk, Decimal(0))),
        }
        for entry in entries
    ]
    return sorted(rows, key=lambda row: (-Decimal(row["won"]), row["entry"]))


# Contact data and the retention period (README "Player data").

# The director's page lists what goes within this many days, not only today.
DUE_SOON_DAYS = 30


@dataclass(frozen=True)
class HeldContact:
    """One player's contact data and when the retention period lets it go."""

    player_id: int
    name: str
    email: str
    phone: str
    consent: bool
    last_activity: date
    removal_day: date


def holding_contact_data() -> QuerySet[Player]:
    return Player.objects.filter(erased_at__isnull=True).exclude(email="", phone="")


def held_contacts(*, months: int) -> list[HeldContact]:
    """Every player on file with an e-mail or phone, with his removal day,
    the soonest first."""
    # GREATEST of SQLite is NULL when any argument is; each one falls back
    # to the day the player was put on file.
    players = holding_contact_data().annotate(
        last_activity=Greatest(
            F("created_at"),
            Coalesce(F("consent_at"), F("created_at")),
            Coalesce(Max("entries__created_at"), F("created_at")),
        )
    )
    held = []
    for row in players.values(
        "pk", "name", "email", "phone", "consent_contact", "last_activity"
    ).order_by():
        last = timezone.localdate(row["last_activity"])
        held.append(
            HeldContact(
                player_id=row["pk"],
                name=row["name"],
                email=row["email"],
                phone=row["phone"],
                consent=row["consent_contact"],
                last_activity=last,
                removal_day=retention_rules.removal_day(last, months),
            )
        )
    return sorted(
        held,
        key=lambda contact: (
            contact.removal_day,
            names.name_order(contact.name),
            contact.player_id,
        ),
    )


@dataclass(frozen=True)
class RetentionOverview:
    room: RoomSettings
    today: date
    due: list[HeldContact]  # removed by the next daily run
    soon: list[HeldContact]  # removed within DUE_SOON_DAYS
    without_consent: list[HeldContact]  # stored before consent was asked for
    held: int  # players whose contact data is on file


def retention_overview(*, today: date | None = None) -> RetentionOverview:
    """What the retention period removes next, for the director's page."""
    room = RoomSettings.current()
    today = today or timezone.localdate()
    held = held_contacts(months=room.retention_months)
    horizon = today + timedelta(days=DUE_SOON_DAYS)
    return RetentionOverview(
        room=room,
        today=today,
        due=[c for c in held if c.removal_day <= today],
        soon=[c for c in held if today < c.removal_day <= horizon],
        without_consent=[c for c in held if not c.consent],
        held=len(held),
    )


# The room's privacy log page shows this many of the latest lines.
PRIVACY_LOG_SHOWN = 100


def privacy_log_recent(limit: int = PRIVACY_LOG_SHOWN) -> list[PrivacyLog]:
    """The latest lines of the room's privacy log (who exported, erased,
    recorded or withdrew consent, and what the retention removed), newest first."""
    return list(PrivacyLog.objects.select_related("player", "by").order_by("-at", "-id")[:limit])


def pre_registration_capacity(tournament: Tournament) -> int:
    """Players the pre-registration field takes before its waiting list starts
    (README "Pre-registration and the schedule"): the tournament's own number,
    else its player limit, else the seats of its tables that are open or not
    opened yet. Planned numbers first: pre-registration comes before any table
    is opened."""
    if tournament.pre_registration_capacity is not None:
        return tournament.pre_registration_capacity
    if tournament.max_players is not None:
        return tournament.max_players
    seats = tournament.tables.exclude(status="broken").aggregate(total=Sum("seats"))["total"]
    return int(seats or 0)
