from django.urls import path

from imports.web import views

urlpatterns = [
    path("imports/td3/", views.td3_import_page, name="td3-import"),
    path("imports/td3/preview/", views.td3_preview_part, name="td3-import-preview"),
    path("imports/td3/done/", views.td3_imported_page, name="td3-imported"),
]
