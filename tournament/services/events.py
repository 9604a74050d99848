"""Multi-day events (README "Events: flights, bags and the next day"): the event and its Day 1 flights,
and the rule that keeps a player who bagged from entering another flight when
the event plays "first bag only". Ending a day and drawing the next one seat
players and count chips: they live with the tables (``tables.services.days``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext_lazy as _

from tournament.errors import Conflict, FieldInvalid, NotFound, RuleBeyondSchema
from tournament.models import Bag, Event, Player, Tournament
from tournament.services.tournaments import TournamentSettings, tournament_create
from tournament.writes import Actor, scopes, write

EVENT_NOT_FOUND = _("Event not found.")
NO_FLIGHTS = _("An event needs at least one Day 1 flight, each with a name.")
BAGGED_IN_FLIGHT = _(
    "%(name)s bagged chips in %(flight)s: this event takes only a player's first bag, "
    "so he cannot enter another flight."
)
DAY_CLOSED = _(
    "This day is closed: its chips are bagged. Only a director can open it again, with a reason."
)
MAX_FLIGHTS = 50
NAME_MAX = Tournament._meta.get_field("name").max_length or 120
NAMES_TOO_LONG = _(
    "The event's name and a flight's name together make the flight's name: "
    "at most %(most)s characters. Shorten one of them."
)


def flight_name(event: str, flight: str) -> str:
    return f"{event} – {flight}"


def ensure_day_open(tournament: Tournament) -> None:
    """A day whose chips are bagged changes no more (inside the write's lock)."""
    if tournament.day_closed_at is not None:
        raise Conflict(DAY_CLOSED)


def event_create(
    *,
    name: str,
    flights: Sequence[str],
    stack_rule: str,
    settings: TournamentSettings,
    by: Any,
) -> tuple[Event, list[Tournament]]:
    """The event and one tournament per Day 1 flight, all with the same settings."""
    names = [" ".join(flight.split()) for flight in flights]
    if not names or len(names) > MAX_FLIGHTS or not all(names):
        raise FieldInvalid("flights", NO_FLIGHTS)
    # Each flight is a tournament named "<event> – <flight>", at most 120 characters.
    if any(len(flight_name(name, flight)) > NAME_MAX for flight in names):
        raise RuleBeyondSchema(
            "flights", NAMES_TOO_LONG % {"most": NAME_MAX}, rule="flight_name_length"
        )
    if stack_rule not in Event.StackRule.values:
        raise FieldInvalid("stack_rule", Event.StackRule.BEST.label)
    # New tournaments have no screens and no other writer yet: nothing to lock or tell.
    with write(by=by) as w:
        event = Event.objects.create(name=name, stack_rule=stack_rule, created_by=Actor.of(by).user)
        made = []
        for flight in names:
            tournament = tournament_create(
                settings=replace(settings, name=flight_name(name, flight)), by=by
            )
            tournament.event, tournament.day = event, 1
            tournament.save(update_fields=["event", "day"])
            made.append(tournament)
        w.log(
            "event_created",
            {"event": event.pk, "flights": names},
            scope=scopes.tournament(made[0].pk),
        )
        w.keep_quiet("new tournaments are on no screen yet")
    return event, made


def event_get(event_id: int) -> Event:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise NotFound(EVENT_NOT_FOUND)
    return event


def settings_of(tournament: Tournament, name: str) -> TournamentSettings:
    """The settings a later day takes over from its flights."""
    return TournamentSettings(
        name=name,
        table_size=tournament.table_size,
        starting_stack=tournament.starting_stack,
        buy_in=tournament.buy_in,
        fee=tournament.fee,
        final_table_size=tournament.final_table_size,
        rulebook=tournament.rulebook,
        tie_rule=tournament.tie_rule,
        late_registration_levels=0,
        max_entries=1,
        max_players=None,
        options=dict(tournament.options or {}),
        display_names=tournament.display_names,
        currency=tournament.currency,
        # The pool of a later day reads what each Day 1 entry paid for its option.
        buy_ins=list(tournament.buy_ins or []),
    )


def check_other_flights(tournament: Tournament, player: Player) -> None:
    """Under the "first bag only" rule a player who bagged in one flight may
    not enter another (inside the registration's lock)."""
    event = tournament.event
    if event is None or tournament.day != 1 or event.stack_rule != Event.StackRule.FIRST:
        return
    bag = (
        Bag.objects.filter(tournament__event=event, tournament__day=1, entry__player=player)
        .exclude(tournament=tournament)
        .select_related("tournament")
        .first()
    )
    if bag is not None:
        raise Conflict(BAGGED_IN_FLIGHT % {"name": player.name, "flight": bag.tournament.name})
