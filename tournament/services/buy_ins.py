"""Buy-in options of a tournament (README "Buy-in options").

A tournament may sell several buy-ins (early bird, standard, a re-entry
price), each with its own price (to the prize pool), fee (to the house) and
chips (the stack). An entry names the option it took and keeps what it paid
(``Entry.paid_price``, ``paid_fee``, ``paid_chips``), so a later edit of the
options never rewrites what entries already sold paid or got. Without options
an entry keeps the tournament's one buy-in (``buy_in``, ``fee``,
``starting_stack``, a re-entry its re-entry price) as it was at the sale
(README "Cash desk").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Count, Sum
from django.utils.translation import gettext_lazy as _

from tournament.errors import FieldInvalid, RuleBeyondSchema
from tournament.models import Entry, PayoutSettings, Tournament
from tournament.rules.payouts import money

BUY_IN_UNKNOWN = _("This tournament sells no buy-in called “%(name)s”.")
BUY_IN_NAMES_TWICE = _("Two buy-in options have the same name: %(name)s.")
BUY_INS_IN_USE = _(
    "Entries have bought in at these options; keep at least one option (their prices stay as paid)."
)
MOST_BUY_INS = 20


def buy_ins_clean(options: Iterable[Any]) -> list[dict[str, Any]]:
    """The options as stored: names trimmed and unique, money as decimal strings."""
    cleaned: list[dict[str, Any]] = []
    seen: set[str] = set()
    for option in options:
        data = option if isinstance(option, dict) else dict(option)
        name = str(data["name"]).strip()
        if name.casefold() in seen:
            # Names unique by their letters: a rule the schema cannot state.
            raise RuleBeyondSchema(
                "buy_ins", BUY_IN_NAMES_TWICE % {"name": name}, rule="buy_in_names_differ"
            )
        seen.add(name.casefold())
        cleaned.append(
            {
                "name": name,
                "price": money(Decimal(str(data["price"]))),
                "fee": money(Decimal(str(data.get("fee") or 0))),
                "chips": int(data["chips"]),
            }
        )
    return cleaned


def buy_ins_check_change(tournament: Tournament, options: Sequence[dict[str, Any]]) -> None:
    """Refuse to drop every option once entries took one (the payouts page lists
    what each option sold)."""
    if not options and tournament.entries.exclude(buy_in_name="").exists():
        raise FieldInvalid("buy_ins", BUY_INS_IN_USE)


def buy_in_taken(
    tournament: Tournament, name: str | None, *, re_entry: bool = False
) -> dict[str, Any]:
    """The entry fields of the sale: the option named (the first when none is
    named), or the tournament's one buy-in (a re-entry at its re-entry price).
    The entry keeps them, so a later edit applies to the next sales only
    (README "Cash desk").

    A tournament without options takes no name: any name is unknown (422).
    """
    options = tournament.buy_ins or []
    if not options:
        if name:
            raise FieldInvalid("buy_in", BUY_IN_UNKNOWN % {"name": name})
        return _single_sale(tournament, re_entry=re_entry)
    if name is None:
        option = options[0]
    else:
        wanted = name.strip().casefold()
        option = next((o for o in options if o["name"].casefold() == wanted), None)
        if option is None:
            raise FieldInvalid("buy_in", BUY_IN_UNKNOWN % {"name": name})
    return {
        "buy_in_name": option["name"],
        "paid_price": Decimal(option["price"]),
        "paid_fee": Decimal(option["fee"]),
        "paid_chips": int(option["chips"]),
    }


def _single_sale(tournament: Tournament, *, re_entry: bool) -> dict[str, Any]:
    price, fee = tournament.buy_in, tournament.fee
    settings = PayoutSettings.objects.filter(tournament=tournament).first()
    if re_entry and settings is not None:
        price = price if settings.re_entry_price is None else settings.re_entry_price
        fee = fee if settings.re_entry_fee is None else settings.re_entry_fee
    return {"paid_price": price, "paid_fee": fee, "paid_chips": tournament.starting_stack}


def chips_bought(tournament: Tournament, entries: int) -> int:
    """The chips the ``entries`` (every entry counted by the summary) brought:
    each the stack it was sold with (README "Cash desk": a sale keeps its price),
    an entry sold before stacks were kept the tournament's stack. One query, over
    the entries whose stack differs from the tournament's."""
    if not tournament.pk:
        return entries * tournament.starting_stack
    other = (
        tournament.entries.exclude(status=Entry.Status.WITHDRAWN)
        .exclude(paid_chips__isnull=True)
        .exclude(paid_chips=tournament.starting_stack)
        .aggregate(n=Count("id"), chips=Sum("paid_chips"))
    )
    return (other["chips"] or 0) + max(0, entries - other["n"]) * tournament.starting_stack


def sold_at(tournament: Tournament, *, price: Decimal, fee: Decimal, chips: int) -> tuple[int, int]:
    """How many entries (not unregistered) were sold at this buy-in and fee, and
    how many with this stack: what an edit of them leaves as it was sold."""
    kept = tournament.entries.exclude(status=Entry.Status.WITHDRAWN)
    return (
        kept.filter(paid_price=price, paid_fee=fee).count(),
        kept.filter(paid_chips=chips).count(),
    )


@dataclass(frozen=True)
class Sold:
    """How many entries took one option at one price (the payouts page)."""

    name: str
    price: Decimal
    fee: Decimal
    chips: int
    count: int


def buy_ins_sold(tournament: Tournament) -> list[Sold]:
    """Each option sold, at each price it was sold for; as for the pool, alternates
    waiting for a seat paid, unregistered entries were refunded."""
    if not tournament.buy_ins:
        return []
    rows = (
        tournament.entries.filter(paid_price__isnull=False)
        .exclude(status=Entry.Status.WITHDRAWN)
        .values("buy_in_name", "paid_price", "paid_fee", "paid_chips")
        .annotate(n=Count("id"))
        .order_by("buy_in_name", "paid_price")
    )
    order = {o["name"]: i for i, o in enumerate(tournament.buy_ins)}
    sold = [
        Sold(
            r["buy_in_name"],
            r["paid_price"],
            r["paid_fee"] or Decimal(0),
            r["paid_chips"] or 0,
            r["n"],
        )
        for r in rows
    ]
    return sorted(sold, key=lambda s: (order.get(s.name, len(order)), s.name, s.price))
