"""Whether the signed-in cashier must open a shift before he takes cash
(README "Cash desk"): the desk's "Paid by" choice says so, with a link."""

from __future__ import annotations

from typing import Any

from django import template

from cashdesk.selectors import open_shift_for
from tournament.models_room import RoomSettings

register = template.Library()


@register.simple_tag
def needs_a_shift(user: Any) -> bool:
    """True when cash needs a shift in this room and the user has none open."""
    if not getattr(user, "is_authenticated", False):
        return False
    return RoomSettings.current().cash_shifts and open_shift_for(user) is None
