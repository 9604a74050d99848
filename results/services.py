"""Publishing a finished tournament's results (README "Results out"): a room that
holds results shows a tournament on the public pages and in the feed only once a
director publishes it. Publishing twice changes nothing the second time."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament import changes
from tournament.errors import Conflict
from tournament.models import Tournament
from tournament.writes import tournament_write

NOT_FINISHED = _("Only a finished tournament's results can be published.")


def results_publish(*, tournament_id: int, by: Any) -> Tournament:
    """Publish the results of a finished tournament (409 while it runs)."""
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        if tournament.status != Tournament.Status.FINISHED:
            raise Conflict(NOT_FINISHED)
        if tournament.results_published_at is None:
            tournament.results_published_at = timezone.now()
            tournament.save(update_fields=["results_published_at"])
            w.log("results_published", {})
            w.record("results_published", parts=(changes.RESULTS,))
        else:
            w.keep_quiet("published before: nothing changes")
    return tournament
