"""Special prizes (README "Special prizes"): a named prize of an amount, without a place.

A director adds one to any tournament (high hand, a side pot, last longer, a
bounty pot) saying where its money comes from: the prize pool, the house or a
pot; then awards it to one or more entries of the tournament with a reason
(several share it equally, the odd cents to the first named). Awarding it
again replaces the winners; awarding it to nobody takes the award back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.errors import Conflict, FieldInvalid
from tournament.models import Entry, SpecialPrize, Tournament
from tournament.rules.payouts import money
from tournament.services.prize_pool import payouts_publish
from tournament.writes import tournament_write, write

PRIZE_NOT_FOUND = _("Special prize not found.")
NAME_REQUIRED = _("A special prize needs a name.")
SOURCE_UNKNOWN = _("A special prize is paid from the prize pool, the house or a pot.")
ENTRY_NOT_HERE = _("Award a special prize only to entries of its tournament.")
PAID_ALREADY = _(
    "This special prize has been paid out: a director reverses its payouts "
    "in the ledger before it is awarded again or removed."
)
CENT = Decimal("0.01")


def special_prize_add(
    *, tournament_id: int, name: str, amount: Decimal, source: str, by: Any
) -> SpecialPrize:
    """A new special prize of the tournament, not awarded yet."""
    name = " ".join(name.split())[:120]
    if not name:
        raise FieldInvalid("name", NAME_REQUIRED)
    if source not in SpecialPrize.Source.values:
        raise FieldInvalid("source", SOURCE_UNKNOWN)
    with tournament_write(tournament_id, by=by) as w:
        prize = SpecialPrize.objects.create(
            tournament=w.tournament, name=name, amount=amount, source=source, by=w.user
        )
        w.log(
            "special_prize_added",
            {"id": prize.pk, "name": name, "amount": money(amount), "source": source},
        )
        payouts_publish(w, {"special_prize": prize.pk})
    return prize


def special_prize_award(
    *, prize_id: int, entries: Sequence[int], reason: str, by: Any
) -> SpecialPrize:
    """Award the prize to these entries (none: not awarded)."""
    found = write.for_row(SpecialPrize, prize_id, PRIZE_NOT_FOUND).id
    with tournament_write(found, by=by) as w:
        prize = SpecialPrize.objects.get(pk=prize_id)
        _not_paid_out(prize_id)
        wanted = list(dict.fromkeys(entries))
        winners = list(Entry.objects.filter(tournament=w.tournament, pk__in=wanted))
        if len(winners) != len(wanted):
            raise FieldInvalid("entries", ENTRY_NOT_HERE)
        prize.winners.set(winners)
        prize.reason = reason.strip()[:200]
        prize.awarded_at = timezone.now() if winners else None
        prize.save(update_fields=["reason", "awarded_at"])
        w.log(
            "special_prize_awarded",
            {"id": prize.pk, "entries": wanted, "reason": prize.reason},
        )
        payouts_publish(w, {"special_prize": prize.pk})
    return prize


def special_prize_remove(*, prize_id: int, by: Any) -> None:
    found = write.for_row(SpecialPrize, prize_id, PRIZE_NOT_FOUND).id
    with tournament_write(found, by=by) as w:
        prize = SpecialPrize.objects.get(pk=prize_id)
        _not_paid_out(prize_id)
        w.log("special_prize_removed", {"id": prize.pk, "name": prize.name})
        prize.delete()
        payouts_publish(w, {})


def _not_paid_out(prize_id: int) -> None:
    """A share paid at the desk (and not reversed) keeps the award as it is, so
    the ledger and the prize agree (README "Special prizes")."""
    if SpecialPrize.objects.filter(
        pk=prize_id, payouts__isnull=False, payouts__ledger_row__reversed_by__isnull=True
    ).exists():
        raise Conflict(PAID_ALREADY)


@dataclass(frozen=True)
class SpecialPrizeShown:
    id: int
    name: str
    amount: Decimal
    source: str
    source_label: str
    awarded: bool
    reason: str
    winners: tuple[tuple[int, str, Decimal], ...]  # entry id, player's name, his share

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "amount": money(self.amount),
            "source": self.source,
            "awarded": self.awarded,
            "reason": self.reason,
            "winners": [
                {"entry": entry, "name": name, "amount": money(share)}
                for entry, name, share in self.winners
            ],
        }


def shares(amount: Decimal, count: int) -> list[Decimal]:
    """Equal shares to the cent, the odd cents to the first named."""
    if count < 1:
        return []
    each = (amount / count).quantize(CENT, rounding=ROUND_DOWN)
    left = int((amount - each * count) / CENT)
    return [each + (CENT if index < left else 0) for index in range(count)]


def special_prizes_of(tournament: Tournament) -> list[SpecialPrizeShown]:
    """The tournament's special prizes, each with its winners and their shares."""
    shown = []
    for prize in SpecialPrize.objects.filter(tournament=tournament).prefetch_related(
        "winners__player"
    ):
        winners = sorted(prize.winners.all(), key=lambda entry: entry.pk)
        split = shares(prize.amount, len(winners))
        shown.append(
            SpecialPrizeShown(
                id=prize.pk,
                name=prize.name,
                amount=prize.amount,
                source=prize.source,
                source_label=str(SpecialPrize.Source(prize.source).label),
                awarded=prize.awarded,
                reason=prize.reason,
                winners=tuple(
                    (entry.pk, entry.player.name, share)
                    for entry, share in zip(winners, split, strict=True)
                ),
            )
        )
    return shown
