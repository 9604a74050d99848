from django.contrib import admin
from django.urls import include, path

from config.api import api
from tournament.web.login import ThrottledAdminAuthenticationForm

# The admin signs in through the same lock-out (tournament/signin.py); this form says so.
admin.site.login_form = ThrottledAdminAuthenticationForm

# A database that does not answer is a 503, also outside a view (a middleware).
handler500 = "tournament.unavailable.server_error"

urlpatterns = [
    # Results out (README "Results out: formats"): first, the share image is under /api/public/v1/.
    path("", include("formats.urls")),
    path("api/v1/", api.urls),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("tournament.web.urls")),
    path("", include("tournament.web.payouts_urls")),
    path("", include("tables.urls")),
    path("", include("clock.urls")),
    path("", include("rulings.urls")),
    path("", include("screens.urls")),
    path("", include("privacy.urls")),
    path("", include("imports.urls")),
    path("", include("cashdesk.urls")),
    path("", include("layouts.urls")),
    path("", include("prereg.urls")),
    path("", include("signage.urls")),
    path("", include("results.urls")),
]
