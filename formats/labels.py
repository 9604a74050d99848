"""How players are named in every output of this app (README "Results out: formats").

The one place is ``tournament.public_labels`` (README "Results out"): each player
through his public-name choice, a hidden one as "Player 7" by his place in that
list. This module keeps the formats' own name for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament.models import Player
from tournament.public_labels import labelled, result_name
from tournament.public_labels import room_default as room_default


def public_labels(players: Sequence[Player], default: str | None = None) -> list[str]:
    """Each player's name in public, in the list's order; hidden: "Player <n>"."""
    default = room_default() if default is None else default
    return labelled(result_name(player, default) for player in players)
