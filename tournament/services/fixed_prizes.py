"""Fixed is fixed (README "Payouts"): once the winner is known the prizes are
fixed, and a prize paid out stays as it was paid. A change of the payout
structure is refused then, and so is money into or out of the pool and an undo
that would change a prize already paid: the refusal names the payment, which a
director reverses first.

The prizes paid and the fixing are the cash desk's; the core asks through
``tournament.prize_port``.
"""

from __future__ import annotations

from collections.abc import Collection

from django.utils.formats import number_format
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tournament.errors import Conflict
from tournament.models import Tournament
from tournament.prize_port import PaidPrize, prizes

PRIZES_FIXED = _(
    "The prizes are fixed: the winner is known, so the payout structure can no longer "
    "change. Undo the winner's bust first."
)
STRUCTURE_PRIZE_PAID = _(
    "The payout structure can no longer change: place %(place)s has already been paid "
    "out (receipt %(receipt)s, %(amount)s). Reverse the payment first."
)
POOL_PRIZE_PAID = _(
    "The prize pool can no longer change: place %(place)s has already been paid out "
    "(receipt %(receipt)s, %(amount)s). Reverse the payment first."
)
POOL_FIXED = _(
    "The prizes are fixed: the winner is known, so the prize pool can no longer "
    "change. Undo the winner's bust first."
)
PLACE_PAID = _(
    "Place %(place)s has already been paid out (receipt %(receipt)s, %(amount)s): "
    "reverse the payment first."
)
SYMBOLS = {"EUR": "€", "CHF": "CHF", "USD": "$", "GBP": "£"}


def _amount(tournament: Tournament, paid: PaidPrize) -> str:
    """865,00 € in German, €865.00 in English (as the pages write money)."""
    shown = number_format(paid.amount, 2, use_l10n=True, force_grouping=True)
    symbol = SYMBOLS.get(tournament.currency, tournament.currency)
    if (get_language() or "en").startswith("de"):
        return f"{shown}\u00a0{symbol}"
    return f"{symbol}\u00a0{shown}" if len(symbol) > 1 else f"{symbol}{shown}"


def _named(message: object, tournament: Tournament, paid: PaidPrize) -> Conflict:
    return Conflict(
        str(message)
        % {
            "place": paid.place if paid.place is not None else "?",
            "receipt": paid.receipt,
            "amount": _amount(tournament, paid),
        }
    )


def structure_change_check(tournament: Tournament) -> None:
    """Refuse (409) a change of the payout structure once the prizes are fixed or
    one of them was paid out (inside the write, under the tournament's lock)."""
    paid = prizes().prizes_paid(tournament)
    if paid:
        raise _named(STRUCTURE_PRIZE_PAID, tournament, paid[0])
    if prizes().prizes_fixed(tournament):
        raise Conflict(PRIZES_FIXED)


def pool_change_check(tournament: Tournament) -> None:
    """Refuse (409) money into or out of the prize pool (a sale, a reversal, a
    refund, an addition) once a prize was paid out of it or the prizes are
    fixed: the prizes are shares of the pool, so a paid one would move."""
    paid = prizes().prizes_paid(tournament)
    if paid:
        raise _named(POOL_PRIZE_PAID, tournament, paid[0])
    if prizes().prizes_fixed(tournament):
        raise Conflict(POOL_FIXED)


def places_change_check(tournament: Tournament, entry_ids: Collection[int]) -> None:
    """Refuse (409) an undo that takes the place of an entry whose prize was paid
    out, naming the payment (place, receipt, amount)."""
    for paid in prizes().prizes_paid(tournament):
        if paid.entry_id in entry_ids:
            raise _named(PLACE_PAID, tournament, paid)
