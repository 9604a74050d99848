"""Payouts, results, deals and league seasons (README "API", Payouts)."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Status

from cashdesk.selectors import payouts_of
from cashdesk.selectors_tickets import result_tickets, satellite_payload
from cashdesk.services import satellites as satellite_services
from cashdesk.services.payments import entry_purchase_paid, payment_of, payment_payload
from tournament.api.auth import MONEY_AUTH, acting_user, require_role
from tournament.api.payout_schemas import (
    AdditionIn,
    BountyRowOut,
    DealIn,
    DealOut,
    DealPreviewOut,
    PayoutSettingsIn,
    PayoutsIn,
    PayoutsOut,
    PlayerResultOut,
    PrizeAdditionOut,
    PurchaseIn,
    PurchaseOut,
    ResultOut,
)
from tournament.api.season_schemas import (
    FormulaPreviewIn,
    FormulaPreviewOut,
    SeasonIn,
    SeasonOut,
    StandingsOut,
)
from tournament.api.tournaments import ONLY_DIRECTOR, ONLY_STAFF
from tournament.errors import FieldInvalid, RuleBeyondSchema
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF
from tournament.rules.fixed_payouts import PlacePay
from tournament.selectors import bounty_list
from tournament.services import deals as deal_services
from tournament.services import league as league_services
from tournament.services import payouts as payout_services
from tournament.services import prize_pool as pool_services
from tournament.services.results import player_history, results_compute
from tournament.services.tournaments import tournament_get

router = Router(tags=["payouts"])

ONLY_FLOOR = _("Only floor staff or a director may do this.")
PERCENTAGES_OR_AMOUNTS_NEEDED = _(
    "Give the percentages (null: the template), the amounts or the places."
)
ROUNDING_NEEDED = _("Give the rounding unit with the percentages.")
PLACES_IN_ORDER = _("List the places in order, best first: place 1, 2, 3 ...")


def payouts_payload(tournament: Any, view: payout_services.PayoutView) -> dict[str, Any]:
    money = payout_services.money
    return {
        "prize_pool": money(view.pool.total),
        "places": view.places(),
        "collected": money(view.pool.collected),
        "additions": money(view.pool.additions),
        "overlay": money(view.pool.overlay),
        "fees": money(view.pool.fees),
        "guarantee": None if view.guarantee is None else money(view.guarantee),
        "rounding": str(view.rounding),
        "rounding_mode": view.rounding_mode,
        "structure": view.source,
        "frozen": view.source == "frozen" or bool(tournament.registration_closed),
        "entries": view.counts.entries,
        "re_entries": view.counts.re_entries,
        "rebuys": view.counts.rebuys,
        "addons": view.counts.addons,
        "paid": view.paid,
        "kept_back": money(view.kept_back),
        "kept_back_reason": view.kept_back_reason,
        "shortfall": money(view.shortfall),
        "purchase_limits": dataclasses.asdict(view.limits),
        "satellite": _with_places(satellite_payload(tournament), view),
    }


def _with_places(satellite: dict[str, Any] | None, view: Any) -> dict[str, Any] | None:
    return None if satellite is None else {**satellite, "places": view.satellite_places()}


@router.get("/tournaments/{tournament_id}/payouts", response=PayoutsOut)
def get_payouts(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    tournament, view = payout_services.payouts_get(tournament_id=tournament_id)
    return payouts_payload(tournament, view)


@router.put("/tournaments/{tournament_id}/payouts", response=PayoutsOut)
def put_payouts(request: HttpRequest, tournament_id: int, payload: PayoutsIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    given = payload.model_fields_set
    if "satellite" in given:
        _satellite(tournament_id, payload, user)
        if payload.amounts is None and payload.places is None and "percentages" not in given:
            tournament, view = payout_services.payouts_get(tournament_id=tournament_id)
            return payouts_payload(tournament, view)
    if payload.amounts is None and payload.places is None and "percentages" not in given:
        raise FieldInvalid("percentages", PERCENTAGES_OR_AMOUNTS_NEEDED)
    if "percentages" in given and payload.rounding is None:
        raise FieldInvalid("rounding", ROUNDING_NEEDED)
    extra = {"guarantee": payload.guarantee} if "guarantee" in given else {}
    payout_services.payouts_update(
        tournament_id=tournament_id,
        percentages=payload.percentages,
        amounts=payload.amounts,
        places=_places(payload),
        kept_back_reason=payload.kept_back_reason,
        rounding=payload.rounding,
        rounding_mode=payload.rounding_mode,
        by=user,
        **extra,
    )
    tournament, view = payout_services.payouts_get(tournament_id=tournament_id)
    return payouts_payload(tournament, view)


def _places(payload: PayoutsIn) -> list[PlacePay] | None:
    """The mixed structure as the rules take it; a place given must be its position."""
    if payload.places is None:
        return None
    for position, place in enumerate(payload.places, start=1):
        if place.place is not None and place.place != position:
            raise RuleBeyondSchema("places", PLACES_IN_ORDER, rule="place_is_position")
    return [PlacePay(amount=p.amount, percentage=p.percentage) for p in payload.places]


def _satellite(tournament_id: int, payload: PayoutsIn, user: Any) -> None:
    """The satellite part of the payouts: tickets to a target, or none (null)."""
    if payload.satellite is None:
        satellite_services.satellite_clear(tournament_id=tournament_id, by=user)
        return
    satellite_services.satellite_set(
        tournament_id=tournament_id, by=user, **payload.satellite.dict()
    )


@router.patch("/tournaments/{tournament_id}/payouts/settings", response=PayoutsOut)
def patch_payout_settings(request: HttpRequest, tournament_id: int, payload: PayoutSettingsIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    pool_services.payout_settings_update(
        tournament_id=tournament_id, changes=payload.dict(exclude_unset=True), by=user
    )
    tournament, view = payout_services.payouts_get(tournament_id=tournament_id)
    return payouts_payload(tournament, view)


@router.post(
    "/tournaments/{tournament_id}/prize-additions",
    response={201: PrizeAdditionOut},
    auth=MONEY_AUTH,
)
def add_to_prize_pool(request: HttpRequest, tournament_id: int, payload: AdditionIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    addition = pool_services.prize_addition_add(
        tournament_id=tournament_id, amount=payload.amount, note=payload.note, by=user
    )
    return Status(
        201,
        {
            "id": addition.pk,
            "amount": payout_services.money(addition.amount),
            "note": addition.note,
        },
    )


def _purchase(
    request: HttpRequest, entry_id: int, kind: str, payload: PurchaseIn
) -> dict[str, Any]:
    user = acting_user(request)
    entry, paid = entry_purchase_paid(
        entry_id=entry_id,
        kind=kind,
        count=payload.count,
        by=user,
        payment=payment_of(payload.payment),
    )
    return {
        "entry": entry.pk,
        "rebuys": entry.rebuys,
        "addons": entry.addons,
        "payment": payment_payload(paid),
    }


@router.post("/entries/{entry_id}/rebuys", response={201: PurchaseOut}, auth=MONEY_AUTH)
def rebuy(request: HttpRequest, entry_id: int, payload: PurchaseIn):
    return Status(201, _purchase(request, entry_id, "rebuy", payload))


@router.post("/entries/{entry_id}/addons", response={201: PurchaseOut}, auth=MONEY_AUTH)
def addon(request: HttpRequest, entry_id: int, payload: PurchaseIn):
    return Status(201, _purchase(request, entry_id, "addon", payload))


@router.get("/tournaments/{tournament_id}/results", response=list[ResultOut])
def get_results(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    tournament = tournament_get(tournament_id)
    _view, rows = results_compute(tournament)
    paid = payouts_of(tournament)
    tickets = result_tickets(tournament)
    return [
        {**row.payload(), "prize_paid": row.entry.pk in paid, "ticket": tickets.get(row.entry.pk)}
        for row in rows
    ]


@router.get("/tournaments/{tournament_id}/bounties", response=list[BountyRowOut])
def get_bounties(request: HttpRequest, tournament_id: int):
    """Each entry's bounty now and what he won (money as decimal strings)."""
    require_role(request, STAFF, ONLY_STAFF)
    return bounty_list(tournament_get(tournament_id))


