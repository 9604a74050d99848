"""Ending a day and drawing the next (README "Events: flights, bags and the next day").

A day ends when every remaining player's chips are counted: each count is
bagged with a bag number and the staff member who verified it, the counted
total is set against the chips in play, and the day closes. The next day takes
the bags of every flight of the day before, one stack per player as the
event's stack rule says (first, best or cumulative), registers the players in
a new tournament, counts their stacks in, draws them at random over its tables
(keep-apart pairs kept) and puts its clock at the level the flights reached.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from itertools import combinations
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import ChipCount, KeepApart, Seat
from tables.selectors import chip_count_check
from tables.services.seating import seats_draw
from tables.services.tables import tables_create
from tournament import changes
from tournament.clock_port import clock
from tournament.errors import Conflict, FieldInvalid
from tournament.models import (
    Bag,
    BountyPayment,
    BountySettings,
    Entry,
    Event,
    Tournament,
)
from tournament.rules import names
from tournament.selectors import bounty_heads, bounty_settings_for
from tournament.services import events
from tournament.services.bounties import bounty_settings_set
from tournament.services.events import event_get, settings_of
from tournament.services.tournaments import tournament_create
from tournament.writes import Write, scopes, tournament_write, write

NOT_AN_EVENT = _("Only a flight or a day of an event ends a day.")
COUNTS_MISSING = _("Count these players' chips before the day can end: %(names)s.")
DAY_NOT_ENDED = _("%(name)s has not ended its day yet.")
REASON_NEEDED = _("Say why the day is opened again.")
DAY_OPEN = _("This day is not closed.")
NEXT_DAY_DRAWN = _("The next day is drawn from these bags: this day can no longer open.")
DAY_NAME = _("%(event)s – Day %(day)s")
NOBODY_BAGGED = _("Nobody bagged chips on the day before: there is no next day to draw.")


def day_end(*, tournament_id: int, by: Any) -> dict[str, Any]:
    """Bag every remaining player's latest count and close the day."""
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        if tournament.event_id is None:
            raise Conflict(NOT_AN_EVENT)
        if tournament.day_closed_at is not None:
            raise Conflict(events.DAY_CLOSED)
        seated = list(
            Seat.objects.filter(table__tournament=tournament, entry__isnull=False)
            .order_by("table__number", "number")
            .values_list("entry_id", "entry__player__name")
        )
        chips = dict(
            ChipCount.objects.filter(
                tournament=tournament, latest=True, entry_id__in=[e for e, _n in seated]
            ).values_list("entry_id", "chips")
        )
        missing = [name for entry, name in seated if entry not in chips]
        if missing:
            shown = ", ".join(missing[:10]) + (" …" if len(missing) > 10 else "")
            raise Conflict(COUNTS_MISSING % {"names": shown})
        bags = Bag.objects.bulk_create(
            Bag(
                tournament=tournament,
                entry_id=entry,
                chips=chips[entry],
                number=number,
                verified_by=w.user,
            )
            for number, (entry, _name) in enumerate(seated, start=1)
        )
        check = chip_count_check(tournament)
        tournament.day_closed_at = timezone.now()
        tournament.save(update_fields=["day_closed_at"])
        w.log(
            "day_ended",
            {
                "bags": len(bags),
                "counted": check["counted_total"],
                "difference": check["difference"],
            },
        )
        w.record("day_ended", parts=(changes.SUMMARY,))
    name_of = dict(seated)
    return {
        "bagged": [
            {
                "entry": bag.entry_id,
                "name": name_of[bag.entry_id],
                "chips": bag.chips,
                "bag": bag.number,
            }
            for bag in bags
        ],
        "counted_total": check["counted_total"],
        "chips_in_play": check["chips_in_play"],
        "difference": check["counted_total"] - check["chips_in_play"],
    }


