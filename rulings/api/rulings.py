"""Rulings API (README "API" "Rulings"): log, list, amend; search the rule catalog.

Rulings are append-only: there is no PUT, PATCH or DELETE on a ruling, so
those answer 405. A ruling's `table` is a table number (README "API", "Table ids
and table numbers").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Status

from rulings.api.schemas import (
    AmendmentIn,
    CategoryName,
    RuleOut,
    RulingIn,
    RulingOut,
)
from rulings.models import PenaltyKindChoice, Ruling
from rulings.presenters import ruling_payload
from rulings.selectors import rulings_filtered
from rulings.services.catalog import rule_payload, rules_search
from rulings.services.penalties import penalty_hands_left
from rulings.services.rulings import PenaltyOrder, amendment_add, ruling_create, ruling_get
from tournament.api.auth import require_role
from tournament.errors import RuleBeyondSchema
from tournament.roles import FLOOR_STAFF, STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["rulings"])

ONLY_FLOOR = _("Only floor staff or a director may log rulings.")
ONLY_STAFF = _("Only staff may read rulings.")
TWO_TABLES = _("table and table_number name different tables: send one of them.")

if TYPE_CHECKING:
    PenaltyFilter = str
else:
    PenaltyFilter = Literal[("any", "none", *PenaltyKindChoice.values)]

PENALTY_QUERY = Query(None, description='"any": with a penalty; "none": without; or one kind.')


def _table_number(table: int | None, table_number: int | None) -> int | None:
    """`table` and `table_number` both name the table by its number."""
    if table is not None and table_number is not None and table != table_number:
        raise RuleBeyondSchema("table_number", TWO_TABLES, rule="table_and_table_number_agree")
    return table if table is not None else table_number


def _payloads(rulings: list[Ruling]) -> list[dict]:
    penalties = [r.penalty for r in rulings if hasattr(r, "penalty")]
    left = penalty_hands_left(penalties)
    return [ruling_payload(r, hands_left=left) for r in rulings]


@router.post(
    "/tournaments/{tournament_id}/rulings",
    response={201: RulingOut},
    description="Log a ruling (append-only). `decided_by` and `created_at` come from the "
    "signed-in user and the server clock. A penalty's `hands` follow from the rulebook.",
)
def ruling_log(request: HttpRequest, tournament_id: int, payload: RulingIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    table = _table_number(payload.table, payload.table_number)
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
        table=table,
        entries=payload.entries,
        penalty=penalty,
    )
    return Status(201, _payloads([ruling_get(ruling.pk)])[0])


@router.get("/tournaments/{tournament_id}/rulings", response=list[RulingOut])
def ruling_list(
    request: HttpRequest,
    tournament_id: int,
    table: int | None = Query(None, description="A table NUMBER (not its id)."),
    table_number: int | None = Query(None, description="The same as `table`."),
    entry: int | None = Query(None, description="An entry involved or penalised."),
    player: int | None = Query(None, description="A player involved or penalised."),
    category: CategoryName | None = None,
    penalty: PenaltyFilter | None = PENALTY_QUERY,
):
    require_role(request, STAFF, ONLY_STAFF)
    tournament = tournament_get(tournament_id)
    return _payloads(
        list(
            rulings_filtered(
                tournament,
                table=_table_number(table, table_number),
                entry=entry,
                player=player,
                category=category,
                penalty=penalty,
            )
        )
    )


@router.get("/rulings/{ruling_id}", response=RulingOut)
def ruling_detail(request: HttpRequest, ruling_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    return _payloads([ruling_get(ruling_id)])[0]


@router.post("/rulings/{ruling_id}/amendments", response={201: RulingOut})
def ruling_amend(request: HttpRequest, ruling_id: int, payload: AmendmentIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR)
    amendment_add(ruling_id=ruling_id, text=payload.text, by=user)
    return Status(201, _payloads([ruling_get(ruling_id)])[0])


@router.get("/rules", response=list[RuleOut])
def rules_find(
    request: HttpRequest,
    q: str = Query("", description="Words to search in ids, titles and keywords."),
    limit: int = Query(50, description="At most this many (1-300)."),
):
    require_role(request, STAFF, ONLY_STAFF)
    return [rule_payload(r) for r in rules_search(q[:200], limit=max(1, min(limit, 300)))]
