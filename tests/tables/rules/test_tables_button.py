"""Button and blinds: dead button, heads-up, worst seat, wait for button, button draw."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.button import (
    BlindState,
    big_blind_order,
    blinds_for_button,
    card_strength,
    draw_button,
    hand_before,
    is_between_button_and_small_blind,
    must_wait_for_button,
    next_big_blind,
    next_hand,
    worst_empty_seat,
)

NINE = set(range(1, 10))


def state(button: int, small_blind: int, big_blind: int) -> BlindState:
    return BlindState(button=button, small_blind=small_blind, big_blind=big_blind)


# -- the floor sets the button ------------------------------------------------


def test_blinds_are_the_two_players_after_the_button():
    assert blinds_for_button(seat_count=9, occupied=NINE, button=4) == state(4, 5, 6)


def test_blinds_skip_empty_seats_after_the_button():
    assert blinds_for_button(seat_count=9, occupied={1, 3, 7, 8}, button=1) == state(1, 3, 7)


def test_floor_may_put_the_button_on_an_empty_seat():
    assert blinds_for_button(seat_count=9, occupied={1, 3, 7, 8}, button=2) == state(2, 3, 7)


def test_blinds_wrap_around_past_the_last_seat():
    assert blinds_for_button(seat_count=9, occupied=NINE, button=8) == state(8, 9, 1)


def test_heads_up_button_posts_the_small_blind():
    assert blinds_for_button(seat_count=9, occupied={2, 6}, button=6) == state(6, 6, 2)


def test_heads_up_button_on_an_empty_seat_moves_to_the_next_player():
    assert blinds_for_button(seat_count=9, occupied={2, 6}, button=4) == state(6, 6, 2)


def test_one_player_cannot_have_blinds():
    with pytest.raises(ValueError):
        blinds_for_button(seat_count=9, occupied={3}, button=3)


# -- next hand, dead button ---------------------------------------------------


def test_next_hand_moves_button_and_blinds_one_player_on_a_full_table():
    assert next_hand(seat_count=9, occupied=NINE, state=state(1, 2, 3)) == state(2, 3, 4)


def test_big_blind_bust_gives_a_lone_big_blind_next_hand():
    # Seat 3 (big blind) busts: seat 4 posts the big blind, nobody posts the small blind.
    occupied = NINE - {3}
    after = next_hand(seat_count=9, occupied=occupied, state=state(1, 2, 3))
    assert after == state(2, 3, 4)
    assert after.small_blind_seat(occupied) is None


def test_after_a_lone_big_blind_the_button_is_dead_on_the_empty_seat():
    occupied = NINE - {3}
    first = next_hand(seat_count=9, occupied=occupied, state=state(1, 2, 3))
    second = next_hand(seat_count=9, occupied=occupied, state=first)
    assert second == state(3, 4, 5)
    assert second.button_seat(occupied) is None
    assert second.small_blind_seat(occupied) == 4


def test_small_blind_bust_makes_the_button_dead_next_hand():
    occupied = NINE - {2}
    after = next_hand(seat_count=9, occupied=occupied, state=state(1, 2, 3))
    assert after == state(2, 3, 4)
    assert after.button_seat(occupied) is None


def test_button_bust_changes_nothing_for_the_blinds():
    after = next_hand(seat_count=9, occupied=NINE - {1}, state=state(1, 2, 3))
    assert after == state(2, 3, 4)


def test_player_due_for_big_blind_busts_and_the_next_player_takes_it():
    # IFP 3.1: seat 4 would have been big blind; he busts, seat 5 posts it.
    after = next_hand(seat_count=9, occupied=NINE - {4}, state=state(1, 2, 3))
    assert after == state(2, 3, 5)


def test_two_busts_at_once_keep_the_big_blind_order():
    after = next_hand(seat_count=9, occupied=NINE - {3, 4}, state=state(1, 2, 3))
    assert after.big_blind == 5
    assert after.small_blind == 3  # dead: its player is gone


def test_moving_button_variant_puts_the_button_on_the_next_player():
    after = next_hand(seat_count=9, occupied=NINE - {2}, state=state(1, 2, 3), dead_button="moving")
    assert after == state(3, 4, 5)


def test_player_arriving_in_front_of_the_big_blind_posts_it_next_hand():
    after = next_hand(seat_count=9, occupied={1, 2, 3, 4, 7, 8}, state=state(1, 2, 3))
    assert after.big_blind == 4


def test_new_player_behind_the_small_blind_gets_the_button_when_the_old_one_would_clash():
    # 3 players: 1 small blind, 5 big blind; a player sits at 3 (waiting).
    # The big blind goes round to seat 1, so the button cannot stay on 1.
    after = next_hand(seat_count=9, occupied={1, 3, 5}, state=state(9, 1, 5))
    assert after == state(3, 5, 1)


# -- heads-up -----------------------------------------------------------------


def test_heads_up_the_big_blind_alternates():
    first = next_hand(seat_count=9, occupied={2, 6}, state=state(6, 6, 2))
    assert first == state(2, 2, 6)
    assert next_hand(seat_count=9, occupied={2, 6}, state=first) == state(6, 6, 2)


def test_going_heads_up_after_the_button_busts_nobody_gets_the_big_blind_twice():
    # Seats 1 (button), 2 (small blind), 3 (big blind); the button busts.
    after = next_hand(seat_count=9, occupied={2, 3}, state=state(1, 2, 3))
    assert after == state(3, 3, 2)


def test_going_heads_up_after_the_big_blind_busts_the_next_player_is_big_blind():
    after = next_hand(seat_count=9, occupied={1, 2}, state=state(1, 2, 3))
    assert after == state(2, 2, 1)


def test_going_heads_up_with_the_moving_button_still_never_repeats_the_big_blind():
    after = next_hand(seat_count=9, occupied={2, 3}, state=state(1, 2, 3), dead_button="moving")
    assert after.big_blind == 2
    assert after.button == after.small_blind == 3


# -- next big blind, worst seat, waiting for the button -------------------------


def test_next_big_blind_is_the_player_after_the_big_blind():
    assert next_big_blind(seat_count=9, occupied={1, 2, 3, 6, 8}, state=state(1, 2, 3)) == 6


def test_big_blind_order_starts_with_the_next_big_blind():
    order = big_blind_order(seat_count=9, occupied={1, 2, 3, 6, 8}, state=state(1, 2, 3))
    assert order == [6, 8, 1, 2, 3]


def test_worst_empty_seat_is_the_first_empty_seat_after_the_big_blind():
    seat = worst_empty_seat(seat_count=9, occupied={1, 2, 3, 6, 8}, state=state(1, 2, 3))
    assert seat == 4


def test_worst_empty_seat_may_be_the_next_big_blind_position_itself():
    occupied = {1, 2, 3, 5}
    seat = worst_empty_seat(seat_count=9, occupied=occupied, state=state(1, 2, 3))
    assert seat == 4
    assert next_big_blind(seat_count=9, occupied=occupied | {4}, state=state(1, 2, 3)) == 4


def test_worst_empty_seat_is_never_the_small_blind():
    # The big blind (seat 3) has busted: his empty seat is next hand's small blind.
    occupied = NINE - {3}
    assert worst_empty_seat(seat_count=9, occupied=occupied, state=state(1, 2, 3)) is None


def test_worst_empty_seat_respects_the_available_seats():
    seat = worst_empty_seat(
        seat_count=9, occupied={1, 2, 3, 6, 8}, state=state(1, 2, 3), available={5, 9}
    )
    assert seat == 5


def test_worst_empty_seat_needs_a_button():
    assert worst_empty_seat(seat_count=9, occupied={1, 2}, state=None) is None


def test_new_player_between_button_and_small_blind_waits_for_the_button():
    # Last hand: button 1, small blind 3, big blind 5. Next hand: button 3, small blind 5.
    occupied = {1, 3, 5, 7}
    assert must_wait_for_button(seat=4, seat_count=9, occupied=occupied, state=state(1, 3, 5))


def test_new_player_on_next_hands_big_blind_plays_at_once():
    occupied = {1, 3, 5, 7}
    assert not must_wait_for_button(seat=6, seat_count=9, occupied=occupied, state=state(1, 3, 5))


def test_new_player_behind_the_next_button_plays_at_once():
    occupied = {1, 3, 5, 7}
    assert not must_wait_for_button(seat=2, seat_count=9, occupied=occupied, state=state(1, 3, 5))


def test_table_without_a_button_never_makes_a_new_player_wait():
    assert not must_wait_for_button(seat=4, seat_count=9, occupied={1, 3, 5}, state=None)


def test_between_button_and_small_blind_is_empty_heads_up():
    assert not is_between_button_and_small_blind(seat=5, seat_count=9, state=state(2, 2, 6))


# -- button draw --------------------------------------------------------------


def test_high_card_wins_the_button():
    draw = draw_button(seats=[1, 4, 7], rng=random.Random(3))
    best = max(draw.cards, key=lambda dealt: card_strength(dealt[1]))
    assert draw.button == best[0]
    assert [seat for seat, _ in draw.cards] == [1, 4, 7]
    assert len({card for _, card in draw.cards}) == 3


def test_suits_rank_spades_hearts_diamonds_clubs():
    assert card_strength("As") > card_strength("Ah") > card_strength("Ad") > card_strength("Ac")
    assert card_strength("2s") < card_strength("3c")


def test_draw_uses_the_random_source_it_is_given():
    first = draw_button(seats=range(1, 10), rng=random.Random(42))
    second = draw_button(seats=range(1, 10), rng=random.Random(42))
    assert first == second


def test_button_draw_log_lists_every_card():
    draw = draw_button(seats=[2, 5], rng=random.Random(1))
    log = draw.to_log()
    assert log["button"] == draw.button
    assert len(log["cards"]) == 2


# -- the floor knows where the button goes next -------------------------------


def test_button_of_the_next_hand_puts_the_hand_in_play_one_player_earlier():
    now = hand_before(seat_count=9, occupied=NINE, next_button=5)
    assert now == state(4, 5, 6)
    assert next_hand(seat_count=9, occupied=NINE, state=now) == state(5, 6, 7)


def test_next_button_skips_back_over_empty_seats_to_the_player_before():
    occupied = {1, 2, 6, 7, 8}
    now = hand_before(seat_count=9, occupied=occupied, next_button=6)
    assert now == state(2, 6, 7)


def test_a_dead_button_next_hand_means_the_small_blind_has_left():
    occupied = {1, 2, 3, 5, 6}
    now = hand_before(seat_count=9, occupied=occupied, next_button=4)
    assert now == state(3, 4, 5)
    assert next_hand(seat_count=9, occupied=occupied, state=now) == state(4, 5, 6)


def test_the_moving_button_never_lands_on_an_empty_seat():
    with pytest.raises(ValueError):
        hand_before(seat_count=9, occupied={1, 2, 3, 5}, next_button=4, dead_button="moving")


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=2, max_value=10).flatmap(
        lambda seats: st.tuples(
            st.just(seats),
            st.sets(st.integers(1, seats), min_size=2, max_size=seats),
            st.integers(1, seats),
        )
    ),
    st.sampled_from(["dead", "moving"]),
)
def test_the_hand_before_is_followed_by_exactly_the_button_the_floor_named(table, variant):
    seat_count, occupied, next_button = table
    named = blinds_for_button(seat_count=seat_count, occupied=occupied, button=next_button)
    reachable = variant == "dead" or next_button in occupied or len(occupied) == 2
    if not reachable:
        with pytest.raises(ValueError):
            hand_before(
                seat_count=seat_count,
                occupied=occupied,
                next_button=next_button,
                dead_button=variant,
            )
        return
    now = hand_before(
        seat_count=seat_count, occupied=occupied, next_button=next_button, dead_button=variant
    )
    assert now.big_blind in occupied
    following = next_hand(seat_count=seat_count, occupied=occupied, state=now, dead_button=variant)
    assert following == named
    # balancing asks who posts the next big blind: the player the floor expects
    assert (
        next_big_blind(seat_count=seat_count, occupied=occupied, state=now, dead_button=variant)
        == named.big_blind
    )


# -- invariants over many hands -----------------------------------------------


@st.composite
def table_runs(draw: st.DrawFn) -> tuple[int, set[int], int, list[list[int]]]:
    seat_count = draw(st.integers(min_value=2, max_value=10))
    occupied = draw(st.sets(st.integers(1, seat_count), min_size=2, max_size=seat_count))
    button = draw(st.integers(1, seat_count))
    # per hand, the seats that bust in it (possibly none)
    busts = draw(
        st.lists(
            st.lists(st.integers(1, seat_count), max_size=2),
            min_size=1,
            max_size=40,
        )
    )
    return seat_count, occupied, button, busts


@settings(max_examples=150, deadline=None)
@given(table_runs())
def test_dead_button_never_skips_or_repeats_a_big_blind_and_never_a_lone_small_blind(run):
    seat_count, occupied, button, busts = run
    occupied = set(occupied)
    current = blinds_for_button(seat_count=seat_count, occupied=occupied, button=button)
    paid = {seat: 0 for seat in occupied}
    paid[current.big_blind] += 1
    for busted in busts:
        survivors = occupied - set(busted)
        if len(survivors) < 2:
            break
        occupied = survivors
        after = next_hand(seat_count=seat_count, occupied=occupied, state=current)
        # the big blind is a player, and the first player after the last big blind
        assert after.big_blind in occupied
        assert after.big_blind != current.big_blind
        skipped = [
            seat
            for seat in occupied
            if 0
            < (seat - current.big_blind) % seat_count
            < (after.big_blind - current.big_blind) % seat_count
        ]
        assert skipped == []
        # never a lone small blind: a posted small blind always comes with a big blind
        assert after.small_blind != after.big_blind
        if len(occupied) == 2:
            assert after.button == after.small_blind in occupied
        else:
            assert after.small_blind == current.big_blind
        paid[after.big_blind] += 1
        current = after
        # big blinds paid by the players still in differ by at most one
        counts = [paid[seat] for seat in occupied]
        assert max(counts) - min(counts) <= 1


@settings(max_examples=100, deadline=None)
@given(table_runs(), st.sampled_from(["dead", "moving"]))
def test_every_hand_has_a_seated_big_blind_and_distinct_blinds(run, variant):
    seat_count, occupied, button, busts = run
    occupied = set(occupied)
    current = blinds_for_button(seat_count=seat_count, occupied=occupied, button=button)
    for busted in busts:
        if len(occupied - set(busted)) < 2:
            break
        occupied -= set(busted)
        current = next_hand(
            seat_count=seat_count, occupied=occupied, state=current, dead_button=variant
        )
        assert current.big_blind in occupied
        assert current.small_blind != current.big_blind
        assert current.button != current.big_blind
        if variant == "moving":
            assert current.button in occupied and current.small_blind in occupied


@settings(max_examples=100, deadline=None)
@given(table_runs())
def test_worst_empty_seat_gets_the_big_blind_before_any_other_empty_seat(run):
    seat_count, occupied, button, _ = run
    current = blinds_for_button(seat_count=seat_count, occupied=occupied, button=button)
    worst = worst_empty_seat(seat_count=seat_count, occupied=occupied, state=current)
    empty = set(range(1, seat_count + 1)) - occupied
    if worst is None:
        assert empty <= {current.big_blind}
        return
    assert worst in empty
    upcoming = next_hand(seat_count=seat_count, occupied=occupied | {worst}, state=current)
    assert upcoming.small_blind != worst
    # nobody between the last big blind and the worst seat: he is next to pay after them
    assert all(
        not (0 < (seat - current.big_blind) % seat_count < (worst - current.big_blind) % seat_count)
        for seat in empty
    )
