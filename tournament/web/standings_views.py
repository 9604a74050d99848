"""A tournament's standings (places, prizes, points, the deal) and a player's
results across tournaments."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from cashdesk.selectors import payouts_of
from cashdesk.selectors_tickets import tickets_list
from tournament.errors import DomainError
from tournament.models import Deal, Tournament
from tournament.roles import DESK, DIRECTOR, STAFF, has_role
from tournament.selectors import bounty_settings_for
from tournament.services import deals as deal_services
from tournament.services import league as league_services
from tournament.services import prize_pool as pool_services
from tournament.services.results import player_history, results_compute
from tournament.web.decorators import role_required
from tournament.web.public_name_views import PublicNameForm


@role_required(*STAFF)
def standings_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    view, rows = results_compute(tournament)
    deal = Deal.objects.filter(tournament=tournament).first()
    settings = pool_services.payout_settings_for(tournament)
    points = {}
    if settings.season_id:
        points = {
            r.player.pk: r.points
            for r in league_services.tournament_points(tournament, settings.season)
        }
    return render(
        request,
        "payouts/standings.html",
        {
            "tournament": tournament,
            "view": view,
            # A bullet without a place (re-entered, by player) earns no points of its own.
            "rows": [(row, points.get(row.entry.player_id) if row.place else None) for row in rows],
            "deal": deal,
            "season": settings.season,
            "remaining": len(deal_services.remaining_entries(tournament)),
            "bounty": bounty_settings_for(tournament).active,
            "paid": payouts_of(tournament),
        },
    )


@role_required(*STAFF)
def player_history_page(request: HttpRequest, player_id: int) -> HttpResponse:
    try:
        player, rows = player_history(player_id=player_id)
    except DomainError as exc:
        raise Http404(str(exc)) from exc
    # His satellite tickets (the desk and directors see the money; the floor does not).
    tickets = tickets_list(player_id=player.pk) if has_role(request.user, (DIRECTOR, DESK)) else []
    return render(
        request,
        "payouts/player_history.html",
        {
            "player": player,
            "rows": rows,
            "tickets": tickets,
            # How he appears in public (README "Results out"): the desk and directors set it.
            "public_name_form": PublicNameForm.of(player)
            if has_role(request.user, (DIRECTOR, DESK))
            else None,
        },
    )
