"""Floor actions: one locked transaction each (bust, unbust, moves, breaks,
button, next hand, keep-apart, hand-for-hand). Each plans the next floor
steps when the field changed and publishes after commit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import HandForHand, KeepApart, Move, Seat, SeatChange, Table
from tables.rules import button as button_rules
from tables.services.back_in_play import (
    cancel_moves_into,
    reopen_what_his_exit_broke,
    seat_left,
    stack_of,
    walk_in_from_the_rail,
)
from tables.services.hands import balance_moves_after_hand
from tables.services.planning import floor_replan, move_cancel, move_complete, move_for_update
from tables.services.seating import seat_alternates, seat_late_entry
from tables.services.state import (
    blind_state,
    floor_now,
)
from tournament import changes, extensions
from tournament.errors import Conflict, FieldInvalid, Invalid, NotFound
from tournament.locking import lock_tournament
from tournament.models import LIVE_STATUSES, ActionLog, Entry, Tournament
from tournament.rules import bounties as bounty_rules
from tournament.rules import places as place_rules
from tournament.selectors import bounty_settings_for
from tournament.services import bounties
from tournament.services.events import ensure_day_open
from tournament.summary import OUT_STATUSES, EntryCounts, entry_counts, tournament_summary

ENTRY_NOT_FOUND = _("Entry not found.")
TABLE_NOT_FOUND = _("Table not found.")
ALREADY_OUT = _("This player is already out of the tournament.")
NOT_SEATED = _("Only a seated player can bust.")
NOT_SAME_TOURNAMENT = _("All entries must belong to this tournament.")
DUPLICATE_ENTRY = _("An entry is listed twice.")
STACK_NEEDED = _("Give each player's stack at the start of the hand to rank busts in one hand.")
STACK_NEEDED_HAND_FOR_HAND = _(
    "Give the player's stack at the start of the hand: in hand-for-hand play, busts at "
    "other tables in the same hand are ranked by it."
)
LAST_PLAYER = _("The last player cannot bust: he has won the tournament.")
NOT_BUSTED = _("This entry is not busted.")
UNBUST_LATER_FIRST = _("Undo the later bust-outs first: their places depend on this one.")
UNBUST_RE_ENTERED = _("The player has re-entered since this bust: his later entry plays on.")
SEAT_OUT_OF_RANGE = _("That seat does not exist at this table.")
TABLE_BROKEN = _("This table is no longer in play.")
TOO_FEW_PLAYERS = _("A table needs at least two players to deal a hand.")
BUTTON_NOT_SET = _("Set the button first.")
TABLE_HALTED = _(
    "Table %(table)s is halted: it is short of players and waits for the moves to it. "
    "Carry out the moves first, then deal the next hand."
)
BUTTON_HAND_UNKNOWN = _('Say whether the button is for the "current" or the "next" hand.')
NEXT_BUTTON_ON_EMPTY_SEAT = _(
    "With a moving button the next hand's button is always on a player: choose an occupied seat."
)
KEEP_APART_TWO = _("Name two different entries to keep apart.")
KEEP_APART_EXISTS = _("These players are already kept apart.")
SEAT_OCCUPIED = _("That seat is taken or reserved.")
LAST_TABLE = _("The last table cannot be broken.")
NO_SEATS_FOR_BREAK = _("The other tables have no room for this table's players.")
HAND_FOR_HAND_OFF = _("Hand-for-hand is not on.")
TOURNAMENT_FINISHED = _("The tournament is over: the winner is known.")
NO_MOVES_FROM_TABLE = _("No player waits to move away from this table.")
ELIMINATOR_NEEDED = _(
    "This tournament pays bounties: say who eliminated the player (every winner of a split pot)."
)
ELIMINATOR_NOT_PLAYING = _("Whoever eliminated him must still be playing in this tournament.")
ELIMINATOR_OTHER_TABLE = _("Whoever eliminated him must sit at his table.")


def _user(by: Any) -> Any:
    return by if getattr(by, "pk", None) else None


def _entry(tournament_id: int | None, entry_id: int) -> Entry:
    entry = Entry.objects.select_related("player").filter(pk=entry_id).first()
    if entry is None or (tournament_id is not None and entry.tournament_id != tournament_id):
        raise NotFound(ENTRY_NOT_FOUND)
    return entry


def _tournament_of(model: type[Entry] | type[Table], pk: int, missing: Any) -> int:
    """The tournament a row belongs to, read before locking that tournament."""
    tournament_id = model.objects.filter(pk=pk).values_list("tournament_id", flat=True).first()
    if tournament_id is None:
        raise NotFound(missing)
    return tournament_id


def _entry_tournament_id(entry_id: int) -> int:
    return _tournament_of(Entry, entry_id, ENTRY_NOT_FOUND)


def _table_tournament_id(table_id: int) -> int:
    return _tournament_of(Table, table_id, TABLE_NOT_FOUND)


def _after_field_change(
    tournament: Tournament,
    by: Any,
    event: str,
    extra: dict,
    touched: Sequence[int | None] = (),
    counts: EntryCounts | None = None,
    reopened: bool = False,
    field_changed: bool = False,
) -> dict:
    """Seat alternates, plan the floor's next steps, and record what changed.

    The screens get the summary, the pending moves and the rows of the tables
    that changed (`touched`, the tables broken, and every table a pending move
    involves), built after the commit. `counts`, when given, are the entry
    counts as the caller left them; seating an alternate makes them stale.
    `reopened`: the caller took back the bust that had ended the tournament.
    `field_changed`: an entry joined or left the paid field (an unbust that
    finds no seat waits as an alternate), so the payouts are sent too.
    """
    # The planner recounts these tables before it reads the floor.
    changes.touch(tournament, tables=touched)
    alternates_seated = bool(seat_alternates(tournament=tournament, by=by))
    field_changed = field_changed or alternates_seated
    if alternates_seated or counts is None:
        # Planning and the end-of-event check change no entry: one count serves both.
        counts = entry_counts(tournament)
    plan = floor_replan(tournament=tournament, by=by)
    won = _finish_if_won(tournament, by, counts)
    changes.record(
        tournament,
        event,
        parts=(changes.SUMMARY, changes.MOVES, changes.TABLES)
        # The winner is known: every screen stops its clock and shows the results.
        + ((changes.CLOCK, changes.RESULTS) if won or reopened else ())
        # An alternate taking a seat joins the field the payouts are built on.
        + ((changes.PAYOUTS,) if field_changed else ()),
        tables=[*touched, *plan.break_tables],
        facts={**extra, "plan": plan.to_log()},
    )
    return {"plan": plan.to_log()}


def _finish_if_won(tournament: Tournament, by: Any, counts: EntryCounts) -> bool:
    """End the tournament when one player is left; True when this write ended it."""
    if tournament.status == Tournament.Status.FINISHED or counts.remaining != 1:
        return False
    if not counts.out:
        return False
    live_entries = tournament.entries.filter(status__in=LIVE_STATUSES)
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    ActionLog.record(tournament, "winner", {"entry": live_entries.get().pk}, by)
    return True


@dataclass(frozen=True)
class BustReport:
    entry: int
    starting_stack: int | None = None
    # Who took his last chip; several when they split the pot (bounty tournaments).
    eliminated_by: tuple[int, ...] = ()


def _eliminations(
    tournament: Tournament,
    reports: Sequence[BustReport],
    seat_of: dict[int, Seat | None],
    entries: list[Entry],
) -> list[bounties.Elimination]:
    """Each busted entry with his eliminators, first left of the button first.
    A bounty tournament needs them; an eliminator plays at the busted player's
    table and is not busted in the same hand."""
    busted = {report.entry for report in reports}
    by_id = {entry.pk: entry for entry in entries}
    made = []
    for report in reports:
        if not report.eliminated_by:
            raise FieldInvalid("eliminated_by", ELIMINATOR_NEEDED)
        if len(set(report.eliminated_by)) != len(report.eliminated_by):
            raise FieldInvalid("eliminated_by", DUPLICATE_ENTRY)
        victim_seat = seat_of[report.entry]
        seats = {
            seat.entry_id: seat
            for seat in Seat.objects.select_related("table").filter(
                entry_id__in=report.eliminated_by, entry__status=Entry.Status.SEATED
            )
        }
        for eliminator in report.eliminated_by:
            seat = seats.get(eliminator)
            if eliminator in busted or seat is None or seat.table.tournament_id != tournament.pk:
                raise FieldInvalid("eliminated_by", ELIMINATOR_NOT_PLAYING)
            if victim_seat is not None and seat.table_id != victim_seat.table_id:
                raise FieldInvalid("eliminated_by", ELIMINATOR_OTHER_TABLE)
        table = victim_seat.table if victim_seat is not None else None
        order = bounty_rules.clockwise_from_button(
            [seats[e].number for e in report.eliminated_by],
            table.button_seat if table else None,
            table.seats if table else tournament.table_size,
        )
        entry_at = {seats[e].number: e for e in report.eliminated_by}
        made.append(bounties.Elimination(by_id[report.entry], [entry_at[n] for n in order]))
    return made


def _stop_the_day_at_its_count(tournament: Tournament, before: int, left: int, by: Any) -> None:
    """Play stops for the day once the field is down to the day's player count:
    the clock pauses and the floor bags the chips (README "Events")."""
    stop_at = tournament.day_stop_players
    if stop_at and left <= stop_at < before:
        extensions.pause_clock(tournament, by, "day_stop")
        ActionLog.record(tournament, "day_stop", {"players": left}, by)


def _settle_bounties(
    tournament: Tournament,
    eliminations: list[bounties.Elimination],
    counts: EntryCounts,
    left: int,
) -> None:
    """Pay this hand's bounties; the last bust also pays the winner his own."""
    winner = None
    if left == 1:
        winner = tournament.entries.filter(status__in=LIVE_STATUSES).values_list("pk", flat=True)[0]
    bounty = bounty_settings_for(tournament)
    in_the_money = False
    if bounty.mystery_start_in_money:
        # The money is reached once no more players are left than places are paid.
        in_the_money = left <= tournament_summary(tournament, counts)["paid_places"]
    bounties.bounties_settle(
        tournament,
        eliminations,
        winner=winner,
        level=extensions.level_played_now(tournament)[0],
        in_the_money=in_the_money,
    )


