"""Buy-in options of a tournament (README "Buy-in options").

A tournament may sell several buy-ins (early bird, standard, a re-entry
price), each with its own price (to the prize pool), fee (to the house) and
chips (the stack). An entry names the option it took and keeps what it paid
(``Entry.paid_price``, ``paid_fee``, ``paid_chips``), so a later edit of the
options never rewrites the pool of entries already sold. Without options a
tournament has its one buy-in (``buy_in``, ``fee``, ``starting_stack``) and
nothing here is read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Count, QuerySet, Sum
from django.utils.translation import gettext_lazy as _

from tournament.errors import FieldInvalid
from tournament.models import Entry, Tournament
from tournament.rules.payouts import Purchase, money

BUY_IN_UNKNOWN = _("This tournament sells no buy-in called “%(name)s”.")
BUY_IN_NAMES_TWICE = _("Two buy-in options have the same name: %(name)s.")
BUY_INS_IN_USE = _(
    "Entries have bought in at these options; keep at least one option (their prices stay as paid)."
)
MOST_BUY_INS = 20


@dataclass(frozen=True)
class PaidRow:
    """Entries of one status, first entry or re-entry, that paid one price."""

    status: str
    first: bool
    price: Decimal
    fee: Decimal
    count: int
    chips: int


def buy_ins_clean(options: Iterable[Any]) -> list[dict[str, Any]]:
    """The options as stored: names trimmed and unique, money as decimal strings."""
    cleaned: list[dict[str, Any]] = []
    seen: set[str] = set()
    for option in options:
        data = option if isinstance(option, dict) else dict(option)
        name = str(data["name"]).strip()
        if name.casefold() in seen:
            raise FieldInvalid("buy_ins", BUY_IN_NAMES_TWICE % {"name": name})
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
    """Refuse to drop every option once entries took one (their pool is read per entry)."""
    if not options and tournament.entries.filter(paid_price__isnull=False).exists():
        raise FieldInvalid("buy_ins", BUY_INS_IN_USE)


def buy_in_taken(tournament: Tournament, name: str | None) -> dict[str, Any]:
    """The entry fields for the option named (the first when none is named).

    A tournament without options takes no name: any name is unknown (422).
    """
    options = tournament.buy_ins or []
    if not options:
        if name:
            raise FieldInvalid("buy_in", BUY_IN_UNKNOWN % {"name": name})
        return {}
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


def paid_rows(entries: QuerySet[Entry]) -> list[PaidRow]:
    """What the entries that took an option paid, grouped (one query)."""
    rows = (
        entries.filter(paid_price__isnull=False)
        .values("status", "number", "paid_price", "paid_fee")
        .annotate(n=Count("id"), chips=Sum("paid_chips"))
        .order_by()
    )
    return [
        PaidRow(
            status=r["status"],
            first=r["number"] == 1,
            price=r["paid_price"],
            fee=r["paid_fee"] or Decimal(0),
            count=r["n"],
            chips=r["chips"] or 0,
        )
        for r in rows
    ]


def entry_purchases(
    *,
    entries: int,
    re_entries: int,
    paid: Sequence[PaidRow],
    statuses: Sequence[str],
    single: tuple[Decimal, Decimal],
    re_entry: tuple[Decimal, Decimal],
) -> list[Purchase]:
    """First entries and re-entries as purchases: the ones that took an option at
    what they paid, the others at the tournament's one price (``single``,
    ``re_entry``: prize share and fee)."""
    counted = [row for row in paid if row.status in statuses]
    priced_first = sum(row.count for row in counted if row.first)
    priced_again = sum(row.count for row in counted if not row.first)
    return [
        Purchase("entry", max(0, entries - priced_first), *single),
        Purchase("re_entry", max(0, re_entries - priced_again), *re_entry),
        *(Purchase("entry", row.count, row.price, row.fee) for row in counted),
    ]


def chips_bought(tournament: Tournament, entries: int) -> int:
    """The chips the ``entries`` (every entry counted by the summary) brought."""
    if not tournament.buy_ins or not tournament.pk:
        return entries * tournament.starting_stack
    paid = paid_rows(tournament.entries.exclude(status=Entry.Status.WITHDRAWN))
    priced = sum(row.count for row in paid)
    return sum(row.chips for row in paid) + max(0, entries - priced) * tournament.starting_stack


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
