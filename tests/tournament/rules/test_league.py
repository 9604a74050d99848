from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.league import (
    LeagueError,
    PointsFormula,
    SeasonResult,
    league_points,
    season_table,
)

D = Decimal
LINEAR = PointsFormula("linear")
SQRT = PointsFormula("sqrt")
TABLE = PointsFormula("table")


def test_linear_points_give_one_point_per_player_beaten_plus_one():
    assert league_points(place=1, field=30, formula=LINEAR) == D("30.00")
    assert league_points(place=30, field=30, formula=LINEAR) == D("1.00")
    assert league_points(place=12, field=30, formula=LINEAR) == D("19.00")


def test_sqrt_points_grow_with_the_field_and_shrink_with_the_place():
    assert league_points(place=1, field=100, formula=SQRT) == D("100.00")
    assert league_points(place=4, field=100, formula=SQRT) == D("50.00")
    assert league_points(place=3, field=50, formula=SQRT) == D("40.82")
    assert league_points(place=1, field=50, formula=PointsFormula("sqrt", scale=D(1))) == D("7.07")


def test_table_points_stop_after_the_table():
    assert league_points(place=1, field=20, formula=TABLE) == D("25.00")
    assert league_points(place=10, field=20, formula=TABLE) == D("1.00")
    assert league_points(place=11, field=20, formula=TABLE) == D("0.00")


def test_participation_points_are_added_for_every_player():
    formula = PointsFormula("table", table=(D(10), D(5)), participation=D(2))
    assert league_points(place=1, field=8, formula=formula) == D("12.00")
    assert league_points(place=8, field=8, formula=formula) == D("2.00")


def test_a_place_outside_the_field_is_refused():
    with pytest.raises(LeagueError) as error:
        league_points(place=11, field=10, formula=LINEAR)
    assert error.value.code == "place_out_of_range"


@given(
    st.integers(1, 2000),
    st.sampled_from([LINEAR, SQRT, TABLE]),
    st.data(),
)
def test_points_never_increase_with_a_worse_place(field, formula, data):
    place = data.draw(st.integers(1, field))
    points = league_points(place=place, field=field, formula=formula)
    assert points >= 0
    if place < field:
        assert points >= league_points(place=place + 1, field=field, formula=formula)


def result(tournament: int, player: int, place: int, points: str) -> SeasonResult:
    return SeasonResult(tournament, player, place, D(points))


def test_season_table_sums_points_per_player_best_first():
    table = season_table(
        [
            result(1, 10, 1, "30"),
            result(1, 11, 2, "29"),
            result(2, 11, 1, "20"),
            result(2, 12, 2, "19"),
        ]
    )
    assert [(s.rank, s.player_id, s.points) for s in table] == [
        (1, 11, D(49)),
        (2, 10, D(30)),
        (3, 12, D(19)),
    ]
    assert table[0].wins == 1
    assert table[0].best_place == 1
    assert table[0].played == 2


def test_equal_points_are_ranked_by_more_wins_then_the_better_best_place():
    table = season_table(
        [
            result(1, 1, 1, "10"),  # one win
            result(1, 2, 2, "6"),
            result(2, 2, 2, "4"),  # no win, best place 2
            result(1, 3, 3, "7"),
            result(2, 3, 4, "3"),  # no win, best place 3
        ]
    )
    assert [(s.rank, s.player_id) for s in table] == [(1, 1), (2, 2), (3, 3)]


def test_players_level_on_every_tiebreak_share_the_rank():
    table = season_table(
        [
            result(1, 5, 3, "8"),
            result(1, 4, 3, "8"),
            result(1, 6, 1, "20"),
            result(1, 7, 5, "2"),
        ]
    )
    assert [(s.rank, s.player_id) for s in table] == [(1, 6), (2, 4), (2, 5), (4, 7)]


def test_only_the_best_results_count_when_best_of_is_set():
    table = season_table(
        [
            result(1, 1, 5, "5"),
            result(2, 1, 1, "30"),
            result(3, 1, 2, "20"),
            result(1, 2, 1, "40"),
        ],
        best_of=2,
    )
    assert [(s.player_id, s.points, s.counted) for s in table] == [
        (1, D(50), (2, 3)),
        (2, D(40), (1,)),
    ]
    assert table[0].played == 3


def test_two_results_for_one_player_in_one_tournament_are_refused():
    with pytest.raises(LeagueError) as error:
        season_table([result(1, 1, 5, "5"), result(1, 1, 3, "8")])
    assert error.value.code == "duplicate_result"


season_results = st.lists(
    st.tuples(st.integers(1, 6), st.integers(1, 12), st.integers(1, 20)),
    unique_by=lambda r: (r[0], r[1]),
    max_size=60,
)


@given(season_results)
def test_season_totals_equal_the_sum_of_points_and_ranks_follow_the_order(rows):
    results = [
        SeasonResult(t, p, place, league_points(place=place, field=20, formula=LINEAR))
        for t, p, place in rows
    ]
    table = season_table(results)
    assert sum(s.points for s in table) == sum(r.points for r in results)
    assert len(table) == len({r.player_id for r in results})
    for position, standing in enumerate(table, start=1):
        assert 1 <= standing.rank <= position
        if position > 1:
            previous = table[position - 2]
            assert previous.points >= standing.points
            assert previous.rank <= standing.rank
