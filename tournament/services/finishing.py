"""Finishing an unfinished imported tournament (README "Switching from TD3").

A TD3 file saved before its end imports as a running tournament with its
players still in; it counts for nothing in the season until a director
places those players (best first) and so finishes it, as TD3 counts only
completed tournaments. The winner's entry stays in, as in every finished
tournament; the others go out in the order given, each with its place and a
``bust`` line without a hitman (nobody was seen eliminating them).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament import changes
from tournament.errors import Conflict
from tournament.models import LIVE_STATUSES, Entry, PayoutSettings, Tournament
from tournament.writes import tournament_write

NOT_UNFINISHED = _(
    "Only an imported tournament that was saved before its end can be finished here."
)
ORDER_WRONG = _("Name each player still in exactly once, best first.")


def _unfinished(tournament: Tournament) -> bool:
    waiting = PayoutSettings.objects.filter(tournament=tournament, league_when_finished=True)
    return tournament.status == Tournament.Status.RUNNING and waiting.exists()


def tournament_finish(*, tournament_id: int, order: list[int], by: Any) -> Tournament:
    """Place the players still in as ``order`` says (entry ids, best first) and
    finish the tournament; 409 when it is not unfinished or the order does not
    name exactly the entries still in."""
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        if not _unfinished(tournament):
            raise Conflict(NOT_UNFINISHED)
        live = list(Entry.objects.filter(tournament=tournament, status__in=LIVE_STATUSES))
        by_id = {entry.pk: entry for entry in live}
        if len(order) != len(set(order)) or set(order) != set(by_id):
            raise Conflict(ORDER_WRONG)
        now = timezone.now()
        for place, entry_id in reversed(list(enumerate(order, start=1))):
            entry = by_id[entry_id]
            if place == 1:
                w.log("winner", {"entry": entry.pk})
                continue
            entry.status, entry.place, entry.busted_at = Entry.Status.BUSTED, place, now
            entry.save(update_fields=["status", "place", "busted_at"])
            out = {"entry": entry.pk, "eliminated_by": [], "place": place, "level": None}
            w.log("bust", {**out, "table": None, "seat": None, "finished_by_director": True})
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
        w.log("tournament_finished", {"order": order})
        w.record("tournament_finished", parts=(changes.SUMMARY, changes.PAYOUTS, changes.RESULTS))
    return tournament
