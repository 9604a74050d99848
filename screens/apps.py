from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScreensConfig(AppConfig):
    """The screens layer: snapshots, messages after each write, the live pages.

    It sits above the domain apps (tournament, tables, clock, rulings) and reads
    them; none of them imports it. A write's recorded change reaches it through
    the hook registered here.
    """

    name = "screens"
    verbose_name = _("Live screens")

    def ready(self) -> None:
        from screens import composer
        from tournament import changes

        changes.compose_with(composer.hand_over, composer.hand_over_room)
