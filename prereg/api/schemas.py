"""The API shapes of the schedule and the pre-registrations (README "Pre-registration
and the schedule"). No public answer carries a phone, an e-mail or notes."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from cashdesk.api.schemas import PaymentIn
from prereg.models import NAME_MAX, PreRegistration
from prereg.services.registrations import PHONE_MAX
from tournament.api.fields import EMAIL, NOT_BLANK, Body, contact_needs_consent
from tournament.api.schemas import EntryOut
from tournament.api.shapes import MoneyText, choices_of

PreRegistrationStatus: Any = choices_of(PreRegistration.Status)
# Two characters that are not spaces, with anything between (README "Pre-registration").
TWO_LETTERS = f"{NOT_BLANK}[\\s\\S]*{NOT_BLANK}"
PHONE = r"^[0-9 +()/-]*$"


class ScheduleRowOut(Schema):
    tournament: int = Field(description="The tournament's id.")
    name: str
    starts_at: datetime | None
    buy_in: MoneyText
    fee: MoneyText
    currency: str
    starting_stack: int
    level_minutes: int | None = Field(description="The first level's length; null: no structure.")
    late_registration_levels: int
    capacity: int
    registered: int = Field(description="Pre-registered or checked in.")
    waiting: int = Field(description="On the waiting list.")
    seats_left: int = Field(description="Places of the field still free.")
    pre_registration_open: bool


class PreRegisterIn(Body):
    model_config = ConfigDict(
        json_schema_extra={
            "allOf": [
                contact_needs_consent("email", {"const": True}),
                contact_needs_consent("phone", {"const": True}),
            ]
        }
    )

    # The schema says what the server keeps; the server says it in its own words.
    name: str = Field(
        min_length=1,
        max_length=200,
        json_schema_extra={"minLength": 2, "maxLength": NAME_MAX, "pattern": TWO_LETTERS},
        description=f"2 to {NAME_MAX} characters.",
    )
    phone: str | None = Field(
        None, max_length=200, json_schema_extra={"maxLength": PHONE_MAX, "pattern": PHONE}
    )
    email: str | None = Field(None, max_length=254, json_schema_extra={"pattern": EMAIL})
    consent: bool | None = Field(None, description="Contact data is kept only with consent.")


class PreRegisteredOut(Schema):
    status: Literal["registered", "waiting"]
    position: int | None = Field(description="On the waiting list: 1 is next; else null.")
    token: str = Field(description="The personal link's secret (/pre-registrations/{token}).")


class PreRegistrationOut(Schema):
    status: PreRegistrationStatus
    position: int | None
    tournament: int
    name: str
    code: str = Field(description="The code the desk checks the player in by.")
    moved_up: bool = Field(description="Moved up from the waiting list into the field.")
    starts_at: datetime | None


class DeskPreRegistrationOut(Schema):
    id: int
    name: str
    status: PreRegistrationStatus
    position: int | None
    code: str
    duplicate_of: int | None = Field(
        description="The earlier pre-registration of the same name or phone."
    )
    entry: int | None
    revoked: bool
    created_at: datetime


class CheckInIn(Body):
    payment: PaymentIn | None = None


class CheckedInOut(EntryOut):
    # Its shape as it always was (README "API"): every entry here has its numbers.
    model_config = ConfigDict(extra="ignore")

    number: int = Field(description="1 for the player's first entry, 2 for his first re-entry.")
    start_number: int | None = Field(
        description="The entry's number in its tournament, as the desk and seat card show it."
    )
    pre_registration: int


class PhoneLinkOut(Schema):
    entry: int
    token: str = Field(description="The personal link's secret: the page is /me/{token}.")
    url: str = Field(description="The player's page, from the room's address.")


class PhoneLinkRevokedOut(Schema):
    entry: int
    revoked: int = Field(description="How many links of the entry now answer nothing.")


class TodayTournamentOut(Schema):
    tournament: int
    name: str
    starts_at: datetime | None
    capacity: int
    registered: int
    waiting: int
    pre_registrations: list[DeskPreRegistrationOut]
