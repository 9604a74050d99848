"""Publishing a finished tournament's results over the API (README "Results out"):
directors, for a room that holds results until then."""

from __future__ import annotations

import datetime

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Schema
from pydantic import Field

from results.services import results_publish
from tournament.api.auth import require_role
from tournament.roles import DIRECTOR

router = Router(tags=["results"])

ONLY_DIRECTOR = _("Only a tournament director may publish results.")


class PublishedOut(Schema):
    tournament: int = Field(description="The tournament's id.")
    published_at: datetime.datetime = Field(description="When its results were published.")


@router.post("/tournaments/{tournament_id}/results/publish", response=PublishedOut)
def publish_results(request: HttpRequest, tournament_id: int):
    """Show a finished tournament on the public results pages and in the feed
    (a room that holds results; publishing again changes nothing; 409 while it runs)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    tournament = results_publish(tournament_id=tournament_id, by=user)
    return {"tournament": tournament.pk, "published_at": tournament.results_published_at}
