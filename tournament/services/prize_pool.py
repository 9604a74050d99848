"""The prize pool: what fills it and who may change that.

Reading: the one pool (README "Cash desk"): what the ledger put into it (the
prize-pool share of every buy-in, re-entry, rebuy and add-on, refunds and
reversals counted off), asked through ``tournament.prize_port``, plus manual
additions, forfeited bounties and the guarantee's overlay
(``tournament.rules.payouts``). The entries that paid or played count the
paid places and the chips (``pool_counts``). Writing: prices of re-entries,
rebuys and add-ons, manual additions, and the rebuys and add-ons an entry
buys. The structure that shares the pool out lives in
``tournament.services.payouts``.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from django.db.models import Count, Q, QuerySet, Sum
from django.utils.translation import gettext_lazy as _

from tournament import changes
from tournament.clock_port import clock
from tournament.errors import Conflict, Invalid, NotFound
from tournament.models import (
    LIVE_STATUSES,
    Entry,
    LeagueSeason,
    PayoutSettings,
    PrizeAddition,
    Tournament,
)
from tournament.prize_port import prizes
from tournament.rules import payouts as rules
from tournament.rules import purchases as purchase_rules
from tournament.rules.payouts import PayoutError, PrizePool, money
from tournament.selectors import bounty_to_pool
from tournament.services.fixed_prizes import pool_change_check
from tournament.writes import Write, tournament_write, write

AMOUNT_INVALID = _("Amounts must be zero or more, in whole cents.")
ENTRY_NOT_FOUND = _("Entry not found.")
ENTRY_NOT_LIVE = _("Only a player still in the tournament can rebuy or take an add-on.")
PURCHASE_BELOW_ZERO = _("There is no rebuy or add-on left to take back.")
PURCHASE_KIND_UNKNOWN = _("Unknown purchase; use rebuy or add-on.")
ADDITION_NOT_FOUND = _("Prize pool addition not found.")
SEASON_NOT_FOUND = _("League season not found.")
SETTING_UNKNOWN = _("Unknown payout setting: %(name)s.")


# The entries that took part: the results and the league count these.
PAID_STATUSES = ("registered", "seated", "busted", "disqualified")
# The entries whose money is in the prize pool: those, and the alternates
# waiting for a seat, who paid at the desk (README "Cash desk"). Unregistered
# entries, their money refunded, are in neither.
POOL_STATUSES = (*PAID_STATUSES, "waiting")


@dataclass(frozen=True)
class PoolCounts:
    entries: int
    re_entries: int
    rebuys: int
    addons: int

    @property
    def field(self) -> int:
        return self.entries + self.re_entries


def payout_settings_for(tournament: Tournament) -> PayoutSettings:
    """The tournament's payout settings; defaults (unsaved) when none were stored."""
    found = PayoutSettings.objects.filter(tournament=tournament).first()
    return found if found is not None else PayoutSettings(tournament=tournament)


def pool_counts(tournament: Tournament) -> PoolCounts:
    """What was bought into the pool; a later day of an event plays for what
    every Day 1 flight took in (README "Events")."""
    row = (
        _pool_entries(tournament)
        .filter(status__in=POOL_STATUSES)
        .aggregate(
            entries=Count("id", filter=Q(number=1)),
            re_entries=Count("id", filter=Q(number__gt=1)),
            rebuys=Sum("rebuys"),
            addons=Sum("addons"),
        )
    )
    return PoolCounts(row["entries"], row["re_entries"], row["rebuys"] or 0, row["addons"] or 0)


def _pool_entries(tournament: Tournament) -> QuerySet[Entry]:
    """The entries whose money is in the pool; a later day of an event plays for
    what every Day 1 flight took in (README "Events")."""
    if tournament.event_id is not None and (tournament.day or 1) > 1:
        return Entry.objects.filter(tournament__event_id=tournament.event_id, tournament__day=1)
    return tournament.entries.all()


def pool_tournament_ids(tournament: Tournament) -> list[int]:
    """The tournaments whose money this one plays for: itself, or on a later day
    of an event every Day 1 flight (README "Events")."""
    if tournament.event_id is not None and (tournament.day or 1) > 1:
        return list(
            Tournament.objects.filter(event_id=tournament.event_id, day=1).values_list(
                "pk", flat=True
            )
        )
    return [tournament.pk] if tournament.pk else []


