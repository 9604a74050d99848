from django.urls import path

from signage.web import views

urlpatterns = [
    path("s/<str:code>", views.tv, name="signage-tv"),
    path("s/<str:code>/board", views.board, name="signage-board"),
    path("screens/", views.screens_page, name="signage-screens"),
    path("screens/new/", views.screen_form, name="signage-screen-new"),
    path("screens/<int:screen_id>/", views.screen_form, name="signage-screen-edit"),
    path("today/", views.today, name="signage-today"),
    path("today/rows", views.today_part, name="signage-today-rows"),
]
