from django.urls import path

from rulings.web import catalog_views, floor_penalty, log_views, views

urlpatterns = [
    path("tournaments/<int:tournament_id>/rulings/", log_views.ruling_log, name="ruling-log"),
    path("tournaments/<int:tournament_id>/rulings/new/", views.ruling_new, name="ruling-new"),
    path(
        "tournaments/<int:tournament_id>/rulings/assistant/",
        views.ruling_assistant,
        name="ruling-assistant",
    ),
    path(
        "tournaments/<int:tournament_id>/rulings/print/",
        log_views.ruling_print,
        name="ruling-print",
    ),
    path("tournaments/<int:tournament_id>/rulings.csv", log_views.ruling_csv, name="ruling-csv"),
    path("rulings/<int:ruling_id>/amendments/", log_views.ruling_amend, name="ruling-amend"),
    path("floor/entries/<int:pk>/penalty/", floor_penalty.floor_penalty, name="floor-penalty"),
    path("rules/", catalog_views.rule_catalog, name="rule-catalog"),
    path("rules/search/", catalog_views.rule_search_partial, name="rule-search"),
]