def _bust_group(tournament: Tournament, highest: int | None) -> int:
    """The group of this hand's busts; `highest` is the entries' highest group so far."""
    hand_for_hand = HandForHand.objects.filter(tournament=tournament).first()
    if tournament.hand_for_hand and hand_for_hand is not None:
        if hand_for_hand.bust_group is None:
            hand_for_hand.bust_group = _next_group(highest, hand_for_hand)
            hand_for_hand.save(update_fields=["bust_group"])
        return hand_for_hand.bust_group
    return _next_group(highest, hand_for_hand)


def _next_group(highest: int | None, hand_for_hand: HandForHand | None) -> int:
    highest = highest or 0
    if hand_for_hand is not None and hand_for_hand.bust_group:
        highest = max(highest, hand_for_hand.bust_group)
    return highest + 1


def _button_distance(seat: Seat | None) -> int | None:
    if seat is None or seat.table.button_seat is None:
        return None
    return (seat.number - seat.table.button_seat) % seat.table.seats


def entries_bust(*, tournament_id: int, reports: Sequence[BustReport], by: Any) -> list[Entry]:
    """Bust one or more players eliminated in the same hand; returns them with places."""
    if not reports:
        raise Invalid(DUPLICATE_ENTRY)
    if len({r.entry for r in reports}) != len(reports):
        raise Invalid(DUPLICATE_ENTRY)
    if len(reports) > 1 and any(r.starting_stack is None for r in reports):
        raise FieldInvalid("starting_stack", STACK_NEEDED)
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        ensure_day_open(tournament)
        entries = []
        for report in reports:
            entry = Entry.objects.select_related("player").filter(pk=report.entry).first()
            if entry is None:
                raise NotFound(ENTRY_NOT_FOUND)
            if entry.tournament_id != tournament.pk:
                raise Invalid(NOT_SAME_TOURNAMENT)
            if entry.status in ("busted", "disqualified"):
                raise Conflict(ALREADY_OUT)
            if entry.status != Entry.Status.SEATED:
                raise Conflict(NOT_SEATED)
            entries.append(entry)
        # One scan of the entries (a big field has 10,000) for the count here and,
        # adjusted for these busts, for the summary sent afterwards.
        counts = entry_counts(tournament)
        remaining = counts.remaining
        highest = tournament.entries.aggregate(n=Max("bust_group"))["n"]
        group = _bust_group(tournament, highest)
        earlier = list(
            tournament.entries.select_related("player").filter(bust_group=group, status="busted")
        )
        # Hand for hand, a bust at another table may join this hand later: every
        # report carries the stack so the whole hand ranks by stacks (IFP 4.27,
        # BDPV Turnierreglement 28), never by the order the tables reported.
        if (tournament.hand_for_hand or earlier) and any(r.starting_stack is None for r in reports):
            raise FieldInvalid("starting_stack", STACK_NEEDED_HAND_FOR_HAND)
        if remaining - len(entries) < 1:
            raise Conflict(LAST_PLAYER)
        stacks = {r.entry: r.starting_stack for r in reports}
        seat_of = {
            e.pk: Seat.objects.select_related("table").filter(entry=e).first() for e in entries
        }
        eliminations = (
            _eliminations(tournament, reports, seat_of, entries)
            if bounty_settings_for(tournament).active
            else []
        )
        group_members = earlier + entries
        busts = [
            place_rules.Bust(
                entry_id=e.pk,
                starting_stack=stacks.get(e.pk) or e.starting_stack_at_bust or 1,
                button_distance=_button_distance(seat_of[e.pk])
                if e in entries
                else (
                    ActionLog.objects.filter(kind="bust", data__entry=e.pk)
                    .values_list("data__button_distance", flat=True)
                    .first()
                ),
            )
            for e in group_members
        ]
        try:
            places = place_rules.rank_busts(
                players_left_before=remaining + len(earlier),
                busted=busts,
                # The field's choices (Tournament.TieRule) are the rule's tie rules,
                # and rank_busts refuses any other value itself.
                tie_rule=cast(place_rules.TieRule, tournament.tie_rule),
            )
        except place_rules.PlacesError as exc:
            raise Invalid(STACK_NEEDED) from exc
        place_of = {p.entry_id: p for p in places}
        touched: list[int] = []
        now = timezone.now()
        for entry in group_members:
            is_new = entry in entries
            seat = seat_of[entry.pk] if is_new else None
            if is_new:
                ActionLog.record(
                    tournament,
                    "bust",
                    {
                        "entry": entry.pk,
                        "table": seat.table.number if seat else None,
                        "seat": seat.number if seat else None,
                        "button_distance": _button_distance(seat),
                        "group": group,
                        "eliminated_by": list(
                            next(r.eliminated_by for r in reports if r.entry == entry.pk)
                        ),
                    },
                    by,
                )
                if seat is not None:
                    touched.append(seat.table.number)
                    seat.entry = None
                    seat.save(update_fields=["entry"])
                    SeatChange.objects.create(
                        tournament=tournament,
                        entry=entry,
                        from_table=seat.table.number,
                        from_seat=seat.number,
                        reason="bust",
                        by=_user(by),
                    )
                Move.objects.filter(entry=entry, status=Move.Status.PENDING).update(
                    status=Move.Status.CANCELLED, finished_at=now
                )
                entry.busted_at = now
                entry.starting_stack_at_bust = stacks.get(entry.pk)
            # Out of play, on no seat: the answer reads nothing after the commit.
            Entry.seat.related.set_cached_value(entry, None)
            entry.status = Entry.Status.BUSTED
            entry.place = place_of[entry.pk].place
            entry.place_shared = place_of[entry.pk].shared
            entry.bust_group = group
            entry.wait_for_button = False
            entry.save(
                update_fields=[
                    "status",
                    "place",
                    "place_shared",
                    "bust_group",
                    "busted_at",
                    "starting_stack_at_bust",
                    "wait_for_button",
                ]
            )
        if eliminations:
            _settle_bounties(tournament, eliminations, counts, remaining - len(entries))
        _stop_the_day_at_its_count(tournament, remaining, remaining - len(entries), by)
        _after_field_change(
            tournament,
            by,
            "bust",
            {"busted": [{"entry": e.pk, "place": e.place} for e in group_members]},
            touched,
            # Seated before, busted now: one fewer left and one more out each; both
            # statuses are paid, so the prize pool counts stay as they were.
            replace(counts, remaining=remaining - len(entries), out=counts.out + len(entries)),
        )
    return group_members


