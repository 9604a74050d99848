"""Receipts and payout slips (README "Cash desk"): HTML to print, and the same
page as PDF through the printable lists' pipeline (WeasyPrint). A receipt comes
on A4 or on an 80 mm till roll (``?layout=roll``); the room's name heads it;
the amount of a payout slip stands in figures and in words in the reader's
language."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cashdesk.models import LedgerRow, PrizePayout
from cashdesk.rules.number_words import amount_in_words
from tournament.models_room import RoomSettings
from tournament.rules import names
from tournament.web.decorators import money_required
from tournament.web.printing import pdf_response

LAYOUTS = ("a4", "roll")


def _render(request: HttpRequest, template: str, context: dict[str, Any], filename: str):
    layout = request.GET.get("layout")
    context.update(
        room=RoomSettings.current(),
        layout=layout if layout in LAYOUTS else "a4",
        printed_at=timezone.now(),
        language=get_language() or "en",
    )
    html = render_to_string(template, context, request=request)
    if request.GET.get("format") == "pdf":
        return pdf_response(request, html, filename)
    return HttpResponse(html)


@money_required()
def receipt(request: HttpRequest, row_id: int) -> HttpResponse:
    row = get_object_or_404(
        LedgerRow.objects.select_related("tournament", "entry__player", "by", "reverses"),
        pk=row_id,
    )
    title = _("Receipt %(number)s") % {"number": row.receipt}
    context = {"row": row, "title": title, "amount": abs(row.amount), "money_out": row.amount < 0}
    return _render(request, "cashdesk/receipt.html", context, names.file_slug(title))


@money_required()
def payout_slip(request: HttpRequest, entry_id: int) -> HttpResponse:
    # The latest payout of the prize: one reversed by a director was paid again.
    payout = (
        PrizePayout.objects.select_related("tournament", "entry__player", "by", "ledger_row")
        .filter(entry_id=entry_id)
        .order_by("-pk")
        .first()
    )
    if payout is None:
        raise Http404
    title = _("Payout slip")
    context = {
        "payout": payout,
        "title": title,
        "words": amount_in_words(payout.amount, get_language() or "en", payout.tournament.currency),
    }
    return _render(
        request,
        "cashdesk/payout_slip.html",
        context,
        names.file_slug(title, payout.entry.player.name),
    )
