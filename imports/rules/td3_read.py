"""Reading a TD3 save file (``.tdt``) into the typed tournament of ``td3_model``.

``td3_syntax`` turns the text into values; this module reads those values.
TD3 versions 3.0 to 3.7 wrote slightly different shapes (a list or a map of
players, ``GameFinancials`` or ``FinancialConfig``); each is read here.
Everything the file lacks or holds in the wrong shape is a ``Td3FormatError``
naming the field (``.T.Players[3].Buyins[0].Amount``), never a ``KeyError``
or ``TypeError`` from inside.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from imports.rules.td3_model import (
    Td3BustOut,
    Td3BuyConfig,
    Td3Level,
    Td3Player,
    Td3Prize,
    Td3Profile,
    Td3Purchase,
    Td3Seat,
    Td3Table,
    Td3Tournament,
)
from imports.rules.td3_reader import Td3FormatError, Td3Reader
from imports.rules.td3_syntax import New, decode_td3_bytes, parse_td3

DEFAULT_SEATS = 10  # a table TD3 wrote without its number of seats


def _seat(reader: Td3Reader | None) -> Td3Seat | None:
    """A seat, or None when TD3 wrote it without its table or seat number."""
    if reader is None or reader.opt("TableName") is None or reader.opt("SeatIndex") is None:
        return None
    return Td3Seat(
        table=str(reader.get("TableName").value),
        seat=reader.get("SeatIndex").integer() + 1,
        table_uuid=_optional_text(reader, "TableUUID"),
    )


def _bust(reader: Td3Reader | None, level: int) -> Td3BustOut | None:
    """A bust-out; without its level it happened in the level of the purchase."""
    if reader is None:
        return None
    hitmen = reader.opt("HitmanUUID")
    return Td3BustOut(
        time=reader.get("Time").integer(),
        level=reader.integer_or("Round", level),
        hitmen=hitmen.strings() if hitmen else (),
        seat=_seat(reader.opt("Seat")),
    )


def _purchase(reader: Td3Reader) -> Td3Purchase:
    level = reader.integer_or("Round", 1)
    return Td3Purchase(
        time=reader.get("Time").integer(),
        level=level,
        amount=reader.get("Amount").money(),
        rake=reader.money_or("Rake"),
        chips=reader.integer_or("Chips", 0),
        profile=reader.text_or("ProfileName"),
        bust_out=_bust(reader.opt("BustOut"), level),
        seat=_seat(reader.opt("Seat")),
    )


def _name(reader: Td3Reader) -> str:
    name = reader.get("Name")
    if isinstance(name.value, str):
        return name.value
    nickname = name.opt("Nickname")
    if nickname and nickname.text().strip():
        return nickname.text().strip()
    first = name.opt("Firstname")
    last = name.opt("Lastname")
    full = " ".join(part.text().strip() for part in (first, last) if part and part.text().strip())
    if not full:
        raise name.fail("a player without a name")
    return full


def _player(reader: Td3Reader) -> Td3Player:
    info = reader.opt("Info")
    buyins = reader.opt("Buyins")
    addons = reader.opt("AddOns")
    email = info.opt("Email1") if info else None
    phone = info.opt("Phone1") if info else None
    return Td3Player(
        uuid=reader.get("UUID").text(),
        name=_name(reader),
        buyins=tuple(_purchase(item) for item in buyins.items()) if buyins else (),
        addons=tuple(_purchase(item) for item in addons.items()) if addons else (),
        email=email.text("") if email else "",
        phone=phone.text("") if phone else "",
        cash_adjustment=_optional_money(reader, "CashAdjustment"),
        points_adjustment=_optional_money(reader, "PointsAdjustment"),
        hits_adjustment=int(_optional_money(reader, "HitsAdjustment")),
    )


def _optional_money(reader: Td3Reader, key: str) -> Decimal:
    found = reader.opt(key)
    return found.money() if found else Decimal(0)


def _players(reader: Td3Reader) -> tuple[Td3Player, ...]:
    if isinstance(reader.value, New) and reader.value.name == "GamePlayers":
        reader = reader.get("Players")
    players = tuple(_player(item) for item in reader.items())
    seen: set[str] = set()
    for index, player in enumerate(players):
        if player.uuid in seen:
            raise Td3FormatError("the same player twice", f"{reader.path}[{index}]")
        seen.add(player.uuid)
    return players


def _levels(reader: Td3Reader | None) -> tuple[Td3Level, ...]:
    if reader is None:
        return ()
    if isinstance(reader.value, New) and reader.value.name == "GameLevels":
        reader = reader.get("Levels")
    levels: list[Td3Level] = []
    number = 0
    for item in reader.items():
        minutes = item.get("Minutes").integer()
        if isinstance(item.value, New) and item.value.name == "GameBreak":
            levels.append(Td3Level(kind="break", minutes=minutes))
            continue
        number += 1
        ante = item.opt("Ante")
        levels.append(
            Td3Level(
                kind="level",
                minutes=minutes,
                small_blind=item.get("SmallBlind").integer(),
                big_blind=item.get("BigBlind").integer(),
                ante=ante.integer() if ante else 0,
                number=number,
            )
        )
    return tuple(levels)


def _profile(reader: Td3Reader, name: str | None = None) -> Td3Profile:
    return Td3Profile(
        name=name if name is not None else reader.text_or("Name"),
        amount=reader.money_or("Fee"),
        rake=reader.money_or("Rake"),
        chips=reader.integer_or("Chips", 0),
    )


def _buy_config(reader: Td3Reader | None, legacy_name: str) -> Td3BuyConfig:
    if reader is None:
        return Td3BuyConfig(allowed=False, profiles=(), last_level=0, max_per_player=0)
    if reader.has("Profiles"):
        profiles = tuple(_profile(item) for item in reader.get("Profiles").items())
    elif reader.has("Fee"):  # TD3 3.0: one price, no named profiles
        profiles = (_profile(reader, legacy_name),)
    else:
        profiles = ()
    return Td3BuyConfig(
        allowed=reader.flag_or("Allow", bool(profiles)),
        profiles=profiles,
        last_level=reader.integer_or("LastRound", 0),
        max_per_player=reader.integer_or("MaxPerPlayer", 0),
    )


def _financials(reader: Td3Reader | None) -> dict[str, Any]:
    if reader is None:
        empty = _buy_config(None, "")
        return {
            "buyins": empty,
            "rebuys": empty,
            "addons": empty,
            "guarantee": Decimal(0),
            "house_contribution": Decimal(0),
            "points_formula": "",
        }
    if reader.has("EntryFee"):  # TD3 3.0
        buyins = Td3BuyConfig(
            allowed=True,
            profiles=(
                Td3Profile(
                    name="",
                    amount=reader.get("EntryFee").money(),
                    rake=reader.money_or("PPRake"),
                    chips=reader.integer_or("StartingChips", 0),
                ),
            ),
            last_level=0,
            max_per_player=0,
        )
    else:
        buyins = _buy_config(reader.opt("Buyins"), "")
    formula = reader.opt("PointsForPlaying")
    return {
        "buyins": buyins,
        "rebuys": _buy_config(reader.opt("Rebuys"), "Rebuy"),
        "addons": _buy_config(reader.opt("AddOns"), "Add-on"),
        "guarantee": reader.money_or("GuaranteedPot"),
        "house_contribution": reader.money_or("HouseContribution"),
        "points_formula": formula.text_or("Text") if formula else "",
    }


PLACE_PRIZE = 0  # TD3's prize type for a place; 2 ("other") and the rest have none


def _prize(reader: Td3Reader) -> Td3Prize:
    # TD3's calculated amount already holds the remainder that "share remainder"
    # gave the place (its SharedRemainder says how much of it): never add it twice.
    configured = reader.money_or("Amount")
    amount = reader.money_or("CalculatedAmount", configured)
    awarded = reader.opt("AwardedToPlayers")
    recipient = reader.opt("Recipient")
    placed = reader.integer_or("Type", PLACE_PRIZE) == PLACE_PRIZE and recipient is not None
    return Td3Prize(
        place=recipient.integer() if placed and recipient is not None else None,
        description=reader.text_or("Description"),
        percent=reader.integer_or("AmountType", 1) == 0,
        configured=configured,
        amount=amount,
        awarded_to=awarded.strings() if awarded else (),
    )


def _prizes(reader: Td3Reader | None) -> tuple[Td3Prize, ...]:
    if reader is None:
        return ()
    if isinstance(reader.value, New) and reader.value.name == "GamePrizes":
        reader = reader.get("Prizes")
    return tuple(_prize(item) for item in reader.items())


def _tables(reader: Td3Reader | None) -> tuple[Td3Table, ...]:
    if reader is None:
        return ()
    if isinstance(reader.value, New) and reader.value.name == "GameTables":
        reader = reader.get("Tables")
    tables = []
    for item in reader.items():
        tables.append(
            Td3Table(
                name=str(item.get("Name").value),
                seats=item.integer_or("NumberOfSeats", DEFAULT_SEATS),
                uuid=item.text_or("UUID"),
            )
        )
    return tuple(tables)


def _history(reader: Td3Reader | None) -> tuple[tuple[int, str], ...]:
    if reader is None:
        return ()
    if isinstance(reader.value, New) and reader.value.name == "GameHistory":
        reader = reader.get("History")
    items = [(item.integer_or("Time", 0), item.text_or("Text")) for item in reader.items()]
    return tuple(sorted(items, key=lambda item: item[0]))


def _optional_text(reader: Td3Reader, key: str) -> str:
    found = reader.opt(key)
    return found.text("") if found else ""


def _optional_time(reader: Td3Reader, key: str) -> int | None:
    found = reader.opt(key)
    return found.integer() if found else None


def tournament_from_value(value: Any) -> Td3Tournament:
    """The tournament described by a parsed file (``{V: ..., T: new Tournament(...)}``)."""
    root = Td3Reader(value, "")
    if not isinstance(value, dict) or "T" not in value:
        raise Td3FormatError("not a TD3 file (no tournament)", "T")
    version = root.opt("V")
    tournament = root.get("T")
    if not (isinstance(tournament.value, New) and tournament.value.name == "Tournament"):
        raise tournament.fail("not a TD3 tournament")
    return Td3Tournament(
        version=str(version.value) if version else "",
        uuid=tournament.get("UUID").text(),
        title=_optional_text(tournament, "Title"),
        league=_optional_text(tournament, "LeagueName"),
        season=_optional_text(tournament, "SeasonName"),
        start_time=_optional_time(tournament, "StartTime"),
        end_time=_optional_time(tournament, "EndTime"),
        players=_players(tournament.get("Players")),
        levels=_levels(tournament.opt("Levels")),
        prizes=_prizes(tournament.opt("Prizes")),
        tables=_tables(tournament.opt("Tables")),
        history=_history(tournament.opt("History")),
        **_financials(tournament.opt("Financials")),
    )


def read_td3(data: bytes | str) -> Td3Tournament:
    """The tournament in a ``.tdt`` file's bytes or text.

    Raises a ``Td3Error``: ``Td3SyntaxError`` (with the position) when the text
    is not a value, ``Td3FormatError`` (with the field) when the value is not a
    TD3 tournament.
    """
    text = decode_td3_bytes(data) if isinstance(data, bytes) else data
    return tournament_from_value(parse_td3(text))
