from typing import Any

from django.apps import AppConfig
from django.apps import apps as django_apps
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class LayoutsConfig(AppConfig):
    """Layouts of tiles for the display board, their presets, and the room's look."""

    name = "layouts"
    verbose_name = _("Screen layouts")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The presets are installed data, like Django's permissions: laid down
        # again after every migrate and every flush, in step with the code
        # (README "Screen layouts and the room's look").
        post_migrate.connect(presets_install_after_migrate, sender=self)


def presets_install_after_migrate(
    sender: AppConfig, using: str = "default", apps: Any = None, **kwargs: object
) -> None:
    from layouts.rules.presets import PRESET_NAMES, PRESETS, preset_tiles

    try:  # the models as the migrations left them (a migrate back may have no table)
        layout = (apps or django_apps).get_model("layouts", "Layout")
    except LookupError:
        return
    rows = layout.objects.using(using)
    stored = {row.preset: row for row in rows.filter(preset__in=PRESETS)}
    for key in PRESETS:
        wanted = {"name": PRESET_NAMES[key], "tiles": preset_tiles(key)}
        row = stored.get(key)
        if row is None:
            rows.create(preset=key, **wanted)
        elif (row.name, row.tiles) != (wanted["name"], wanted["tiles"]):
            # A migrate with nothing to do writes nothing; a changed preset is updated.
            rows.filter(pk=row.pk).update(**wanted)
