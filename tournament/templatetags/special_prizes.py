"""The special prizes of a tournament as a card (README "Special prizes"), for the
payout page and the results."""

from __future__ import annotations

from typing import Any

from django import template

from tournament.services.special_prizes import special_prizes_of

register = template.Library()


@register.inclusion_tag("payouts/_special_prizes.html")
def special_prizes(tournament: Any) -> dict[str, Any]:
    return {"tournament": tournament, "prizes": special_prizes_of(tournament)}