def entry_unbust(*, entry_id: int, by: Any) -> Entry:
    """Undo a mistaken bust or disqualification: the entry is back in play, on his
    old seat when free, with the chips a disqualification took out of play."""
    tournament_id = _entry_tournament_id(entry_id)
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        entry = _entry(tournament.pk, entry_id)
        if entry.status not in OUT_STATUSES:
            raise Conflict(NOT_BUSTED)
        if tournament.entries.filter(player_id=entry.player_id, number__gt=entry.number).exists():
            raise Conflict(UNBUST_RE_ENTERED)
        disqualified = entry.status == Entry.Status.DISQUALIFIED
        busted = [
            place_rules.Place(entry_id=e.pk, place=e.place, shared=e.place_shared)
            for e in tournament.entries.filter(status__in=OUT_STATUSES).exclude(place=None)
            if e.place is not None
        ]
        remaining = tournament.entries.filter(status__in=LIVE_STATUSES).count()
        try:
            place_rules.check_unbust(busted=busted, players_left=remaining, entry_ids=[entry.pk])
        except place_rules.PlacesError as exc:
            raise Conflict(UNBUST_LATER_FIRST) from exc
        where = seat_left(tournament, entry)
        entry.status = Entry.Status.SEATED
        entry.place = None
        entry.place_shared = False
        entry.bust_group = None
        entry.busted_at = None
        entry.chips_removed = None  # his chips are back in play
        entry.save(
            update_fields=[
                "status",
                "place",
                "place_shared",
                "bust_group",
                "busted_at",
                "chips_removed",
            ]
        )
        bounties.bounties_undo(tournament, [entry.pk])
        reopened = tournament.status == Tournament.Status.FINISHED
        if reopened:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        restored = False
        touched: list[int | None] = []
        if where is not None:
            # His table may have broken since (his bust broke it): he sits down
            # there again, and the plan gives him a move or the table back.
            seat = Seat.objects.filter(
                table__tournament=tournament,
                table__number=where[0],
                table__status__in=(Table.Status.OPEN, Table.Status.BROKEN),
                number=where[1],
                entry=None,
            ).first()
            if seat is not None:
                # A move his bust brought into his seat (a balance or break move)
                # goes: he sits down again and the floor is planned from there.
                touched += cancel_moves_into(seat, by)
                seat.entry = entry
                seat.save(update_fields=["entry"])
                SeatChange.objects.create(
                    tournament=tournament,
                    entry=entry,
                    to_table=where[0],
                    to_seat=seat.number,
                    reason="unbust",
                    by=_user(by),
                )
                restored = True
        if not restored and not seat_late_entry(
            tournament=tournament, entry=entry, by=by, reason="unbust"
        ):
            # No seat is free: the table his bust broke plays again, with him.
            if reopen_what_his_exit_broke(tournament, entry, by):
                seat_late_entry(tournament=tournament, entry=entry, by=by, reason="unbust")
        if not restored:
            walk_in_from_the_rail(tournament, entry, by)
        ActionLog.record(
            tournament,
            "unbust",
            {"entry": entry.pk, "same_seat": restored, "disqualification": disqualified},
            by,
        )
        back_at = Seat.objects.filter(entry=entry).values_list("table__number", flat=True).first()
        _after_field_change(
            tournament,
            by,
            "unbust",
            {"entry": entry.pk},
            [back_at, *touched],
            reopened=reopened,
            field_changed=not restored,
        )
    entry.refresh_from_db()
    return entry


