"""Floor actions of the ruling log: log a ruling (with its penalty), amend one.

Each runs in one transaction that locks the tournament first. Rulings are
append-only: nothing here updates or deletes a ruling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from rulings.models import Amendment, Category, Penalty, Ruling, RulingEntry
from rulings.rules.penalties import (
    COUNTED_KINDS,
    ErrorCode,
    PenaltyKind,
    PenaltyLimits,
    compute_penalty,
    validate_penalty,
)
from rulings.selectors import rulings_with_details
from rulings.services.catalog import rules_resolve
from rulings.services.levels import current_level_index
from tables.models import Seat, Table
from tables.services.busts import disqualify
from tournament import changes
from tournament.errors import Conflict, FieldInvalid, FieldNotFound, Invalid, NotFound
from tournament.models import Entry, Tournament
from tournament.writes import Write, tournament_write, write

UNKNOWN_CATEGORY = _("Unknown category.")
SITUATION_REQUIRED = _("Describe the situation.")
DECISION_REQUIRED = _("Write down the decision.")
UNKNOWN_RULES = _("Unknown rule reference: %(rules)s.")
TABLE_NOT_FOUND = _("There is no table %(number)s in this tournament.")
ENTRY_NOT_FOUND = _("Entry %(entry)s is not in this tournament.")
DUPLICATE_ENTRY = _("An entry is listed twice.")
RULING_NOT_FOUND = _("Ruling not found.")
AMENDMENT_REQUIRED = _("An amendment needs a text.")
PENALTY_NEEDS_SEAT = _("Missed hands or rounds need a seated player.")
PENALTY_PLAYER_OUT = _("This player is already out of the tournament.")
CHIPS_ONLY_DISQUALIFICATION = _(
    "Only a disqualification takes chips out of play: give chips with a disqualification only."
)

PENALTY_PROBLEMS = {
    ErrorCode.UNKNOWN_KIND: _(
        "Unknown penalty: use warning, missed_hands, missed_rounds or disqualification."
    ),
    ErrorCode.COUNT_REQUIRED: _("Give the number of hands or rounds."),
    ErrorCode.COUNT_NOT_INTEGER: _("The number of hands or rounds must be a whole number."),
    ErrorCode.COUNT_NOT_POSITIVE: _("The number of hands or rounds must be at least 1."),
    ErrorCode.COUNT_TOO_LARGE: _("Too many: at most %(hands)s hands or %(rounds)s rounds."),
    ErrorCode.COUNT_NOT_ALLOWED: _("A warning or a disqualification takes no count."),
    ErrorCode.PLAYERS_REQUIRED: _("Missed rounds need the number of players at the table."),
    ErrorCode.PLAYERS_NOT_INTEGER: _("The number of players must be a whole number."),
    ErrorCode.PLAYERS_OUT_OF_RANGE: _(
        "Missed rounds need %(min)s to %(max)s players at the table."
    ),
}


@dataclass(frozen=True, slots=True)
class PenaltyOrder:
    entry: int
    kind: str
    count: int | None = None
    # A disqualification only: the chips taken off the table (TDA 2019 rule 69).
    chips: int | None = None


def penalty_limits(tournament: Tournament) -> PenaltyLimits:
    """House ceilings from the tournament's options (``penalty_max_hands``, ``penalty_max_rounds``)."""
    options = tournament.options or {}
    defaults = PenaltyLimits()
    return PenaltyLimits(
        max_hands=int(options.get("penalty_max_hands", defaults.max_hands)),
        max_rounds=int(options.get("penalty_max_rounds", defaults.max_rounds)),
        min_players=defaults.min_players,
        max_players=defaults.max_players,
    )


def _penalty_problem(code: ErrorCode, limits: PenaltyLimits) -> Invalid:
    message = PENALTY_PROBLEMS[code]
    if code is ErrorCode.COUNT_TOO_LARGE:
        return Invalid(message % {"hands": limits.max_hands, "rounds": limits.max_rounds})
    if code is ErrorCode.PLAYERS_OUT_OF_RANGE:
        return Invalid(message % {"min": limits.min_players, "max": limits.max_players})
    return Invalid(message)


