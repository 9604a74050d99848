from django.urls import path

from prereg.web import desk_views, views

urlpatterns = [
    path("schedule/", views.schedule_page, name="prereg-schedule"),
    path("schedule/print/", views.schedule_print, name="prereg-schedule-print"),
    path("schedule/<int:tournament_id>/", views.tournament_page, name="prereg-tournament"),
    path("pre-registration/<str:token>/", views.personal_page, name="prereg-personal"),
    path("pre-registration/<str:token>/cancel/", views.personal_cancel, name="prereg-cancel"),
    path(
        "tournaments/<int:tournament_id>/pre-registrations/",
        desk_views.desk_page,
        name="prereg-desk",
    ),
    path(
        "pre-registrations/<int:pre_registration_id>/check-in/",
        desk_views.desk_check_in,
        name="prereg-desk-check-in",
    ),
    path(
        "pre-registrations/<int:pre_registration_id>/revoke/",
        desk_views.desk_revoke,
        name="prereg-desk-revoke",
    ),
    path(
        "pre-registrations/<int:pre_registration_id>/phone-link/",
        desk_views.pre_registration_link_page,
        name="prereg-desk-phone-link",
    ),
    path(
        "entries/<int:entry_id>/phone-link/", desk_views.phone_link_page, name="prereg-phone-link"
    ),
    path(
        "entries/<int:entry_id>/phone-link/new/",
        desk_views.phone_link_new,
        name="prereg-phone-link-new",
    ),
    path(
        "entries/<int:entry_id>/phone-link/revoke/",
        desk_views.phone_link_end,
        name="prereg-phone-link-revoke",
    ),
    path("pre-registrations/today/", desk_views.today_page, name="prereg-today"),
]
