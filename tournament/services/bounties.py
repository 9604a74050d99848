"""Bounty payments, written inside the bust, disqualification or undo that
causes them (under the tournament lock the caller holds); README "Events: flights, bags and the next day".

The arithmetic is :mod:`tournament.rules.bounties`; the reads (current
bounties, winnings, the pool) are :mod:`tournament.selectors`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext_lazy as _

from tournament import changes
from tournament.errors import FieldInvalid
from tournament.models import BountyPayment, BountySettings, Entry, Tournament
from tournament.rules import bounties as rules
from tournament.selectors import bounty_heads, bounty_settings_for, mystery_prizes_left
from tournament.writes import Write

_SECURE = random.SystemRandom()

BAD_KIND = _("Choose a bounty type: none, knockout, progressive or mystery.")
BAD_AMOUNT = _("A bounty is an amount from 0 to 1,000,000.")
BAD_SHARE = _("The cash share of a progressive bounty is a percentage from 0 to 100.")
BAD_PRIZES = _("Mystery bounties are a list of amounts, each from 0.01 to 1,000,000.")
BAD_START = _("Mystery bounties start at a level from 1 on.")
BOUNTY_STARTED = _("Bounties have been paid: the bounty settings can no longer change.")
MAX_AMOUNT = Decimal("1000000")


@dataclass(frozen=True)
class Elimination:
    """One busted entry and who eliminated him, the first left of the button first."""

    victim: Entry
    eliminators: Sequence[int]


def _money(value: Any, message: Any, *, least: Decimal = Decimal(0)) -> Decimal:
    try:
        amount = Decimal(str(value)).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError) as exc:
        raise FieldInvalid("bounty", message) from exc
    if not least <= amount <= MAX_AMOUNT:
        raise FieldInvalid("bounty", message)
    return amount


def bounty_settings_set(tournament: Tournament, data: dict[str, Any]) -> BountySettings:
    """The bounty a tournament plays for (create or change), checked field by field.
    Locked by the caller; no longer changeable once a bounty was paid."""
    current = bounty_settings_for(tournament)
    kind = data.get("kind", current.kind)
    if kind not in rules.KINDS:
        raise FieldInvalid("bounty", BAD_KIND)
    share = data.get("progressive_share", current.progressive_share)
    if not isinstance(share, int) or isinstance(share, bool) or not 0 <= share <= 100:
        raise FieldInvalid("bounty", BAD_SHARE)
    prizes = data.get("mystery_prizes", current.mystery_prizes) or []
    if not isinstance(prizes, list) or len(prizes) > 10000:
        raise FieldInvalid("bounty", BAD_PRIZES)
    prizes = [str(_money(p, BAD_PRIZES, least=Decimal("0.01"))) for p in prizes]
    start = data.get("mystery_start_level", current.mystery_start_level)
    if start is not None and (not isinstance(start, int) or isinstance(start, bool) or start < 1):
        raise FieldInvalid("bounty", BAD_START)
    values = {
        "kind": kind,
        "amount": _money(data.get("amount", current.amount), BAD_AMOUNT),
        "progressive_share": share,
        "mystery_prizes": prizes,
        "mystery_start_level": start,
        "mystery_start_in_money": bool(
            data.get("mystery_start_in_money", current.mystery_start_in_money)
        ),
    }
    changed = {k for k, v in values.items() if getattr(current, k) != v}
    if changed and BountyPayment.objects.filter(tournament=tournament).exists():
        raise FieldInvalid("bounty", BOUNTY_STARTED)
    settings, _created = BountySettings.objects.update_or_create(
        tournament=tournament, defaults=values
    )
    return settings


def _paid(
    tournament: Tournament,
    victim: Entry,
    eliminators: Sequence[int],
    awards: Sequence[rules.Award],
    kind: str,
    prize_index: int | None = None,
) -> list[BountyPayment]:
    return [
        BountyPayment(
            tournament=tournament,
            victim=victim,
            eliminator_id=eliminator,
            kind=kind,
            cash=rules.money(award.cash),
            added=rules.money(award.added),
            # One draw, shared: the first eliminator's row holds the prize drawn.
            prize_index=prize_index if i == 0 else None,
        )
        for i, (eliminator, award) in enumerate(zip(eliminators, awards, strict=True))
    ]


def _winners_own(
    tournament: Tournament,
    settings: BountySettings,
    winner: int,
    head: Decimal,
    paid_now: list[BountyPayment],
    mystery_left: list[tuple[int, Decimal]],
) -> list[BountyPayment]:
    """What the winner takes at the end: his own bounty (a progressive one
    holds everything added to it on the way), or the mystery bounties nobody
    drew (README "Bounties")."""
    prizes: list[tuple[int | None, Decimal]]
    if settings.kind == BountySettings.Kind.MYSTERY:
        prizes = [(index, amount) for index, amount in mystery_left]
    else:
        added = sum((row.added for row in paid_now if row.eliminator_id == winner), Decimal(0))
        prizes = [(None, head + added)]
    return [
        BountyPayment(
            tournament=tournament,
            victim_id=winner,
            eliminator_id=winner,
            kind=BountyPayment.Kind.OWN,
            cash=amount,
            prize_index=index,
        )
        for index, amount in prizes
    ]


def bounties_settle(
    w: Write,
    eliminations: Sequence[Elimination],
    *,
    winner: int | None,
    level: int,
    in_the_money: bool,
    rng: random.Random | None = None,
) -> list[BountyPayment]:
    """Pay the bounties of this hand's eliminations; ``winner``: the last player
    left, when this hand ended the tournament (he takes his own bounty)."""
    tournament = w.tournament
    settings = bounty_settings_for(tournament)
    if not settings.active:
        return []
    rows: list[BountyPayment] = []
    heads = bounty_heads(tournament, [e.victim.pk for e in eliminations] + [winner or 0])
    left = mystery_prizes_left(tournament, settings)
    for elimination in eliminations:
        victim, eliminators = elimination.victim, list(elimination.eliminators)
        if settings.kind == BountySettings.Kind.KNOCKOUT:
            awards = rules.knockout(rules.cents(heads[victim.pk]), len(eliminators))
            rows += _paid(tournament, victim, eliminators, awards, settings.kind)
        elif settings.kind == BountySettings.Kind.PROGRESSIVE:
            awards = rules.progressive(
                rules.cents(heads[victim.pk]),
                len(eliminators),
                cash_share=settings.progressive_share,
                final=winner is not None,
            )
            rows += _paid(tournament, victim, eliminators, awards, settings.kind)
        elif left and rules.mystery_started(
            start_level=settings.mystery_start_level,
            in_the_money_start=settings.mystery_start_in_money,
            level=level,
            in_the_money=in_the_money,
        ):
            index, amount = left.pop(rules.mystery_draw(left, rng or _SECURE))
            awards = rules.knockout(rules.cents(amount), len(eliminators))
            rows += _paid(tournament, victim, eliminators, awards, settings.kind, index)
    if winner is not None:
        rows += _winners_own(tournament, settings, winner, heads[winner], rows, left)
    made = BountyPayment.objects.bulk_create(rows)
    w.touch(parts=(changes.BOUNTIES, changes.RESULTS))
    return made


def bounty_forfeit(w: Write, entry: Entry) -> BountyPayment | None:
    """A disqualified player's bounty goes to the prize pool."""
    tournament = w.tournament
    settings = bounty_settings_for(tournament)
    if settings.kind not in (BountySettings.Kind.KNOCKOUT, BountySettings.Kind.PROGRESSIVE):
        return None
    head = bounty_heads(tournament, [entry.pk])[entry.pk]
    payment = BountyPayment.objects.create(
        tournament=tournament, victim=entry, kind=BountyPayment.Kind.TO_POOL, cash=head
    )
    w.touch(parts=(changes.BOUNTIES, changes.PAYOUTS, changes.SUMMARY))
    return payment


def bounties_undo(w: Write, victims: Sequence[int]) -> int:
    """Undo of a bust: its bounty payments go, and so does the winner's own
    bounty (the tournament is no longer over)."""
    tournament = w.tournament
    paid = BountyPayment.objects.filter(tournament=tournament, victim_id__in=victims)
    own = BountyPayment.objects.filter(tournament=tournament, kind=BountyPayment.Kind.OWN)
    deleted = paid.delete()[0] + own.delete()[0]
    if deleted:
        w.touch(
            parts=(changes.BOUNTIES, changes.PAYOUTS, changes.SUMMARY, changes.RESULTS),
        )
    return deleted
