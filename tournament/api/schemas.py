"""Request and response bodies of the tournaments, entries and events
operations (README "API"). Money goes out as decimal strings; ``table`` in an
entry is the table's number, as the floor says it, not its id."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

from ninja import Schema
from pydantic import BeforeValidator, ConfigDict, Field, Strict, model_validator
from pydantic_core import PydanticCustomError

from cashdesk.api.schemas import PaymentIn
from tables.api.schemas import EntryOut as EntryOut  # one entry's shape (README "API")
from tournament.api.choices import (
    BountyKind,
    Currency,
    Money,
    Places,
    Rulebook,
    StackRule,
    TieRule,
    TournamentStatus,
)
from tournament.api.fields import DB_INT_MAX, NOT_BLANK, Amount, Body, contact_needs_consent
from tournament.api.options import RuleOptionsIn, RuleOptionsOut

# One mystery bounty: 0.01 to 1,000,000, in cents.
MysteryPrize = Annotated[
    Amount, Field(ge=Decimal("0.01"), le=1000000, max_digits=9, decimal_places=2)
]


class BountyIn(Body):
    """A tournament's bounty (README "Bounties"); money as decimal strings."""

    kind: BountyKind = "none"
    amount: Amount = Field(Decimal("0"), ge=0, le=1000000, max_digits=10, decimal_places=2)
    progressive_share: int = Field(50, ge=0, le=100)
    mystery_prizes: list[MysteryPrize] = Field(default_factory=list, max_length=10000)
    mystery_start_level: int | None = Field(None, ge=1, le=1000)
    mystery_start_in_money: bool = False


class BuyInIn(Body):
    """A buy-in option (README "Buy-in options"): price to the pool, fee to the house."""

    name: str = Field(min_length=1, max_length=40)
    price: Amount = Field(..., ge=0, max_digits=10, decimal_places=2)
    fee: Amount = Field(Decimal("0"), ge=0, max_digits=10, decimal_places=2)
    chips: int = Field(..., ge=1, le=DB_INT_MAX)


class PreRegistrationSettingsIn(Body):
    """Pre-registration from the players' phones (README "Pre-registration and the
    schedule"); a field left out stays as it is."""

    open: bool | None = None
    capacity: int | None = Field(
        None, ge=0, le=DB_INT_MAX, description="Players; null: the seats of its tables."
    )
    check_in_deadline_minutes: int | None = Field(
        None, ge=0, le=1440, description="Not checked in this long before the start: released."
    )


class PreRegistrationSettingsOut(Schema):
    open: bool
    capacity: int = Field(
        description="Players in the field (unless set: max_players, else the seats of its tables)."
    )
    capacity_set: bool = Field(
        description="False: the capacity follows max_players, else the tables' seats."
    )
    check_in_deadline_minutes: int


def _iso_text(value: object) -> object:
    # Only text: a number would be taken for seconds since 1970.
    if not isinstance(value, str):
        raise PydanticCustomError("string_type", "Input should be a valid string")
    return value


# Date and time as ISO 8601 text ("2026-11-27T19:00:00+01:00").
StartsAt = Annotated[datetime, Strict(False), BeforeValidator(_iso_text)]


