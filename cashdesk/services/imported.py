"""What an imported tournament's entries paid, booked in the ledger (README
"Cash desk", "Importing TD3 files").

The prize pool is read from the ledger alone, so an import books what its file
says the entries paid: one row per kind of purchase, with the method
"From the imported file", booked to no shift (no money passed a drawer here)
and linked to no entry (a later import of the same file replaces the entries).
A later import first reverses the rows the previous one booked.
"""

from __future__ import annotations

from collections.abc import Mapping

from cashdesk.models import Kind, LedgerRow, Method
from cashdesk.services.ledger import Split, ledger_append
from tournament.writes import Write


def imported_sales_book(w: Write, *, sales: Mapping[str, Split], reason: str) -> list[LedgerRow]:
    """Inside the import's write: the rows for ``sales`` (ledger kind -> money),
    after reversing what an earlier import of this tournament booked."""
    earlier = (
        LedgerRow.objects.filter(tournament=w.tournament, method=Method.IMPORTED)
        .exclude(kind=Kind.REVERSAL)
        .filter(reversed_by__isnull=True)
        .order_by("pk")
    )
    for row in earlier:
        ledger_append(
            w,
            kind=Kind.REVERSAL,
            amount=-row.amount,
            split=Split(row.prize_pool, row.fee, row.bounty).negated(),
            method=Method.IMPORTED,
            by=w.user,
            tournament=w.tournament,
            reverses=row,
            reason=reason,
            no_shift=True,
        )
    return [
        ledger_append(
            w,
            kind=kind,
            amount=split.total,
            split=split,
            method=Method.IMPORTED,
            by=w.user,
            tournament=w.tournament,
            reason=reason,
            no_shift=True,
        )
        for kind, split in sales.items()
        if split.total
    ]
