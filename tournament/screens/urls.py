from django.urls import path

from tournament.screens import views

urlpatterns = [
    path("display/<int:tournament_id>/", views.display, name="screens-display"),
    path("lobby/", views.lobby_list, name="screens-lobby-list"),
    path("lobby/<int:tournament_id>/", views.lobby, name="screens-lobby"),
    path("tables/<int:table_id>/view/", views.table_view, name="screens-table-view"),
    path("tables/<int:table_id>/view/panel/", views.table_panel, name="screens-table-panel"),
]
