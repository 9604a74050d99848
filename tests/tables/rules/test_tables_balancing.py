"""The move planner: breaking, balancing, halting and the final table."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.balancing import FloorShape, plan_moves, plan_needed
from tables.rules.button import BlindState, blinds_for_button, draw_button, next_hand
from tables.rules.floor_index import ListedIndex
from tables.rules.model import TableCount, TableState
from tables.rules.move_plan import Plan
from tables.rules.options import SeatingOptions
from tables.rules.planner_state import break_sequence
from tables.rules.seating import TableSpec, draw_seats


def table(
    number: int,
    seats: list[int],
    *,
    button: int | None = 1,
    seat_count: int = 9,
    reserved: frozenset[int] = frozenset(),
    departures: int = 0,
) -> TableState:
    """A table whose entry at seat s is number * 100 + s."""
    blinds = None
    if button is not None and len(seats) + len(reserved - set(seats)) >= 2:
        blinds = blinds_for_button(
            seat_count=seat_count, occupied=set(seats) | reserved, button=button
        )
    return TableState(
        number=number,
        seat_count=seat_count,
        players={seat: number * 100 + seat for seat in seats},
        blinds=blinds,
        reserved=reserved,
        pending_departures=departures,
    )


def plan(tables, order=None, *, table_size=9, final=9, seed=1, keep_apart=(), **options) -> Plan:
    arguments = {
        "breaking_order": order if order is not None else [t.number for t in tables],
        "table_size": table_size,
        "final_table_size": final,
        "keep_apart": keep_apart,
        "options": SeatingOptions(**options),
    }
    result = plan_moves(tables=tables, rng=random.Random(seed), **arguments)
    if all(t.reserved <= set(t.players) for t in tables):  # as the floor's states are
        assert plan_from_counts(tables, rng=random.Random(seed), **arguments) == result
    return result


FULL = list(range(1, 10))


# -- nothing to do ------------------------------------------------------------


def test_balanced_tables_need_no_moves():
    result = plan([table(1, FULL), table(2, FULL[:8]), table(3, FULL[:8])])
    assert result.is_empty


def test_break_sequence_lists_the_breaking_order_first_then_highest_numbers():
    assert break_sequence([1, 2, 3, 4, 5], [3, 9, 1]) == [3, 1, 5, 4, 2]


# -- balancing (TDA 10) -------------------------------------------------------


def test_next_big_blind_moves_to_worst_seat_of_short_table():
    # Table 1: button 1, blinds 2 and 3: seat 4 is big blind next.
    # Table 2: seats 1-6, button 1, blinds 2 and 3: seat 7 gets the big blind soonest.
    result = plan([table(1, FULL), table(2, FULL[:6])])
    (move,) = result.moves
    assert (move.entry, move.from_table, move.from_seat) == (104, 1, 4)
    assert (move.to_table, move.to_seat, move.reason) == (2, 7, "balance")
    assert move.wait_for_button is False


def test_worst_seat_can_be_the_next_big_blind_of_the_short_table():
    # table 2: seats 1, 2, 3, 6, 7, 9; the first empty seat after the big blind (3) is 4
    result = plan([table(1, FULL), table(2, [1, 2, 3, 6, 7, 9])])
    (move,) = result.moves
    assert (move.to_table, move.to_seat) == (2, 4)


def test_biggest_tables_tie_goes_to_the_one_that_breaks_first():
    tables = [table(1, FULL), table(2, FULL), table(3, FULL[:7])]
    result = plan(tables, order=[2, 1, 3])
    (move,) = result.moves
    assert move.from_table == 2


def test_shortest_tables_tie_goes_to_the_one_that_breaks_last():
    tables = [table(1, FULL), table(2, FULL[:7]), table(3, FULL[:7]), table(4, FULL[:8])]
    result = plan(tables, order=[3, 1, 2, 4])
    (move,) = result.moves
    assert move.to_table == 2


def test_several_moves_bring_every_table_within_one():
    tables = [table(1, FULL), table(2, FULL), table(3, FULL[:4])]
    result = plan(tables)
    counts = Counter({1: 9, 2: 9, 3: 4})
    for move in result.moves:
        counts[move.from_table] -= 1
        counts[move.to_table] += 1
    assert max(counts.values()) - min(counts.values()) <= 1
    assert len({m.entry for m in result.moves}) == len(result.moves)
    assert len({(m.to_table, m.to_seat) for m in result.moves}) == len(result.moves)


def test_player_on_his_way_is_not_moved_again():
    # Seat 4 of table 1 is a reserved destination: its entry is still on his way.
    tables = [
        table(1, FULL, reserved=frozenset({4})),
        table(2, FULL[:6]),
    ]
    (move,) = plan(tables).moves
    assert move.entry == 105


def test_players_on_their_way_move_on_when_nobody_else_at_the_biggest_table_can():
    # Table 1's three players are all still on their way there; table 3 is empty.
    tables = [
        table(1, [1, 2, 3], reserved=frozenset({1, 2, 3})),
        table(2, [1, 2]),
        table(3, [], button=None),
    ]
    result = plan(tables, may_break=False)
    assert not result.warnings
    (move,) = result.moves
    assert (move.from_table, move.to_table) == (1, 3)


def test_reserved_seats_are_never_given_out():
    # Seat 4 of table 2 is held; otherwise it would be the worst seat.
    tables = [table(1, FULL), table(2, [1, 2, 3, 5, 6, 7], reserved=frozenset({4}))]
    (move,) = plan(tables).moves
    assert (move.to_table, move.to_seat) == (2, 8)


def test_keep_apart_partner_at_the_short_table_sends_the_mover_elsewhere():
    tables = [table(1, FULL), table(2, FULL[:7]), table(3, FULL[:7])]
    # next big blind of table 1 is entry 104; his partner sits at table 3
    result = plan(tables, order=[1, 2, 3], keep_apart=[(104, 301)])
    (move,) = result.moves
    assert move.entry == 104
    assert move.to_table == 2
    assert result.warnings == ()


def test_keep_apart_partner_at_the_only_short_table_moves_the_next_player_instead():
    tables = [table(1, FULL), table(2, FULL[:7])]
    result = plan(tables, keep_apart=[(104, 201)])
    (move,) = result.moves
    assert move.entry == 105
    assert result.warnings == ()


def test_keep_apart_that_cannot_be_kept_still_balances_and_warns():
    tables = [table(1, [1, 2, 3]), table(2, [1])]
    pairs = [(101, 201), (102, 201), (103, 201)]
    result = plan(tables, table_size=3, final=2, keep_apart=pairs)
    (move,) = result.moves
    assert result.warnings[0].code == "keep_apart_violated"
    assert result.warnings[0].pairs == ((move.entry, 201),)


def test_table_without_a_button_moves_players_in_seat_order_to_a_random_seat():
    tables = [table(1, FULL, button=None), table(2, [1, 2, 3], button=None)]
    result = plan(tables)
    assert [m.entry for m in result.moves] == [101, 102, 103]
    assert all(m.to_seat not in {1, 2, 3} for m in result.moves)


# -- BDPV balancing -----------------------------------------------------------


def test_bdpv_does_not_move_a_player_due_to_post_a_blind():
    # Next hand at table 1: button 2, small blind 3, big blind 4: seat 5 moves.
    (move,) = plan([table(1, FULL), table(2, FULL[:6])], balancing="bdpv").moves
    assert move.entry == 105


def test_bdpv_keeps_the_position_relative_to_the_button():
    # Seat 5 of table 1 is third after next hand's button (seat 2): under the gun.
    # Table 2 has seats 1, 2, 3, 5, 7, 8 (button 1, blinds 2 and 3). Seated at 4 he
    # would be next big blind (second after the button), at 6 he is under the gun.
    tables = [table(1, FULL), table(2, [1, 2, 3, 5, 7, 8])]
    (move,) = plan(tables, balancing="bdpv").moves
    assert (move.entry, move.to_table, move.to_seat) == (105, 2, 6)
    assert move.wait_for_button is False


def test_tda_sends_the_same_situation_to_the_worst_seat_instead():
    tables = [table(1, FULL), table(2, [1, 2, 3, 5, 7, 8])]
    (move,) = plan(tables).moves
    assert (move.entry, move.to_table, move.to_seat) == (104, 2, 4)


# -- halting ------------------------------------------------------------------


def test_table_three_short_of_the_biggest_halts():
    result = plan([table(1, FULL), table(2, FULL[:6])])
    assert result.halted_tables == (2,)


def test_table_two_short_does_not_halt_in_a_full_ring_event():
    result = plan([table(1, FULL), table(2, FULL[:7])])
    assert result.halted_tables == ()


def test_short_handed_event_halts_two_short():
    result = plan(
        [table(1, [1, 2, 3, 4, 5, 6], seat_count=6), table(2, [1, 2, 3, 4], seat_count=6)],
        table_size=6,
        final=6,
    )
    assert result.halted_tables == (2,)


def test_halt_threshold_is_configurable():
    tables = [table(1, FULL), table(2, FULL[:6])]
    assert plan(tables, halt_short_by=4).halted_tables == ()


def test_halt_rule_off_never_halts():
    assert plan([table(1, FULL), table(2, FULL[:5])], halt_rule="off").halted_tables == ()


def test_blinds_affected_halts_when_the_arrival_is_next_big_blind():
    # The moved player gets seat 4 at table 2: next hand's big blind.
    tables = [table(1, FULL), table(2, [1, 2, 3, 5, 6, 7])]
    result = plan(tables, halt_rule="blinds_affected")
    assert result.moves[0].to_seat == 4
    assert result.halted_tables == (2,)


def test_blinds_affected_lets_a_short_table_play_while_the_arrival_is_hands_away():
    # Worst seat at table 2 is 7; the next hand's blinds are seats 3 and 4.
    tables = [table(1, FULL), table(2, FULL[:6])]
    result = plan(tables, halt_rule="blinds_affected")
    assert result.moves[0].to_seat == 7
    assert result.halted_tables == ()


def test_blinds_affected_does_not_halt_when_the_arrival_sits_away_from_the_blinds():
    # Table 2 already expects a player at seat 8 (reserved, his entry listed there);
    # the blinds of the next hand (3 and 4) are not affected.
    # Projected 8 and 7; physically 9 (one still to leave) against 6.
    tables = [
        table(1, FULL[:8], departures=1),
        TableState(
            number=2,
            seat_count=9,
            players={1: 201, 2: 202, 3: 203, 4: 204, 5: 205, 6: 206, 8: 999},
            blinds=blinds_for_button(seat_count=9, occupied={1, 2, 3, 4, 5, 6, 8}, button=1),
            reserved=frozenset({8}),
        ),
    ]
    result = plan(tables, halt_rule="blinds_affected")
    assert result.moves == ()
    assert result.halted_tables == ()
    assert plan(tables, halt_rule="immediate").halted_tables == (2,)


def test_departures_still_seated_count_for_the_halt():
    # Projected 8 and 7, but one player of table 1 has not left yet and
    # one arrival at table 2 has not come: physically 9 against 6.
    tables = [
        table(1, FULL[:8], departures=1),
        TableState(
            number=2,
            seat_count=9,
            players={1: 201, 2: 202, 3: 203, 4: 204, 5: 205, 6: 206, 7: 999},
            blinds=blinds_for_button(seat_count=9, occupied=set(range(1, 8)), button=1),
            reserved=frozenset({7}),
        ),
    ]
    assert plan(tables).halted_tables == (2,)


# -- breaking (TDA 9) ---------------------------------------------------------


def test_table_breaks_as_soon_as_the_rest_fit_one_table_fewer():
    tables = [table(1, FULL[:6]), table(2, FULL[:6]), table(3, FULL[:6])]
    result = plan(tables, order=[2, 3, 1])
    assert result.break_tables == (2,)
    assert {m.entry for m in result.moves} == {201, 202, 203, 204, 205, 206}
    assert all(m.reason == "break" and m.from_table == 2 for m in result.moves)
    assert Counter(m.to_table for m in result.moves) == {1: 3, 3: 3}


def test_no_break_while_one_player_too_many():
    tables = [table(1, FULL[:7]), table(2, FULL[:6]), table(3, FULL[:6])]
    assert plan(tables).break_tables == ()


def test_a_floor_that_may_not_break_only_balances():
    tables = [table(1, FULL[:6]), table(2, FULL[:6]), table(3, FULL[:3])]
    result = plan(tables, may_break=False)
    assert result.break_tables == () and result.final_table is None
    assert Counter(m.to_table for m in result.moves) == {3: 2}
    few = [table(1, FULL[:3]), table(2, FULL[:2])]
    assert plan(few, may_break=False).final_table is None
    shape = FloorShape(
        tables=3,
        players=15,
        fullest=5,
        emptiest=5,
        pending_moves=0,
        halted_tables=0,
        seated_at_broken_tables=0,
    )
    assert plan_needed(shape, table_size=9, final_table_size=9)
    assert not plan_needed(
        shape, table_size=9, final_table_size=9, options=SeatingOptions(may_break=False)
    )


def test_lower_break_target_waits_until_the_rest_fit_with_fewer_per_table():
    tables = [table(1, FULL[:6]), table(2, FULL[:6]), table(3, FULL[:6])]
    assert plan(tables).break_tables == (1,)
    assert plan(tables, break_target=8).break_tables == ()
    assert plan(tables[:2] + [table(3, FULL[:4])], break_target=8).break_tables == (1,)


def test_two_tables_break_in_one_plan_and_nobody_moves_twice():
    tables = [table(n, FULL[:4]) for n in range(1, 5)]
    result = plan(tables, order=[2, 3, 1, 4])
    assert result.break_tables == (2, 3)
    assert len(result.moves) == 8
    assert {m.to_table for m in result.moves} == {1, 4}
    assert len({m.entry for m in result.moves}) == 8


def test_broken_table_fills_the_shortest_tables_first():
    tables = [table(1, FULL[:4]), table(2, FULL[:8]), table(3, FULL[:8]), table(4, FULL[:4])]
    result = plan(tables, order=[4, 1, 2, 3])
    assert result.break_tables == (4,)
    assert Counter(m.to_table for m in result.moves) == {1: 4}
    assert [m for m in result.moves if m.reason == "balance"] == []


def test_broken_table_players_between_button_and_small_blind_wait():
    # Table 1: last hand button 1, blinds 2 and 6; next hand button 2, small blind 6:
    # seats 3, 4 and 5 wait for the button.
    waits = {}
    for seed in range(40):
        tables = [
            TableState(
                number=1,
                seat_count=9,
                players={1: 101, 2: 102, 6: 106, 7: 107, 8: 108, 9: 109},
                blinds=BlindState(button=1, small_blind=2, big_blind=6),
            ),
            table(2, [1, 2, 3]),
        ]
        for move in plan(tables, table_size=9, final=2, seed=seed, order=[2, 1]).moves:
            waits[move.to_seat] = move.wait_for_button
    assert waits == {3: True, 4: True, 5: True}


def test_breaking_keeps_keep_apart_partners_at_different_tables():
    tables = [table(1, FULL[:6]), table(2, FULL[:6]), table(3, FULL[:6])]
    pairs = [(101, 301), (102, 303), (101, 302)]
    for seed in range(20):
        result = plan(tables, order=[1, 2, 3], keep_apart=pairs, seed=seed)
        to = {m.entry: m.to_table for m in result.moves}
        assert to[101] == 2 and to[102] == 2
        assert result.warnings == ()


# -- final table (TDA 11) -------------------------------------------------------


def test_final_table_redraws_everyone_at_the_last_table_of_the_breaking_order():
    tables = [table(1, [1, 4, 6, 8]), table(2, [2, 3, 5, 7, 9])]
    result = plan(tables, order=[1, 2])
    assert result.final_table == 2
    assert result.break_tables == (1,)
    assert len(result.moves) == 9
    assert {m.to_table for m in result.moves} == {2}
    assert all(m.reason == "final_table" for m in result.moves)
    assert sorted(m.to_seat for m in result.moves) == FULL
    assert {m.entry for m in result.moves} == {101, 104, 106, 108, 202, 203, 205, 207, 209}


def test_ten_handed_final_table_needs_a_table_with_ten_seats():
    tables = [table(1, FULL[:5], seat_count=10), table(2, FULL[:5])]
    result = plan(tables, order=[1, 2], final=10)
    assert result.final_table == 1


def test_caller_draws_the_button_for_the_final_table():
    tables = [table(1, [1, 4, 6]), table(2, [2, 3, 5])]
    result = plan(tables)
    draw = draw_button(seats=[m.to_seat for m in result.moves], rng=random.Random(1))
    assert draw.button in {m.to_seat for m in result.moves}


def test_final_table_size_above_ten_is_refused():
    with pytest.raises(ValueError):
        plan([table(1, FULL)], final=11)


def test_an_entry_seated_twice_is_refused():
    with pytest.raises(ValueError):
        plan_moves(
            tables=[
                TableState(number=1, seat_count=9, players={1: 5}),
                TableState(number=2, seat_count=9, players={1: 5}),
            ],
            breaking_order=[],
            table_size=9,
            final_table_size=9,
            rng=random.Random(1),
        )


def test_plan_log_lists_moves_breaks_and_halts():
    log = plan([table(1, FULL), table(2, FULL[:6])]).to_log()
    assert log["kind"] == "table_plan"
    assert log["halted_tables"] == [2]
    assert log["moves"][0]["reason"] == "balance"


# -- a whole tournament of busts --------------------------------------------------


class Room:
    """Tables as the services keep them: planned moves reserve their seats at once
    and are carried out later (or at once with `immediately`)."""

    def __init__(self, *, tables: int, seats: int, entries: int, rng: random.Random) -> None:
        draw = draw_seats(
            entries=list(range(entries)),
            tables=[TableSpec(number=n, seat_count=seats) for n in range(1, tables + 1)],
            rng=rng,
        )
        self.seats = seats
        self.rng = rng
        self.players: dict[int, dict[int, int]] = {n: {} for n in range(1, tables + 1)}
        for a in draw.assignments:
            self.players[a.table][a.seat] = a.entry
        self.blinds: dict[int, BlindState | None] = dict.fromkeys(self.players)
        self.reserved: dict[int, set[int]] = {n: set() for n in self.players}
        self.reset_buttons()

    def reset_buttons(self) -> None:
        for number, players in self.players.items():
            if len(players) < 2:
                self.blinds[number] = None
            elif self.blinds[number] is None:
                button = self.rng.randint(1, self.seats)
                self.blinds[number] = blinds_for_button(
                    seat_count=self.seats, occupied=set(players), button=button
                )

    def play_hands(self, variant: str) -> None:
        for number, players in self.players.items():
            state = self.blinds[number]
            if state is not None and len(players) >= 2:
                self.blinds[number] = next_hand(
                    seat_count=self.seats, occupied=set(players), state=state, dead_button=variant
                )

    def state(self) -> list[TableState]:
        return [
            TableState(
                number=number,
                seat_count=self.seats,
                players=players,
                blinds=self.blinds[number],
                reserved=frozenset(self.reserved[number]),
            )
            for number, players in self.players.items()
        ]

    def apply(self, plan: Plan, *, immediately: bool) -> None:
        final = plan.final_table
        if final is not None:
            self.players[final] = {}
            self.reserved[final] = set()
        for move in plan.moves:
            if final is None or move.from_table != final:
                assert self.players[move.from_table].pop(move.from_seat) == move.entry
                self.reserved[move.from_table].discard(move.from_seat)
        for move in plan.moves:
            assert move.to_seat not in self.players[move.to_table]
            assert move.to_seat not in self.reserved[move.to_table]
            self.players[move.to_table][move.to_seat] = move.entry
            if not immediately:
                self.reserved[move.to_table].add(move.to_seat)
        for number in plan.break_tables:
            assert self.players[number] == {}
            del self.players[number]
            del self.blinds[number]
            del self.reserved[number]
        if final is not None:
            self.blinds[final] = None
        self.reset_buttons()

    def carry_out_some_moves(self) -> None:
        for seats in self.reserved.values():
            for seat in list(seats):
                if self.rng.random() < 0.5:
                    seats.discard(seat)

    def playing(self) -> list[int]:
        """Entries seated and not on their way to a new seat."""
        return [
            entry
            for number, players in self.players.items()
            for seat, entry in players.items()
            if seat not in self.reserved[number]
        ]

    def entries(self) -> list[int]:
        return [entry for players in self.players.values() for entry in players.values()]


def copy_of(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def counts_of(state: TableState) -> TableCount:
    return TableCount(
        number=state.number,
        seat_count=state.seat_count,
        size=len(state.players),
        arrivals=sum(1 for seat in state.players if seat in state.reserved),
        departures=state.pending_departures,
    )


def plan_from_counts(states: list[TableState], **arguments) -> Plan:
    """The plan made from counts, with the seats of a table read when asked for."""
    by_number = {state.number: state for state in states}
    read: list[int] = []

    def load(number: int) -> TableState:
        read.append(number)
        return by_number[number]

    plan = plan_moves(tables=[counts_of(s) for s in states], load=load, **arguments)
    assert len(read) == len(set(read)), "a table's seats were read twice"
    involved = {m.from_table for m in plan.moves} | {m.to_table for m in plan.moves}
    if plan.final_table is None and not plan.break_tables and not arguments.get("keep_apart"):
        # Balancing and halting read the tables a move leaves or reaches, and a
        # short table's seats when its next blinds decide the halt.
        assert set(read) <= involved | set(plan.halted_tables) | short_tables(states)
    return plan


def plan_from_index(states: list[TableState], breaking_order: list[int], **arguments) -> Plan:
    """The plan made with the settled tables in an index: the planner fetches the
    tables it touches, as the floor's services do from the database."""
    by_number = {state.number: state for state in states}
    sequence = break_sequence(list(by_number), breaking_order)
    ranks = {number: (rank, 0) for rank, number in enumerate(sequence)}
    counts = [counts_of(s) for s in states]
    settled = [
        c for c in counts if not (c.arrivals or c.departures or by_number[c.number].reserved)
    ]
    moving = [c for c in counts if c not in settled]
    fetched: list[int] = []

    def load(number: int) -> TableState:
        fetched.append(number)
        return by_number[number]

    index = ListedIndex(settled, ranks)
    plan = plan_moves(tables=moving, breaking_order=[], load=load, index=index, **arguments)
    assert len(fetched) == len(set(fetched)), "a table's seats were read twice"
    return plan


