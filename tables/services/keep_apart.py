"""Players the floor keeps at different tables (friends, partners): the
planner never seats or moves them together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from tables.models import KeepApart
from tables.services.rows import entry_in
from tournament import changes
from tournament.errors import Conflict, Invalid
from tournament.writes import tournament_write

KEEP_APART_TWO = _("Name two different entries to keep apart.")
KEEP_APART_EXISTS = _("These players are already kept apart.")


def keep_apart_add(*, tournament_id: int, entries: Sequence[int], by: Any) -> KeepApart:
    if len(entries) != 2 or entries[0] == entries[1]:
        raise Invalid(KEEP_APART_TWO)
    with tournament_write(tournament_id, by=by) as w:
        first, second = sorted(entries)
        for entry_id in (first, second):
            entry_in(w.tournament.pk, entry_id)
        if KeepApart.objects.filter(first_id=first, second_id=second).exists():
            raise Conflict(KEEP_APART_EXISTS)
        pair = KeepApart.objects.create(tournament=w.tournament, first_id=first, second_id=second)
        w.log("keep_apart", {"entries": [first, second]})
        # A pair already at one table: the floor's alert says so at once.
        w.record("keep_apart", parts=(changes.FLOOR_ALERTS,), facts={"entries": [first, second]})
    return pair
