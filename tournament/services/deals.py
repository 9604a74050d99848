"""Deals among the remaining players (BDPV Turnierreglement 29-31).

A deal shares the open prizes by ICM or chip chop from the players' chip
counts, optionally leaving an amount to play for. It must include every
player still in (rule 30), so both the preview and the recorded deal refuse
a list that leaves anyone out. League points follow the finishing places
only and are never dealt (rule 29).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from django.db.models import Prefetch
from django.utils.translation import gettext_lazy as _

from tournament import changes
from tournament.errors import TOURNAMENT_NOT_FOUND, Conflict, Invalid, NotFound, RuleBeyondSchema
from tournament.models import LIVE_STATUSES, Deal, DealShare, Entry, Tournament
from tournament.public_labels import label_rows, screen_name
from tournament.rules.deals import DealError, deal_chip_chop, deal_icm
from tournament.rules.payouts import ZERO
from tournament.services.payouts import money, payouts_view
from tournament.writes import tournament_write

DEAL_EVERYONE = _("A deal must include every player still in the tournament, each once.")
DEAL_TWO_PLAYERS = _("A deal needs at least two players still in the tournament.")
DEAL_EXISTS = _("This tournament already has a deal; cancel it first.")
DEAL_NOT_FOUND = _("This tournament has no deal.")
METHOD_UNKNOWN = _("Unknown deal method; use icm or chip_chop.")
STACK_NOT_POSITIVE = _("Every chip count must be a positive whole number.")
TOO_MANY_PRIZES = _("There are more prizes than players in the deal.")
PRIZE_INVALID = _("Prizes must be amounts of zero or more in whole cents.")
PRIZES_INCREASING = _("Prizes must not increase with a worse place.")
RESERVE_INVALID = _("The amount left to play for must be zero or more in whole cents.")
RESERVE_TOO_LARGE = _("The amount left to play for exceeds the prizes.")
TOO_MANY_PLAYERS = _("ICM works for at most 16 players; use chip chop.")
DEAL_INVALID = _("This deal is not valid.")

_DEAL_MESSAGES = {
    "stack_not_positive": STACK_NOT_POSITIVE,
    "too_many_prizes": TOO_MANY_PRIZES,
    "prize_invalid": PRIZE_INVALID,
    "prize_precision": PRIZE_INVALID,
    "prizes_increasing": PRIZES_INCREASING,
    "reserve_invalid": RESERVE_INVALID,
    "reserve_precision": RESERVE_INVALID,
    "reserve_too_large": RESERVE_TOO_LARGE,
    "too_many_players": TOO_MANY_PLAYERS,
    "no_players": DEAL_TWO_PLAYERS,
}

# What the deal's fields say together, which its schema cannot (README "API",
# "What the schema promises"): the rule's code -> the field.
ACROSS_FIELDS = {
    "too_many_prizes": "prizes",
    "prizes_increasing": "prizes",
    "reserve_too_large": "reserve",
    "too_many_players": "stacks",
}

Method = Literal["icm", "chip_chop"]


@dataclass(frozen=True)
class DealPlan:
    method: str
    stacks: list[tuple[int, int]]  # (entry id, chips)
    prizes: list[Decimal]  # the open prizes before the reserve
    reserve: Decimal
    amounts: list[tuple[int, Decimal]]  # (entry id, amount)

    def payload(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "prizes": [money(p) for p in self.prizes],
            "reserve": money(self.reserve),
            "payouts": [{"entry": e, "amount": money(a)} for e, a in self.amounts],
        }


def remaining_entries(tournament: Tournament) -> list[Entry]:
    """The players still in, biggest entry id last (stable order for forms)."""
    return list(
        tournament.entries.filter(status__in=LIVE_STATUSES)
        .exclude(status=Entry.Status.WAITING)
        .select_related("player")
        .order_by("id")
    )


def deal_plan(
    *,
    tournament: Tournament,
    method: str,
    stacks: Sequence[tuple[int, int]],
    prizes: Sequence[Decimal] | None = None,
    reserve: Decimal = ZERO,
) -> DealPlan:
    """Compute a deal for the tournament as it stands (no writes)."""
    if method not in Deal.Method.values:
        raise Invalid(METHOD_UNKNOWN)
    remaining = {e.pk for e in remaining_entries(tournament)}
    if len(remaining) < 2:
        raise Conflict(DEAL_TWO_PLAYERS)
    given = [entry_id for entry_id, _chips in stacks]
    if len(given) != len(set(given)):
        raise RuleBeyondSchema("stacks", DEAL_EVERYONE, rule="entry_once")
    if set(given) != remaining:
        # Who is still in is the tournament's state (README "API", Errors).
        raise Conflict(DEAL_EVERYONE)
    if prizes is None:
        prizes = payouts_view(tournament).amounts[: len(remaining)]
    chips = [c for _e, c in stacks]
    calculate = deal_icm if method == Deal.Method.ICM else deal_chip_chop
    try:
        result = calculate(stacks=chips, prizes=list(prizes), reserve=reserve)
    except DealError as exc:
        message = _DEAL_MESSAGES.get(exc.code, DEAL_INVALID)
        if exc.code in ACROSS_FIELDS:
            raise RuleBeyondSchema(ACROSS_FIELDS[exc.code], message, rule=exc.code) from exc
        raise Invalid(message) from exc
    return DealPlan(
        method=method,
        stacks=list(stacks),
        prizes=list(prizes),
        reserve=reserve,
        amounts=list(zip(given, result.amounts, strict=True)),
    )


def deal_preview(
    *,
    tournament_id: int,
    method: str,
    stacks: Sequence[tuple[int, int]],
    prizes: Sequence[Decimal] | None = None,
    reserve: Decimal = ZERO,
) -> DealPlan:
    """What each remaining player would get; nothing is stored."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound(TOURNAMENT_NOT_FOUND)
    return deal_plan(
        tournament=tournament, method=method, stacks=stacks, prizes=prizes, reserve=reserve
    )


