from django.urls import path

from results.api.public import public_api
from results.web import views

urlpatterns = [
    path("api/public/v1/", public_api.urls),
    path("results/", views.results_list, name="results-list"),
    path("results/<int:tournament_id>/", views.result_detail, name="results-detail"),
    path("results/<int:tournament_id>/publish/", views.result_publish, name="results-publish"),
    path("seasons/<int:season_id>/table/", views.season_table, name="results-season"),
    path(
        "seasons/<int:season_id>/table/<int:line>/",
        views.season_line,
        name="results-season-line",
    ),
    path("players/<slug:public_id>/", views.player_page, name="results-player"),
]
