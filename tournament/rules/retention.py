"""How long a room keeps a player's contact data (README "Player data").

A player's e-mail and phone are kept for the room's retention period after
his last activity: his latest entry, or, if none is later, the day he was
put on file or last gave his consent. Once that period has passed they are
removed. Pure date arithmetic: data in, data out.
"""

from __future__ import annotations

import calendar
from datetime import date


def months_later(day: date, months: int) -> date:
    """The same day ``months`` calendar months on; the month's last day where
    the month is shorter (31 January + 1 month is 28 or 29 February)."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def removal_day(last_activity: date, months: int) -> date:
    """The first day on which the contact data is past its retention period."""
    return months_later(last_activity, months)


def is_due(last_activity: date, months: int, today: date) -> bool:
    """Whether contact data last used on ``last_activity`` is to be removed ``today``."""
    return removal_day(last_activity, months) <= today
