from django.urls import path

from tournament.web import deal_views, public_name_views, results_csv, season_views, standings_views
from tournament.web import payouts_views as views

urlpatterns = [
    path("tournaments/<int:tournament_id>/payouts/", views.payouts_page, name="payouts"),
    path(
        "tournaments/<int:tournament_id>/payouts/structure/",
        views.payouts_structure,
        name="payouts-structure",
    ),
    path(
        "tournaments/<int:tournament_id>/payouts/prices/",
        views.payouts_prices,
        name="payouts-prices",
    ),
    path(
        "tournaments/<int:tournament_id>/payouts/additions/",
        views.payouts_addition,
        name="payouts-addition",
    ),
    path(
        "tournaments/<int:tournament_id>/payouts/additions/<int:addition_id>/remove/",
        views.payouts_addition_remove,
        name="payouts-addition-remove",
    ),
    path(
        "tournaments/<int:tournament_id>/payouts/purchases/",
        views.payouts_purchase,
        name="payouts-purchase",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/",
        standings_views.standings_page,
        name="standings",
    ),
    path(
        "tournaments/<int:tournament_id>/standings.csv",
        results_csv.standings_csv,
        name="standings-csv",
    ),
    path("tournaments/<int:tournament_id>/deal/", deal_views.deal_page, name="deal"),
    path(
        "players/<int:player_id>/results/",
        standings_views.player_history_page,
        name="player-history",
    ),
    path(
        "players/<int:player_id>/public-name/",
        public_name_views.player_public_name_page,
        name="player-public-name",
    ),
    path("seasons/", season_views.seasons_page, name="seasons"),
    path("seasons/<int:season_id>/", season_views.season_page, name="season"),
    path("seasons/<int:season_id>/standings.csv", results_csv.season_csv, name="season-csv"),
]