def day_reopen(*, tournament_id: int, reason: str, by: Any) -> Tournament:
    """A director opens a closed day again, saying why: its bags are undone
    (counts stay), unless the next day was already drawn from them."""
    reason = " ".join(reason.split())
    if not reason:
        raise FieldInvalid("reason", REASON_NEEDED)
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        if tournament.day_closed_at is None:
            raise Conflict(DAY_OPEN)
        bags = Bag.objects.filter(tournament=tournament)
        if bags.filter(carried_to__isnull=False).exists() or bags.filter(forfeited=True).exists():
            raise Conflict(NEXT_DAY_DRAWN)
        undone = bags.delete()[0]
        tournament.day_closed_at = None
        tournament.save(update_fields=["day_closed_at"])
        w.log("day_reopened", {"reason": reason[:500], "bags": undone})
        w.record("day_reopened", parts=(changes.SUMMARY,))
    return tournament


def _stacks(event: Event, bags: list[Bag]) -> list[tuple[Any, list[Bag], list[Bag]]]:
    """Per player: (player, bags going on, bags forfeited) as the stack rule says."""
    by_player: dict[int, list[Bag]] = defaultdict(list)
    for bag in bags:
        by_player[bag.entry.player_id].append(bag)
    made: list[tuple[Any, list[Bag], list[Bag]]] = []
    for player_bags in by_player.values():
        ordered = sorted(player_bags, key=lambda bag: (-bag.chips, bag.bagged_at, bag.pk))
        if event.stack_rule == Event.StackRule.CUMULATIVE:
            made.append((ordered[0].entry.player, ordered, []))
        else:
            # Best bag (and "first", where a player has one bag only): the
            # biggest goes on, the others are forfeited, never added.
            made.append((ordered[0].entry.player, ordered[:1], ordered[1:]))
    return sorted(made, key=lambda row: names.name_order(row[0].name))


def day_next(
    *, event_id: int, tables: int, seats: int | None, by: Any, spread: bool = False
) -> Tournament:
    """Draw the next day of the event from the bags of the day before; with
    ``spread`` the biggest stacks, one per table, start at different tables."""
    event = event_get(event_id)
    # The event's days are locked first (two desks drawing the next day at once),
    # then read again: a day another desk drew meanwhile is seen, and not ended.
    # The new day is written under its own write (a newer, higher id).
    locked = Tournament.objects.filter(event=event).values_list("pk", flat=True)
    with write(*[scopes.tournament(pk) for pk in locked], by=by):
        days = list(Tournament.objects.filter(event=event).order_by("pk"))
        last = max(day.day or 1 for day in days)
        previous = [day for day in days if (day.day or 1) == last]
        still_open = next((day for day in previous if day.day_closed_at is None), None)
        if still_open is not None:
            raise Conflict(DAY_NOT_ENDED % {"name": still_open.name})
        bags = list(
            Bag.objects.filter(tournament__in=previous, carried_to=None, forfeited=False)
            .select_related("entry__player")
            .order_by("pk")
        )
        if not bags:
            raise Conflict(NOBODY_BAGGED)
        stacks = _stacks(event, bags)
        day = tournament_create(
            # Named in the language of whoever draws it: "Main Event – Tag 2".
            settings=settings_of(previous[0], _day_name(event.name, last + 1)),
            by=by,
        )
        with tournament_write(day.pk, by=by) as w:
            day = w.tournament
            day.event, day.day, day.registration_closed = event, last + 1, True
            day.carried_chips = sum(bag.chips for _p, going, _f in stacks for bag in going)
            day.save(update_fields=["event", "day", "registration_closed", "carried_chips"])
            _draw_day(w, previous, stacks, tables=tables, seats=seats, spread=spread)
    return day


