"""Writing one TD3 tournament as a finished tournament of ours (README "Importing TD3 files").

The rows are written directly from the plan (``imports.rules.td3_plan``) in
one write on the tournament, not replayed through the floor: the entries with
what each paid, their rebuys and add-ons, each bust with its place, its level
and its hitmen (the action log's ``bust`` lines, as the floor writes them),
the structure, and the prizes as TD3 paid them (fixed amounts per place). A
later save of the same tournament replaces these rows and keeps the
tournament's id.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.db.models import Case, Value, When
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind
from cashdesk.services.imported import imported_sales_book
from cashdesk.services.ledger import Split
from clock.models import ClockState
from clock.rules.clock import ClockState as ClockRuleState
from clock.rules.clock import datetime_from_ms
from clock.services import clock_state
from clock.services.structure import StructureInvalid, structure_set
from imports.rules.td3_model import Td3Purchase
from imports.rules.td3_plan import PlannedEntry, Td3Plan
from tournament import audit, changes
from tournament.errors import Invalid
from tournament.models import (
    ActionLog,
    Deal,
    Entry,
    LeagueSeason,
    PayoutSettings,
    PrizeAddition,
    ResultCorrection,
    SpecialPrize,
    Tournament,
)
from tournament.rules.payouts import money
from tournament.services.buy_ins import buy_ins_clean
from tournament.services.league_formula import formula_read
from tournament.services.payouts import payouts_view
from tournament.services.tournaments import TournamentSettings, tournament_create
from tournament.writes import Write, tournament_write

# The action-log lines an import writes for the rows it owns; a later save replaces them.
OWN_LOG_KINDS = ("entry_registered", "entry_rebuy", "entry_addon", "bust", "winner")
STRUCTURE_SKIPPED = _("%(file)s: the blind structure was not taken over (%(reason)s).")
POOL_DIFFERS = _("%(file)s: the prize pool is %(ours)s here, %(theirs)s in TD3.")
NOT_FINISHED = _(
    "%(file)s: TD3 saved the tournament before its end; the %(count)s players still in have no place."
)
HOUSE_NOTE = "TD3: house contribution"
FROM_TD3 = "from TD3"
ABOVE_POOL_NOTE = "TD3: prizes above the pool"
IMPORTED_FROM = "td3"  # Tournament.imported_from
WITHDRAWN_WHY = "td3_saved_again"  # why a later save takes the earlier save's lines out


def _settings(plan: Td3Plan) -> dict[str, Any]:
    return {
        "name": plan.name,
        "table_size": plan.table_size,
        "final_table_size": plan.table_size,
        "starting_stack": plan.starting_stack,
        "buy_in": plan.buy_in,
        "fee": plan.fee,
        "buy_ins": buy_ins_clean(plan.options),
        "max_entries": plan.max_entries,
        "late_registration_levels": plan.late_levels,
        "late_registration_through_break": True,
        "places": Tournament.Places.BY_PLAYER,
    }


def td3_tournament_create(plan: Td3Plan, *, by: Any) -> Tournament:
    values = _settings(plan)
    values.pop("late_registration_through_break")
    return tournament_create(settings=TournamentSettings(**values), by=by)


def _clear(w: Write) -> None:
    """The rows a previous import of this tournament wrote; its lines leave the
    trail on purpose, named by a line of their own (README "Audit trail")."""
    tournament = w.tournament
    Deal.objects.filter(tournament=tournament).delete()
    PrizeAddition.objects.filter(tournament=tournament).delete()
    SpecialPrize.objects.filter(tournament=tournament, imported=True).delete()
    Entry.objects.filter(tournament=tournament).delete()
    audit.withdraw(
        ActionLog.objects.filter(tournament=tournament, kind__in=OWN_LOG_KINDS),
        scope=audit.tournament_scope(tournament.pk),
        tournament=tournament,
        why=WITHDRAWN_WHY,
        by=w.user,
    )


def _entry(tournament: Tournament, planned: PlannedEntry, plan: Td3Plan, player: int) -> Entry:
    bought = planned.bought
    rebuys, addons = plan.units(planned)
    bust = planned.bust
    return Entry(
        tournament=tournament,
        player_id=player,
        number=planned.number,
        start_number=planned.start_number,
        status=Entry.Status.BUSTED if bust is not None else Entry.Status.REGISTERED,
        rebuys=rebuys,
        addons=addons,
        place=planned.place,
        busted_at=datetime_from_ms(bust.time) if bust is not None else None,
        buy_in_name=planned.option,
        paid_price=bought.to_pool,
        paid_fee=bought.fee,
        paid_chips=max(bought.chips, 0),
        # Each purchase as the file recorded it, not in units of the evening's price.
        paid_rebuys=_spent(planned.rebuys).total,
        paid_addons=_spent(planned.addons).total,
    )


def _spent(purchases: Iterable[Td3Purchase]) -> Split:
    """What the purchases put into the pool and paid the house, as recorded."""
    bought = list(purchases)
    return Split(
        sum((purchase.to_pool for purchase in bought), Decimal(0)),
        sum((purchase.fee for purchase in bought), Decimal(0)),
    )


Timed = tuple[int, str, dict[str, Any]]  # TD3's time (ms), the line's kind and data


def _logs(plan: Td3Plan, entries: list[Entry]) -> list[Timed]:
    """The history of the evening as the floor would have logged it, at TD3's times."""

    def line(time: int, kind: str, data: dict[str, Any]) -> Timed:
        return time, kind, {**data, "td3": True}

    lines: list[Timed] = []
    for planned, entry in zip(plan.entries, entries, strict=True):
        registered = {"entry": entry.pk, "level": planned.bought.level}
        lines.append(line(planned.bought.time, "entry_registered", registered))
        for kind, purchases in (("entry_rebuy", planned.rebuys), ("entry_addon", planned.addons)):
            for total, purchase in enumerate(purchases, start=1):
                bought = {"count": 1, "total": total, "level": purchase.level}
                data = {"entry": entry.pk, **bought, "amount": money(purchase.amount)}
                lines.append(line(purchase.time, kind, data))
    for bust in plan.busts:
        entry = entries[bust.entry]
        out: dict[str, Any] = {
            "entry": entry.pk,
            "table": None,
            "seat": None,
            "button_distance": None,
            "group": bust.order,
            "eliminated_by": [entries[hitman].pk for hitman in bust.hitmen],
            "level": bust.level,
            "level_index": bust.level_index,
            "place": entry.place,
        }
        lines.append(line(plan.entries[bust.entry].until or 0, "bust", out))
    live = [entry for entry in entries if entry.status != Entry.Status.BUSTED]
    if plan.finished and len(live) == 1:
        last = max((time for time, _kind, _data in lines), default=0)
        lines.append(line(last, "winner", {"entry": live[0].pk}))
    return sorted(lines, key=lambda timed: timed[0])


