from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResultsConfig(AppConfig):
    """The room's public results (README "Results out"): the results and league pages,
    a player's page and the JSON feed. It reads every app below it."""

    name = "results"
    verbose_name = _("Public results")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from results import tasks
        from tournament import changes

        # After a write on a finished tournament commits, its figures and its
        # seasons' standings are worked out beside the requests (a Celery task;
        # at once where tasks run eagerly), so the pages' first ask reads them.
        changes.keep_results_with(
            lambda change: tasks.results_keep_task.delay(change.tournament_id),
            tasks.season_keep_task.delay,
        )