def prize_pool_of(tournament: Tournament, settings: PayoutSettings) -> PrizePool:
    """The one prize pool (README "Cash desk"): what the ledger took into it,
    the manual additions, forfeited bounties and the guarantee's overlay. Every
    page, screen, export and the API read it here."""
    if not tournament.pk:
        return rules.compute_prize_pool(purchases=(), guarantee=settings.guarantee)
    taken = prizes().pool_taken(pool_tournament_ids(tournament))
    additions = list(
        PrizeAddition.objects.filter(tournament=tournament).values_list("amount", flat=True)
    )
    forfeited = bounty_to_pool(tournament)
    if forfeited:
        # A disqualified player's bounty goes into the prize pool (README "Bounties").
        additions.append(forfeited)
    return rules.compute_prize_pool(
        purchases=(),
        additions=additions,
        guarantee=settings.guarantee,
        taken=(taken.prize_pool, taken.fees),
    )


def payout_settings_stored(w: Write) -> PayoutSettings:
    """The settings row of the write's tournament, made when none was stored."""
    settings, _created = PayoutSettings.objects.get_or_create(tournament=w.tournament)
    return settings


def payouts_publish(w: Write, extra: dict[str, Any]) -> None:
    # The summary carries the prize pool too; once the tournament is over the
    # final results show the prizes, so they follow every payout change.
    w.record(
        "payouts",
        parts=(changes.PAYOUTS, changes.SUMMARY, changes.RESULTS),
        facts=extra,
    )


def purchase_limits_of(settings: PayoutSettings) -> purchase_rules.PurchaseLimits:
    return purchase_rules.PurchaseLimits(
        rebuy_limit=settings.rebuy_limit,
        rebuy_until_level=settings.rebuy_until_level,
        addon_limit=settings.addon_limit,
        addon_after_level=settings.addon_after_level,
        rebuy_offered=purchase_rules.purchase_offered(
            price=settings.rebuy_price,
            fee=settings.rebuy_fee,
            chips=settings.rebuy_chips,
            limit=settings.rebuy_limit,
        ),
        addon_offered=purchase_rules.purchase_offered(
            price=settings.addon_price,
            fee=settings.addon_fee,
            chips=settings.addon_chips,
            limit=settings.addon_limit,
        ),
    )


SETTINGS_FIELDS = (
    "re_entry_price",
    "re_entry_fee",
    "rebuy_price",
    "rebuy_fee",
    "rebuy_chips",
    "addon_price",
    "addon_fee",
    "addon_chips",
    "rebuy_limit",
    "rebuy_until_level",
    "addon_limit",
    "addon_after_level",
    "season",
)
# Settings where null is a value of its own ("no limit"), not "leave unchanged".
NULLABLE_SETTINGS = (
    "re_entry_price",
    "re_entry_fee",
    "rebuy_limit",
    "rebuy_until_level",
    "addon_limit",
    "addon_after_level",
)
NOT_MONEY = ("season", "rebuy_chips", "addon_chips", *NULLABLE_SETTINGS[2:])


def payout_settings_update(
    *, tournament_id: int, changes: dict[str, Any], by: Any
) -> PayoutSettings:
    """Prices and fees of re-entries, rebuys and add-ons, chips, and the league season."""
    unknown = set(changes) - set(SETTINGS_FIELDS)
    if unknown:
        raise Invalid(SETTING_UNKNOWN % {"name": ", ".join(sorted(unknown))})
    for name, value in changes.items():
        if name in NOT_MONEY or value is None:
            continue
        try:
            rules.compute_prize_pool(purchases=(), additions=(value,))
        except PayoutError as exc:
            raise Invalid(AMOUNT_INVALID) from exc
    with tournament_write(tournament_id, by=by) as w:
        settings = payout_settings_stored(w)
        if "season" in changes:
            season_id = changes.pop("season")
            season = None
            if season_id is not None:
                season = LeagueSeason.objects.filter(pk=season_id).first()
                if season is None:
                    raise NotFound(SEASON_NOT_FOUND)
            settings.season = season
        for name, value in changes.items():
            if value is None and name not in NULLABLE_SETTINGS:
                continue
            setattr(settings, name, value)
        settings.save()
        w.log(
            "payout_settings_updated",
            {k: None if v is None else str(v) for k, v in changes.items()}
            | {"season": settings.season_id},
        )
        payouts_publish(w, {})
    return settings


