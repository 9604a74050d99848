"""Thin, idempotent tasks: take ids, call a service."""

from __future__ import annotations

from celery import shared_task

from clock.services.boundaries import boundary_fire


@shared_task(name="clock.fire_boundary", acks_late=True)
def fire_boundary(tournament_id: int, key: str) -> bool:
    """Run one level boundary's side effects; a second or late run changes nothing."""
    return boundary_fire(tournament_id=tournament_id, key=key)