class TournamentIn(Body):
    """A new tournament. Explicit ``tie_rule`` and ``options`` override the rulebook's."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "name": "Friday Deepstack",
                    "table_size": 9,
                    "starting_stack": 20000,
                    "buy_in": "50.00",
                    "fee": "5.00",
                    "rulebook": "tda2024",
                    "options": {"chip_race": "race"},
                }
            ]
        }
    )

    name: str = Field(min_length=1, max_length=120)
    table_size: int = Field(9, ge=2, le=10, description="Seats per table.")
    starting_stack: int = Field(20000, ge=1, le=DB_INT_MAX, description="Chips per entry.")
    buy_in: Amount = Field(
        Decimal("0"), ge=0, max_digits=10, decimal_places=2, description="To the prize pool."
    )
    fee: Amount = Field(
        Decimal("0"), ge=0, max_digits=10, decimal_places=2, description="To the house."
    )
    final_table_size: int | None = Field(None, ge=2, le=10, description="Null: the table size.")
    rulebook: Rulebook = Field("tda2019", description="The profile that presets the options.")
    tie_rule: TieRule | None = Field(None, description="Null: the rulebook's.")
    late_registration_levels: int = Field(0, ge=0, le=100)
    max_entries: int = Field(1, ge=1, le=100, description="Entries per player (re-entries + 1).")
    max_players: int | None = Field(None, ge=2, le=100000)
    options: RuleOptionsIn | None = None
    currency: Currency = "EUR"
    bounty: BountyIn | None = None
    day_stop_players: int | None = Field(None, ge=1, le=100000)
    buy_ins: list[BuyInIn] = Field(default_factory=list, max_length=20)
    # README "Places, re-entries and moves": one place per player, or per entry.
    places: Places = "by_player"
    # README "Registration window": open through the break after the last late level.
    late_registration_through_break: bool = False
    break_during_registration: bool = True
    # README "Pre-registration and the schedule".
    starts_at: StartsAt | None = Field(None, description="Date and time of the start.")
    hard_stop: StartsAt | None = Field(
        None, description='Play must be over by then (README "Finish on time: hard stop").'
    )
    listed: bool = Field(False, description="On the room's public schedule.")
    pre_registration: PreRegistrationSettingsIn | None = None


class FlightIn(Body):
    name: str = Field(min_length=1, max_length=60, json_schema_extra={"pattern": NOT_BLANK})


class EventIn(TournamentIn):
    """An event: its Day 1 flights share the tournament fields (README "Events")."""

    flights: list[FlightIn] = Field(min_length=1, max_length=50)
    stack_rule: StackRule = Field("best", description="What a player who bagged twice takes on.")


class FlightOut(Schema):
    id: int = Field(description="The flight's tournament id.")
    name: str


class EventHeadOut(Schema):
    """What every answer about an event starts with."""

    id: int
    name: str
    stack_rule: StackRule


class EventOut(EventHeadOut):
    flights: list[FlightOut]


class EventDayOut(Schema):
    tournament: int = Field(description="The day's tournament id.")
    name: str
    day: int
    status: TournamentStatus
    day_closed: bool


class EventDaysOut(EventHeadOut):
    days: list[EventDayOut]


class EventResultOut(Schema):
    place: int | None = Field(description="Null: the bag was forfeited, or no place yet.")
    entry: int
    name: str
    flight: str = Field(description="The Day 1 flight's name.")
    prize: Money
    bounties: Money
    bag_forfeited: bool


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
    options: RuleOptionsIn | None = Field(None, description="Replaces every override.")
    registration_closed: bool | None = None
    currency: Currency | None = None
    bounty: BountyIn | None = None
    day_stop_players: int | None = Field(None, ge=1, le=100000)
    buy_ins: list[BuyInIn] | None = Field(None, max_length=20)
    places: Places | None = None
    late_registration_through_break: bool | None = None
    break_during_registration: bool | None = None
    starts_at: StartsAt | None = None
    hard_stop: StartsAt | None = Field(
        None,
        description='Play must be over by then (README "Finish on time: hard stop"); '
        "null clears it.",
    )
    listed: bool | None = None
    pre_registration: PreRegistrationSettingsIn | None = None


class BountyOut(Schema):
    kind: BountyKind
    amount: Money = Field(description="The bounty on each entry's head.")
    progressive_share: int = Field(description="Per cent of a progressive bounty paid at once.")
    mystery_prizes: list[Money]
    mystery_start_level: int | None
    mystery_start_in_money: bool


class BuyInOut(Schema):
    name: str
    price: Money = Field(description="To the prize pool.")
    fee: Money = Field(description="To the house.")
    chips: int


class TournamentOut(Schema):
    id: int = Field(description="The tournament's id, as the paths take it.")
    name: str
    status: TournamentStatus
    entries: int = Field(description="Entries taken, re-entries included.")
    remaining: int = Field(
        description="Players in play: seated, or registered and not yet seated; "
        "alternates waiting for a seat are not counted (see waiting)."
    )
    waiting: int = Field(0, description="Alternates waiting for a seat.")
    table_size: int
    starting_stack: int
    buy_in: Money
    fee: Money
    currency: Currency
    final_table_size: int
    rulebook: Rulebook
    tie_rule: TieRule
    late_registration_levels: int
    max_entries: int
    max_players: int | None
    registration_closed: bool
    hand_for_hand: bool
    options: RuleOptionsOut
    average_stack: int
    chips_in_play: int = 0
    version: int = Field(description="Grows with every change to the tournament.")
    bounty: BountyOut | None = None
    day_stop_players: int | None = None
    buy_ins: list[BuyInOut] = []
    places: Places = "by_player"
    late_registration_through_break: bool = False
    break_during_registration: bool = True
    starts_at: datetime | None = None
    hard_stop: datetime | None = Field(None, description="Play must be over by then.")
    listed: bool = False
    pre_registration: PreRegistrationSettingsOut | None = None


class EntryConsentIn(Body):
    # The player agrees to be contacted (results by e-mail or phone).
    contact: bool = False
    # ... and to league news by the same e-mail or phone (only with contact).
    news: bool = False


# A new player by name, or a known one by id: one of the two (README "API").
NAME_OR_PLAYER = {
    "if": {"properties": {"player": {"type": "integer"}}, "required": ["player"]},
    "then": {"properties": {"name": {"type": "null"}}},
    "else": {"properties": {"name": {"type": "string"}}, "required": ["name"]},
}
CONSENT_TO_CONTACT = {"properties": {"contact": {"const": True}}, "required": ["contact"]}


class EntryIn(Body):
    """A registration: a new player by ``name``, or an existing ``player`` id."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"name": "Anna Berg"}, {"player": 12}],
            "allOf": [
                NAME_OR_PLAYER,
                contact_needs_consent("email", CONSENT_TO_CONTACT),
                contact_needs_consent("phone", CONSENT_TO_CONTACT),
            ],
        }
    )

    name: str | None = Field(
        None, min_length=1, max_length=120, json_schema_extra={"pattern": NOT_BLANK}
    )
    email: str | None = Field(None, max_length=254)
    phone: str | None = Field(None, max_length=40)
    nickname: str | None = Field(None, max_length=40)
    player: int | None = Field(None, ge=1)
    # E-mail and phone are kept only with it (README "Player data").
    consent: EntryConsentIn | None = None
    # The buy-in option taken (README "Buy-in options"); default: the first.
    buy_in: str | None = Field(None, min_length=1, max_length=40)
    # How the desk is paid (README "Cash desk"); default: cash.
    payment: PaymentIn | None = None

    @model_validator(mode="after")
    def name_or_player(self) -> EntryIn:
        if (self.player is None) == (self.name is None):
            raise PydanticCustomError(
                "name_or_player", "give either a name or an existing player id"
            )
        return self


class PlayerOut(Schema):
    id: int
    name: str
    nickname: str
    # Directors only (README "Player data"); null for floor and desk.
    email: str | None = None
    phone: str | None = None
    entries: int
