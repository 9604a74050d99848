"""The desk's writes that the floor follows (README "How a floor action flows").

Registering an entry seats him once the seats are drawn; a change of the table
sizes, the field limit or the registration window plans the floor again. The
core registers and changes the settings; these wrappers hand it the seating
engine's step, run inside the same write. The pages and the API call these.
"""

from __future__ import annotations

from typing import Any

from tables.services.seating import replan_if_drawn, seat_new_entry_if_drawn
from tournament.models import Entry, Tournament
from tournament.services import entries, tournaments


def entry_register(**fields: Any) -> Entry:
    """:func:`tournament.services.entries.entry_register`, seated once seats are drawn."""
    return entries.entry_register(**fields, seat=seat_new_entry_if_drawn)


def tournament_update(*, tournament_id: int, changes: dict[str, Any], by: Any) -> Tournament:
    """:func:`tournament.services.tournaments.tournament_update`, the floor planned again
    when a setting of the floor changed."""
    return tournaments.tournament_update(
        tournament_id=tournament_id, changes=changes, by=by, replan=replan_if_drawn
    )