def entry_disqualify(
    *, tournament: Tournament, entry: Entry, by: Any, chips: int | None = None
) -> Entry:
    """Disqualification (TDA 2019 rule 69): out of play, seat freed, chips out of play.

    `chips`: what the floor took off the table; without it his latest count,
    else the average stack. Runs inside the caller's locked transaction (the
    ruling service).
    """
    if not entry.is_live:
        raise Conflict(ALREADY_OUT)
    entry.chips_removed = chips if chips is not None else stack_of(tournament, entry)
    seat = Seat.objects.select_related("table").filter(entry=entry).first()
    if seat is not None:
        seat.entry = None
        seat.save(update_fields=["entry"])
        SeatChange.objects.create(
            tournament=tournament,
            entry=entry,
            from_table=seat.table.number,
            from_seat=seat.number,
            reason="disqualified",
            by=_user(by),
        )
    Move.objects.filter(entry=entry, status=Move.Status.PENDING).update(
        status=Move.Status.CANCELLED, finished_at=timezone.now()
    )
    remaining = tournament.entries.filter(status__in=LIVE_STATUSES).count()
    entry.status = Entry.Status.DISQUALIFIED
    entry.place = remaining
    entry.busted_at = timezone.now()
    entry.wait_for_button = False
    entry.save(update_fields=["status", "place", "busted_at", "wait_for_button", "chips_removed"])
    bounties.bounty_forfeit(tournament, entry)
    # Its own log row: the history can undo it (the ruling itself stays as logged).
    ActionLog.record(
        tournament,
        "disqualified",
        {
            "entry": entry.pk,
            "table": seat.table.number if seat else None,
            "seat": seat.number if seat else None,
            "chips": entry.chips_removed,
        },
        by,
    )
    _after_field_change(
        tournament, by, "disqualified", {"entry": entry.pk}, [seat.table.number if seat else None]
    )
    return entry