def _check_penalty_shape(order: PenaltyOrder, limits: PenaltyLimits) -> None:
    """Kind and count, before anything is locked (players are counted later)."""
    if order.chips is not None and order.kind != PenaltyKind.DISQUALIFICATION:
        raise FieldInvalid("chips", CHIPS_ONLY_DISQUALIFICATION)
    for problem in validate_penalty(
        kind=order.kind, count=order.count, players_at_table=limits.max_players, limits=limits
    ):
        raise _penalty_problem(problem.code, limits)


def _seat_of(entry: Entry) -> Seat | None:
    return Seat.objects.select_related("table").filter(entry=entry).first()


def ruling_create(
    *,
    tournament_id: int,
    by: Any,
    category: str,
    situation: str,
    decision: str,
    rules: Sequence[str] = (),
    table: int | None = None,
    entries: Sequence[int] = (),
    penalty: PenaltyOrder | None = None,
    assistant: dict[str, Any] | None = None,
) -> Ruling:
    """Log a ruling; a penalty is given with it, a disqualification takes effect at once.

    ``table`` is the table number. The penalised entry counts as involved.
    ``decided_by`` is ``by`` and the time is the server's.
    """
    situation, decision = _checked_texts(category, situation, decision, entries)
    involved_ids = list(entries)
    if penalty is not None and penalty.entry not in involved_ids:
        involved_ids.append(penalty.entry)

    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        limits = penalty_limits(tournament)
        if penalty is not None:
            _check_penalty_shape(penalty, limits)
        rule_ids, unknown = rules_resolve(rules)
        if unknown:
            # The catalogue holds the room's house rules too: a reference that
            # names none is an unknown object (404), not a malformed body.
            raise FieldNotFound("rules", UNKNOWN_RULES % {"rules": ", ".join(unknown)})

        found = _involved_entries(tournament, involved_ids)
        seats = {
            s.entry_id: s
            for s in Seat.objects.filter(entry_id__in=involved_ids).select_related("table")
        }
        table_obj = _table_of_ruling(tournament, table, seats)

        ruling = Ruling.objects.create(
            tournament=tournament,
            level_index=current_level_index(tournament),
            table=table_obj,
            table_number=table_obj.number if table_obj is not None else None,
            category=category,
            situation=situation,
            decision=decision,
            rules=rule_ids,
            decided_by=w.user,
            assistant=assistant or {},
        )
        for entry_id in involved_ids:
            seat = seats.get(entry_id)
            RulingEntry.objects.create(
                ruling=ruling,
                entry=found[entry_id],
                table_number=seat.table.number if seat else None,
                seat_number=seat.number if seat else None,
            )

        given = None
        if penalty is not None:
            given = _penalty_give(
                w,
                ruling=ruling,
                entry=found[penalty.entry],
                seat=seats.get(penalty.entry),
                order=penalty,
                limits=limits,
            )

        ruling = rulings_with_details(Ruling.objects.filter(pk=ruling.pk)).get()
        w.log(
            "ruling",
            {
                "ruling": ruling.pk,
                "category": category,
                "table": ruling.table_number,
                "entries": involved_ids,
                "rules": rule_ids,
                "penalty": _penalty_facts(given) if given is not None else None,
            },
        )
        # A sit-out penalty shows at the player's seat (the table rows); a
        # disqualification records its own change (seat freed, places).
        at_seat = given.table if given is not None and given.kind in COUNTED_KINDS else None
        w.record(
            "ruling",
            parts=(changes.RULINGS, changes.TABLES) if at_seat else (changes.RULINGS,),
            tables=[at_seat.number] if at_seat else [],
            facts={"ruling": ruling.pk},
        )
    return ruling


def _checked_texts(
    category: str, situation: str, decision: str, entries: Sequence[int]
) -> tuple[str, str]:
    """The ruling's situation and decision, trimmed; a missing one is a 422."""
    if category not in Category.values:
        raise Invalid(UNKNOWN_CATEGORY)
    situation, decision = situation.strip(), decision.strip()
    if not situation:
        raise Invalid(SITUATION_REQUIRED)
    if not decision:
        raise Invalid(DECISION_REQUIRED)
    if len(set(entries)) != len(entries):
        raise Invalid(DUPLICATE_ENTRY)
    return situation, decision


