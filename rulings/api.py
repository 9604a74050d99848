"""Rulings API (README "API" "Rulings"): log, list, amend; search the rule catalog.

Rulings are append-only: there is no PUT, PATCH or DELETE on a ruling, so
those answer 405.
"""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Status
from pydantic import Field

from rulings.models import Category, Ruling
from rulings.presenters import ruling_payload
from rulings.services.catalog import rule_payload, rules_search
from rulings.services.penalties import penalty_hands_left
from rulings.services.queries import rulings_filtered
from rulings.services.rulings import PenaltyOrder, amendment_add, ruling_create, ruling_get
from tournament.api.auth import require_role
from tournament.api.fields import DB_SMALLINT_MAX, Body
from tournament.roles import FLOOR_STAFF, STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["rulings"])

ONLY_FLOOR = _("Only floor staff or a director may log rulings.")
ONLY_STAFF = _("Only staff may read rulings.")

PenaltyKindName = Literal["warning", "missed_hands", "missed_rounds", "disqualification"]


class PenaltyIn(Body):
    entry: int = Field(ge=1)
    kind: str = Field(max_length=40)
    count: int | None = Field(None, ge=0, le=DB_SMALLINT_MAX)
    # A disqualification: the chips the floor took off the table (default: his
    # latest count, else the average stack).
    chips: int | None = Field(None, ge=0, le=10**13)


class RulingIn(Body):
    table: int | None = Field(None, ge=1)
    entries: list[int] = Field(default_factory=list, max_length=20)
    category: str = Field(max_length=40)
    situation: str = Field(min_length=1, max_length=4000)
    decision: str = Field(min_length=1, max_length=4000)
    rules: list[str] = Field(default_factory=list, max_length=30)
    penalty: PenaltyIn | None = None


class AmendmentIn(Body):
    text: str = Field(min_length=1, max_length=4000)


def _payloads(rulings: list[Ruling]) -> list[dict]:
    penalties = [r.penalty for r in rulings if hasattr(r, "penalty")]
    left = penalty_hands_left(penalties)
    return [ruling_payload(r, hands_left=left) for r in rulings]


@router.post("/tournaments/{tournament_id}/rulings", response={201: dict})
def ruling_log(request: HttpRequest, tournament_id: int, payload: RulingIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    penalty = (
        PenaltyOrder(
            entry=payload.penalty.entry,
            kind=payload.penalty.kind,
            count=payload.penalty.count,
            chips=payload.penalty.chips,
        )
        if payload.penalty is not None
        else None
    )
    ruling = ruling_create(
        tournament_id=tournament_id,
        by=user,
        category=payload.category,
        situation=payload.situation,
        decision=payload.decision,
        rules=payload.rules,
        table=payload.table,
        entries=payload.entries,
        penalty=penalty,
    )
    return Status(201, _payloads([ruling_get(ruling.pk)])[0])


@router.get("/tournaments/{tournament_id}/rulings", response=list[dict])
def ruling_list(
    request: HttpRequest,
    tournament_id: int,
    table: int | None = None,
    entry: int | None = None,
    player: int | None = None,
    category: Literal[tuple(Category.values)] | None = None,  # type: ignore[valid-type]
    penalty: Literal["any", "none", "warning", "missed_hands", "missed_rounds", "disqualification"]
    | None = None,
):
    require_role(request, STAFF, ONLY_STAFF)
    tournament = tournament_get(tournament_id)
    return _payloads(
        list(
            rulings_filtered(
                tournament,
                table=table,
                entry=entry,
                player=player,
                category=category,
                penalty=penalty,
            )
        )
    )


@router.get("/rulings/{ruling_id}", response=dict)
def ruling_detail(request: HttpRequest, ruling_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    return _payloads([ruling_get(ruling_id)])[0]


@router.post("/rulings/{ruling_id}/amendments", response={201: dict})
def ruling_amend(request: HttpRequest, ruling_id: int, payload: AmendmentIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    amendment_add(ruling_id=ruling_id, text=payload.text, by=user)
    return Status(201, _payloads([ruling_get(ruling_id)])[0])


@router.get("/rules", response=list[dict])
def rules_find(request: HttpRequest, q: str = "", limit: int = 50):
    require_role(request, STAFF, ONLY_STAFF)
    return [rule_payload(r) for r in rules_search(q[:200], limit=max(1, min(limit, 300)))]