def prize_addition_add(*, tournament_id: int, amount: Decimal, note: str, by: Any) -> PrizeAddition:
    """Add money to the prize pool by hand."""
    try:
        rules.compute_prize_pool(purchases=(), additions=(amount,))
    except PayoutError as exc:
        raise Invalid(AMOUNT_INVALID) from exc
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        pool_change_check(tournament)
        addition = PrizeAddition.objects.create(
            tournament=tournament,
            amount=amount,
            note=note.strip()[:200],
            by=w.user,
        )
        w.log(
            "prize_addition",
            {"id": addition.pk, "amount": money(amount), "note": addition.note},
        )
        payouts_publish(w, {"addition": addition.pk})
    return addition


def prize_addition_remove(*, tournament_id: int, addition_id: int, by: Any) -> None:
    """Take a mistaken manual addition out of the pool again."""
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        addition = PrizeAddition.objects.filter(pk=addition_id, tournament=tournament).first()
        if addition is None:
            raise NotFound(ADDITION_NOT_FOUND)
        pool_change_check(tournament)
        w.log(
            "prize_addition_removed",
            {"id": addition.pk, "amount": money(addition.amount), "note": addition.note},
        )
        addition.delete()
        payouts_publish(w, {})


PurchaseKind = Literal["rebuy", "addon"]
PURCHASE_REFUSALS = {
    # Each message is formatted with the add-on level; only one of them names it.
    purchase_rules.Refusal.REBUYS_NOT_OFFERED: _("This tournament offers no rebuys."),
    purchase_rules.Refusal.ADDONS_NOT_OFFERED: _("This tournament offers no add-ons."),
    purchase_rules.Refusal.NOTHING_TO_TAKE_BACK: PURCHASE_BELOW_ZERO,
    purchase_rules.Refusal.LIMIT_REACHED: _(
        "This entry has bought as many as the tournament allows."
    ),
    purchase_rules.Refusal.REBUY_PERIOD_OVER: _("The rebuy period is over."),
    purchase_rules.Refusal.NOT_THE_ADDON_BREAK: _(
        "Add-ons are sold only in the break after level %(level)s."
    ),
}


def _play_position(tournament: Tournament) -> purchase_rules.PlayPosition:
    # Decided from the clock at this request (as registration is); the clock app answers.
    level, in_break = clock().level_played(tournament)
    return purchase_rules.PlayPosition(level=level, in_break=in_break)


def entry_purchase(*, entry_id: int, kind: PurchaseKind, count: int = 1, by: Any) -> Entry:
    """Record rebuys or add-ons of a live entry (a negative count takes mistaken ones back)."""
    field = {"rebuy": "rebuys", "addon": "addons"}.get(kind)
    if field is None:
        raise Invalid(PURCHASE_KIND_UNKNOWN)
    tournament_id = write.for_row(Entry, entry_id, ENTRY_NOT_FOUND).id
    with tournament_write(tournament_id, by=by) as w:
        tournament, settings = w.tournament, payout_settings_stored(w)
        entry = Entry.objects.select_related("player").get(pk=entry_id)
        if entry.status not in LIVE_STATUSES or entry.status == Entry.Status.WAITING:
            raise Conflict(ENTRY_NOT_LIVE)
        refusal = purchase_rules.purchase_refusal(
            kind=kind,
            owned=getattr(entry, field),
            count=count,
            limits=purchase_limits_of(settings),
            position=_play_position(tournament),
        )
        if refusal is not None:
            raise Conflict(PURCHASE_REFUSALS[refusal] % {"level": settings.addon_after_level})
        new = getattr(entry, field) + count
        setattr(entry, field, new)
        entry.save(update_fields=[field])
        w.log(f"entry_{kind}", {"entry": entry.pk, "count": count, "total": new})
        payouts_publish(w, {"entry": entry.pk, kind: new})
    return entry


def purchases_reversed(w: Write, *, entry_id: int, kind: PurchaseKind, count: int) -> Entry:
    """Inside the write that reverses a rebuy or add-on row: the entry no longer
    has the ``count`` purchases the row sold (negative: a take-back reversed),
    for its chips and its limits (README "Cash desk"). No limit applies: the
    reversal puts back what stood before the row."""
    field = "rebuys" if kind == "rebuy" else "addons"
    entry = Entry.objects.get(pk=entry_id)
    new = max(0, getattr(entry, field) - count)
    setattr(entry, field, new)
    entry.save(update_fields=[field])
    w.log(f"entry_{kind}_reversed", {"entry": entry.pk, "count": -count, "total": new})
    payouts_publish(w, {"entry": entry.pk, kind: new})
    return entry
