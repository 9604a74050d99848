"""Payout structure of a tournament: how the prize pool is shared out.

The pool itself (what fills it) is ``tournament.services.prize_pool``. The
structure is the director's own percentages, or else the template for the
field size: it follows the field while registration is open and is frozen
(``payouts_freeze``) once registration closes. Or the director pays fixed
amounts and the rest of the pool is kept back (README "Payouts").
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Any, Literal, cast

from django.db.models import Sum

from tournament import changes
from tournament.errors import TOURNAMENT_NOT_FOUND, NotFound
from tournament.models import (
    PayoutSettings,
    SpecialPrize,
    Tournament,
)
from tournament.prize_port import prizes
from tournament.rules import fixed_payouts as fixed_rules
from tournament.rules import payouts as rules
from tournament.rules import purchases as purchase_rules
from tournament.rules.payouts import PrizePool, money
from tournament.services import mixed_payouts as mixed
from tournament.services.fixed_prizes import structure_change_check
from tournament.services.payout_checks import UNSET, amounts_fit_check, structure_check
from tournament.services.prize_pool import (
    PoolCounts,
    payout_settings_for,
    payout_settings_stored,
    payouts_publish,
    pool_counts,
    prize_pool_of,
    purchase_limits_of,
)
from tournament.writes import Write, tournament_write

Source = Literal["custom", "frozen", "template", "amounts", "mixed", "satellite"]


@dataclass(frozen=True)
class PayoutView:
    """Everything the payout screens and the API show."""

    pool: PrizePool
    counts: PoolCounts
    guarantee: Decimal | None
    percentages: list[Decimal]
    amounts: list[Decimal]
    rounding: Decimal
    rounding_mode: str
    source: Source
    limits: purchase_rules.PurchaseLimits
    # Fixed amounts only: what they leave of the pool, and what they lack of it.
    kept_back: Decimal = Decimal(0)
    kept_back_reason: str = ""
    shortfall: Decimal = Decimal(0)
    # A satellite: the ticket value won per place (0: cash only); ``amounts`` is the cash.
    tickets: tuple[Decimal, ...] = ()

    @property
    def paid(self) -> int:
        return len(self.amounts)

    def places(self) -> list[dict[str, Any]]:
        return [
            {"place": n, "amount": money(a), "percentage": str(p)}
            for n, (a, p) in enumerate(zip(self.amounts, self.percentages, strict=True), 1)
        ]

    def satellite_places(self) -> list[dict[str, Any]]:
        """A satellite: the ticket (value) and the cash each paid place wins."""
        return [
            {"place": n, "ticket": money(t) if t else None, "cash": money(a)}
            for n, (a, t) in enumerate(zip(self.amounts, self.tickets, strict=False), 1)
        ]

    def public(self) -> dict[str, Any]:
        """What the display board shows: the pool and the places."""
        return {"prize_pool": money(self.pool.total), "places": self.places()}


def _decimals(values: list[Any] | None) -> list[Decimal] | None:
    return None if values is None else [Decimal(str(v)) for v in values]


def _template(field: int) -> list[Decimal]:
    return list(_cached_template(field))


@lru_cache(maxsize=256)
def _cached_template(field: int) -> tuple[Decimal, ...]:
    """The template for a field size (the generator costs ~30 ms at 10,000 entries)."""
    if field < rules.PAYOUT_TEMPLATES[0][0]:
        return (Decimal(100),)
    return tuple(rules.payout_template(min(field, rules.MAX_FIELD_SIZE)))


def payouts_view(
    tournament: Tournament,
    settings: PayoutSettings | None = None,
    *,
    amounts: bool = True,
    counts: PoolCounts | None = None,
) -> PayoutView:
    """Prize pool and amounts per place as they stand now (reads only).

    Without `amounts` the rounding per place is skipped (one amount per
    percentage is still listed, unrounded): the summary sent after every bust
    needs only the pool and the number of paid places, and rounding 1,500
    places of a big field cost more than the rest of the summary. The summary
    passes its own fresh `counts` (one query over the entries for both).
    """
    settings = settings or payout_settings_for(tournament)
    counts = counts or pool_counts(tournament)
    pool = prize_pool_of(tournament, settings)
    satellite = prizes().satellite_places(tournament, pool.total) if tournament.pk else None
    if satellite is not None:
        return _satellite_view(settings, pool, counts, satellite)
    if mixed.is_mixed(settings):
        return _mixed_view(settings, pool, counts)
    if settings.amounts is not None:
        return _fixed_view(tournament, settings, pool, counts)
    source: Source
    if settings.percentages is not None:
        percentages, source = _decimals(settings.percentages) or [], "custom"
    elif tournament.registration_closed and settings.frozen_percentages is not None:
        percentages, source = _decimals(settings.frozen_percentages) or [], "frozen"
    else:
        percentages, source = _template(counts.field), "template"
    shared = _shared(tournament, pool)  # read once: the places may be hundreds
    if amounts:
        # The field's choices (PayoutSettings.RoundingMode) are the rule's modes and
        # payout_settings_set refuses any other value, so the stored one is one of them.
        mode = cast(rules.RoundingMode, settings.rounding_mode)
        per_place = rules.compute_payouts(
            shared, percentages, Decimal(settings.rounding), mode=mode
        )
    else:
        per_place = [shared * p / 100 for p in percentages]
    return PayoutView(
        pool=pool,
        counts=counts,
        guarantee=settings.guarantee,
        percentages=percentages,
        amounts=per_place,
        rounding=rules.plain_unit(settings.rounding),
        rounding_mode=settings.rounding_mode,
        source=source,
        limits=purchase_limits_of(settings),
    )


def _shared(tournament: Tournament, pool: PrizePool) -> Decimal:
    """What the places share: the pool less the special prizes paid out of it
    (README "Special prizes"); those of the house or a pot take nothing from it."""
    if not tournament.pk:
        return pool.total
    taken = SpecialPrize.objects.filter(
        tournament=tournament, source=SpecialPrize.Source.POOL
    ).aggregate(total=Sum("amount"))["total"]
    return max(pool.total - (taken or Decimal(0)), Decimal(0))


def _fixed_view(
    tournament: Tournament, settings: PayoutSettings, pool: PrizePool, counts: PoolCounts
) -> PayoutView:
    """Fixed amounts per place; what they leave of the pool is kept back.

    They were checked against the pool when set; should the pool shrink below
    them later (an addition taken back) they stay as set and the view reports
    the ``shortfall`` rather than paying money that is not there silently.
    """
    fixed = _decimals(settings.amounts) or []
    paid = sum(fixed, Decimal(0))
    return PayoutView(
        pool=pool,
        counts=counts,
        guarantee=settings.guarantee,
        percentages=[fixed_rules.share_of_pool(a, pool.total) for a in fixed],
        amounts=fixed,
        rounding=rules.plain_unit(settings.rounding),
        rounding_mode=settings.rounding_mode,
        source="amounts",
        limits=purchase_limits_of(settings),
        kept_back=max(pool.total - paid, Decimal(0)),
        kept_back_reason=settings.kept_back_reason,
        shortfall=max(paid - pool.total, Decimal(0)),
    )


def _mixed_view(settings: PayoutSettings, pool: PrizePool, counts: PoolCounts) -> PayoutView:
    """Fixed places and percentages of the rest (README "Payouts")."""
    paid, shortfall = mixed.mixed_amounts(settings, pool.total)
    return PayoutView(
        pool=pool,
        counts=counts,
        guarantee=settings.guarantee,
        percentages=[fixed_rules.share_of_pool(a, pool.total) for a in paid.amounts],
        amounts=list(paid.amounts),
        rounding=rules.plain_unit(settings.rounding),
        rounding_mode=settings.rounding_mode,
        source="mixed",
        limits=purchase_limits_of(settings),
        kept_back=paid.kept_back,
        kept_back_reason=settings.kept_back_reason,
        shortfall=shortfall,
    )


def _satellite_view(
    settings: PayoutSettings,
    pool: PrizePool,
    counts: PoolCounts,
    places: list[tuple[Decimal, Decimal]],
) -> PayoutView:
    """A satellite pays tickets first, the rest in cash (the cash desk's rule)."""
    return PayoutView(
        pool=pool,
        counts=counts,
        guarantee=settings.guarantee,
        percentages=[fixed_rules.share_of_pool(c + t, pool.total) for c, t in places],
        amounts=[c for c, _t in places],
        rounding=Decimal("0.01"),
        rounding_mode=settings.rounding_mode,
        source="satellite",
        limits=purchase_limits_of(settings),
        tickets=tuple(t for _c, t in places),
    )


def payouts_get(*, tournament_id: int) -> tuple[Tournament, PayoutView]:
    """The payouts of a tournament; freezes the template first if registration has closed."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound(TOURNAMENT_NOT_FOUND)
    settings = payout_settings_for(tournament)
    if tournament.registration_closed and settings.frozen_percentages is None:
        payouts_freeze(tournament_id=tournament_id, by=None)
        tournament.refresh_from_db()
        settings = payout_settings_for(tournament)
    return tournament, payouts_view(tournament, settings)


def _freeze(w: Write, settings: PayoutSettings) -> bool:
    tournament = w.tournament
    if not tournament.registration_closed or settings.frozen_percentages is not None:
        return False
    field = pool_counts(tournament).field
    settings.frozen_percentages = [str(p) for p in _template(field)]
    settings.frozen_field = field
    settings.save()
    w.log("payouts_frozen", {"field": field, "percentages": settings.frozen_percentages})
    return True


def payouts_freeze(*, tournament_id: int, by: Any) -> bool:
    """Freeze the template's structure for the field as it stands once registration closed.

    Idempotent: returns False when registration is open or it was frozen before.
    The clock's "registration closed" boundary may call it; reading the
    payouts calls it too, so the structure never follows the field after the close.
    """
    with tournament_write(tournament_id, by=by) as w:
        if not _freeze(w, payout_settings_stored(w)):
            return False
        # The structure now stays as it is (the places shown do not change).
        w.record("payouts_frozen", parts=(changes.PAYOUTS,))
        return True


def payouts_update(
    *,
    tournament_id: int,
    percentages: list[Decimal] | None,
    rounding: Decimal | None,
    by: Any,
    rounding_mode: str | None = None,
    guarantee: Decimal | None = UNSET,
    amounts: list[Decimal] | None = None,
    kept_back_reason: str | None = None,
    places: list[fixed_rules.PlacePay] | None = None,
) -> PayoutView:
    """Set the payout structure: own percentages (``None``: the template), fixed
    ``amounts`` with the rest of the pool kept back, or ``places`` each fixed or a
    percentage of what the fixed ones leave (README "Payouts"); rounding,
    guarantee. ``rounding`` None keeps the one set before."""
    structure_check(percentages, amounts, rounding, rounding_mode, guarantee, places)
    with tournament_write(tournament_id, by=by) as w:
        tournament, settings = w.tournament, payout_settings_stored(w)
        structure_change_check(tournament)
        _freeze(w, settings)
        settings.percentages = None if percentages is None else [str(p) for p in percentages]
        settings.amounts = None if amounts is None else [money(a) for a in amounts]
        if places is not None:
            mixed.places_store(settings, places)
        if settings.amounts is not None or kept_back_reason is not None:
            settings.kept_back_reason = (kept_back_reason or "").strip()[:120]
        if rounding is not None:
            settings.rounding = rounding
        if rounding_mode is not None:
            settings.rounding_mode = rounding_mode
        if guarantee is not UNSET:
            settings.guarantee = guarantee
        if settings.amounts is not None:
            amounts_fit_check(tournament, settings)
        settings.save()
        w.log(
            "payouts_updated",
            {
                "percentages": settings.percentages,
                "amounts": settings.amounts,
                "kept_back_reason": settings.kept_back_reason,
                "rounding": str(settings.rounding),
                "rounding_mode": settings.rounding_mode,
                "guarantee": None if settings.guarantee is None else money(settings.guarantee),
            },
        )
        payouts_publish(w, {})
        return payouts_view(tournament, settings)
