"""Chip race and colour-up at one table.

Worked example used below: the 25s leave play, the smallest chip left
is 100, the button is on seat 5.

    seat  removed chips       exchanged   odd (chips)   other chips
    1     7 x 25 = 175        100         75 (3)        2,000
    2     4 x 25 = 100        100          0 (0)        1,500
    3     2 x 25 =  50          0         50 (2)            0   <- only 25s left
    6     1 x 25 =  25          0         25 (1)        3,000
    8     9 x 25 = 225        200         25 (1)          800

    total before = 2,175 + 1,600 + 50 + 3,025 + 1,025 = 7,875
    odd chips of the table = 75 + 50 + 25 + 25 = 175 (7 chips)

Cards: seat 1 gets 2c 9h Kh, seat 3 Qs Jc, seat 6 Kd, seat 8 Ks.
"""

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from clock.rules.chip_race import (
    DECK,
    ChipRaceError,
    ChipRaceRequest,
    RacePlayer,
    card_strength,
    chip_race,
    deal_order,
    parse_card,
)
from clock.rules.chip_race_request import request_from_json_data

PLAYERS = (
    RacePlayer(seat=1, chips=7, other_value=2000),
    RacePlayer(seat=2, chips=4, other_value=1500),
    RacePlayer(seat=3, chips=2, other_value=0),
    RacePlayer(seat=6, chips=1, other_value=3000),
    RacePlayer(seat=8, chips=9, other_value=800),
)
CARDS = {1: ["2c", "9h", "Kh"], 3: ["Qs", "Jc"], 6: ["Kd"], 8: ["Ks"]}


def request(method, cards=CARDS, players=PLAYERS, **changes):
    fields = dict(
        method=method,
        removed=25,
        smallest_remaining=100,
        button_seat=5,
        players=players,
        cards=cards,
    )
    fields.update(changes)
    return ChipRaceRequest(**fields)


def by_seat(result):
    return {award.seat: award for award in result.awards}


def test_highest_card_wins_all_odd_chips_bdpv():
    result = chip_race(request("race"))
    # Dealt clockwise from the left of the button (seat 5): 6, 8, 1, 3; seat 2 has no odd chip.
    assert result.deal_order == (6, 8, 1, 3)
    # Three kings: spades beat hearts beat diamonds, so seat 8 wins.
    assert result.winners == (8,)
    awards = by_seat(result)
    # All 175 of odd chips, rounded up to whole 100s: 200.
    assert (awards[8].exchanged, awards[8].won, awards[8].final) == (200, 200, 800 + 400)
    assert (awards[1].exchanged, awards[1].raced, awards[1].won, awards[1].final) == (
        100,
        75,
        0,
        2100,
    )
    assert awards[2].final == 1600 and awards[2].cards == ()
    assert awards[6].final == 3000


def test_nobody_is_raced_out_bdpv():
    awards = by_seat(chip_race(request("race")))
    # Seat 3 raced both his chips and lost: he keeps one chip of 100.
    assert awards[3].protected and (awards[3].awarded, awards[3].final) == (100, 100)


def test_bdpv_totals_grow_by_the_rounding_and_the_protection_chip():
    result = chip_race(request("race"))
    # 7,875 before; +25 from rounding 175 up to 200; +100 for seat 3.
    assert (result.total_before, result.total_after) == (7875, 8000)


def test_classic_tda_race_gives_one_chip_per_best_card():
    result = chip_race(request("race_one_chip"))
    assert result.deal_order == (1, 3, 6, 8)  # always from seat 1
    # 175 of odd chips = 1.75 chips of 100, rounded to 2 chips:
    # best cards Ks (8), Kh (1), Kd (6), Qs (3): seats 8 and 1 win 100 each.
    assert result.winners == (8, 1)
    awards = by_seat(result)
    assert [awards[s].won for s in (1, 3, 6, 8)] == [100, 0, 0, 100]
    assert (awards[1].final, awards[8].final) == (2000 + 100 + 100, 800 + 200 + 100)
    assert awards[3].protected and awards[3].final == 100
    assert (result.total_before, result.total_after) == (7875, 8000)


def test_classic_tda_race_rounds_odd_chips_to_the_nearest_whole_chip():
    # Seats 1 and 2 each hold 5 x 25 = 125: one 100 exchanged, 25 odd each.
    # 50 odd in all = half a chip -> 1 chip; with a third 25 it would be 0.75 -> 1 chip.
    players = (RacePlayer(1, 5, 1000), RacePlayer(2, 5, 1000))
    result = chip_race(request("race_one_chip", cards={1: ["Ac"], 2: ["2s"]}, players=players))
    assert result.winners == (1,)
    assert result.total_after - result.total_before == 50
    # One player with a single odd 25: a quarter chip rounds to nothing.
    single = (RacePlayer(1, 1, 1000), RacePlayer(2, 4, 1000))
    lonely = chip_race(request("race_one_chip", cards={1: ["Ah"]}, players=single))
    assert lonely.winners == ()
    assert lonely.total_after - lonely.total_before == -25