def short_tables(states: list[TableState]) -> set[int]:
    """Tables two or more short of the fullest, counting who sits there now."""
    seated = {
        s.number: len(s.players)
        - sum(1 for seat in s.players if seat in s.reserved)
        + s.pending_departures
        for s in states
    }
    fullest = max(seated.values())
    return {number for number, n in seated.items() if fullest - n >= 2}


@settings(max_examples=150, deadline=None)
@given(
    tables=st.integers(2, 12),
    seats=st.sampled_from([6, 9, 10]),
    fill=st.floats(0.5, 1.0),
    final=st.sampled_from([6, 8, 9, 10]),
    options=st.builds(
        SeatingOptions,
        balancing=st.sampled_from(["tda", "bdpv"]),
        dead_button=st.sampled_from(["dead", "moving"]),
        halt_rule=st.sampled_from(["immediate", "blinds_affected", "off"]),
    ),
    immediately=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_random_busts_with_the_planner_keep_tables_balanced_until_the_final_table(
    tables, seats, fill, final, options, immediately, seed
):
    final = min(final, seats)
    rng = random.Random(seed)
    entries = max(2, int(tables * seats * fill))
    room = Room(tables=tables, seats=seats, entries=entries, rng=rng)
    order = rng.sample(sorted(room.players), len(room.players))

    def replan() -> Plan:
        states = room.state()
        from_counts = plan_from_counts(
            states,
            breaking_order=order,
            table_size=seats,
            final_table_size=final,
            rng=copy_of(rng),
            options=options,
        )
        from_index = plan_from_index(
            states,
            order,
            table_size=seats,
            final_table_size=final,
            rng=copy_of(rng),
            options=options,
        )
        result = plan_moves(
            tables=states,
            breaking_order=order,
            table_size=seats,
            final_table_size=final,
            rng=rng,
            options=options,
        )
        # The floor plans from per-table counts, reading seats only where needed,
        # and fetches from its index only the tables a plan touches.
        assert from_counts == result
        assert from_index == result
        moved = [m.entry for m in result.moves]
        assert len(moved) == len(set(moved))
        targets = [(m.to_table, m.to_seat) for m in result.moves]
        assert len(targets) == len(set(targets))
        room.apply(result, immediately=immediately)
        return result

    replan()
    while len(room.entries()) > 1:
        room.carry_out_some_moves()
        alive = room.playing()
        busts = min(len(room.entries()) - 1, len(alive), rng.choice([1, 1, 1, 2, 3]))
        for entry in rng.sample(alive, busts):
            for players in room.players.values():
                for seat, seated in list(players.items()):
                    if seated == entry:
                        del players[seat]
        room.play_hands(options.dead_button)
        room.reset_buttons()
        result = replan()
        assert replan().moves == ()  # applying a plan leaves nothing to do

        remaining = room.entries()
        assert len(remaining) == len(set(remaining))
        counts = [len(players) for players in room.players.values()]
        assert max(counts) - min(counts) <= 1
        assert len(counts) == 1 or len(remaining) > (len(counts) - 1) * seats
        if len(remaining) <= final:
            assert len(room.players) == 1
        if result.final_table is not None:
            assert list(room.players) == [result.final_table]
    assert len(room.players) == 1
    assert len(room.entries()) == 1


# -- the floor's shape: nothing to plan without reading the tables -------------


def shape_of(tables: list[TableState]) -> FloorShape:
    counts = [len(t.players) for t in tables]
    return FloorShape(
        tables=len(tables),
        players=sum(counts),
        fullest=max(counts, default=0),
        emptiest=min(counts, default=0),
        pending_moves=0,
        halted_tables=0,
        seated_at_broken_tables=0,
    )


@settings(max_examples=300, deadline=None)
@given(
    counts=st.lists(st.integers(0, 10), min_size=1, max_size=14),
    seat_count=st.sampled_from([6, 9, 10]),
    final=st.sampled_from([6, 8, 9, 10]),
    options=st.builds(
        SeatingOptions,
        balancing=st.sampled_from(["tda", "bdpv"]),
        halt_rule=st.sampled_from(["immediate", "blinds_affected", "off"]),
        halt_short_by=st.sampled_from([None, 2, 3]),
        break_target=st.sampled_from([None, 6, 8]),
    ),
    seed=st.integers(0, 2**16),
)
def test_a_floor_the_shape_calls_settled_gets_an_empty_plan(
    counts, seat_count, final, options, seed
):
    # Busts ask the planner only when the shape says it has something to do; a
    # floor it calls settled must get no move, break, halt or warning from it.
    tables = [
        table(number, list(range(1, min(n, seat_count) + 1)), seat_count=seat_count)
        for number, n in enumerate(counts, start=1)
    ]
    needed = plan_needed(
        shape_of(tables), table_size=seat_count, final_table_size=final, options=options
    )
    result = plan_moves(
        tables=tables,
        breaking_order=[t.number for t in tables],
        table_size=seat_count,
        final_table_size=final,
        rng=random.Random(seed),
        options=options,
    )
    if not needed:
        assert result.is_empty and result.final_table is None


def test_pending_moves_halts_and_players_at_broken_tables_always_need_the_planner():
    settled = FloorShape(
        tables=3,
        players=27,
        fullest=9,
        emptiest=9,
        pending_moves=0,
        halted_tables=0,
        seated_at_broken_tables=0,
    )
    assert not plan_needed(settled, table_size=9, final_table_size=9)
    for change in ({"pending_moves": 1}, {"halted_tables": 1}, {"seated_at_broken_tables": 2}):
        assert plan_needed(replace(settled, **change), table_size=9, final_table_size=9)
    assert plan_needed(replace(settled, emptiest=7), table_size=9, final_table_size=9)
    assert plan_needed(replace(settled, players=18, emptiest=0), table_size=9, final_table_size=9)
