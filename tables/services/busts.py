"""Busts: one or more players eliminated in the same hand leave their seats
and get their places (README "Places, re-entries and moves").

A bust is the floor's busiest action, so :func:`entries_bust` reads what it
needs in a few queries whatever the size of the floor (:func:`read_hand`),
then ranks the hand, frees the seats, settles the bounties and lets the field
change run its course (:func:`tables.services.field.after_field_change`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import HandForHand, Move, Seat
from tables.services.back_in_play import stack_of
from tables.services.bust_bounties import (
    BustReport,
    eliminations_of,
    eliminators_check,
    settle_bounties,
)
from tables.services.bust_order import out_before, out_later
from tables.services.bust_read import busting_entries
from tables.services.bust_write import log_busts_and_free_seats
from tables.services.field import after_field_change
from tables.services.rows import ALREADY_OUT, ENTRY_NOT_FOUND, NOT_SEATED
from tables.services.withdraw import seat_leave
from tournament import changes
from tournament.clock_port import clock
from tournament.device_time import action_time, device_time
from tournament.errors import Conflict, FieldInvalid, Invalid, NotFound, RuleBeyondSchema
from tournament.models import LIVE_STATUSES, ActionLog, BountySettings, Entry, Tournament
from tournament.rules import places as place_rules
from tournament.services import bounties
from tournament.services.events import ensure_day_open
from tournament.summary import EntryCounts, entry_counts
from tournament.writes import Write, write

NOT_SAME_TOURNAMENT = _("All entries must belong to this tournament.")
DUPLICATE_ENTRY = _("An entry is listed twice.")
STACK_NEEDED = _("Give each player's stack at the start of the hand to rank busts in one hand.")
STACK_NEEDED_HAND_FOR_HAND = _(
    "Give the player's stack at the start of the hand: in hand-for-hand play, busts at "
    "other tables in the same hand are ranked by it."
)
# What a bust changes on each entry of the hand.
PLACE_FIELDS = (
    "status",
    "place",
    "place_shared",
    "bust_group",
    "busted_at",
    "starting_stack_at_bust",
    "wait_for_button",
)
LAST_PLAYER = _("The last player cannot bust: he has won the tournament.")


@dataclass
class BustHand:
    """What a bust reads before it changes anything."""

    entries: list[Entry]  # busting now, in the order reported
    seats: dict[int, Seat | None]  # each one's seat (with its table), by entry id
    counts: EntryCounts  # before these busts
    group: int  # the hand's bust group
    earlier: list[Entry]  # busted before in this hand (hand-for-hand)
    earlier_distances: dict[int, int | None]  # their seats' distance from the button
    moving: set[int]  # entries busting now with a move pending
    bounties: bool  # the tournament pays bounties
    # out already, taken out later on the devices (README "Device time")
    later: list[int] = field(default_factory=list)

    @property
    def members(self) -> list[Entry]:
        return self.earlier + self.entries

    @property
    def left(self) -> int:
        return self.counts.remaining - len(self.entries)


def check_reports(reports: Sequence[BustReport]) -> None:
    """What the reports must say, before anything is read."""
    if not reports:
        raise Invalid(DUPLICATE_ENTRY)
    if len({r.entry for r in reports}) != len(reports):
        # One entry in two items: uniqueness by a field, which the schema cannot state.
        raise RuleBeyondSchema("entries", DUPLICATE_ENTRY, rule="entry_once")
    if len(reports) > 1 and any(r.starting_stack is None for r in reports):
        raise FieldInvalid("starting_stack", STACK_NEEDED)


def entries_bust(
    *, reports: Sequence[BustReport], by: Any, tournament_id: int | None = None
) -> list[Entry]:
    """Bust one or more players eliminated in the same hand; returns them with
    places. The tournament is the entries' (``write.for_entry``), as for
    :func:`entry_unbust`; ``tournament_id`` (a path that names one) only checks:
    an entry of another tournament is not found there."""
    check_reports(reports)
    scope = write.for_entry(reports[0].entry)
    if tournament_id is not None and scope.id != tournament_id:
        raise NotFound(ENTRY_NOT_FOUND)
    with write(scope, by=by) as w:
        ensure_day_open(w.tournament)
        hand = read_hand(w.tournament, reports)
        eliminations = []
        if hand.bounties:
            eliminations = eliminations_of(w.tournament, reports, hand.entries, hand.seats)
        else:
            eliminators_check(w.tournament, reports, hand.seats)
        places = rank_hand(w.tournament, reports, hand)
        if not hand.earlier:  # hand for hand, one hand's busts rank by their stacks
            hand.later = out_later(w.tournament, device_time(), hand.seats)
            places = out_before(places, hand.later, len(hand.entries))
            if hand.later:  # places of players out before changed
                w.touch(parts=[changes.RESULTS])
        touched = free_seats(w, reports, hand)
        give_places(hand, reports, places)
        if eliminations:
            settle_bounties(w, eliminations, hand.counts, hand.left)
        stop_the_day_at_its_count(w, hand.counts.remaining, hand.left)
        after_field_change(
            w,
            "bust",
            {"busted": [{"entry": e.pk, "place": e.place} for e in hand.members]},
            touched,
            # Seated before, busted now: one fewer left and one more out each; both
            # statuses are paid, so the prize pool counts stay as they were.
            replace(hand.counts, remaining=hand.left, out=hand.counts.out + len(hand.entries)),
        )
    return hand.members


def read_hand(tournament: Tournament, reports: Sequence[BustReport]) -> BustHand:
    """The busting entries with their seats and tables, the hand's group and its
    earlier busts, in one query for the entries and one each for what the hand needs."""
    found = {e.pk: e for e in busting_entries(tournament.pk, [r.entry for r in reports])}
    entries = []
    for report in reports:
        entry = found.get(report.entry)
        if entry is None:
            raise NotFound(ENTRY_NOT_FOUND)
        if entry.tournament_id != tournament.pk:
            raise Invalid(NOT_SAME_TOURNAMENT)
        if entry.status in (Entry.Status.BUSTED, Entry.Status.DISQUALIFIED):
            raise Conflict(ALREADY_OUT)
        if entry.status != Entry.Status.SEATED:
            raise Conflict(NOT_SEATED)
        entries.append(entry)
    counts = entry_counts(tournament)
    first = entries[0]
    group, joined = _bust_group(tournament, first.highest_group)  # type: ignore[attr-defined]
    earlier = _earlier_busts(tournament, group) if joined else []
    # Hand for hand, a bust at another table may join this hand later: every
    # report carries the stack so the whole hand ranks by stacks (IFP 4.27,
    # BDPV Turnierreglement 28), never by the order the tables reported.
    if (tournament.hand_for_hand or earlier) and any(r.starting_stack is None for r in reports):
        raise FieldInvalid("starting_stack", STACK_NEEDED_HAND_FOR_HAND)
    if counts.remaining - len(entries) < 1:
        raise Conflict(LAST_PLAYER)
    return BustHand(
        entries=entries,
        seats={e.pk: getattr(e, "seat", None) for e in entries},
        counts=counts,
        group=group,
        earlier=earlier,
        earlier_distances=_button_distances_logged(tournament, earlier),
        moving={e.pk for e in entries if e.moving},  # type: ignore[attr-defined]
        bounties=first.bounty_kind not in (None, BountySettings.Kind.NONE),  # type: ignore[attr-defined]
    )


def _bust_group(tournament: Tournament, highest: int | None) -> tuple[int, bool]:
    """The group of this hand's busts, and whether earlier busts may be in it.

    Outside hand-for-hand every bust report is a hand of its own. Hand for hand,
    the tables' busts of one hand share the group the first of them opened."""
    if not tournament.hand_for_hand:
        return (highest or 0) + 1, False
    hand_for_hand = HandForHand.objects.filter(tournament=tournament).first()
    if hand_for_hand is None:
        return (highest or 0) + 1, False
    if hand_for_hand.bust_group is not None:
        return hand_for_hand.bust_group, True
    hand_for_hand.bust_group = (highest or 0) + 1
    hand_for_hand.save(update_fields=["bust_group"])
    return hand_for_hand.bust_group, False