def test_tda_2019_rounds_every_players_odd_chips_up_without_a_race():
    result = chip_race(request("round_up", cards=None))
    awards = by_seat(result)
    assert result.deal_order == () and result.winners == ()
    assert {s: a.final for s, a in awards.items()} == {
        1: 2000 + 100 + 100,  # 75 odd -> one 100
        2: 1600,
        3: 100,  # 50 odd -> one 100, not a protection chip
        6: 3100,
        8: 800 + 200 + 100,
    }
    assert not awards[3].protected
    assert (result.total_before, result.total_after) == (7875, 8100)


def test_round_up_refuses_cards():
    with pytest.raises(ChipRaceError) as caught:
        chip_race(request("round_up"))
    assert caught.value.code == "cards_not_used"


def test_without_cards_the_rng_deals_the_right_number_of_distinct_cards():
    result = chip_race(request("race", cards=None), rng=random.Random(7))
    awards = by_seat(result)
    assert [len(awards[s].cards) for s in (1, 2, 3, 6, 8)] == [3, 0, 2, 1, 1]
    dealt = [card for award in result.awards for card in award.cards]
    assert len(set(dealt)) == 7 and set(dealt) <= set(DECK)
    assert chip_race(request("race", cards=None), rng=random.Random(7)) == result


def test_dealing_needs_a_random_source():
    with pytest.raises(ChipRaceError) as caught:
        chip_race(request("race", cards=None))
    assert caught.value.code == "rng_required"


def test_cards_are_normalised_and_ranked_by_suit_on_equal_rank():
    assert parse_card("td") == "Td" and parse_card("KH") == "Kh"
    ranked = sorted(["Kc", "Kd", "Kh", "Ks", "Ac", "2s"], key=card_strength, reverse=True)
    assert ranked == ["Ac", "Ks", "Kh", "Kd", "Kc", "2s"]


def test_deal_order_goes_clockwise_from_the_left_of_the_button():
    assert deal_order([1, 3, 6, 8], first_after=5) == (6, 8, 1, 3)
    assert deal_order([1, 3, 6, 8], first_after=8) == (1, 3, 6, 8)
    assert deal_order([1, 3, 6, 8], first_after=3) == (6, 8, 1, 3)


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        (dict(method="lottery"), "bad_method"),
        (dict(removed=0), "bad_denomination"),
        (dict(removed=100), "removed_not_smaller"),
        (dict(removed=30), "removed_not_divisor"),
        (dict(button_seat=0), "bad_button_seat"),
        (dict(players=()), "no_players"),
        (dict(players=(RacePlayer(0, 1, 100),)), "bad_seat"),
        (dict(players=(RacePlayer(1, 1, 100), RacePlayer(1, 2, 100))), "duplicate_seat"),
        (dict(players=(RacePlayer(1, -1, 100),)), "negative_chips"),
        (dict(players=(RacePlayer(1, 1, -100),)), "negative_value"),
        (dict(players=(RacePlayer(1, 1, 150),)), "other_value_not_multiple"),
        (dict(players=(RacePlayer(1, 0, 0),)), "empty_stack"),
        (dict(cards={**CARDS, 4: ["Ah"]}), "unknown_seat"),
        (dict(cards={**CARDS, 6: ["K"]}), "bad_card"),
        (dict(cards={**CARDS, 6: ["10d"]}), "bad_card"),
        (dict(cards={**CARDS, 6: "Kd"}), "bad_card"),
        (dict(cards={**CARDS, 6: ["ks"]}), "duplicate_card"),
        (dict(cards={**CARDS, 6: ["Kd", "Ad"]}), "wrong_card_count"),
        (dict(cards={k: v for k, v in CARDS.items() if k != 6}), "wrong_card_count"),
        (dict(cards={**CARDS, 2: ["Ad"]}), "wrong_card_count"),
        (
            dict(
                players=tuple(RacePlayer(seat, 3, 100) for seat in range(1, 19)),
                cards=None,
            ),
            "not_enough_cards",
        ),
    ],
)
def test_bad_input_is_refused_with_a_code(changes, code):
    with pytest.raises(ChipRaceError) as caught:
        chip_race(request(**{"method": "race", **changes}), rng=random.Random(1))
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)


