"""What every floor form reads and where it goes back: a whole number typed in a
form, the floor map of a tournament."""

from __future__ import annotations

from django.urls import reverse

from tournament.errors import Invalid
from tournament.web.whole_numbers import NumberRefused, whole_number


def form_int(value: str | None) -> int:
    """A whole number from the form, in the range the database stores."""
    try:
        return whole_number(value)
    except NumberRefused as exc:
        raise Invalid(str(exc)) from exc


def floor_back(tournament_id: int) -> str:
    return reverse("floor-map", args=[tournament_id])
