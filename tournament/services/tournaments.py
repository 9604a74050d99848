from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournament import changes as screen_changes
from tournament.clock_port import clock
from tournament.errors import Conflict, Invalid, NotFound
from tournament.models import Tournament
from tournament.rules.profiles import PROFILES, UnknownOption, validate_overrides
from tournament.selectors import bounty_settings_for
from tournament.services.bounties import bounty_settings_set
from tournament.services.buy_ins import buy_ins_check_change, buy_ins_clean
from tournament.writes import Write, tournament_write, write

UNKNOWN_RULEBOOK = _("Unknown rulebook profile.")
BAD_OPTION = _("Unknown rule option or value: %(name)s.")
FINAL_TABLE_TOO_BIG = _(
    "The final table cannot have more seats than the event's tables allow (10)."
)
TOURNAMENT_NOT_FOUND = _("Tournament not found.")
PLACES_COUNTED = _(
    "Places are already counted this way for the players out; "
    "choose how places count before the first bust."
)


@dataclass(frozen=True)
class TournamentSettings:
    name: str
    table_size: int = 9
    starting_stack: int = 20000
    buy_in: Decimal = Decimal("0")
    fee: Decimal = Decimal("0")
    final_table_size: int | None = None
    rulebook: str = "tda2019"
    tie_rule: str | None = None
    late_registration_levels: int = 0
    max_entries: int = 1
    max_players: int | None = None
    options: dict[str, Any] | None = None
    display_names: str = "nickname"
    currency: str = "EUR"
    # {kind, amount, progressive_share?, mystery_prizes?, mystery_start_level?,
    # mystery_start_in_money?}; None: no bounties (README "Events: flights, bags and the next day").
    bounty: dict[str, Any] | None = None
    # An event's day: play stops for the day when this many players are left.
    day_stop_players: int | None = None
    # [{name, price, fee, chips}] (README "Buy-in options"); empty: one buy-in.
    buy_ins: list[Any] | None = None
    # README "Places, re-entries and moves" and "Registration window".
    places: str = "by_player"
    late_registration_through_break: bool = False
    # False: no table breaks while registration is open (README "Places, re-entries and moves").
    break_during_registration: bool = True
    # README "Pre-registration and the schedule".
    starts_at: datetime | None = None
    # README "Finish on time: hard stop".
    hard_stop: datetime | None = None
    listed: bool = False
    pre_registration_open: bool = False
    pre_registration_capacity: int | None = None
    check_in_deadline_minutes: int = 15


def _check_rules(rulebook: str, options: dict[str, Any]) -> dict[str, Any]:
    if rulebook not in PROFILES:
        raise Invalid(UNKNOWN_RULEBOOK)
    try:
        return validate_overrides(options)
    except UnknownOption as exc:
        raise Invalid(BAD_OPTION % {"name": exc.name}) from exc


def tournament_create(*, settings: TournamentSettings, by: Any) -> Tournament:
    options = _check_rules(settings.rulebook, dict(settings.options or {}))
    tie_rule = (
        settings.tie_rule
        or options.pop("tie_rule", None)
        or PROFILES[settings.rulebook]["tie_rule"]
    )
    options.pop("tie_rule", None)
    # A new tournament has no screens and no other writer yet: nothing to lock or
    # tell; its first write on the floor or at the desk locks it.
    with write(by=by) as w:
        tournament = Tournament.objects.create(
            name=settings.name,
            table_size=settings.table_size,
            starting_stack=settings.starting_stack,
            buy_in=settings.buy_in,
            fee=settings.fee,
            final_table_size=settings.final_table_size or settings.table_size,
            rulebook=settings.rulebook,
            tie_rule=tie_rule,
            late_registration_levels=settings.late_registration_levels,
            max_entries=settings.max_entries,
            max_players=settings.max_players,
            options=options,
            display_names=settings.display_names,
            currency=settings.currency,
            day_stop_players=settings.day_stop_players,
            buy_ins=buy_ins_clean(settings.buy_ins or ()),
            places=settings.places,
            late_registration_through_break=settings.late_registration_through_break,
            break_during_registration=settings.break_during_registration,
            starts_at=settings.starts_at,
            hard_stop=settings.hard_stop,
            listed=settings.listed,
            pre_registration_open=settings.pre_registration_open,
            pre_registration_capacity=settings.pre_registration_capacity,
            check_in_deadline_minutes=settings.check_in_deadline_minutes,
        )
        if settings.bounty:
            bounty_settings_set(tournament, dict(settings.bounty))
        w.log("tournament_created", {"name": tournament.name}, scope=w.adopt(tournament))
        w.keep_quiet("a new tournament is on no screen yet")
    return tournament