def _log(w: Write, timed: list[Timed]) -> None:
    """The lines at TD3's times (a line without one: now), hashed as stored."""
    now = timezone.now()
    audit.append_many(
        scope=audit.tournament_scope(w.tournament.pk),
        tournament=w.tournament,
        lines=[(kind, data) for _time, kind, data in timed],
        by=w.user,
        times=[datetime_from_ms(ms) if ms > 0 else now for ms, _kind, _data in timed],
    )


def _stamp(model: type[Entry], field: str, times: dict[int, int]) -> None:
    """Set each row's time (its id -> TD3's ms) where the model stamps its own on insert."""
    stamped = {pk: datetime_from_ms(ms) for pk, ms in times.items() if ms > 0}
    if stamped:
        moments = [When(pk=pk, then=Value(moment)) for pk, moment in stamped.items()]
        model.objects.filter(pk__in=list(stamped)).update(**{field: Case(*moments)})


def _structure(w: Write, plan: Td3Plan, filename: str) -> list[str]:
    if not plan.levels:
        return []
    try:
        structure_set(tournament_id=w.tournament.pk, data={"levels": list(plan.levels)}, by=w.actor)
    except StructureInvalid as exc:
        reason = "; ".join(str(p.get("message", "")) for p in exc.problems[:3]) or str(exc)
        return [str(STRUCTURE_SKIPPED % {"file": filename, "reason": reason})]
    last = max((bust.level_index for bust in plan.busts), default=0)
    row = ClockState.objects.get(tournament=w.tournament)
    clock_state.store_state(row, ClockRuleState("finished", min(last, len(plan.levels) - 1), 0))
    return []


def _sales_book(w: Write, plan: Td3Plan, entries: list[Entry], filename: str) -> None:
    """What the entries paid, as the file says, in the ledger: the prize pool is
    the ledger's (README "Cash desk"); each entry keeps its own price too."""
    first = [e for e in entries if e.number == 1]
    again = [e for e in entries if e.number > 1]
    imported_sales_book(
        w,
        sales={
            Kind.BUY_IN: _paid(first),
            Kind.RE_ENTRY: _paid(again),
            Kind.REBUY: _spent(p for planned in plan.entries for p in planned.rebuys),
            Kind.ADD_ON: _spent(p for planned in plan.entries for p in planned.addons),
        },
        reason=f"TD3: {filename}"[:500],
    )


def _paid(entries: list[Entry]) -> Split:
    return Split(
        sum((e.paid_price or Decimal(0) for e in entries), Decimal(0)),
        sum((e.paid_fee or Decimal(0) for e in entries), Decimal(0)),
    )


