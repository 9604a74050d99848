"""Results: every placed entry with its prize, shared places split, a deal applied.

Places come from the bust service (``Entry.place``/``place_shared``); the last
player left holds no place in the database and is shown as place 1. Players
sharing a place split the prizes of the places they occupy (the rounding unit
of the structure; leftover units to the better-ranked first: the bigger stack
at the start of the hand, then the earlier bust report). Entries in a recorded
deal get their deal amount instead, and the winner of the remaining play the
amount left to play for on top.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Max
from django.utils.translation import gettext_lazy as _

from tournament.errors import Conflict, NotFound
from tournament.models import LIVE_STATUSES, Bag, Deal, Entry, Event, Player, Tournament
from tournament.public_labels import screen_name
from tournament.rules.payouts import ZERO, PayoutError, prizes_for_places
from tournament.rules.places import Place
from tournament.selectors import bounty_winnings
from tournament.services.payouts import PayoutView, money, payouts_view
from tournament.services.prize_pool import PAID_STATUSES

PLACES_INCONSISTENT = _("The finishing places overlap; check the bust-outs.")
PLAYER_NOT_FOUND = _("Player not found.")


@dataclass(frozen=True)
class ResultRow:
    place: int | None
    entry: Entry
    prize: Decimal
    shared: bool
    in_the_money: bool
    bubble: bool
    deal: Decimal | None  # the deal amount when the entry took part in a deal
    # The player bought in again after this entry busted: by entry it keeps its place
    # in the field, by player it has none; never his finish (README "Places, re-entries
    # and moves").
    re_entered: bool = False
    bounties: Decimal = ZERO  # bounty money won, beside the prize

    @property
    def name(self) -> str:
        return self.entry.player.name

    def payload(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "entry": self.entry.pk,
            "player": self.entry.player_id,
            "name": self.name,
            "prize": money(self.prize),
            "shared": self.shared,
            "in_the_money": self.in_the_money,
            "bubble": self.bubble,
            "deal": None if self.deal is None else money(self.deal),
            "re_entered": self.re_entered,
            "bounties": money(self.bounties),
        }

    def public_payload(self, style: str) -> dict[str, Any]:
        return {
            "place": self.place,
            # None when he is hidden: the list labels him (README "Results out").
            "name": screen_name(self.entry.player, style),
            "prize": money(self.prize),
            "bounties": money(self.bounties),
        }


def _tie_order(entry: Entry) -> tuple[int, float, int]:
    busted = entry.busted_at.timestamp() if entry.busted_at else 0.0
    return (-(entry.starting_stack_at_bust or 0), busted, entry.pk)


def _row_order(row: ResultRow) -> tuple[int, int, tuple[int, float, int]]:
    """Dealt players still in first, then by place; bullets without a place (re-entered,
    by player) last, the latest bust first."""
    if row.place is not None:
        return (1, row.place, _tie_order(row.entry))
    if row.entry.status in LIVE_STATUSES:
        return (0, 0, _tie_order(row.entry))
    busted = row.entry.busted_at.timestamp() if row.entry.busted_at else 0.0
    return (2, 0, (0, -busted, row.entry.pk))


def results_compute(
    tournament: Tournament, view: PayoutView | None = None
) -> tuple[PayoutView, list[ResultRow]]:
    """The payout view and the result rows, best place first (dealt players still in first)."""
    view = view or payouts_view(tournament)
    entries = list(tournament.entries.filter(status__in=PAID_STATUSES).select_related("player"))
    live = [e for e in entries if e.status in LIVE_STATUSES]
    places: dict[int, int] = {e.pk: e.place for e in entries if e.place is not None}
    if len(live) == 1 and len(entries) > 1 and 1 not in places.values():
        places[live[0].pk] = 1
    deal = Deal.objects.filter(tournament=tournament).prefetch_related("shares").first()
    dealt = {s.entry_id: s.amount for s in deal.shares.all()} if deal else {}
    by_id = {e.pk: e for e in entries}
    shared_places = {p for p in places.values() if list(places.values()).count(p) > 1}
    ordered = sorted(
        (by_id[entry_id] for entry_id in places if entry_id not in dealt),
        key=lambda e: (places[e.pk], _tie_order(e)),
    )
    try:
        prizes = prizes_for_places(
            payouts=view.amounts,
            places=[Place(e.pk, places[e.pk], places[e.pk] in shared_places) for e in ordered],
            rounding=view.rounding,
        )
    except PayoutError as exc:
        raise Conflict(PLACES_INCONSISTENT) from exc
    amount = {p.entry_id: p.amount for p in prizes}
    for entry_id, share in dealt.items():
        bonus = deal.reserve if deal and places.get(entry_id) == 1 else ZERO
        amount[entry_id] = share + bonus
    last_entry = dict(
        tournament.entries.order_by()
        .values_list("player_id")
        .annotate(n=Max("number"))
        .values_list("player_id", "n")
    )
    won = bounty_winnings(tournament)
    rows = []
    by_place = sorted(places, key=lambda e: places[e])
    # By player, a bullet the player re-entered after holds no place: listed, unplaced.
    lost = [e.pk for e in entries if e.pk not in places and e.status not in LIVE_STATUSES]
    for entry_id in [*(d for d in dealt if d not in places), *by_place, *lost]:
        entry = by_id.get(entry_id)
        if entry is None:
            continue
        place = places.get(entry_id)
        prize = amount.get(entry_id, ZERO)
        rows.append(
            ResultRow(
                place=place,
                entry=entry,
                prize=prize,
                shared=place in shared_places,
                in_the_money=prize > 0 or (place is not None and place <= view.paid),
                bubble=place == view.paid + 1 and prize == 0,
                deal=dealt.get(entry_id),
                re_entered=entry.number < last_entry[entry.player_id],
                bounties=won.get(entry_id, ZERO),
            )
        )
    rows.sort(key=_row_order)
    return view, rows


@dataclass(frozen=True)
class HistoryRow:
    tournament: Tournament
    entries: int  # this player's entries in the tournament
    place: int | None
    prize: Decimal


def player_history(*, player_id: int) -> tuple[Player, list[HistoryRow]]:
    """A player's results across tournaments, newest tournament first."""
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise NotFound(PLAYER_NOT_FOUND)
    tournament_ids = list(
        Entry.objects.filter(player=player).values_list("tournament_id", flat=True).distinct()
    )
    history = []
    for tournament in Tournament.objects.filter(pk__in=tournament_ids).order_by("-created_at"):
        try:
            _, rows = results_compute(tournament)
        except Conflict:
            rows = []
        own = [r for r in rows if r.entry.player_id == player.pk]
        placed = [r.place for r in own if r.place is not None]
        history.append(
            HistoryRow(
                tournament=tournament,
                entries=tournament.entries.filter(player=player).count(),
                place=min(placed) if placed else None,
                prize=sum((r.prize for r in own), ZERO),
            )
        )
    return player, history


