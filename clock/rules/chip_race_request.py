"""The chip race's request read from the API body: each field checked, each
fault a :class:`ChipRaceError` with a code (the race itself: clock/rules/chip_race.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from clock.rules.chip_race import METHODS, ChipRaceError, ChipRaceRequest, RacePlayer

__all__ = [
    "request_from_json_data",
]


def request_from_json_data(data: Any) -> ChipRaceRequest:
    """Parse the API body; raises :class:`ChipRaceError` with codes ``not_an_object``,
    ``missing_field``, ``not_an_integer``, ``bad_method``, ``not_a_list``,
    ``bad_seat``. Card keys may be strings (JSON object keys)."""
    if not isinstance(data, Mapping):
        raise ChipRaceError("not_an_object")
    method = data.get("method")
    if method not in METHODS:
        raise ChipRaceError("bad_method")
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise ChipRaceError("not_a_list", field="players")
    players: list[RacePlayer] = []
    for raw in raw_players:
        if not isinstance(raw, Mapping):
            raise ChipRaceError("not_an_object", field="players")
        players.append(
            RacePlayer(
                seat=_int_field(raw, "seat"),
                chips=_int_field(raw, "chips"),
                other_value=_int_field(raw, "other_value"),
            )
        )
    cards: dict[int, Sequence[str]] | None = None
    raw_cards = data.get("cards")
    if raw_cards is not None:
        if not isinstance(raw_cards, Mapping):
            raise ChipRaceError("not_an_object", field="cards")
        cards = {}
        for key, hand in raw_cards.items():
            seat = _seat_key(key)
            if not isinstance(hand, list):
                raise ChipRaceError("not_a_list", field="cards", seat=seat)
            cards[seat] = hand
    return ChipRaceRequest(
        method=method,
        removed=_int_field(data, "removed"),
        smallest_remaining=_int_field(data, "smallest_remaining"),
        button_seat=_int_field(data, "button_seat"),
        players=tuple(players),
        cards=cards,
    )


def _int_field(raw: Mapping[str, Any], field: str) -> int:
    if field not in raw:
        raise ChipRaceError("missing_field", field=field)
    value: object = raw[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ChipRaceError("not_an_integer", field=field)
    return value


def _seat_key(key: Any) -> int:
    if isinstance(key, bool):
        raise ChipRaceError("bad_seat", seat=str(key))
    if isinstance(key, int):
        return key
    if isinstance(key, str) and key.isdigit() and key.isascii():
        return int(key)
    raise ChipRaceError("bad_seat", seat=str(key))