def deal_record(
    *,
    tournament_id: int,
    method: str,
    stacks: Sequence[tuple[int, int]],
    by: Any,
    prizes: Sequence[Decimal] | None = None,
    reserve: Decimal = ZERO,
    note: str = "",
) -> Deal:
    """Record the deal all remaining players agreed to; the results show it."""
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        if Deal.objects.filter(tournament=tournament).exists():
            raise Conflict(DEAL_EXISTS)
        plan = deal_plan(
            tournament=tournament, method=method, stacks=stacks, prizes=prizes, reserve=reserve
        )
        deal = Deal.objects.create(
            tournament=tournament,
            method=method,
            reserve=reserve,
            prizes=[money(p) for p in plan.prizes],
            note=note.strip()[:200],
            by=w.user,
        )
        chips = dict(plan.stacks)
        DealShare.objects.bulk_create(
            DealShare(deal=deal, entry_id=entry_id, chips=chips[entry_id], amount=amount)
            for entry_id, amount in plan.amounts
        )
        w.log("deal_recorded", {"deal": deal.pk, **plan.payload()})
        # The payouts part carries the deal; the results follow it once the winner is known.
        w.record("deal", parts=(changes.PAYOUTS, changes.RESULTS), facts={"deal": deal.pk})
    return deal


def deal_cancel(*, tournament_id: int, by: Any) -> None:
    """Remove a deal recorded by mistake (the action log keeps it)."""
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        deal = Deal.objects.filter(tournament=tournament).first()
        if deal is None:
            raise NotFound(DEAL_NOT_FOUND)
        w.log("deal_cancelled", {"deal": deal.pk})
        deal.delete()
        w.record("deal", parts=(changes.PAYOUTS, changes.RESULTS), facts={"deal": None})


def deal_current(tournament: Tournament, *, public: bool) -> dict[str, Any] | None:
    """The recorded deal as the screens show it (in the ``payouts`` part); None without one.

    ``public``: display names only, no entry ids.
    """
    deal = (
        Deal.objects.filter(tournament=tournament)
        .prefetch_related(
            Prefetch("shares", queryset=DealShare.objects.select_related("entry__player"))
        )
        .first()
    )
    if deal is None:
        return None
    style = tournament.display_names
    shares: list[dict[str, Any]] = [
        {"name": screen_name(share.entry.player, style), "amount": money(share.amount)}
        if public
        else {
            "entry": share.entry_id,
            "name": share.entry.player.name,
            "chips": share.chips,
            "amount": money(share.amount),
        }
        for share in deal.shares.all()
    ]
    if public:
        label_rows(shares)
    return {"method": deal.method, "reserve": money(deal.reserve), "payouts": shares}
