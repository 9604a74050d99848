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

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from tournament import changes
from tournament.errors import TOURNAMENT_NOT_FOUND, FieldInvalid, Invalid, NotFound
from tournament.models import (
    PayoutSettings,
    Tournament,
)
from tournament.prize_port import prizes
from tournament.rules import fixed_payouts as fixed_rules
from tournament.rules import payouts as rules
from tournament.rules import purchases as purchase_rules
from tournament.rules.payouts import PayoutError, PrizePool, money
from tournament.services.prize_pool import (
    AMOUNT_INVALID,
    PoolCounts,
    payout_settings_for,
    payout_settings_stored,
    payouts_publish,
    pool_counts,
    prize_pool_of,
    purchase_limits_of,
)
from tournament.writes import Write, tournament_write

PERCENTAGES_EMPTY = _("Give at least one paid place.")
PERCENTAGE_INVALID = _("Every percentage must be a number of zero or more.")
PERCENTAGES_INCREASING = _("A place must not pay more than the place above it.")
PERCENTAGES_SUM = _("The percentages must add up to exactly 100.")
ROUNDING_UNKNOWN = _("Unknown rounding unit; choose 1, 5 or 10 (or 0.01 to 100).")
ROUNDING_MODE_UNKNOWN = _("Unknown rounding mode.")
PAYOUTS_INVALID = _("This payout structure is not valid.")
TOO_MANY_PLACES = _("At most 1,000 places can be paid.")
PERCENTAGES_OR_AMOUNTS = _("Give either percentages or amounts, not both.")
AMOUNTS_ABOVE_POOL = _(
    "The amounts add up to %(paid)s, more than the prize pool of %(pool)s. "
    "Add the missing %(missing)s to the prize pool first."
)

_PAYOUT_MESSAGES = {
    "percentages_empty": PERCENTAGES_EMPTY,
    "percentage_invalid": PERCENTAGE_INVALID,
    "percentage_negative": PERCENTAGE_INVALID,
    "percentages_increasing": PERCENTAGES_INCREASING,
    "percentages_sum": PERCENTAGES_SUM,
    "rounding_unknown": ROUNDING_UNKNOWN,
    "rounding_mode_unknown": ROUNDING_MODE_UNKNOWN,
    "amount_invalid": AMOUNT_INVALID,
    "amount_negative": AMOUNT_INVALID,
    "amount_precision": AMOUNT_INVALID,
    "too_many_places": TOO_MANY_PLACES,
}

MAX_PAID_PLACES = 1000
UNSET: Any = object()


def payout_error(exc: PayoutError) -> Invalid:
    """The translated domain error for a rules error."""
    return Invalid(_PAYOUT_MESSAGES.get(exc.code, PAYOUTS_INVALID))


Source = Literal["custom", "frozen", "template", "amounts", "satellite"]


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
    if settings.amounts is not None:
        return _fixed_view(tournament, settings, pool, counts)
    source: Source
    if settings.percentages is not None:
        percentages, source = _decimals(settings.percentages) or [], "custom"
    elif tournament.registration_closed and settings.frozen_percentages is not None:
        percentages, source = _decimals(settings.frozen_percentages) or [], "frozen"
    else:
        percentages, source = _template(counts.field), "template"
    if amounts:
        # The field's choices (PayoutSettings.RoundingMode) are the rule's modes and
        # payout_settings_set refuses any other value, so the stored one is one of them.
        mode = cast(rules.RoundingMode, settings.rounding_mode)
        per_place = rules.compute_payouts(
            pool.total, percentages, Decimal(settings.rounding), mode=mode
        )
    else:
        per_place = [pool.total * p / 100 for p in percentages]
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


def _check_structure(
    percentages: list[Decimal] | None,
    amounts: list[Decimal] | None,
    rounding: Decimal | None,
    rounding_mode: str | None,
    guarantee: Decimal | None,
) -> None:
    if percentages is not None and amounts is not None:
        raise FieldInvalid("amounts", PERCENTAGES_OR_AMOUNTS)
    places = amounts if amounts is not None else percentages
    if places is not None and len(places) > MAX_PAID_PLACES:
        raise Invalid(TOO_MANY_PLACES)
    try:
        if percentages is not None:
            rules.validate_percentages(percentages)
        if amounts is not None:
            fixed_rules.validate_amounts(amounts)
        if rounding is not None and (
            not isinstance(rounding, Decimal) or rounding not in rules.ROUNDING_UNITS
        ):
            raise PayoutError("rounding_unknown", "unknown rounding unit")
        if rounding_mode is not None and rounding_mode not in PayoutSettings.RoundingMode.values:
            raise PayoutError("rounding_mode_unknown", "unknown rounding mode")
        if guarantee is not UNSET and guarantee is not None:
            rules.compute_prize_pool(purchases=(), guarantee=guarantee)
    except PayoutError as exc:
        raise payout_error(exc) from exc


def _check_amounts_fit(tournament: Tournament, settings: PayoutSettings) -> None:
    """Fixed amounts must fit in the pool as it stands (guarantee included)."""
    amounts = _decimals(settings.amounts) or []
    pool = prize_pool_of(tournament, settings).total
    try:
        fixed_rules.fixed_payouts(pool, amounts)
    except PayoutError as exc:
        paid = sum(amounts, Decimal(0))
        raise FieldInvalid(
            "amounts",
            AMOUNTS_ABOVE_POOL
            % {
                "paid": number_format(paid, 2, force_grouping=True),
                "pool": number_format(pool, 2, force_grouping=True),
                "missing": number_format(paid - pool, 2, force_grouping=True),
            },
        ) from exc


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
) -> PayoutView:
    """Set the payout structure: own percentages (``None``: the template) or fixed
    ``amounts`` with the rest of the pool kept back (README "Payouts"), rounding,
    guarantee. ``rounding`` None keeps the one set before."""
    _check_structure(percentages, amounts, rounding, rounding_mode, guarantee)
    with tournament_write(tournament_id, by=by) as w:
        tournament, settings = w.tournament, payout_settings_stored(w)
        _freeze(w, settings)
        settings.percentages = None if percentages is None else [str(p) for p in percentages]
        settings.amounts = None if amounts is None else [money(a) for a in amounts]
        if amounts is not None or kept_back_reason is not None:
            settings.kept_back_reason = (kept_back_reason or "").strip()[:120]
        if rounding is not None:
            settings.rounding = rounding
        if rounding_mode is not None:
            settings.rounding_mode = rounding_mode
        if guarantee is not UNSET:
            settings.guarantee = guarantee
        if amounts is not None:
            _check_amounts_fit(tournament, settings)
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
