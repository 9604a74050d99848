"""The ledger as CSV for the bookkeeping (README "Cash desk"): one line per row,
German readers get ``;`` between cells, decimal commas and a byte-order mark,
every cell written through ``tournament.rules.spreadsheet``."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cashdesk import selectors
from cashdesk.models import Kind, Method
from tournament.models import Tournament
from tournament.rules import names
from tournament.rules.spreadsheet import spreadsheet_decimal, spreadsheet_writer


def ledger_sheet(tournament: Tournament) -> HttpResponse:
    german = (get_language() or "en").startswith("de")
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    slug = names.file_slug(_("Ledger"), tournament.name)
    response["Content-Disposition"] = f'attachment; filename="{slug}.csv"'
    writer = spreadsheet_writer(response, delimiter=";" if german else ",")
    writer.writerow(
        [
            _("Receipt number"),
            _("Time"),
            _("Kind"),
            _("Player"),
            _("Amount"),
            _("Prize pool"),
            _("Fee"),
            _("Bounty"),
            _("Payment method"),
            _("Cashier"),
            _("Reverses receipt"),
            _("Reason"),
        ]
    )
    kinds, methods = dict(Kind.choices), dict(Method.choices)
    number = lambda value: spreadsheet_decimal(value, decimal_comma=german)  # noqa: E731
    for row in selectors.ledger_of(tournament).select_related("reverses"):
        writer.writerow(
            [
                row.receipt,
                timezone.localtime(row.at).strftime("%Y-%m-%d %H:%M:%S"),
                str(kinds.get(row.kind, row.kind)),
                row.entry.player.name if row.entry is not None else "",
                number(row.amount),
                number(row.prize_pool),
                number(row.fee),
                number(row.bounty),
                str(methods.get(row.method, row.method)),
                row.by.get_username() if row.by is not None else "",
                row.reverses.receipt if row.reverses is not None else "",
                row.reason,
            ]
        )
    return response