def _continuations(bags: list[Bag]) -> tuple[dict[int, int], set[int]]:
    """Entry -> the next day's entry his bag went on with, for the entry whose
    bag was the biggest of that stack; and the entries whose bags were
    forfeited or added to another's (they hold no place of their own)."""
    by_next: dict[int, list[Bag]] = {}
    stopped = {bag.entry_id for bag in bags if bag.forfeited}
    for bag in bags:
        if bag.carried_to_id is not None:
            by_next.setdefault(bag.carried_to_id, []).append(bag)
    going: dict[int, int] = {}
    for next_entry, carried in by_next.items():
        first, *merged = sorted(carried, key=lambda bag: (-bag.chips, bag.pk))
        going[first.entry_id] = next_entry
        stopped |= {bag.entry_id for bag in merged}
    return going, stopped


def event_results(event: Event) -> list[dict[str, Any]]:
    """Every entry of every flight once, with his place in the event, his prize
    from the event's payouts and the bounties he won on all days.

    The last day ranks its own field; a player out on an earlier day finishes
    below everyone who reached the day after, those out on the same day
    ordered by their place in their flight (equal places: the earlier flight
    first). A bag forfeited (best-bag rule) or added to another (cumulative)
    holds no place (README "Events")."""
    days = list(Tournament.objects.filter(event=event).order_by("day", "pk"))
    if not days:
        return []
    last_day = max(day.day or 1 for day in days)
    finals = [day for day in days if (day.day or 1) == last_day]
    view, final_rows = results_compute(finals[0])
    place_of: dict[int, int | None] = {row.entry.pk: row.place for row in final_rows}
    prize_of: dict[int, Decimal] = {row.entry.pk: row.prize for row in final_rows}
    entries = {
        entry.pk: entry
        for entry in Entry.objects.filter(tournament__in=days).select_related(
            "player", "tournament"
        )
    }
    going, stopped = _continuations(list(Bag.objects.filter(tournament__in=days)))
    for day_number in range(last_day - 1, 0, -1):
        # Everyone who reached the day after finishes above those out on this day.
        field_after = sum(1 for e in entries.values() if e.tournament.day == day_number + 1)
        out = sorted(
            (
                entry
                for entry in entries.values()
                if entry.tournament.day == day_number
                and entry.status in ("busted", "disqualified")
                and entry.place is not None
            ),
            key=lambda entry: (entry.place or 0, entry.tournament_id, entry.pk),
        )
        for offset, entry in enumerate(out, start=1):
            place = field_after + offset
            place_of[entry.pk] = place
            prize_of[entry.pk] = view.amounts[place - 1] if place <= len(view.amounts) else ZERO
    won: dict[int, Decimal] = {}
    for day in days:
        for entry_id, cash in bounty_winnings(day).items():
            won[entry_id] = won.get(entry_id, ZERO) + cash
    rows = []
    for entry in entries.values():
        if (entry.tournament.day or 1) != 1:
            continue
        chain, last = [entry.pk], entry.pk
        while last in going:
            last = going[last]
            chain.append(last)
        rows.append(
            {
                "place": None if entry.pk in stopped else place_of.get(last),
                "entry": entry.pk,
                "name": entry.player.name,
                "flight": entry.tournament.name,
                "prize": money(ZERO if entry.pk in stopped else prize_of.get(last, ZERO)),
                "bounties": money(sum((won.get(e, ZERO) for e in chain), ZERO)),
                "bag_forfeited": entry.pk in stopped,
            }
        )
    return sorted(rows, key=lambda row: (row["place"] is None, row["place"] or 0, row["entry"]))
