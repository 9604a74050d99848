"""Clockwise seat arithmetic shared by the seating rules.

Seats are numbered 1..seat_count; a higher number is one seat further
clockwise, and the highest seat is followed by seat 1.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator


def check_seat(seat: int, seat_count: int) -> None:
    if not 1 <= seat <= seat_count:
        raise ValueError(f"seat {seat} is not between 1 and {seat_count}")


def clockwise_after(seat: int, seat_count: int) -> Iterator[int]:
    """Every seat once, starting left of `seat` and ending with `seat` itself."""
    for step in range(1, seat_count + 1):
        yield (seat - 1 + step) % seat_count + 1


def counterclockwise_before(seat: int, seat_count: int) -> list[int]:
    """Every seat once, starting right of `seat` and ending with `seat` itself."""
    return [(seat - 1 - step) % seat_count + 1 for step in range(1, seat_count + 1)]


def distance(start: int, seat: int, seat_count: int) -> int:
    """How many steps clockwise it is from `start` to `seat` (0 for the same seat)."""
    return (seat - start) % seat_count


def first_occupied_after(seat: int, seat_count: int, occupied: Collection[int]) -> int:
    """The first occupied seat clockwise after `seat` (wrapping; `seat` itself comes last)."""
    for candidate in clockwise_after(seat, seat_count):
        if candidate in occupied:
            return candidate
    raise ValueError("no seat is occupied")


def last_occupied_before(seat: int, seat_count: int, occupied: Collection[int]) -> int:
    """The nearest occupied seat counter-clockwise from `seat` (`seat` itself comes last)."""
    for step in range(1, seat_count + 1):
        candidate = (seat - 1 - step) % seat_count + 1
        if candidate in occupied:
            return candidate
    raise ValueError("no seat is occupied")


def strictly_between(seat: int, start: int, end: int, seat_count: int) -> bool:
    """Whether `seat` lies clockwise after `start` and before `end`, both excluded.

    The interval is empty when `start == end`.
    """
    return 0 < distance(start, seat, seat_count) < distance(start, end, seat_count)
