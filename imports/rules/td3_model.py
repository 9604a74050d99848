"""What a TD3 save file says about a tournament, as typed plain data.

Players and each purchase they made (first buy-in, re-entries and rebuys,
add-ons) with the level, the money, the chips, the profile and the bust-out
(when, at which level, by whom), the blind structure, the buy-in profiles,
the prizes as TD3 awarded them, the tables and TD3's log. ``td3_read`` fills
them from a file; what follows from them (places, the pool, hits) is here.

Levels: TD3 numbers playing levels ("round 6") without the breaks; a purchase
or a bust-out records the number of the playing level it happened in, and one
during a break records the level before the break.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

_SEATED = re.compile(r"(.{1,60}?), Seat (\d{1,2}): ")


@dataclass(frozen=True)
class Td3Seat:
    table: str  # the table's name as TD3 shows it ("Table 2", "1")
    seat: int  # 1-based, as the floor says it
    table_uuid: str


@dataclass(frozen=True)
class Td3BustOut:
    time: int  # milliseconds since 1970, as TD3 stores it
    level: int  # the playing level (TD3's "round")
    hitmen: tuple[str, ...]  # the UUIDs of the players who eliminated him
    seat: Td3Seat | None


@dataclass(frozen=True)
class Td3Purchase:
    """One buy-in (the first or a later one) or one add-on."""

    time: int
    level: int
    amount: Decimal  # what the player paid
    rake: Decimal  # what of it the house kept
    chips: int
    profile: str  # the fee profile's name ("" in files before profiles)
    bust_out: Td3BustOut | None = None
    seat: Td3Seat | None = None  # where a re-entry or rebuy sat down (3.4 files: any buy-in)

    @property
    def fee(self) -> Decimal:
        """The house's part of what he paid: never more than he paid (a free
        evening redone at fee 0 / rake 20 collected nothing, README "Switching from TD3")."""
        return min(max(self.rake, Decimal(0)), max(self.amount, Decimal(0)))

    @property
    def to_pool(self) -> Decimal:
        return max(self.amount, Decimal(0)) - self.fee


@dataclass(frozen=True)
class Td3Player:
    uuid: str
    name: str
    buyins: tuple[Td3Purchase, ...]  # the first buy-in, then re-entries/rebuys in order
    addons: tuple[Td3Purchase, ...]
    email: str = ""
    phone: str = ""
    # Corrections the director typed into TD3 (money to the player, league points, hits).
    cash_adjustment: Decimal = Decimal(0)
    points_adjustment: Decimal = Decimal(0)
    hits_adjustment: int = 0

    @property
    def out(self) -> Td3BustOut | None:
        """The bust-out that ended his tournament (None for the winner or one still in)."""
        return self.buyins[-1].bust_out if self.buyins else None


@dataclass(frozen=True)
class Td3Profile:
    name: str
    amount: Decimal  # the price a player pays
    rake: Decimal  # the house's part of it
    chips: int

    @property
    def to_pool(self) -> Decimal:
        return self.amount - self.rake


@dataclass(frozen=True)
class Td3BuyConfig:
    allowed: bool
    profiles: tuple[Td3Profile, ...]
    last_level: int  # the last playing level that sells it (0: no limit)
    max_per_player: int  # 0 or 9999: no limit


@dataclass(frozen=True)
class Td3Level:
    kind: str  # "level" or "break"
    minutes: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    number: int | None = None  # the playing level's number ("round"); None for a break


@dataclass(frozen=True)
class Td3Prize:
    place: int | None  # None: a special prize (TD3's type 2: high hand, a side pot), no place
    description: str
    percent: bool  # TD3 computed it as a percentage of the pool
    configured: Decimal  # the percentage or the fixed amount as set up
    amount: Decimal  # what TD3 paid for the place: its calculated amount (remainder included)
    awarded_to: tuple[str, ...]


@dataclass(frozen=True)
class Td3Table:
    name: str
    seats: int
    uuid: str


@dataclass(frozen=True)
class Td3Tournament:
    version: str
    uuid: str
    title: str
    league: str
    season: str
    start_time: int | None
    end_time: int | None
    players: tuple[Td3Player, ...]
    levels: tuple[Td3Level, ...]
    buyins: Td3BuyConfig
    rebuys: Td3BuyConfig
    addons: Td3BuyConfig
    prizes: tuple[Td3Prize, ...]
    tables: tuple[Td3Table, ...]
    guarantee: Decimal
    house_contribution: Decimal
    points_formula: str
    # TD3's log as (time, text), oldest first ("Start of break 2", "Bosse added-on ...");
    # files before 3.7 keep none.
    history: tuple[tuple[int, str], ...] = ()

    @property
    def field(self) -> tuple[Td3Player, ...]:
        """The players who bought in (TD3 also lists players registered but not paid)."""
        return tuple(player for player in self.players if player.buyins)

    @property
    def finished(self) -> bool:
        """Exactly one player who bought in is left."""
        field = self.field
        return len(field) > 1 and sum(1 for player in field if player.out is None) == 1

    def busts(self) -> list[tuple[Td3Player, int, Td3BustOut]]:
        """Every bust-out as (player, index of the buy-in, bust-out) in the order they happened.

        TD3 stores bust-outs to the second; two in the same second keep the
        order of the file.
        """
        found = [
            (player, index, purchase.bust_out)
            for player in self.players
            for index, purchase in enumerate(player.buyins)
            if purchase.bust_out is not None
        ]
        return sorted(found, key=lambda item: item[2].time)

    def places(self) -> dict[str, int]:
        """Each player's place in the field of players, as TD3 ranks them.

        The players still in come first (the winner when the tournament is
        over), then the others, the last out best.
        """
        field = self.field
        still_in = [player for player in field if player.out is None]
        out = [player for player in field if player.out is not None]
        out.sort(key=lambda player: player.out.time if player.out else 0, reverse=True)
        ranking = still_in + out
        return {player.uuid: place for place, player in enumerate(ranking, start=1)}

    def hits_of(self, uuid: str) -> int:
        """Bust-outs he had a hand in (a shared one counts for each hitman), as TD3 counts."""
        player = next((p for p in self.players if p.uuid == uuid), None)
        adjustment = player.hits_adjustment if player else 0
        return adjustment + sum(1 for _, _, bust in self.busts() if uuid in bust.hitmen)

    def prize_of(self, uuid: str) -> Decimal:
        """What the places paid him (special prizes are apart: ``special_prizes``)."""
        return sum(
            (prize.amount for prize in self.place_prizes if uuid in prize.awarded_to), Decimal(0)
        )

    @property
    def place_prizes(self) -> tuple[Td3Prize, ...]:
        return tuple(prize for prize in self.prizes if prize.place is not None)

    @property
    def special_prizes(self) -> tuple[Td3Prize, ...]:
        """Prizes without a place (high hand, side pots, last longer, a bounty pot)."""
        return tuple(prize for prize in self.prizes if prize.place is None)

    @property
    def pool(self) -> Decimal:
        """What the players paid into the prize pool (house's part taken out)."""
        paid = sum(
            (
                purchase.to_pool
                for player in self.players
                for purchase in (*player.buyins, *player.addons)
            ),
            Decimal(0),
        )
        return paid + self.house_contribution

    def in_break_at(self, time: int) -> bool:
        """Whether TD3's log shows a break running at ``time`` (False without a log)."""
        running = False
        for when, text in self.history:
            if when > time:
                break
            if text.startswith("Start of break"):
                running = True
            elif text.startswith(("End of break", "Start of round")):
                running = False
        return running

    def tables_played(self) -> tuple[Td3Table, ...]:
        """The tables of the evening: those the file lists, then any a seat names.

        TD3 drops a table from its list when the director deletes it after it
        broke, but the seats of its players still name it. Its size is then
        unknown: the highest seat seen there stands for it.
        """
        listed = {table.name for table in self.tables}
        seen: dict[str, int] = {}
        for seat in self._seats():
            seen[seat.table] = max(seen.get(seat.table, 0), seat.seat)
        extra = tuple(
            Td3Table(name=name, seats=max(most, 2), uuid="")
            for name, most in sorted(seen.items())
            if name not in listed
        )
        return self.tables + extra

    def _seats(self) -> Iterator[Td3Seat]:
        for player in self.players:
            for purchase in player.buyins:
                if purchase.seat is not None:
                    yield purchase.seat
                if purchase.bust_out is not None and purchase.bust_out.seat is not None:
                    yield purchase.bust_out.seat
        for _, text in self.history:
            seated = _SEATED.match(text)  # the draw: "Table 2, Seat 3: Name"
            if seated:
                yield Td3Seat(table=seated.group(1), seat=int(seated.group(2)), table_uuid="")

    def profile(self, name: str) -> Td3Profile | None:
        for config in (self.buyins, self.rebuys, self.addons):
            for profile in config.profiles:
                if profile.name == name:
                    return profile
        return None
