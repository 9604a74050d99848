"""The one place every public output names a player (README "Results out").

The rule (``tournament.rules.public_names``) says what a player's choice shows;
this module applies it to the lists the pages, the feed, the board, the lobby
and the phones show, and labels each hidden player by his position in that
list ("Player 7", "Spieler 7"): no hidden player's name leaves here.

Two readers, one rule:

- :func:`screen_name` for the live screens (board, lobby, TV, phone pages):
  a player who has not chosen keeps the tournament's display style (nickname
  or first name and initial), his own choice wins;
- :func:`result_name` for the results pages and the feed: a player who has
  not chosen shows as the room's default says.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping, Sequence
from typing import Any, TypeVar

from django.utils.translation import gettext

from tournament.models import Player, RoomSettings
from tournament.rules import public_names

Row = TypeVar("Row", bound=MutableMapping[str, Any])

# The player columns a values() read needs for a public name, after its own prefix.
PLAYER_FIELDS = ("name", "nickname", "public_name_choice", "pseudonym", "erased_at")


def player_fields(prefix: str) -> tuple[str, ...]:
    """The columns to read through a relation: ``player_fields("entry__player__")``."""
    return tuple(prefix + field for field in PLAYER_FIELDS)


def player_of(row: Sequence[Any]) -> Player:
    """An unsaved player from the five values of :data:`PLAYER_FIELDS`, in order."""
    name, nickname, choice, pseudonym, erased_at = row
    return Player(
        name=name,
        nickname=nickname,
        public_name_choice=choice,
        pseudonym=pseudonym,
        erased_at=erased_at,
    )


def screen_name(player: Player, style: str) -> str | None:
    """His name on the live screens; None when hidden. Without a choice of his
    own the tournament's display style applies, as before the choice existed."""
    if player.erased_at is None and not player.public_name_choice:
        return player.public_name(style)
    return player.shown_name()


def result_name(player: Player, room_default: str) -> str | None:
    """His name on the results pages and in the feed; None when hidden."""
    return player.shown_name(room_default)


def room_default() -> str:
    """How the room shows a player who has not chosen."""
    return RoomSettings.current().public_name_default


def is_hidden(player: Player) -> bool:
    return public_names.effective_choice(player.appearance()) == public_names.HIDDEN


def has_chosen(player: Player) -> bool:
    """He chose how he appears (or was erased): only the shown name may find him."""
    return bool(player.public_name_choice) or player.erased_at is not None


def hidden_label(position: int) -> str:
    """A hidden player's label: his position in the list shown ("Player 7")."""
    return gettext("Player %(number)s") % {"number": position}


def labelled(names: Iterable[str | None]) -> list[str]:
    """The names of one list, each hidden one labelled by its position (from 1)."""
    return [
        name if name is not None else hidden_label(position)
        for position, name in enumerate(names, 1)
    ]


def label_rows(rows: list[Row], key: str = "name") -> list[Row]:
    """Fill the hidden players' names (None) of a list of rows in place by position."""
    for position, row in enumerate(rows, 1):
        if row.get(key) is None:
            row[key] = hidden_label(position)
    return rows
