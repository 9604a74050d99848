from django.urls import path

from layouts.web import views

urlpatterns = [
    path("room/images/<int:image_id>", views.room_image, name="layouts-image"),
    path("room/look/", views.look_page, name="layouts-look"),
    path("layouts/", views.layout_list, name="layouts-list"),
    path("layouts/new", views.layout_new, name="layouts-new"),
    path("layouts/import", views.layout_import, name="layouts-import"),
    path("layouts/<int:layout_id>/", views.layout_edit, name="layouts-edit"),
    path("layouts/<int:layout_id>/copy", views.layout_copy, name="layouts-copy"),
    path("layouts/<int:layout_id>/delete", views.layout_delete, name="layouts-delete"),
    path("layouts/<int:layout_id>/export", views.layout_export, name="layouts-export"),
]
