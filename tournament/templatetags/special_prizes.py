"""The special prizes of a tournament as a card (README "Special prizes"), for the
payout page and the results."""

from __future__ import annotations

from typing import Any

from django import template

from cashdesk.selectors import special_prizes_paid
from tournament.services.special_prizes import special_prizes_of

register = template.Library()


@register.inclusion_tag("payouts/_special_prizes.html", takes_context=True)
def special_prizes(context: template.Context, tournament: Any) -> dict[str, Any]:
    """With each prize whether the desk has paid it; the money roles get a
    "Pay out" button beside an awarded one not paid yet (README "Special prizes")."""
    prizes = special_prizes_of(tournament)
    roles = context.get("roles") or ()
    return {
        "tournament": tournament,
        "prizes": prizes,
        "paid": special_prizes_paid(prizes),
        "can_pay": bool(context.get("is_director")) or "desk" in roles,
        "csrf_token": context.get("csrf_token"),
        "request": context.get("request"),
    }