def _log_moves_done(tournament: Tournament, done: list[Move], by: Any) -> list[int | None]:
    """One log row per move carried out (each can be undone); the tables they touched."""
    touched: list[int | None] = []
    for each in done:
        ActionLog.record(tournament, "move_done", {"move": each.pk, "entry": each.entry_id}, by)
        touched += [
            each.to_table.number,
            each.from_table.number if each.from_table is not None else None,
        ]
    return touched


def move_done(*, move_id: int, by: Any) -> Move:
    move = move_for_update(move_id)
    with transaction.atomic():
        tournament = lock_tournament(move.tournament_id)
        move = move_for_update(move_id)
        done = move_complete(tournament=tournament, move=move, by=by)
        touched = _log_moves_done(tournament, done, by)
        _after_field_change(tournament, by, "move", {"move": move.pk}, touched)
    return move


def table_moves_done(*, table_id: int, by: Any) -> list[Move]:
    """Carry out every pending move away from one table, as the floor does at a
    break: all of them or, when one waits for a player at another table to
    move first, none (the floor is told whom to move first)."""
    tournament_id = _table_tournament_id(table_id)
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        waiting = list(
            Move.objects.select_for_update()
            .filter(from_table_id=table_id, status=Move.Status.PENDING)
            .select_related("entry__player", "from_table", "to_table")
            .order_by("pk")
        )
        if not waiting:
            raise Conflict(NO_MOVES_FROM_TABLE)
        done: list[Move] = []
        # A move may wait for another move of this table (its seat is still held):
        # go round until every move is done or a round makes no progress.
        while waiting:
            blocked: list[tuple[Move, Conflict]] = []
            for move in waiting:
                if any(each.pk == move.pk for each in done):
                    continue  # carried out with a ring of moves earlier on
                try:
                    done += move_complete(tournament=tournament, move=move, by=by)
                except Conflict as conflict:
                    blocked.append((move, conflict))
            if blocked and len(blocked) == len(waiting):
                raise blocked[0][1]
            waiting = [move for move, _conflict in blocked]
        touched = _log_moves_done(tournament, done, by)
        _after_field_change(tournament, by, "move", {"moves_done": [m.pk for m in done]}, touched)
    return done


