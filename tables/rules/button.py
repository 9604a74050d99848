"""Button and blinds of one table.

Model
-----
A `BlindState` holds the three positions of the hand that was dealt
last (the hand in play, or the one just finished). The positions are
seats, and the button and the small blind may be on an *empty* seat:

- an empty button seat is a dead button;
- an empty small-blind seat means nobody posts the small blind this hand
  (a lone big blind); `BlindState.small_blind_seat` gives the seat that
  really posts, or None;
- the big blind is always a seated player, so a lone small blind never
  happens.

`occupied` is every seat with a player, including a player who waits for
the button; seats held for a player on his way (a reserved move
destination) count as occupied too.

The dead-button rule (TDA 2019 rule 32, IFP 3.1, BDPV Button und
Blinds 2): the big blind goes to the next player clockwise, the small
blind goes to the seat that had the big blind, the button to the seat
that had the small blind. The big blind is never skipped and nobody
pays it twice in one round; the small blind and the button may be dead.

Heads-up (TDA 2019 rule 34, IFP 3.7, BDPV Button und Blinds 4): the
player on the button posts the small blind. The big blind still moves to
the next player, so when play becomes heads-up the button is placed on
the other player and nobody gets the big blind twice in a row. This
applies to both button variants.

A new player waits for the button when his seat lies clockwise after the
button and before the small blind of the hand he would first be dealt
into (TDA 2019 rules 7 and 9); the button and blind seats themselves do
not wait.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tables.rules._seats import (
    check_seat,
    clockwise_after,
    counterclockwise_before,
    distance,
    first_occupied_after,
    last_occupied_before,
    strictly_between,
)
from tables.rules.options import DeadButton

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # ascending: clubs < diamonds < hearts < spades (IFP 2.1)
DECK: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)


@dataclass(frozen=True, kw_only=True)
class BlindState:
    """Button, small-blind and big-blind positions of one hand (seat numbers)."""

    button: int
    small_blind: int
    big_blind: int

    def __post_init__(self) -> None:
        if min(self.button, self.small_blind, self.big_blind) < 1:
            raise ValueError("seats are numbered from 1")
        if self.small_blind == self.big_blind:
            raise ValueError("small blind and big blind need different seats")

    def small_blind_seat(self, occupied: Collection[int]) -> int | None:
        """The seat that posts the small blind, or None when the small blind is dead."""
        return self.small_blind if self.small_blind in occupied else None

    def button_seat(self, occupied: Collection[int]) -> int | None:
        """The player on the button, or None when the button is dead."""
        return self.button if self.button in occupied else None


@dataclass(frozen=True, kw_only=True)
class ButtonDraw:
    """Result of a high-card draw for the button."""

    cards: tuple[tuple[int, str], ...]  # (seat, card) in the order dealt
    button: int  # seat with the highest card

    def to_log(self) -> dict[str, object]:
        return {
            "kind": "button_draw",
            "cards": [[seat, card] for seat, card in self.cards],
            "button": self.button,
        }


def _occupied(seat_count: int, occupied: Collection[int], *, at_least: int) -> frozenset[int]:
    if seat_count < 2:
        raise ValueError("a table needs at least two seats")
    seats = frozenset(occupied)
    for seat in seats:
        check_seat(seat, seat_count)
    if len(seats) < at_least:
        raise ValueError(f"needs at least {at_least} seated players, got {len(seats)}")
    return seats


def _check_state(state: BlindState, seat_count: int) -> None:
    for seat in (state.button, state.small_blind, state.big_blind):
        check_seat(seat, seat_count)


def blinds_for_button(*, seat_count: int, occupied: Collection[int], button: int) -> BlindState:
    """Blinds for a button the floor has set (after a draw, or to correct it).

    The small blind is the next player after the button and the big blind
    the next player after him. The button may be on an empty seat. In
    heads-up the button must be a player (he posts the small blind); a
    button set on an empty seat moves to the next player.
    """
    seats = _occupied(seat_count, occupied, at_least=2)
    check_seat(button, seat_count)
    if len(seats) == 2:
        dealer = button if button in seats else first_occupied_after(button, seat_count, seats)
        other = next(seat for seat in seats if seat != dealer)
        return BlindState(button=dealer, small_blind=dealer, big_blind=other)
    small_blind = first_occupied_after(button, seat_count, seats)
    big_blind = first_occupied_after(small_blind, seat_count, seats)
    return BlindState(button=button, small_blind=small_blind, big_blind=big_blind)


def next_hand(
    *,
    seat_count: int,
    occupied: Collection[int],
    state: BlindState,
    dead_button: DeadButton = "dead",
) -> BlindState:
    """Positions for the next hand, after the hand described by `state`.

    "dead": the big blind moves to the next player after the last big
    blind; the small blind takes the last big blind's seat (dead if that
    player has left: a lone big blind); the button takes the last small
    blind's seat (dead if empty). If players have arrived between the
    button and the blinds so that the last small-blind seat is no longer
    behind the new small blind, the button goes to the last player before
    the new small blind.

    "moving": the button moves to the next player, the small and the big
    blind are the next two players after it.

    Heads-up, in both variants: the big blind moves to the next player
    and the other player has the button and posts the small blind.
    """
    seats = _occupied(seat_count, occupied, at_least=2)
    _check_state(state, seat_count)
    if len(seats) == 2:
        big_blind = first_occupied_after(state.big_blind, seat_count, seats)
        dealer = next(seat for seat in seats if seat != big_blind)
        return BlindState(button=dealer, small_blind=dealer, big_blind=big_blind)
    if dead_button == "moving":
        button = first_occupied_after(state.button, seat_count, seats)
        small_blind = first_occupied_after(button, seat_count, seats)
        big_blind = first_occupied_after(small_blind, seat_count, seats)
        return BlindState(button=button, small_blind=small_blind, big_blind=big_blind)
    if dead_button != "dead":
        raise ValueError(f"unknown dead_button variant {dead_button!r}")
    big_blind = first_occupied_after(state.big_blind, seat_count, seats)
    small_blind = state.big_blind
    button = state.small_blind
    if not strictly_between(button, big_blind, small_blind, seat_count):
        button = last_occupied_before(small_blind, seat_count, seats)
    return BlindState(button=button, small_blind=small_blind, big_blind=big_blind)


def hand_before(
    *,
    seat_count: int,
    occupied: Collection[int],
    next_button: int,
    dead_button: DeadButton = "dead",
) -> BlindState:
    """The hand being played now, when the floor knows the button of the *next* hand.

    The stored positions are always those of the hand in play; a dealer
    who points at where the button goes next would otherwise put every
    position one player too far. The result is a hand whose `next_hand`
    has its button on `next_button` with the blinds that follow from it
    (`blinds_for_button`). Of several such hands the ordinary one (a live
    button, blinds posted by the two players after it) nearest before the
    next button is taken. Raises ValueError when no hand leads there: with the
    moving button the next button is always on a player.
    """
    seats = _occupied(seat_count, occupied, at_least=2)
    target = blinds_for_button(seat_count=seat_count, occupied=seats, button=next_button)

    def leads_there(state: BlindState) -> bool:
        upcoming = next_hand(
            seat_count=seat_count, occupied=seats, state=state, dead_button=dead_button
        )
        return upcoming == target

    live_buttons_first = sorted(
        counterclockwise_before(next_button, seat_count), key=lambda seat: seat not in seats
    )
    for button in live_buttons_first:
        ordinary = blinds_for_button(seat_count=seat_count, occupied=seats, button=button)
        if leads_there(ordinary):
            return ordinary
    # A dead button next hand: the small blind of the hand in play has left.
    for small_blind in counterclockwise_before(next_button, seat_count):
        for big_blind in clockwise_after(small_blind, seat_count):
            if big_blind not in seats or big_blind == small_blind:
                continue
            for button in counterclockwise_before(small_blind, seat_count):
                state = BlindState(button=button, small_blind=small_blind, big_blind=big_blind)
                if leads_there(state):
                    return state
    raise ValueError(f"no hand is followed by a button on seat {next_button}")


def next_big_blind(
    *,
    seat_count: int,
    occupied: Collection[int],
    state: BlindState,
    dead_button: DeadButton = "dead",
) -> int:
    """The seat that posts the big blind in the next hand."""
    return next_hand(
        seat_count=seat_count, occupied=occupied, state=state, dead_button=dead_button
    ).big_blind


def big_blind_order(
    *,
    seat_count: int,
    occupied: Collection[int],
    state: BlindState | None,
    dead_button: DeadButton = "dead",
) -> list[int]:
    """Occupied seats in the order the big blind will reach them, next big blind first.

    Without a state (no button set yet) the order is by seat number.
    """
    seats = frozenset(occupied)
    if state is None or len(seats) < 2:
        return sorted(seats)
    first = next_big_blind(
        seat_count=seat_count, occupied=seats, state=state, dead_button=dead_button
    )
    return [first] + [seat for seat in clockwise_after(first, seat_count) if seat in seats][:-1]


def hands_until_big_blind(
    *,
    seat: int,
    seat_count: int,
    occupied: Collection[int],
    state: BlindState,
    dead_button: DeadButton = "dead",
) -> int:
    """In how many hands a player sitting at `seat` posts the big blind (1 = next hand)."""
    seats = frozenset(occupied) | {seat}
    current = state
    for hand in range(1, 2 * seat_count + 2):
        current = next_hand(
            seat_count=seat_count, occupied=seats, state=current, dead_button=dead_button
        )
        if current.big_blind == seat:
            return hand
    raise AssertionError("the big blind never reached the seat")  # pragma: no cover


def worst_empty_seat(
    *,
    seat_count: int,
    occupied: Collection[int],
    state: BlindState | None,
    dead_button: DeadButton = "dead",
    available: Collection[int] | None = None,
) -> int | None:
    """The empty seat a moved player should get: the one that posts the big blind soonest.

    TDA 2019 rule 10. The seat may be the next hand's big blind itself,
    but never a seat that would post the small blind next hand. With the
    dead button this is the first empty seat clockwise after the last
    big blind. `available` restricts the candidates (e.g. to seats not
    reserved); None means every empty seat. Returns None when there is
    no state (button not set), nobody seated, or no acceptable seat.
    Ties (possible with the moving button) go to the seat nearest
    clockwise after the last big blind.
    """
    seats = _occupied(seat_count, occupied, at_least=0)
    if state is None or not seats:
        return None
    _check_state(state, seat_count)
    candidates = [
        seat
        for seat in range(1, seat_count + 1)
        if seat not in seats and (available is None or seat in available)
    ]
    best: tuple[int, int] | None = None
    best_seat: int | None = None
    for seat in candidates:
        upcoming = next_hand(
            seat_count=seat_count, occupied=seats | {seat}, state=state, dead_button=dead_button
        )
        if upcoming.small_blind == seat:
            continue
        key = (
            hands_until_big_blind(
                seat=seat,
                seat_count=seat_count,
                occupied=seats,
                state=state,
                dead_button=dead_button,
            ),
            distance(state.big_blind, seat, seat_count),
        )
        if best is None or key < best:
            best, best_seat = key, seat
    return best_seat


def is_between_button_and_small_blind(*, seat: int, seat_count: int, state: BlindState) -> bool:
    """Whether `seat` lies clockwise after the button and before the small blind of `state`."""
    return strictly_between(seat, state.button, state.small_blind, seat_count)


def must_wait_for_button(
    *,
    seat: int,
    seat_count: int,
    occupied: Collection[int],
    state: BlindState | None,
    dead_button: DeadButton = "dead",
) -> bool:
    """Whether a player newly seated at `seat` waits for the button to pass (TDA 2019 rules 7, 9).

    `state` is the hand dealt last; the new player is first dealt into the
    next hand, so the test is made on the next hand's positions with the
    new player seated. Tables without a state (button not set) never wait.
    """
    check_seat(seat, seat_count)
    seats = frozenset(occupied) | {seat}
    if state is None or len(seats) < 2:
        return False
    upcoming = next_hand(
        seat_count=seat_count, occupied=seats, state=state, dead_button=dead_button
    )
    return is_between_button_and_small_blind(seat=seat, seat_count=seat_count, state=upcoming)


def card_strength(card: str) -> tuple[int, int]:
    """Rank first, then suit (spades > hearts > diamonds > clubs, IFP 2.1)."""
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(f"not a card: {card!r}")
    return RANKS.index(card[0]), SUITS.index(card[1])


def button_on_seat_one(*, seats: Collection[int]) -> int:
    """The starting button when it begins on seat 1 (BDPV Turnierreglement 5).

    Seat 1 when somebody sits there; otherwise the first occupied seat after
    it, so the first hand is dealt from a live button.
    """
    if not seats:
        raise ValueError("nobody to put the button on")
    return min(seats)


def draw_button(*, seats: Sequence[int] | Collection[int], rng: random.Random) -> ButtonDraw:
    """Draw for the button by high card (IFP 2.1, BDPV Sitzordnung 6).

    One card from a shuffled deck to each occupied seat in seat order;
    the highest card wins, a tie in rank goes by suit.
    """
    order = sorted(set(seats))
    if not order:
        raise ValueError("nobody to draw for the button")
    if len(order) > len(DECK):
        raise ValueError("more players than cards")
    # Dealing the top cards of a shuffled deck is drawing that many without
    # replacement; sampling asks the secure random source far fewer times.
    cards = tuple(zip(order, rng.sample(DECK, len(order)), strict=True))
    winner = max(cards, key=lambda dealt: card_strength(dealt[1]))[0]
    return ButtonDraw(cards=cards, button=winner)
