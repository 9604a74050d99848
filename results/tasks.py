"""Thin tasks of the public results: call a selector that keeps what the pages read."""

from __future__ import annotations

from celery import shared_task

from results.selectors_league import results_keep, season_keep


@shared_task(name="results.keep", acks_late=True)
def results_keep_task(tournament_id: int) -> None:
    """After a write on a finished tournament: its figures and its seasons'
    standings worked out for the readers (README "Results out"); run twice, the
    second finds them kept."""
    results_keep(tournament_id)


@shared_task(name="results.keep_season", acks_late=True)
def season_keep_task(season_id: int) -> None:
    """After a season's formula or counting changed: its standings worked out."""
    season_keep(season_id)