def _deal_args(payload: DealIn) -> dict[str, Any]:
    return {
        "method": payload.method,
        "stacks": [(s.entry, s.chips) for s in payload.stacks],
        "prizes": payload.prizes,
        "reserve": payload.reserve,
    }


@router.post("/tournaments/{tournament_id}/deals/preview", response=DealPreviewOut)
def preview_deal(request: HttpRequest, tournament_id: int, payload: DealIn):
    require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    plan = deal_services.deal_preview(tournament_id=tournament_id, **_deal_args(payload))
    return plan.payload()


@router.post("/tournaments/{tournament_id}/deals", response={201: DealOut})
def record_deal(request: HttpRequest, tournament_id: int, payload: DealIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    deal = deal_services.deal_record(
        tournament_id=tournament_id, by=user, note=payload.note, **_deal_args(payload)
    )
    money = payout_services.money
    return Status(
        201,
        {
            "id": deal.pk,
            "method": deal.method,
            "reserve": money(deal.reserve),
            "prizes": deal.prizes,
            "payouts": [
                {"entry": s.entry_id, "amount": money(s.amount)} for s in deal.shares.all()
            ],
        },
    )


@router.delete("/tournaments/{tournament_id}/deal", response={204: None})
def cancel_deal(request: HttpRequest, tournament_id: int):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    deal_services.deal_cancel(tournament_id=tournament_id, by=user)
    return Status(204, None)


@router.get("/players/{player_id}/results", response=list[PlayerResultOut])
def get_player_history(request: HttpRequest, player_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    _player, rows = player_history(player_id=player_id)
    return [
        {
            "tournament": r.tournament.pk,
            "name": r.tournament.name,
            "entries": r.entries,
            "place": r.place,
            "prize": payout_services.money(r.prize),
        }
        for r in rows
    ]


def _season_payload(season: Any) -> dict[str, Any]:
    return {
        "id": season.pk,
        "name": season.name,
        "formula": season.formula,
        "formula_text": season.formula_text,
        "scale": str(season.scale),
        "table": season.table,
        "participation": str(season.participation),
        "best_of": season.best_of,
    }


@router.post("/seasons", response={201: SeasonOut})
def create_season(request: HttpRequest, payload: SeasonIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    season = league_services.season_create(by=user, **payload.dict())
    return Status(201, _season_payload(season))


@router.post("/seasons/formula-preview", response=FormulaPreviewOut)
def preview_season_formula(request: HttpRequest, payload: FormulaPreviewIn):
    require_role(request, STAFF, ONLY_STAFF)
    rows = league_services.formula_preview(**payload.dict())
    return {
        "rows": [
            {"place": r.place, "points": str(r.points), "points_with_hit": str(r.with_hit)}
            for r in rows
        ]
    }


@router.put("/seasons/{season_id}", response=SeasonOut)
def update_season(request: HttpRequest, season_id: int, payload: SeasonIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    season = league_services.season_update(season_id=season_id, by=user, **payload.dict())
    return _season_payload(season)


@router.get("/seasons/{season_id}/standings", response=StandingsOut)
def get_season_standings(request: HttpRequest, season_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    season, tournaments, rows = league_services.season_standings(season_id=season_id)
    return {
        **_season_payload(season),
        "tournaments": [t.pk for t in tournaments],
        "standings": [
            {
                "rank": r.standing.rank,
                "player": r.player.pk,
                "name": r.player.name,
                "points": str(r.standing.points),
                "wins": r.standing.wins,
                "best_place": r.standing.best_place,
                "played": r.standing.played,
            }
            for r in rows
        ],
    }
