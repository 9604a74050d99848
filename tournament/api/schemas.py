from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal

from ninja import Schema
from pydantic import Field, model_validator

from tournament.api.fields import DB_INT_MAX, Amount, Body

Rulebook = Literal["tda2019", "tda2024", "bdpv", "ifp", "house"]
TieRule = Literal["share", "button"]
Currency = Literal["EUR", "CHF", "USD", "GBP"]
Places = Literal["by_player", "by_entry"]


class BountyIn(Body):
    """A tournament's bounty (README "Bounties"); money as decimal strings."""

    kind: Literal["none", "knockout", "progressive", "mystery"] = "none"
    amount: Amount = Field(Decimal("0"), ge=0, le=1000000, max_digits=10, decimal_places=2)
    progressive_share: int = Field(50, ge=0, le=100)
    mystery_prizes: list[Amount] = Field(default_factory=list, max_length=10000)
    mystery_start_level: int | None = Field(None, ge=1, le=1000)
    mystery_start_in_money: bool = False


class BuyInIn(Body):
    """A buy-in option (README "Buy-in options"): price to the pool, fee to the house."""

    name: str = Field(min_length=1, max_length=40)
    price: Amount = Field(..., ge=0, max_digits=10, decimal_places=2)
    fee: Amount = Field(Decimal("0"), ge=0, max_digits=10, decimal_places=2)
    chips: int = Field(..., ge=1, le=DB_INT_MAX)


class TournamentIn(Body):
    name: str = Field(min_length=1, max_length=120)
    table_size: int = Field(9, ge=2, le=10)
    starting_stack: int = Field(20000, ge=1, le=DB_INT_MAX)
    buy_in: Amount = Field(Decimal("0"), ge=0, max_digits=10, decimal_places=2)
    fee: Amount = Field(Decimal("0"), ge=0, max_digits=10, decimal_places=2)
    final_table_size: int | None = Field(None, ge=2, le=10)
    rulebook: Rulebook = "tda2019"
    tie_rule: TieRule | None = None
    late_registration_levels: int = Field(0, ge=0, le=100)
    max_entries: int = Field(1, ge=1, le=100)
    max_players: int | None = Field(None, ge=2, le=100000)
    options: dict[str, Any] = Field(default_factory=dict)
    currency: Currency = "EUR"
    bounty: BountyIn | None = None
    day_stop_players: int | None = Field(None, ge=1, le=100000)
    buy_ins: list[BuyInIn] = Field(default_factory=list, max_length=20)
    # README "Places, re-entries and moves": one place per player, or per entry.
    places: Places = "by_player"
    # README "Registration window": open through the break after the last late level.
    late_registration_through_break: bool = False
    break_during_registration: bool = True


class FlightIn(Body):
    name: str = Field(min_length=1, max_length=60)


class EventIn(TournamentIn):
    """An event: its Day 1 flights share the tournament fields (README "Events")."""

    flights: list[FlightIn] = Field(min_length=1, max_length=50)
    stack_rule: Literal["first", "best", "cumulative"] = "best"


class TournamentPatch(Body):
    name: str | None = Field(None, min_length=1, max_length=120)
    table_size: int | None = Field(None, ge=2, le=10)
    starting_stack: int | None = Field(None, ge=1, le=DB_INT_MAX)
    buy_in: Amount | None = Field(None, ge=0, max_digits=10, decimal_places=2)
    fee: Amount | None = Field(None, ge=0, max_digits=10, decimal_places=2)
    final_table_size: int | None = Field(None, ge=2, le=10)
    rulebook: Rulebook | None = None
    tie_rule: TieRule | None = None
    late_registration_levels: int | None = Field(None, ge=0, le=100)
    max_entries: int | None = Field(None, ge=1, le=100)
    max_players: int | None = Field(None, ge=2, le=100000)
    options: dict[str, Any] | None = None
    registration_closed: bool | None = None
    currency: Currency | None = None
    bounty: BountyIn | None = None
    day_stop_players: int | None = Field(None, ge=1, le=100000)
    buy_ins: list[BuyInIn] | None = Field(None, max_length=20)
    places: Places | None = None
    late_registration_through_break: bool | None = None
    break_during_registration: bool | None = None


class TournamentOut(Schema):
    id: int
    name: str
    status: str
    entries: int
    remaining: int
    table_size: int
    starting_stack: int
    buy_in: Decimal
    fee: Decimal
    currency: str
    final_table_size: int
    rulebook: str
    tie_rule: str
    late_registration_levels: int
    max_entries: int
    max_players: int | None
    registration_closed: bool
    hand_for_hand: bool
    options: dict[str, Any]
    average_stack: int
    chips_in_play: int = 0
    version: int
    bounty: dict[str, Any] | None = None
    day_stop_players: int | None = None
    buy_ins: list[dict[str, Any]] = []
    places: Places = "by_player"
    late_registration_through_break: bool = False
    break_during_registration: bool = True


class ConsentIn(Body):
    # The player agrees to be contacted (results by e-mail or phone).
    contact: bool = False
    # ... and to league news by the same e-mail or phone (only with contact).
    news: bool = False


class EntryIn(Body):
    name: str | None = Field(None, min_length=1, max_length=120)
    email: str | None = Field(None, max_length=254)
    phone: str | None = Field(None, max_length=40)
    nickname: str | None = Field(None, max_length=40)
    player: int | None = Field(None, ge=1)
    # E-mail and phone are kept only with it (README "Player data").
    consent: ConsentIn | None = None
    # The buy-in option taken (README "Buy-in options"); default: the first.
    buy_in: str | None = Field(None, min_length=1, max_length=40)

    @model_validator(mode="after")
    def name_or_player(self) -> EntryIn:
        if (self.player is None) == (self.name is None):
            raise ValueError("give either a name or an existing player id")
        return self


class EntryOut(Schema):
    id: int
    player: int
    name: str
    number: int
    # The entry's number in its tournament (1, 2, 3 ...), as the desk and seat card show it.
    start_number: int | None
    status: str
    table: int | None
    seat: int | None
    wait_for_button: bool
    place: int | None
    buy_in: str | None = None


class PlayerOut(Schema):
    id: int
    name: str
    nickname: str
    # Directors only (README "Player data"); null for floor and desk.
    email: str | None = None
    phone: str | None = None
    entries: int
