"""Thin, idempotent tasks of the tournament core: call a service."""

from __future__ import annotations

from celery import shared_task

from tournament.services.once_keys import once_keys_expire
from tournament.services.retention import contact_retention_run


@shared_task(name="tournament.contact_retention", acks_late=True)
def contact_retention() -> int:
    """Remove the contact data past the room's retention period; a second run
    on the same day removes nothing more."""
    return contact_retention_run()


@shared_task(name="tournament.once_keys_expire", acks_late=True)
def once_keys_expire_daily() -> int:
    """Remove the one-time keys older than 72 hours (README "Sent twice, done once")."""
    return once_keys_expire()
