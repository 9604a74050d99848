"""The shapes of the player-data API (README "Player data"): the export, the
erasure, consent, the room's settings and the retention overview."""

from __future__ import annotations

import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from rulings.models import Category, PenaltyKindChoice
from tournament.api.fields import EMAIL, Body
from tournament.api.shapes import MoneyText, choices_of
from tournament.models import Entry, PrivacyLog
from tournament.models_room import RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN

Instant = datetime.datetime
EntryStatus = choices_of(Entry.Status)
RulingCategory = choices_of(Category)
PenaltyKind = choices_of(PenaltyKindChoice)
LogKind = choices_of(PrivacyLog.Kind)


class EraseIn(Body):
    reason: str = Field(
        min_length=1, max_length=500, description="Why he is erased (logged, without his data)."
    )


class ConsentIn(Body):
    contact: bool = Field(description="He agrees to be contacted; false withdraws it.")
    news: bool = Field(False, description="... and to league news (only with contact).")


class RoomIn(Body):
    name: str | None = Field(None, max_length=120, description="The room's name.")
    address: str | None = Field(
        None, description="The room's address (the privacy notice shows it).", max_length=300
    )
    contact_email: str | None = Field(
        None,
        description="The room's e-mail for data requests.",
        max_length=254,
        json_schema_extra={"pattern": EMAIL},
    )
    contact_phone: str | None = Field(None, description="The room's phone.", max_length=40)
    retention_months: int | None = Field(
        None,
        ge=RETENTION_MONTHS_MIN,
        le=RETENTION_MONTHS_MAX,
        description="Months contact data is kept after a player's last activity.",
    )
    public_schedule: bool | None = Field(
        None, description="The public schedule and pre-registration (README Pre-registration)."
    )
    cash_shifts: bool | None = Field(
        None,
        description="Cash needs the cashier's open shift; false: no shifts (README Cash desk).",
    )
    public_name_default: Literal["full", "initials"] | None = Field(
        None, description="How a player who has not chosen appears in public (README Results out)."
    )
    hold_results: bool | None = Field(
        None, description="Finished tournaments stay off the public pages until published."
    )
    public_forecast: bool | None = Field(
        None,
        description="The public screens and schedule show the forecast end "
        "(README Finish on time: where it shows).",
    )


# -- the export --------------------------------------------------------------


class ExportedPlayer(Schema):
    id: int = Field(description="The player's id.")
    name: str = Field(description="His name.")
    nickname: str = Field(description="His nickname (screens show it).")
    email: str = Field(description="E-mail address; empty if none.")
    phone: str = Field(description="Phone number; empty if none.")
    notes: str = Field(description="The staff's notes about him.")
    created_at: str = Field(description="ISO 8601 date and time.")
    erased_at: str | None = Field(description="ISO 8601; null unless erased.")


class ExportedConsent(Schema):
    contact: bool = Field(description="He agrees to be contacted.")
    news: bool = Field(description="He agrees to league news.")
    recorded_at: str | None = Field(description="ISO 8601; null if never recorded.")


class ExportedEntry(Schema):
    entry: int = Field(description="The entry's id.")
    tournament: str = Field(description="The tournament's name.")
    date: str = Field(description="The day he entered, YYYY-MM-DD.")
    number: int = Field(description="1 for his first entry, 2 for a re-entry ...")
    status: EntryStatus = Field(description="Where the entry stands.")
    place: int | None = Field(description="Finishing place; null while he plays.")
    rebuys: int = Field(description="Rebuys bought.")
    addons: int = Field(description="Add-ons bought.")
    bounties_won: MoneyText


class ExportedRuling(Schema):
    ruling: int = Field(description="The ruling's id.")
    tournament_id: int = Field(description="The tournament's id.")
    at: str = Field(description="ISO 8601 date and time.")
    category: RulingCategory = Field(description="The kind of situation.")
    situation: str = Field(description="What happened.")
    decision: str = Field(description="What the floor decided.")


