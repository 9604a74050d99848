"""Hand-for-hand play near the bubble: every table plays one hand, reports it
done, and the next hand starts once all have (README "Places, re-entries and
moves": busts in one such hand share a group and rank by stacks)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tables.models import HandForHand, Table
from tables.services.rows import open_table, tournament_of_table
from tournament import changes
from tournament.errors import Conflict
from tournament.models import Tournament
from tournament.writes import tournament_write

HAND_FOR_HAND_OFF = _("Hand-for-hand is not on.")


def hand_for_hand_set(*, tournament_id: int, on: bool, by: Any) -> Tournament:
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        state, _created = HandForHand.objects.get_or_create(tournament=tournament)
        tournament.hand_for_hand = on
        tournament.save(update_fields=["hand_for_hand"])
        state.bust_group = None
        if on:
            state.hand += 1
        state.save(update_fields=["hand", "bust_group"])
        open_tables = tournament.tables.filter(status=Table.Status.OPEN)
        open_tables.update(hand_finished=False)
        w.log("hand_for_hand", {"on": on})
        w.record(
            "hand_for_hand",
            parts=(changes.SUMMARY, changes.TABLES),
            tables=open_tables.values_list("number", flat=True),
            public_facts={"on": on},
        )
    return tournament


def table_hand_finished(*, table_id: int, by: Any) -> dict[str, Any]:
    """A table reports its hand-for-hand hand done; when all are, the next hand starts."""
    with tournament_write(tournament_of_table(table_id), by=by) as w:
        tournament = w.tournament
        table = open_table(tournament, table_id)
        if not tournament.hand_for_hand:
            raise Conflict(HAND_FOR_HAND_OFF)
        table.hand_finished = True
        table.save(update_fields=["hand_finished"])
        open_tables = tournament.tables.filter(status=Table.Status.OPEN)
        still_playing = list(
            open_tables.filter(hand_finished=False).values_list("number", flat=True)
        )
        if not still_playing:
            state, _created = HandForHand.objects.get_or_create(tournament=tournament)
            state.hand += 1
            state.bust_group = None
            state.save(update_fields=["hand", "bust_group"])
            open_tables.update(hand_finished=False)
        w.log("hand_finished", {"table": table.number})
        payload = {"table": table.number, "still_playing": still_playing}
        w.record(
            "hand_for_hand",
            parts=(changes.TABLES,),
            tables=[table.number]
            if still_playing
            else open_tables.values_list("number", flat=True),
            public_facts=payload,
        )
    return payload