def _involved_entries(tournament: Tournament, ids: Sequence[int]) -> dict[int, Entry]:
    found = {
        e.pk: e
        for e in Entry.objects.filter(tournament=tournament, pk__in=ids).select_related("player")
    }
    for entry_id in ids:
        if entry_id not in found:
            raise NotFound(ENTRY_NOT_FOUND % {"entry": entry_id})
    return found


def _table_of_ruling(tournament: Tournament, number: int | None, seats: dict) -> Table | None:
    """The table named by its number, else the one table all involved sit at."""
    if number is not None:
        table = Table.objects.filter(tournament=tournament, number=number).first()
        if table is None:
            raise NotFound(TABLE_NOT_FOUND % {"number": number})
        return table
    at_tables = {s.table_id: s.table for s in seats.values()}
    return next(iter(at_tables.values())) if len(at_tables) == 1 else None


def _penalty_give(
    w: Write,
    *,
    ruling: Ruling,
    entry: Entry,
    seat: Seat | None,
    order: PenaltyOrder,
    limits: PenaltyLimits,
) -> Penalty:
    tournament = w.tournament
    kind = PenaltyKind(order.kind)
    if kind is not PenaltyKind.WARNING and not entry.is_live:
        raise Conflict(PENALTY_PLAYER_OUT)
    players = None
    if kind in COUNTED_KINDS:
        if seat is None:
            raise Conflict(PENALTY_NEEDS_SEAT)
        if kind is PenaltyKind.MISSED_ROUNDS:
            # One round is one hand per player at the table when it is given (TDA 2019 rule 69).
            players = Seat.objects.filter(table=seat.table, entry__isnull=False).count()
    problems = validate_penalty(
        kind=kind, count=order.count, players_at_table=players, limits=limits
    )
    if problems:
        raise _penalty_problem(problems[0].code, limits)
    computed = compute_penalty(
        kind=kind, count=order.count, players_at_table=players, limits=limits
    )
    given = Penalty.objects.create(
        ruling=ruling,
        tournament=tournament,
        entry=entry,
        kind=kind.value,
        count=computed.count,
        players_at_table=computed.players_at_table,
        hands=computed.hands,
        table=seat.table if seat is not None else None,
        hand_at_start=seat.table.hand if seat is not None else None,
    )
    if kind is PenaltyKind.DISQUALIFICATION:
        disqualify(w, entry, order.chips)
    return given


def _penalty_facts(penalty: Penalty) -> dict[str, Any]:
    """The penalty as the ruling's log line keeps it: what was given, by kind,
    number and id; the pages and the API name the player."""
    return {
        "entry": penalty.entry_id,
        "kind": penalty.kind,
        "count": penalty.count,
        "players_at_table": penalty.players_at_table,
        "hands": penalty.hands,
        "table": penalty.table.number if penalty.table is not None else None,
        "hand_at_start": penalty.hand_at_start,
    }


def ruling_get(ruling_id: int) -> Ruling:
    ruling = rulings_with_details(Ruling.objects.filter(pk=ruling_id)).first()
    if ruling is None:
        raise NotFound(RULING_NOT_FOUND)
    return ruling


def amendment_add(*, ruling_id: int, text: str, by: Any) -> Amendment:
    """A correction or appeal under a ruling; the ruling itself stays as it was."""
    text = text.strip()
    if not text:
        raise Invalid(AMENDMENT_REQUIRED)
    with write(write.for_row(Ruling, ruling_id, RULING_NOT_FOUND), by=by) as w:
        amendment = Amendment.objects.create(ruling_id=ruling_id, text=text, created_by=w.user)
        w.log("ruling_amended", {"ruling": ruling_id, "amendment": amendment.pk})
        w.record(
            "ruling",
            parts=(changes.RULINGS,),
            facts={"ruling": ruling_id, "amendment": amendment.pk},
        )
    return amendment
