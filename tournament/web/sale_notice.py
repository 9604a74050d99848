"""What the tournament form says before an edit of the buy-in, fee or stack is
saved once entries were sold (README "Cash desk": a sale keeps its price).

Each entry keeps the price, fee and chips it was sold with; the new values
apply to what is sold next. The director reads how many entries stay as they
were before saving.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import ngettext

from tournament.models import Tournament
from tournament.services.buy_ins import sold_at
from tournament.templatetags.room_format import money, num

Prices = tuple[Decimal, Decimal, int]


def prices_of(tournament: Tournament) -> Prices:
    """The buy-in, fee and stack as they stand (read before the form writes its values)."""
    return (tournament.buy_in, tournament.fee, tournament.starting_stack)


def sale_consequences(tournament: Tournament, before: Prices, changes: dict[str, Any]) -> list[str]:
    """The entries an edit of the buy-in, fee or stack leaves at what they were
    sold with; empty when none changes or nothing was sold."""
    price, fee, chips = before
    new_price = changes.get("buy_in", price)
    new_fee = changes.get("fee", fee)
    new_chips = changes.get("starting_stack", chips)
    at_price, with_stack = sold_at(tournament, price=price, fee=fee, chips=chips)
    said = []
    if (new_price, new_fee) != (price, fee) and at_price:
        paid = money(price, tournament.currency)
        if fee:
            paid = f"{paid} + {money(fee, tournament.currency)}"
        said.append(
            ngettext(
                "%(count)s entry stays at %(price)s.",
                "%(count)s entries stay at %(price)s.",
                at_price,
            )
            % {"count": num(at_price), "price": paid}
        )
    if new_chips != chips and with_stack:
        said.append(
            ngettext(
                "%(count)s entry keeps its stack of %(chips)s chips.",
                "%(count)s entries keep their stack of %(chips)s chips.",
                with_stack,
            )
            % {"count": num(with_stack), "chips": num(chips)}
        )
    return said