def _earlier_busts(tournament: Tournament, group: int) -> list[Entry]:
    return list(
        tournament.entries.select_related("player").filter(
            bust_group=group, status=Entry.Status.BUSTED
        )
    )


def _button_distances_logged(tournament: Tournament, earlier: list[Entry]) -> dict[int, int | None]:
    """The button distance each earlier bust of the hand logged (his latest bust)."""
    if not earlier:
        return {}
    distances: dict[int, int | None] = {}
    rows = (
        ActionLog.objects.filter(
            tournament=tournament, kind="bust", data__entry__in=[e.pk for e in earlier]
        )
        .order_by("-pk")
        .values_list("data__entry", "data__button_distance")
    )
    for entry_id, distance in rows:
        distances.setdefault(entry_id, distance)
    return distances


def button_distance(seat: Seat | None) -> int | None:
    """Seats from the button, clockwise: who was dealt in first is ranked that way."""
    if seat is None or seat.table.button_seat is None:
        return None
    return (seat.number - seat.table.button_seat) % seat.table.seats


def rank_hand(
    tournament: Tournament, reports: Sequence[BustReport], hand: BustHand
) -> dict[int, place_rules.Place]:
    """The places of everyone busted in this hand, earlier busts included."""
    stacks = {r.entry: r.starting_stack for r in reports}
    busts = [
        place_rules.Bust(
            entry_id=e.pk,
            starting_stack=stacks.get(e.pk) or e.starting_stack_at_bust or 1,
            button_distance=button_distance(hand.seats[e.pk])
            if e.pk in hand.seats
            else hand.earlier_distances.get(e.pk),
        )
        for e in hand.members
    ]
    try:
        places = place_rules.rank_busts(
            players_left_before=hand.counts.remaining + len(hand.earlier),
            busted=busts,
            # The field's choices (Tournament.TieRule) are the rule's tie rules,
            # and rank_busts refuses any other value itself.
            tie_rule=cast(place_rules.TieRule, tournament.tie_rule),
        )
    except place_rules.PlacesError as exc:
        raise Invalid(STACK_NEEDED) from exc
    return {p.entry_id: p for p in places}


