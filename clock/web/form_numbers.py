"""A whole number typed in a clock form, in the range the database stores."""

from __future__ import annotations

from typing import Any

from tournament.web.whole_numbers import whole_number


def form_int(value: Any, default: int = 0) -> int:
    """A whole number from the form, in the range the database stores."""
    return whole_number(value, default=default)