EDITABLE_FIELDS = (
    "name",
    "table_size",
    "starting_stack",
    "buy_in",
    "fee",
    "final_table_size",
    "rulebook",
    "tie_rule",
    "late_registration_levels",
    "max_entries",
    "max_players",
    "options",
    "display_names",
    "currency",
    "registration_closed",
    "bounty",
    "day_stop_players",
    "buy_ins",
    "places",
    "late_registration_through_break",
    "break_during_registration",
    "starts_at",
    "hard_stop",
    "listed",
    "pre_registration_open",
    "pre_registration_capacity",
    "check_in_deadline_minutes",
)


# What each setting changes on the screens (README "Screen messages"). A change
# of the names shown or of the rules (the dead button moves the next hand's
# blinds) changes every table row; the other settings show nowhere.
_RULES = (screen_changes.TABLES, screen_changes.CLOCK_CALLS)
_PARTS_OF_SETTING: dict[str, tuple[str, ...]] = {
    "name": (screen_changes.SUMMARY,),
    "starting_stack": (screen_changes.SUMMARY,),
    "buy_in": (screen_changes.SUMMARY, screen_changes.PAYOUTS, screen_changes.RESULTS),
    "fee": (screen_changes.SUMMARY, screen_changes.PAYOUTS, screen_changes.RESULTS),
    "registration_closed": (
        screen_changes.SUMMARY,
        screen_changes.CLOCK,
        screen_changes.PAYOUTS,
        screen_changes.RESULTS,
    ),
    "late_registration_levels": (screen_changes.CLOCK,),
    "late_registration_through_break": (screen_changes.SUMMARY, screen_changes.CLOCK),
    "currency": (screen_changes.SUMMARY, screen_changes.PAYOUTS, screen_changes.RESULTS),
    "display_names": (
        screen_changes.TABLES,
        screen_changes.MOVES,
        screen_changes.SHOT_CLOCK,
        screen_changes.PAYOUTS,
        screen_changes.RESULTS,
    ),
    "rulebook": _RULES,
    "options": _RULES,
    "tie_rule": _RULES,
    "bounty": (screen_changes.BOUNTIES,),
    "buy_ins": (screen_changes.SUMMARY, screen_changes.PAYOUTS, screen_changes.RESULTS),
    # README "Finish on time: hard stop": the forecast counts the seats of a table,
    # a deal is proposed at the final table.
    "hard_stop": (screen_changes.HARD_STOP,),
    "table_size": (screen_changes.HARD_STOP,),
    "final_table_size": (screen_changes.HARD_STOP,),
}


def _record_settings_change(w: Write, changed: set[str]) -> None:
    tournament = w.tournament
    parts = {part for field in changed for part in _PARTS_OF_SETTING.get(field, ())}
    every_table = (
        tournament.tables.values_list("number", flat=True) if screen_changes.TABLES in parts else []
    )
    w.record(
        "tournament",
        parts=parts,
        tables=every_table,
        facts={"changed": sorted(changed)},
    )


def _bounty_values(tournament: Tournament) -> dict[str, Any]:
    settings = bounty_settings_for(tournament)
    return {
        field: getattr(settings, field)
        for field in ("kind", "amount", "progressive_share", "mystery_prizes")
        + ("mystery_start_level", "mystery_start_in_money")
    }


