"""Special prizes, point corrections and finishing an unfinished imported tournament
(README "Special prizes", "Point corrections", "Switching from TD3")."""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest
from ninja import Router, Schema, Status
from pydantic import ConfigDict, Field

from tournament.api.auth import MONEY_AUTH, require_role
from tournament.api.choices import Money
from tournament.api.fields import NOT_BLANK, Amount, Body
from tournament.api.schemas import TournamentOut
from tournament.api.tournaments import ONLY_DIRECTOR, ONLY_STAFF
from tournament.presenters import tournament_payload
from tournament.roles import DIRECTOR, STAFF
from tournament.services import corrections as correction_services
from tournament.services import finishing
from tournament.services import special_prizes as services
from tournament.services.tournaments import tournament_get

router = Router(tags=["payouts"])
MOST_WINNERS = 100


class SpecialPrizeIn(Body):
    name: str = Field(..., max_length=120, json_schema_extra={"pattern": NOT_BLANK})
    amount: Amount = Field(..., ge=0, max_digits=12, decimal_places=2)
    source: Literal["pool", "house", "pot"] = Field(
        description="Where its money comes from: the prize pool, the house or a pot."
    )


class AwardIn(Body):
    entries: list[int] = Field(
        ..., max_length=MOST_WINNERS, description="The winners' entries; [] takes the award back."
    )
    reason: str = Field("", max_length=200)


class SpecialPrizeWinnerOut(Schema):
    entry: int
    name: str
    amount: Money = Field(description="His share (equal shares, odd cents to the first).")


class SpecialPrizeOut(Schema):
    id: int
    name: str
    amount: Money
    source: Literal["pool", "house", "pot"]
    awarded: bool
    reason: str
    winners: list[SpecialPrizeWinnerOut]


def _shown(prize_id: int, tournament_id: int) -> dict:
    tournament = tournament_get(tournament_id)
    return next(p.payload() for p in services.special_prizes_of(tournament) if p.id == prize_id)


@router.get("/tournaments/{tournament_id}/special-prizes", response=list[SpecialPrizeOut])
def list_special_prizes(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    return [prize.payload() for prize in services.special_prizes_of(tournament_get(tournament_id))]


@router.post(
    "/tournaments/{tournament_id}/special-prizes", response={201: SpecialPrizeOut}, auth=MONEY_AUTH
)
def add_special_prize(request: HttpRequest, tournament_id: int, payload: SpecialPrizeIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    prize = services.special_prize_add(
        tournament_id=tournament_id,
        name=payload.name,
        amount=payload.amount,
        source=payload.source,
        by=user,
    )
    return Status(201, _shown(prize.pk, tournament_id))


@router.post("/special-prizes/{prize_id}/award", response=SpecialPrizeOut, auth=MONEY_AUTH)
def award_special_prize(request: HttpRequest, prize_id: int, payload: AwardIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    prize = services.special_prize_award(
        prize_id=prize_id, entries=payload.entries, reason=payload.reason, by=user
    )
    return _shown(prize.pk, prize.tournament_id)


@router.delete("/special-prizes/{prize_id}", response={204: None}, auth=MONEY_AUTH)
def remove_special_prize(request: HttpRequest, prize_id: int):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    services.special_prize_remove(prize_id=prize_id, by=user)
    return Status(204, None)


# A correction changes something: points or hits that are not zero.
ZERO = {"anyOf": [{"type": "null"}, {"const": 0}, {"type": "string", "not": {"pattern": "[1-9]"}}]}
CORRECTS_SOMETHING = {
    "anyOf": [
        {"required": ["points"], "properties": {"points": {"not": ZERO}}},
        {"required": ["hits"], "properties": {"hits": {"not": ZERO}}},
    ]
}


class CorrectionIn(Body):
    model_config = ConfigDict(json_schema_extra=CORRECTS_SOMETHING)

    points: Amount | None = Field(None, ge=-100000, le=100000, max_digits=10, decimal_places=2)
    hits: int | None = Field(None, ge=-1000, le=1000)
    reason: str = Field(..., max_length=200, json_schema_extra={"pattern": NOT_BLANK})


class CorrectionOut(Schema):
    id: int
    entry: int
    points: str = Field(description="League points added (negative: taken off).")
    hits: int
    reason: str


@router.post("/results/{entry_id}/corrections", response={201: CorrectionOut})
def correct_result(request: HttpRequest, entry_id: int, payload: CorrectionIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    made = correction_services.correction_add(
        entry_id=entry_id,
        points=payload.points,
        hits=payload.hits,
        reason=payload.reason,
        by=user,
    )
    return Status(
        201,
        {
            "id": made.pk,
            "entry": made.entry_id,
            "points": str(made.points),
            "hits": made.hits,
            "reason": made.reason,
        },
    )


@router.delete("/corrections/{correction_id}", response={204: None})
def undo_correction(request: HttpRequest, correction_id: int):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    correction_services.correction_undo(correction_id=correction_id, by=user)
    return Status(204, None)


class FinishIn(Body):
    order: list[int] = Field(
        ...,
        min_length=1,
        max_length=10000,
        description="The entries of the players still in, best first.",
    )


@router.post("/tournaments/{tournament_id}/finish", response=TournamentOut)
def finish_tournament(request: HttpRequest, tournament_id: int, payload: FinishIn):
    """An unfinished imported tournament placed and finished (README "Switching
    from TD3"): from then it counts in the season."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    finished = finishing.tournament_finish(
        tournament_id=tournament_id, order=payload.order, by=user
    )
    return tournament_payload(finished)