class ExportedPenalty(Schema):
    ruling: int = Field(description="The ruling's id.")
    kind: PenaltyKind = Field(description="The penalty.")
    count: int | None = Field(description="Hands or rounds missed; null for the others.")
    hands: int = Field(description="Hands he sits out.")


class ExportedChipCount(Schema):
    entry: int = Field(description="The entry's id.")
    chips: int = Field(description="Chips counted.")
    level: int | None = Field(description="The level played when counted.")
    at: str = Field(description="ISO 8601 date and time.")


class ExportedBag(Schema):
    entry: int = Field(description="The entry's id.")
    bag: int = Field(description="The bag's number.")
    chips: int = Field(description="Chips bagged.")


class ExportedLog(Schema):
    kind: LogKind = Field(description="What was done with his data.")
    at: str = Field(description="ISO 8601 date and time.")
    note: str = Field(description="Why (an erasure's reason), without his data.")


class PlayerExportOut(Schema):
    """Everything stored about one player."""

    player: ExportedPlayer = Field(description="The player's own data.")
    consent: ExportedConsent = Field(description="What he agreed to.")
    entries: list[ExportedEntry] = Field(description="His entries, oldest first.")
    rulings: list[ExportedRuling] = Field(description="Rulings that name him.")
    penalties: list[ExportedPenalty] = Field(description="Penalties he was given.")
    chip_counts: list[ExportedChipCount] = Field(description="His counted stacks.")
    bags: list[ExportedBag] = Field(description="His bagged stacks.")
    privacy_log: list[ExportedLog] = Field(description="Who saw, changed or erased his data.")


class ErasedOut(Schema):
    player: int = Field(description="The player's id.")
    pseudonym: str = Field(description='The name he has now, e.g. "Player 17".')
    rulings_to_review: list[int] = Field(
        description="Rulings whose text named him (rewritten with the pseudonym)."
    )


class ConsentOut(Schema):
    player: int = Field(description="The player's id.")
    contact: bool = Field(description="He agrees to be contacted.")
    news: bool = Field(description="He agrees to league news.")


# -- the room and the retention ----------------------------------------------


class RoomOut(Schema):
    name: str = Field(description="The room's name.")
    address: str = Field(description="The room's address.")
    contact_email: str = Field(description="The room's e-mail for data requests.")
    contact_phone: str = Field(description="The room's phone.")
    retention_months: int = Field(description="Months contact data is kept.")
    public_schedule: bool = Field(True, description="The public schedule and pre-registration.")
    cash_shifts: bool = Field(True, description="Cash needs the cashier's open shift.")
    public_name_default: Literal["full", "initials"] = Field(
        "initials", description="How a player who has not chosen appears in public."
    )
    hold_results: bool = Field(
        False, description="Finished tournaments stay off the public pages until published."
    )
    public_forecast: bool = Field(
        False, description="The public screens and schedule show the forecast end."
    )
    retention_last_run: Instant | None = Field(description="When the retention last ran.")
    retention_last_removed: int = Field(description="Players whose data that run removed.")


class HeldContactOut(Schema):
    player: int = Field(description="The player's id.")
    name: str = Field(description="His name.")
    email: bool = Field(description="An e-mail address is on file.")
    phone: bool = Field(description="A phone number is on file.")
    consent: bool = Field(description="His consent to contact is on file.")
    last_activity: datetime.date = Field(description="The day he last played or was registered.")
    removal_day: datetime.date = Field(description="The day the retention removes it.")


class RetentionOut(Schema):
    retention_months: int = Field(description="Months contact data is kept.")
    today: datetime.date = Field(description="The day this was computed.")
    held: int = Field(description="Players whose contact data is on file.")
    due: list[HeldContactOut] = Field(description="Removed by the next daily run.")
    soon: list[HeldContactOut] = Field(description="Removed within 30 days.")
    without_consent: list[HeldContactOut] = Field(
        description="Kept without recorded consent (stored before it was asked for)."
    )
    last_run: Instant | None = Field(description="When the retention last ran; null: never.")
    last_removed: int = Field(description="Players whose data that run removed.")


class RetentionRunOut(Schema):
    removed: int = Field(description="Players whose contact data was removed now.")