def _draw_day(
    w: Write,
    previous: list[Tournament],
    stacks: list[tuple[Any, list[Bag], list[Bag]]],
    *,
    tables: int,
    seats: int | None,
    spread: bool,
) -> None:
    """Register the day's players, open its tables, draw them and set its clock."""
    day = w.tournament
    _carry_bounty_settings(previous[0], day)
    entries = _register(w, stacks)
    _carry_keep_apart(previous, day, entries)
    tables_create(tournament_id=day.pk, count=tables, seats=seats, by=w.user)
    biggest = sorted(entries.values(), key=lambda entry: -_stack_of(stacks, entry.player_id))[
        :tables
    ]
    apart = list(combinations(sorted(entry.pk for entry in biggest), 2)) if spread else []
    seats_draw(tournament_id=day.pk, by=w.user, also_apart=apart)
    clock().continue_from(day, previous)
    w.log(
        "day_drawn",
        {
            "event": day.event_id,
            "day": day.day,
            "players": len(entries),
            "chips": day.carried_chips,
        },
    )
    w.record("day_drawn", parts=(changes.SUMMARY, changes.CLOCK))


def _register(w: Write, stacks: list[tuple[Any, list[Bag], list[Bag]]]) -> dict:
    """One entry per player, his stack counted in, his bags marked; his bounty
    (progressive) goes on with him: the heads of every entry that bagged."""
    day = w.tournament
    settings = bounty_settings_for(day)
    entries: dict[int, Entry] = {}
    for number, (player, going, forfeited) in enumerate(stacks, start=1):
        entry = Entry.objects.create(
            tournament=day,
            player=player,
            number=1,
            start_number=number,
            status=Entry.Status.REGISTERED,
            created_by=w.user,
        )
        entries[player.pk] = entry
        ChipCount.objects.create(
            tournament=day,
            entry=entry,
            chips=sum(bag.chips for bag in going),
            level=None,
            counted_by=w.user,
            latest=True,
        )
        Bag.objects.filter(pk__in=[bag.pk for bag in going]).update(carried_to=entry)
        Bag.objects.filter(pk__in=[bag.pk for bag in forfeited]).update(forfeited=True)
        if settings.kind == BountySettings.Kind.PROGRESSIVE:
            before = [bag.entry for bag in [*going, *forfeited]]
            grown = sum((_head(e) for e in before), Decimal(0)) - settings.amount
            if grown > 0:
                # No cash: his bounty, grown on the day before, is where it was.
                BountyPayment.objects.create(
                    tournament=day,
                    victim=before[0],
                    eliminator=entry,
                    kind=BountyPayment.Kind.PROGRESSIVE,
                    added=grown,
                )
    return entries


def _day_name(event: str, day: int) -> str:
    """ "Main Event – Day 2", the event's name shortened if the whole would pass
    the 120 characters a tournament's name may have."""
    suffix = str(DAY_NAME % {"event": "", "day": day})
    return event[: 120 - len(suffix)].rstrip() + suffix


def _stack_of(stacks: list[tuple[Any, list[Bag], list[Bag]]], player_id: int) -> int:
    return next(sum(bag.chips for bag in going) for p, going, _f in stacks if p.pk == player_id)


def _head(entry: Entry) -> Decimal:
    return bounty_heads(entry.tournament, [entry.pk])[entry.pk]


def _carry_bounty_settings(flight: Tournament, day: Tournament) -> None:
    settings = bounty_settings_for(flight)
    if settings.active:
        bounty_settings_set(
            day,
            {
                "kind": settings.kind,
                "amount": settings.amount,
                "progressive_share": settings.progressive_share,
                "mystery_prizes": list(settings.mystery_prizes or []),
                "mystery_start_level": settings.mystery_start_level,
                "mystery_start_in_money": settings.mystery_start_in_money,
            },
        )


def _carry_keep_apart(previous: list[Tournament], day: Tournament, entries: dict) -> None:
    """Players kept apart on the day before stay apart."""
    pairs = KeepApart.objects.filter(tournament__in=previous).values_list(
        "first__player_id", "second__player_id"
    )
    made = set()
    for first, second in pairs:
        if first in entries and second in entries:
            a, b = sorted((entries[first].pk, entries[second].pk))
            if (a, b) not in made:
                made.add((a, b))
                KeepApart.objects.create(tournament=day, first_id=a, second_id=b)
