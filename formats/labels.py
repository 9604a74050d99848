"""How players are named in every output of this app (README "Results out: formats").

``public_labels`` is the one place: each player through his public-name choice
(``tournament.rules.public_names``), a hidden one as "Player 7" by his place in
that list. The public pages' own labelling (pub39) may take its place.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from tournament.models import Player, RoomSettings


def room_default() -> str:
    return RoomSettings.current().public_name_default


def public_labels(players: Sequence[Player], default: str | None = None) -> list[str]:
    """Each player's name in public, in the list's order; hidden: "Player <n>"."""
    default = room_default() if default is None else default
    labels = []
    for number, player in enumerate(players, start=1):
        shown = player.shown_name(default)
        labels.append(shown if shown is not None else _("Player %(number)s") % {"number": number})
    return labels
