"""What the desk offers a player it found or typed (README "Cash desk", "Sent twice,
done once"): a first entry, his re-entry with its number and price, or nothing
because he is still in or has used every entry the tournament allows. A name
typed for a new player that is already in this tournament is shown the same way,
so the desk sells the re-entry instead of making a second player of that name."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q

from cashdesk.models import Kind
from cashdesk.services.payments import price_of
from tournament.models import Entry, Player, Tournament
from tournament.rules import names

LIVE = (Entry.Status.REGISTERED, Entry.Status.SEATED, Entry.Status.WAITING)


@dataclass(frozen=True)
class Offer:
    player: Player
    live: Entry | None  # his entry still in the field, if any
    next_number: int  # the number his next entry would carry (1 for a first entry)
    allowed: int  # the entries per player the tournament allows
    price: Decimal | None  # what that entry costs; None: the desk picks a buy-in option

    @property
    def re_entry(self) -> bool:
        return self.live is None and 1 < self.next_number <= self.allowed

    @property
    def used_up(self) -> bool:
        return self.live is None and self.next_number > self.allowed


def desk_offers(tournament: Tournament, players: Iterable[Player]) -> list[Offer]:
    """For each player, in the order given, what the desk may sell him now."""
    players = list(players)
    entries: dict[int, list[Entry]] = defaultdict(list)
    taken = tournament.entries.filter(player__in=players).exclude(status=Entry.Status.WITHDRAWN)
    for entry in taken.select_related("seat__table"):
        entries[entry.player_id].append(entry)
    prices: dict[bool, Decimal | None] = {False: None, True: None}
    if not tournament.buy_ins:  # with options the price is the option the desk picks
        sold = Entry(tournament=tournament)
        prices[False] = price_of(tournament, sold, Kind.BUY_IN).total
        prices[True] = price_of(tournament, sold, Kind.RE_ENTRY).total
    offers = []
    for player in players:
        taken_by = entries[player.pk]
        live = next((e for e in taken_by if e.status in LIVE), None)
        number = max((e.number for e in taken_by), default=0) + 1
        offers.append(Offer(player, live, number, tournament.max_entries, prices[number > 1]))
    return offers


def namesakes_entered(tournament: Tournament, name: str) -> list[Offer]:
    """The players already in this tournament whose name reads as ``name`` (in plain
    letters: "Müller" and "mueller" are one name), with what the desk may sell them."""
    key = names.search_key(name)
    if not key:
        return []
    same_name = Q(player__search_key=key) | Q(player__search_key__startswith=f"{key} | ")
    ids = (
        tournament.entries.filter(same_name)
        .exclude(status=Entry.Status.WITHDRAWN)
        .values_list("player_id", flat=True)
        .distinct()
    )
    return desk_offers(tournament, Player.objects.filter(pk__in=list(ids)).order_by("pk"))
