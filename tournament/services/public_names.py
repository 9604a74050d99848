"""How a player appears in public, as he or the desk chooses (README "Results out").

The choice and the pseudonym are the player's rows; the live screens of a
tournament he is still playing name him anew at once: each such tournament
records the parts that carry names, so the board, the lobby and the phones
redraw them.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from tournament import changes
from tournament.errors import FieldInvalid
from tournament.models import LIVE_STATUSES, Entry, Player
from tournament.rules import public_names
from tournament.services.players import player_scope
from tournament.writes import tournament_write, write

PSEUDONYM_NEEDED = _("Choose a pseudonym to appear under one.")
PSEUDONYM_TAKEN = _("This pseudonym is another player's name or pseudonym: choose another.")
CHOICE_UNKNOWN = _("Choose full, initials, pseudonym or hidden.")
PSEUDONYM_TOO_LONG = _("A pseudonym has at most %(max)d characters.")

# The screen parts that name players: a changed name redraws them.
NAMED_PARTS = (
    changes.TABLES,
    changes.MOVES,
    changes.CHIP_COUNTS,
    changes.BOUNTIES,
    changes.PAYOUTS,
    changes.RESULTS,
    changes.SHOT_CLOCK,
)


def _plain(text: str) -> str:
    return " ".join(text.split())


def _check(player_id: int, choice: str, pseudonym: str) -> None:
    """422 for a choice the rule does not know, a pseudonym choice without one, or a
    pseudonym that names another player (his name or his pseudonym)."""
    if choice not in public_names.CHOICES:
        raise FieldInvalid("public_name", CHOICE_UNKNOWN)
    if len(pseudonym) > public_names.PSEUDONYM_MAX_LENGTH:
        raise FieldInvalid(
            "pseudonym", PSEUDONYM_TOO_LONG % {"max": public_names.PSEUDONYM_MAX_LENGTH}
        )
    if choice == public_names.PSEUDONYM and not pseudonym:
        raise FieldInvalid("pseudonym", PSEUDONYM_NEEDED)
    if not pseudonym:
        return
    key = pseudonym.casefold()
    others = Player.objects.exclude(pk=player_id).annotate(
        name_key=Lower("name"), pseudonym_key=Lower("pseudonym")
    )
    if others.filter(Q(name_key=key) | Q(pseudonym_key=key)).exists():
        raise FieldInvalid("pseudonym", PSEUDONYM_TAKEN)


def _live_tables(player_id: int) -> dict[int, set[int]]:
    """The tournaments he still plays, each with the table he sits at."""
    live: dict[int, set[int]] = {}
    rows = Entry.objects.filter(player_id=player_id, status__in=LIVE_STATUSES).values_list(
        "tournament_id", "seat__table__number"
    )
    for tournament_id, table in rows:
        live.setdefault(tournament_id, set())
        if table is not None:
            live[tournament_id].add(table)
    return live


def player_public_name_set(
    *, player_id: int, choice: str, pseudonym: str | None = None, by: Any, via: str = "desk"
) -> Player:
    """Set how the player appears in public (``pseudonym`` None keeps his pseudonym);
    ``via``: "desk" (staff, the API) or "player_page" (he himself, by his link)."""
    with write(player_scope(player_id), by=by) as w:
        player: Player = w.row(player_scope(player_id))
        kept = player.pseudonym if pseudonym is None else _plain(pseudonym)
        _check(player_id, choice, kept)
        before = {"choice": player.public_name_choice, "pseudonym": bool(player.pseudonym)}
        player.public_name_choice, player.pseudonym = choice, kept
        player.save(update_fields=["public_name_choice", "pseudonym"])
        # The log keeps what he chose, never the name it shows.
        w.log(
            "public_name_chosen",
            {"before": before, "choice": choice, "pseudonym": bool(kept), "via": via},
        )
        w.keep_quiet("the tournaments he plays are told below, each in its own write")
    for tournament_id, tables in sorted(_live_tables(player_id).items()):
        with tournament_write(tournament_id, by=by) as tw:
            tw.record("public_name", parts=NAMED_PARTS, tables=sorted(tables))
    return player
