"""Initial seat draw and seats for late entries."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.button import BlindState
from tables.rules.model import TableState
from tables.rules.seating import TableSpec, balanced_counts, draw_seats, seat_late_entry


def tables_of(count: int, seats: int = 9) -> list[TableSpec]:
    return [TableSpec(number=number, seat_count=seats) for number in range(1, count + 1)]


# -- initial draw -------------------------------------------------------------


def test_draw_spreads_players_so_tables_differ_by_at_most_one():
    draw = draw_seats(entries=list(range(1, 24)), tables=tables_of(3), rng=random.Random(1))
    assert draw.table_counts() == {1: 8, 2: 8, 3: 7}


def test_lower_table_numbers_get_the_extra_players():
    assert balanced_counts(tables_of(4), 10) == {1: 3, 2: 3, 3: 2, 4: 2}


def test_small_tables_fill_up_and_the_rest_share_the_others():
    tables = [TableSpec(number=1, seat_count=4), TableSpec(number=2, seat_count=10)]
    assert balanced_counts(tables, 12) == {1: 4, 2: 8}


def test_draw_seats_nobody_twice_and_uses_real_seats():
    draw = draw_seats(entries=list(range(1, 19)), tables=tables_of(2), rng=random.Random(5))
    places = [(a.table, a.seat) for a in draw.assignments]
    assert len(set(places)) == len(places) == 18
    assert all(1 <= seat <= 9 for _, seat in places)
    assert sorted(a.entry for a in draw.assignments) == list(range(1, 19))


def test_entries_beyond_the_seats_stay_unseated_in_their_order():
    draw = draw_seats(entries=list(range(1, 22)), tables=tables_of(2), rng=random.Random(5))
    assert draw.unseated == (19, 20, 21)
    assert len(draw.assignments) == 18


def test_draw_refuses_an_entry_listed_twice():
    with pytest.raises(ValueError):
        draw_seats(entries=[1, 2, 2], tables=tables_of(1), rng=random.Random(1))


def test_same_random_source_gives_the_same_draw():
    first = draw_seats(entries=list(range(30)), tables=tables_of(4), rng=random.Random(9))
    second = draw_seats(entries=list(range(30)), tables=tables_of(4), rng=random.Random(9))
    assert first == second


def test_keep_apart_pairs_sit_at_different_tables():
    pairs = [(1, 2), (1, 3), (2, 3), (4, 5)]
    for seed in range(20):
        draw = draw_seats(
            entries=list(range(1, 19)),
            tables=tables_of(3),
            rng=random.Random(seed),
            keep_apart=pairs,
        )
        table = {a.entry: a.table for a in draw.assignments}
        assert len({table[1], table[2], table[3]}) == 3
        assert table[4] != table[5]
        assert draw.warnings == ()


def test_keep_apart_search_succeeds_when_tables_are_nearly_full():
    # 2 tables of 3; a triangle 1-2-3 cannot be split, but {1,2},{3,4} pairs can.
    pairs = [(1, 2), (3, 4), (1, 4), (2, 3)]
    for seed in range(20):
        draw = draw_seats(
            entries=[1, 2, 3, 4, 5, 6],
            tables=tables_of(2, seats=3),
            rng=random.Random(seed),
            keep_apart=pairs,
        )
        assert draw.warnings == ()


def test_impossible_keep_apart_seats_everyone_and_warns_with_the_pairs():
    draw = draw_seats(
        entries=[1, 2, 3, 4], tables=tables_of(1), rng=random.Random(1), keep_apart=[(1, 2), (3, 9)]
    )
    assert len(draw.assignments) == 4
    (warning,) = draw.warnings
    assert warning.code == "keep_apart_violated"
    assert warning.pairs == ((1, 2),)
    assert warning.tables == (1,)


def test_keep_apart_triangle_on_two_tables_leaves_one_pair_together():
    draw = draw_seats(
        entries=list(range(1, 10)),
        tables=tables_of(2),
        rng=random.Random(3),
        keep_apart=[(1, 2), (2, 3), (1, 3)],
    )
    (warning,) = draw.warnings
    assert len(warning.pairs) == 1


def test_draw_log_records_every_entry_table_and_seat():
    draw = draw_seats(entries=[7, 8, 9], tables=tables_of(2), rng=random.Random(2))
    log = draw.to_log()
    assert log["kind"] == "seat_draw"
    assert sorted(row[0] for row in log["assignments"]) == [7, 8, 9]
    assert {tuple(row) for row in log["assignments"]} == {
        (a.entry, a.table, a.seat) for a in draw.assignments
    }


def test_ten_thousand_entries_on_1112_tables_draw_balanced_and_kept_apart():
    # How fast is measured by benchmarks/seat_draw.py (README "Benchmarks"), not here.
    draw = draw_seats(
        entries=list(range(10_000)),
        tables=tables_of(1112),
        rng=random.Random(0),
        keep_apart=[(i, i + 1) for i in range(0, 200, 2)],
    )
    assert len(draw.assignments) == 10_000
    assert set(draw.table_counts().values()) == {8, 9}
    assert draw.warnings == ()
    table_of = {a.entry: a.table for a in draw.assignments}
    assert all(table_of[i] != table_of[i + 1] for i in range(0, 200, 2))


@settings(max_examples=80, deadline=None)
@given(
    tables=st.integers(1, 12),
    seats=st.integers(2, 10),
    entries=st.integers(0, 130),
    pairs=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=8),
    seed=st.integers(0, 2**32),
)
def test_draw_is_balanced_within_one_and_seats_nobody_twice(tables, seats, entries, pairs, seed):
    draw = draw_seats(
        entries=list(range(entries)),
        tables=tables_of(tables, seats),
        rng=random.Random(seed),
        keep_apart=pairs,
    )
    counts = draw.table_counts()
    all_counts = [counts.get(number, 0) for number in range(1, tables + 1)]
    assert max(all_counts) - min(all_counts) <= 1
    places = [(a.table, a.seat) for a in draw.assignments]
    assert len(set(places)) == len(places)
    seated = [a.entry for a in draw.assignments]
    assert len(set(seated)) == len(seated) == min(entries, tables * seats)
    assert set(seated) | set(draw.unseated) == set(range(entries))
    table = {a.entry: a.table for a in draw.assignments}
    together = {
        (min(a, b), max(a, b))
        for a, b in pairs
        if a != b and a in table and b in table and table[a] == table[b]
    }
    reported = {pair for warning in draw.warnings for pair in warning.pairs}
    assert together == reported


# -- late entries -------------------------------------------------------------


def table(number: int, seats: dict[int, int], blinds: BlindState | None = None) -> TableState:
    return TableState(number=number, seat_count=9, players=seats, blinds=blinds)


def test_late_entry_goes_to_a_table_with_the_fewest_players():
    tables = [
        table(1, {s: 100 + s for s in range(1, 8)}),
        table(2, {s: 200 + s for s in range(1, 7)}),
        table(3, {s: 300 + s for s in range(1, 8)}),
    ]
    for seed in range(10):
        seat = seat_late_entry(entry=1, tables=tables, rng=random.Random(seed))
        assert seat is not None
        assert seat.table == 2
        assert seat.seat in {7, 8, 9}


def test_late_entry_avoids_a_keep_apart_partner_among_the_shortest_tables():
    tables = [table(1, {1: 11, 2: 12}), table(2, {1: 21, 2: 22}), table(3, {1: 31, 2: 32, 3: 33})]
    for seed in range(10):
        seat = seat_late_entry(
            entry=5, tables=tables, rng=random.Random(seed), keep_apart=[(5, 11)]
        )
        assert seat is not None
        assert seat.table == 2
        assert seat.warnings == ()


def test_late_entry_sits_with_a_partner_rather_than_unbalance_and_says_so():
    tables = [table(1, {1: 11, 2: 12}), table(2, {1: 21, 2: 22, 3: 23})]
    seat = seat_late_entry(entry=5, tables=tables, rng=random.Random(1), keep_apart=[(5, 11)])
    assert seat is not None
    assert seat.table == 1
    assert seat.warnings[0].pairs == ((5, 11),)


def test_late_entry_gets_no_seat_when_every_table_is_full():
    full = table(1, {s: s for s in range(1, 10)})
    assert seat_late_entry(entry=99, tables=[full], rng=random.Random(1)) is None


def test_late_entry_never_gets_a_reserved_seat():
    held = TableState(number=1, seat_count=3, players={1: 11}, reserved=frozenset({2}), blinds=None)
    seat = seat_late_entry(entry=5, tables=[held], rng=random.Random(1))
    assert seat is not None and seat.seat == 3


def test_entry_already_seated_cannot_get_a_second_seat():
    with pytest.raises(ValueError):
        seat_late_entry(entry=11, tables=[table(1, {1: 11})], rng=random.Random(1))


def test_late_entry_between_button_and_small_blind_waits_for_the_button():
    # Last hand: button 1, small blind 2, big blind 6; seats 3-5 and 7-9 are empty.
    # Next hand: button 2, small blind 6, so a seat in 3..5 waits.
    blinds = BlindState(button=1, small_blind=2, big_blind=6)
    short = table(1, {1: 11, 2: 12, 6: 16}, blinds)
    seen = {}
    for seed in range(60):
        seat = seat_late_entry(entry=5, tables=[short], rng=random.Random(seed))
        assert seat is not None
        seen[seat.seat] = seat.wait_for_button
    assert seen == {3: True, 4: True, 5: True, 7: False, 8: False, 9: False}


def test_late_seat_log_says_where_and_whether_to_wait():
    seat = seat_late_entry(entry=5, tables=[table(1, {1: 11})], rng=random.Random(1))
    assert seat is not None
    log = seat.to_log()
    assert log["entry"] == 5 and log["table"] == 1 and log["wait_for_button"] is False