def test_the_api_body_parses_with_string_seat_keys_and_renders_back():
    body = {
        "method": "race",
        "removed": 25,
        "smallest_remaining": 100,
        "button_seat": 5,
        "players": [
            {"seat": p.seat, "chips": p.chips, "other_value": p.other_value} for p in PLAYERS
        ],
        "cards": {str(seat): hand for seat, hand in CARDS.items()},
    }
    parsed = request_from_json_data(body)
    assert parsed == request("race")
    data = chip_race(parsed).to_json_data()
    assert data["deal_order"] == [6, 8, 1, 3]
    assert data["total_before"] == 7875 and data["total_after"] == 8000
    assert data["awards"][0] == {
        "seat": 1,
        "exchanged": 100,
        "odd": 75,
        "raced": 75,
        "won": 0,
        "protected": False,
        "awarded": 100,
        "final": 2100,
        "cards": ["2c", "9h", "Kh"],
    }


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ([], "not_an_object"),
        ({"method": "x"}, "bad_method"),
        ({"method": "race", "players": {}}, "not_a_list"),
        ({"method": "race", "players": [{"seat": 1, "chips": 1}]}, "missing_field"),
        (
            {"method": "race", "players": [{"seat": 1, "chips": "1", "other_value": 0}]},
            "not_an_integer",
        ),
        (
            {
                "method": "race",
                "removed": 25,
                "smallest_remaining": 100,
                "button_seat": 1,
                "players": [],
                "cards": {"one": []},
            },
            "bad_seat",
        ),
    ],
)
def test_a_malformed_api_body_is_refused_with_a_code(body, code):
    with pytest.raises(ChipRaceError) as caught:
        request_from_json_data(body)
    assert caught.value.code == code


# -- invariants ----------------------------------------------------------------

tables = st.tuples(
    st.sampled_from([1, 5, 25, 50, 100, 500]),
    st.sampled_from([2, 4, 5, 10, 20]),
    st.lists(
        st.tuples(st.integers(0, 45), st.integers(0, 40)),
        min_size=1,
        max_size=10,
    ),
    st.integers(1, 10),
    st.sampled_from(["race", "race_one_chip", "round_up"]),
    st.randoms(use_true_random=False),
)


def build(table):
    removed, ratio, rows, button, method, rng = table
    unit = removed * ratio
    players = tuple(
        RacePlayer(seat=seat, chips=chips, other_value=multiple * unit)
        for seat, (chips, multiple) in enumerate(rows, start=1)
    )
    assume(all(p.chips or p.other_value for p in players))
    odd_chips = sum((p.chips * removed % unit) // removed for p in players)
    assume(odd_chips <= 52)
    req = ChipRaceRequest(method, removed, unit, button, players)
    return req, chip_race(req, rng=rng)


@settings(max_examples=300, deadline=None)
@given(tables)
def test_chips_in_play_never_drop_except_by_rounding_to_the_nearest_chip(table):
    req, result = build(table)
    change = result.total_after - result.total_before
    if req.method == "race_one_chip":
        assert 2 * change > -req.smallest_remaining
    else:
        assert change >= 0


@settings(max_examples=300, deadline=None)
@given(tables)
def test_nobody_is_raced_out_and_every_stack_is_in_remaining_chips(table):
    req, result = build(table)
    for award in result.awards:
        assert award.final > 0
        assert award.final % req.smallest_remaining == 0
        player = next(p for p in req.players if p.seat == award.seat)
        assert award.final == player.other_value + award.awarded
        protection = req.smallest_remaining if award.protected else 0
        assert award.awarded == award.exchanged + award.won + protection
        assert award.exchanged + award.odd == player.chips * req.removed


@settings(max_examples=300, deadline=None)
@given(tables)
def test_the_winner_holds_the_highest_card_with_the_suit_order(table):
    req, result = build(table)
    best = {a.seat: max(a.cards, key=card_strength) for a in result.awards if a.cards}
    dealt = [card for a in result.awards for card in a.cards]
    assert len(dealt) == len(set(dealt))
    odd_total = sum(a.odd for a in result.awards)
    if req.method == "round_up" or not odd_total:
        assert result.winners == ()
        return
    if req.method == "race":
        (winner,) = result.winners
        assert all(card_strength(best[winner]) >= card_strength(c) for c in best.values())
        prize = -(-odd_total // req.smallest_remaining) * req.smallest_remaining
        assert by_seat(result)[winner].won == prize
    else:
        losers = set(best) - set(result.winners)
        weakest_winner = min((card_strength(best[s]) for s in result.winners), default=None)
        if weakest_winner is not None:
            assert all(card_strength(best[s]) < weakest_winner for s in losers)
        assert all(by_seat(result)[s].won == req.smallest_remaining for s in result.winners)