def free_seats(w: Write, reports: Sequence[BustReport], hand: BustHand) -> list[int]:
    """Log each bust, free his seat and cancel his pending move; the tables touched."""
    eliminated_by = {r.entry: list(r.eliminated_by) for r in reports}
    # The level he went out in: TD3's roundOut for the season formula (README
    # "Switching from TD3", "The points formula").
    level = clock().level_played(w.tournament, at=action_time())[0]
    lines, freed = [], []
    for entry in hand.entries:
        seat = hand.seats[entry.pk]
        lines.append(
            {
                "entry": entry.pk,
                "table": seat.table.number if seat else None,
                "seat": seat.number if seat else None,
                "button_distance": button_distance(seat),
                "group": hand.group,
                "eliminated_by": eliminated_by[entry.pk],
                "level": level,
            }
            | ({"out_before": hand.later} if hand.later else {})
        )
        if seat is not None:
            freed.append((entry, seat))
    log_busts_and_free_seats(w, lines, freed)
    if hand.moving:
        Move.objects.filter(entry_id__in=hand.moving, status=Move.Status.PENDING).update(
            status=Move.Status.CANCELLED, finished_at=timezone.now()
        )
    return [seat.table.number for _entry, seat in freed]


def give_places(
    hand: BustHand, reports: Sequence[BustReport], places: dict[int, place_rules.Place]
) -> None:
    """Everyone busted in the hand is out with his place (earlier busts may move)."""
    stacks = {r.entry: r.starting_stack for r in reports}
    now = action_time()
    for entry in hand.members:
        if entry.pk in hand.seats:
            entry.busted_at = now
            entry.starting_stack_at_bust = stacks.get(entry.pk)
        # Out of play, on no seat: the answer reads nothing after the commit.
        Entry.seat.related.set_cached_value(entry, None)
        entry.status = Entry.Status.BUSTED
        entry.place = places[entry.pk].place
        entry.place_shared = places[entry.pk].shared
        entry.bust_group = hand.group
        entry.wait_for_button = False
        # One plain UPDATE each: a hand has a few busts, and bulk_update's
        # CASE over every column cost a single bust more than the row itself.
        Entry.objects.filter(pk=entry.pk).update(
            **{name: getattr(entry, name) for name in PLACE_FIELDS}
        )


def stop_the_day_at_its_count(w: Write, before: int, left: int) -> None:
    """Play stops for the day once the field is down to the day's player count:
    the clock pauses and the floor bags the chips (README "Events")."""
    stop_at = w.tournament.day_stop_players
    if stop_at and left <= stop_at < before:
        clock().pause_within(w.tournament, w.user, "day_stop")
        w.log("day_stop", {"players": left})


def disqualify(w: Write, entry: Entry, chips: int | None = None) -> Entry:
    """Disqualification (TDA 2019 rule 69): out of play, seat freed, chips out of play.

    `chips`: what the floor took off the table; without it his latest count,
    else the average stack. Runs inside the caller's write (the ruling's).
    """
    if not entry.is_live:
        raise Conflict(ALREADY_OUT)
    tournament = w.tournament
    entry.chips_removed = chips if chips is not None else stack_of(tournament, entry)
    seat = seat_leave(w, entry, "disqualified")
    remaining = tournament.entries.filter(status__in=LIVE_STATUSES).count()
    entry.status = Entry.Status.DISQUALIFIED
    entry.place = remaining
    entry.busted_at = timezone.now()
    entry.wait_for_button = False
    entry.save(update_fields=["status", "place", "busted_at", "wait_for_button", "chips_removed"])
    bounties.bounty_forfeit(w, entry)
    # Its own log row: the history can undo it (the ruling itself stays as logged).
    w.log(
        "disqualified",
        {
            "entry": entry.pk,
            "table": seat.table.number if seat else None,
            "seat": seat.number if seat else None,
            "chips": entry.chips_removed,
        },
    )
    after_field_change(
        w, "disqualified", {"entry": entry.pk}, [seat.table.number if seat else None]
    )
    return entry