def move_cancelled(*, move_id: int, by: Any) -> Move:
    """Cancel a move; moves into the seat he keeps go too, and the floor is replanned."""
    move = move_for_update(move_id)
    with transaction.atomic():
        tournament = lock_tournament(move.tournament_id)
        move = move_for_update(move_id)
        cancelled = move_cancel(move=move, by=by)
        ActionLog.record(
            tournament, "move_cancelled", {"move": move.pk, "moves": [m.pk for m in cancelled]}, by
        )
        touched: list[int | None] = []
        for each in cancelled:
            touched += [
                each.to_table.number,
                each.from_table.number if each.from_table is not None else None,
            ]
        _after_field_change(
            tournament, by, "move", {"move": move.pk, "status": "cancelled"}, touched
        )
    move.refresh_from_db()
    return move


def move_manual(*, entry_id: int, to_table: int, to_seat: int, by: Any) -> Move:
    """A director's move of one player to a chosen free seat."""
    tournament_id = _entry_tournament_id(entry_id)
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        entry = _entry(tournament.pk, entry_id)
        if entry.status != Entry.Status.SEATED:
            raise Conflict(NOT_SEATED)
        table = tournament.tables.filter(number=to_table, status=Table.Status.OPEN).first()
        if table is None:
            raise NotFound(TABLE_NOT_FOUND)
        if not 1 <= to_seat <= table.seats:
            raise Invalid(SEAT_OUT_OF_RANGE)
        state = floor_now(tournament).seats_of(table.number)
        if to_seat in state.occupied:
            raise Conflict(SEAT_OCCUPIED)
        Move.objects.filter(entry=entry, status=Move.Status.PENDING).update(
            status=Move.Status.CANCELLED, finished_at=timezone.now()
        )
        seat = Seat.objects.select_related("table").filter(entry=entry).first()
        move = Move.objects.create(
            tournament=tournament,
            entry=entry,
            from_table=seat.table if seat else None,
            from_seat=seat.number if seat else None,
            to_table=table,
            to_seat=to_seat,
            reason=Move.Reason.MANUAL,
            wait_for_button=button_rules.must_wait_for_button(
                seat=to_seat,
                seat_count=table.seats,
                occupied=state.players.keys(),
                state=blind_state(table),
                dead_button=tournament.rule_options["dead_button"],
            ),
            created_by=_user(by),
        )
        ActionLog.record(tournament, "move_manual", {"move": move.pk}, by)
        changes.record(
            tournament,
            "move",
            parts=(changes.MOVES, changes.TABLES),
            facts={"move": move.pk, "status": move.status},
        )
    return move


def table_break(*, table_id: int, by: Any) -> list[Move]:
    """Break a table now: its players get random seats at the other tables (TDA 2019 rule 9).

    Moves still heading to this table are cancelled (those players stay where
    they sit); the replan then gives everyone left here a move.
    """
    with transaction.atomic():
        tournament = lock_tournament(_table_tournament_id(table_id))
        table = tournament.tables.get(pk=table_id)
        if table.status != Table.Status.OPEN:
            raise Conflict(TABLE_BROKEN)
        counts = floor_now(tournament).counts()
        others = [c for c in counts if c.number != table.number]
        if not others:
            raise Conflict(LAST_TABLE)
        staying = next(c.size for c in counts if c.number == table.number)
        # Seats held for arrivals are among the projected players: free = seats - size.
        if staying > sum(c.seat_count - c.size for c in others):
            raise Conflict(NO_SEATS_FOR_BREAK)
        arriving = Move.objects.filter(to_table=table, status=Move.Status.PENDING)
        for move_id in list(arriving.values_list("pk", flat=True)):
            move = move_for_update(move_id)
            if move.status == Move.Status.PENDING:  # not already gone down a chain
                move_cancel(move=move, by=by)
        table.status = Table.Status.BROKEN
        table.halted = False
        table.save(update_fields=["status", "halted"])
        ActionLog.record(tournament, "table_break", {"table": table.number}, by)
        _after_field_change(tournament, by, "break", {"table": table.number}, [table.number])
    return list(
        Move.objects.filter(from_table=table, status=Move.Status.PENDING).order_by("from_seat")
    )