def _payouts(w: Write, plan: Td3Plan, season: LeagueSeason | None, guarantee: Decimal) -> None:
    rebuy, addon = plan.rebuy, plan.addon
    PayoutSettings.objects.update_or_create(
        tournament=w.tournament,
        defaults={
            "re_entry_price": None,
            "re_entry_fee": None,
            "rebuy_price": rebuy.price if rebuy else Decimal(0),
            "rebuy_fee": rebuy.fee if rebuy else Decimal(0),
            "rebuy_chips": rebuy.chips if rebuy else 0,
            "addon_price": addon.price if addon else Decimal(0),
            "addon_fee": addon.fee if addon else Decimal(0),
            "addon_chips": addon.chips if addon else 0,
            "rebuy_limit": None,
            "addon_limit": None,
            "rebuy_until_level": None,
            "addon_after_level": None,
            "guarantee": guarantee if guarantee > 0 else None,
            "rounding": Decimal("0.01"),
            "percentages": None,
            "amounts": [money(amount) for amount in plan.prizes],
            "kept_back_reason": "TD3",
            "season": season,
            "formula_text": plan.formula if plan.formula and _readable(plan.formula) else "",
            "league_when_finished": True,
        },
    )
    if plan.house > 0:
        PrizeAddition.objects.create(
            tournament=w.tournament, amount=plan.house, note=HOUSE_NOTE, by=w.user
        )
    pool = payouts_view(w.tournament).pool.total
    awarded = sum(plan.prizes, Decimal(0))
    if awarded > pool:
        PrizeAddition.objects.create(
            tournament=w.tournament, amount=awarded - pool, note=ABOVE_POOL_NOTE, by=w.user
        )


def _readable(text: str) -> bool:
    try:
        formula_read(text)
    except Invalid:
        return False
    return True


def _corrections(w: Write, plan: Td3Plan, entries: list[Entry]) -> None:
    """TD3's points and hits adjustments as corrections of the player's last entry."""
    last = {planned.player: entry for planned, entry in zip(plan.entries, entries, strict=True)}
    ResultCorrection.objects.bulk_create(
        ResultCorrection(
            entry=last[uuid], points=points, hits=hits, reason=FROM_TD3, imported=True, by=w.user
        )
        for uuid, points, hits in plan.corrections
        if uuid in last
    )


def _specials(w: Write, plan: Td3Plan, entries: list[Entry]) -> None:
    """TD3's prizes without a place (README "Special prizes"), paid from the pool
    as TD3 pays them; one awarded to nobody is kept as not awarded."""
    for planned in plan.specials:
        prize = SpecialPrize.objects.create(
            tournament=w.tournament,
            name=planned.name,
            amount=planned.amount,
            source=SpecialPrize.Source.POOL,
            reason=FROM_TD3 if planned.winners else "",
            awarded_at=w.tournament.created_at if planned.winners else None,
            imported=True,
            by=w.user,
        )
        prize.winners.set([entries[index] for index in planned.winners])


def td3_tournament_fill(
    tournament_id: int,
    plan: Td3Plan,
    *,
    players: dict[str, int],
    season: LeagueSeason | None,
    td3_pool: Decimal,
    guarantee: Decimal,
    start_time: int | None,
    filename: str,
    by: Any,
) -> list[str]:
    """Replace the tournament's rows by the plan's; the warnings of this file."""
    warnings: list[str] = []
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        _clear(w)
        for name, value in _settings(plan).items():
            setattr(tournament, name, value)
        # A file saved before its end stays running, its players still in
        # (README "Switching from TD3"): a director finishes it.
        tournament.status = (
            Tournament.Status.FINISHED if plan.finished else Tournament.Status.RUNNING
        )
        tournament.imported_from = IMPORTED_FROM
        tournament.registration_closed = True
        tournament.save()
        if start_time is not None:
            Tournament.objects.filter(pk=tournament.pk).update(
                created_at=datetime_from_ms(start_time)
            )
        warnings += _structure(w, plan, filename)
        entries = Entry.objects.bulk_create(
            [_entry(tournament, planned, plan, players[planned.player]) for planned in plan.entries]
        )
        _stamp(
            Entry,
            "created_at",
            {e.pk: p.bought.time for p, e in zip(plan.entries, entries, strict=True)},
        )
        _log(w, _logs(plan, entries))
        _sales_book(w, plan, entries, filename)
        _payouts(w, plan, season, guarantee)
        _specials(w, plan, entries)
        _corrections(w, plan, entries)
        warnings += _checks(tournament, plan, td3_pool, filename)
        w.log("td3_import", {"file": filename, "entries": len(entries)})
        w.record(
            "td3_import",
            parts=(changes.SUMMARY, changes.CLOCK, changes.PAYOUTS, changes.RESULTS),
        )
    return warnings


def _checks(tournament: Tournament, plan: Td3Plan, td3_pool: Decimal, filename: str) -> list[str]:
    warnings = []
    still_in = sum(1 for entry in plan.entries if entry.bust is None)
    if not plan.finished and still_in:
        warnings.append(str(NOT_FINISHED % {"file": filename, "count": still_in}))
    ours = payouts_view(tournament).pool.collected + plan.house
    if ours != td3_pool:
        values = {"file": filename, "ours": money(ours), "theirs": money(td3_pool)}
        warnings.append(str(POOL_DIFFERS % values))
    return warnings