FLOOR_SETTINGS = frozenset(
    {
        "table_size",
        "final_table_size",
        "registration_closed",
        "break_during_registration",
        "max_players",
        # The rule options hold the late entries' free seats and the break target.
        "options",
    }
)


# What follows a settings change of the floor inside its write: the tables app
# seats alternates and plans the moves (tables.services.registration passes it).
ReplanStep = Callable[[Write], None]


def tournament_update(
    *,
    tournament_id: int,
    changes: dict[str, Any],
    by: Any,
    replan: ReplanStep | None = None,
) -> Tournament:
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise Invalid(BAD_OPTION % {"name": ", ".join(sorted(unknown))})
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        bounty_changed = _bounty_update(tournament, changes.pop("bounty", None))
        changes = _checked_changes(tournament, changes)
        changed = _apply(tournament, changes)
        w.log("tournament_updated", {k: str(v) for k, v in changes.items()})
        if bounty_changed:
            changed.add("bounty")
        _record_settings_change(w, changed)
        # New sizes move players; closing registration (or allowing breaks during it)
        # may break a table now; a higher field limit seats alternates.
        if changed & FLOOR_SETTINGS and replan is not None:
            replan(w)
    return tournament


def _bounty_update(tournament: Tournament, bounty: dict[str, Any] | None) -> bool:
    """Set the bounty when given; whether it changed."""
    if bounty is None:
        return False
    before = _bounty_values(tournament)
    bounty_settings_set(tournament, dict(bounty))
    return _bounty_values(tournament) != before


def _checked_changes(tournament: Tournament, changes: dict[str, Any]) -> dict[str, Any]:
    """The changes with clean buy-ins and checked rule options."""
    if changes.get("buy_ins") is not None:
        changes["buy_ins"] = buy_ins_clean(changes["buy_ins"])
        buy_ins_check_change(tournament, changes["buy_ins"])
    elif "buy_ins" in changes:
        changes.pop("buy_ins")
    rulebook = changes.get("rulebook", tournament.rulebook)
    options = changes.get("options", tournament.options)
    changes = {**changes, "options": _check_rules(rulebook, dict(options or {}))}
    if changes.get("places", tournament.places) != tournament.places:
        _check_places_may_change(tournament)
    return changes


def _apply(tournament: Tournament, changes: dict[str, Any]) -> set[str]:
    """Set and save the changes; the fields whose value changed."""
    before = {field: getattr(tournament, field) for field in changes}
    for field, value in changes.items():
        setattr(tournament, field, value)
    reopened_before = tournament.registration_reopened
    if "registration_closed" in changes:
        _set_registration_by_hand(tournament)
    try:
        tournament.full_clean(exclude=["options"])
    except ValidationError as exc:
        raise Invalid("; ".join(exc.messages)) from exc
    tournament.save()
    changed = {field for field in changes if getattr(tournament, field) != before[field]}
    if tournament.registration_reopened != reopened_before:
        changed.add("registration_closed")
    return changed


def _check_places_may_change(tournament: Tournament) -> None:
    # The places held were counted one way; counting the others another way would mix them.
    if tournament.entries.filter(place__isnull=False).exists():
        raise Conflict(PLACES_COUNTED)


def _set_registration_by_hand(tournament: Tournament) -> None:
    """``registration_closed`` given: true closes, false opens registration now.

    Opened while the clock's window still runs, it closes with that window as
    planned; opened after the window (whether or not the boundary task has
    closed it yet), it stays open until closed by hand again, and the late
    levels stay as they are (README "Registration window").
    """
    tournament.registration_reopened = False
    if not tournament.registration_closed:
        tournament.registration_reopened = not clock().registration_open(tournament)


def tournament_get(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.get(pk=tournament_id)
    except Tournament.DoesNotExist as exc:
        raise NotFound(TOURNAMENT_NOT_FOUND) from exc