def _table_for_update(table_id: int) -> tuple[Tournament, Table]:
    tournament = lock_tournament(_table_tournament_id(table_id))
    table = tournament.tables.get(pk=table_id)
    if table.status != Table.Status.OPEN:
        raise Conflict(TABLE_BROKEN)
    return tournament, table


def _occupied(table: Table) -> list[int]:
    return list(
        Seat.objects.filter(table=table, entry__isnull=False).values_list("number", flat=True)
    )


def _publish_table(tournament: Tournament, table: Table, event: str) -> None:
    changes.record(tournament, event, parts=(changes.TABLES,), tables=[table.number])


BUTTON_HANDS = ("current", "next")


def _hand_in_play(tournament: Tournament, table: Table, seat: int, hand: str) -> Any:
    """Positions of the hand in play, from the button of that hand or of the next one."""
    occupied = _occupied(table)
    if len(occupied) < 2:
        raise Conflict(TOO_FEW_PLAYERS)
    if hand == "current":
        return button_rules.blinds_for_button(
            seat_count=table.seats, occupied=occupied, button=seat
        )
    try:
        return button_rules.hand_before(
            seat_count=table.seats,
            occupied=occupied,
            next_button=seat,
            dead_button=tournament.rule_options["dead_button"],
        )
    except ValueError as exc:
        raise FieldInvalid("seat", NEXT_BUTTON_ON_EMPTY_SEAT) from exc


def table_button_set(*, table_id: int, seat: int, by: Any, hand: str = "current") -> Table:
    """Put the button on `seat` for the hand in play ("current") or the next hand ("next").

    Stored are always the positions of the hand being played now: balancing
    picks the player to move from them, so a button named for the next hand
    is turned back into the hand before it.
    """
    if hand not in BUTTON_HANDS:
        raise FieldInvalid("hand", BUTTON_HAND_UNKNOWN)
    with transaction.atomic():
        tournament, table = _table_for_update(table_id)
        if not 1 <= seat <= table.seats:
            raise Invalid(SEAT_OUT_OF_RANGE)
        before = [table.button_seat, table.small_blind_seat, table.big_blind_seat]
        state = _hand_in_play(tournament, table, seat, hand)
        table.button_seat, table.small_blind_seat, table.big_blind_seat = (
            state.button,
            state.small_blind,
            state.big_blind,
        )
        table.save(update_fields=["button_seat", "small_blind_seat", "big_blind_seat"])
        ActionLog.record(
            tournament,
            "button_set",
            {"table": table.number, "seat": seat, "hand": hand, "before": before},
            by,
        )
        _publish_blinds(tournament, table, by)
    return table


def _publish_blinds(tournament: Tournament, table: Table, by: Any) -> None:
    """The blinds of `table` changed: a balance move away from it belongs to the
    new next big blind (TDA 2019 rule 10); tell the screens either way."""
    replanned = balance_moves_after_hand(
        tournament=tournament, table=table, occupied=_occupied(table), by=by
    )
    if replanned:
        _after_field_change(tournament, by, "move", {"table": table.number}, replanned)
    else:
        _publish_table(tournament, table, "table")


def table_hand_next(*, table_id: int, by: Any) -> Table:
    """Next hand: the big blind moves on one player; small blind and button follow."""
    with transaction.atomic():
        tournament, table = _table_for_update(table_id)
        if tournament.status == Tournament.Status.FINISHED:
            raise Conflict(TOURNAMENT_FINISHED)
        if table.halted:
            # TDA 2019 rule 10: a short table waits until its players have arrived.
            raise Conflict(TABLE_HALTED % {"table": table.number})
        state = blind_state(table)
        if state is None:
            raise Conflict(BUTTON_NOT_SET)
        occupied = _occupied(table)
        if len(occupied) < 2:
            raise Conflict(TOO_FEW_PLAYERS)
        before = [table.button_seat, table.small_blind_seat, table.big_blind_seat, table.hand]
        upcoming = button_rules.next_hand(
            seat_count=table.seats,
            occupied=occupied,
            state=state,
            dead_button=tournament.rule_options["dead_button"],
        )
        table.button_seat, table.small_blind_seat, table.big_blind_seat = (
            upcoming.button,
            upcoming.small_blind,
            upcoming.big_blind,
        )
        table.hand += 1
        table.hand_finished = False
        table.save(
            update_fields=[
                "button_seat",
                "small_blind_seat",
                "big_blind_seat",
                "hand",
                "hand_finished",
            ]
        )
        # A player waiting for the button is dealt in once it has passed him.
        for seat in Seat.objects.filter(table=table, entry__wait_for_button=True).select_related(
            "entry"
        ):
            if not button_rules.is_between_button_and_small_blind(
                seat=seat.number, seat_count=table.seats, state=upcoming
            ):
                # Only occupied seats match a filter on their entry's flag.
                assert seat.entry_id is not None
                Entry.objects.filter(pk=seat.entry_id).update(wait_for_button=False)
        ActionLog.record(tournament, "next_hand", {"table": table.number, "before": before}, by)
        _publish_blinds(tournament, table, by)
    return table


def keep_apart_add(*, tournament_id: int, entries: Sequence[int], by: Any) -> KeepApart:
    if len(entries) != 2 or entries[0] == entries[1]:
        raise Invalid(KEEP_APART_TWO)
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        first, second = sorted(entries)
        for entry_id in (first, second):
            _entry(tournament.pk, entry_id)
        if KeepApart.objects.filter(first_id=first, second_id=second).exists():
            raise Conflict(KEEP_APART_EXISTS)
        pair = KeepApart.objects.create(tournament=tournament, first_id=first, second_id=second)
        ActionLog.record(tournament, "keep_apart", {"entries": [first, second]}, by)
        changes.record(tournament, "keep_apart", facts={"entries": [first, second]})
    return pair


def hand_for_hand_set(*, tournament_id: int, on: bool, by: Any) -> Tournament:
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        state, _created = HandForHand.objects.get_or_create(tournament=tournament)
        tournament.hand_for_hand = on
        tournament.save(update_fields=["hand_for_hand"])
        state.bust_group = None
        if on:
            state.hand += 1
        state.save(update_fields=["hand", "bust_group"])
        open_tables = tournament.tables.filter(status=Table.Status.OPEN)
        open_tables.update(hand_finished=False)
        ActionLog.record(tournament, "hand_for_hand", {"on": on}, by)
        changes.record(
            tournament,
            "hand_for_hand",
            parts=(changes.SUMMARY, changes.TABLES),
            tables=open_tables.values_list("number", flat=True),
            public_facts={"on": on},
        )
    return tournament


def table_hand_finished(*, table_id: int, by: Any) -> dict[str, Any]:
    """A table reports its hand-for-hand hand done; when all are, the next hand starts."""
    with transaction.atomic():
        tournament, table = _table_for_update(table_id)
        if not tournament.hand_for_hand:
            raise Conflict(HAND_FOR_HAND_OFF)
        table.hand_finished = True
        table.save(update_fields=["hand_finished"])
        open_tables = tournament.tables.filter(status=Table.Status.OPEN)
        still_playing = list(
            open_tables.filter(hand_finished=False).values_list("number", flat=True)
        )
        if not still_playing:
            state, _created = HandForHand.objects.get_or_create(tournament=tournament)
            state.hand += 1
            state.bust_group = None
            state.save(update_fields=["hand", "bust_group"])
            open_tables.update(hand_finished=False)
        ActionLog.record(tournament, "hand_finished", {"table": table.number}, by)
        payload = {"table": table.number, "still_playing": still_playing}
        changes.record(
            tournament,
            "hand_for_hand",
            parts=(changes.TABLES,),
            tables=[table.number]
            if still_playing
            else open_tables.values_list("number", flat=True),
            public_facts=payload,
        )
    return payload


BAD_BREAK_ORDER = _("List every open table number once, in the order the tables break.")


def breaking_order_set(*, tournament_id: int, numbers: Sequence[int], by: Any) -> list[int]:
    """The director's breaking order: the first table listed breaks first."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        tables = {t.number: t for t in tournament.tables.filter(status=Table.Status.OPEN)}
        if sorted(numbers) != sorted(tables) or len(set(numbers)) != len(numbers):
            raise Invalid(BAD_BREAK_ORDER)
        for position, number in enumerate(numbers, start=1):
            tables[number].break_order = position
        Table.objects.bulk_update(tables.values(), ["break_order"])
        ActionLog.record(tournament, "break_order", {"order": list(numbers)}, by)
        changes.record(
            tournament,
            "tables",
            parts=(changes.TABLES,),
            tables=numbers,
            facts={"break_order": list(numbers)},
        )
    return list(numbers)
