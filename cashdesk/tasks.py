"""Thin, idempotent tasks of the cash desk: call a service."""

from __future__ import annotations

from celery import shared_task

from cashdesk.services.tickets import tickets_expire


@shared_task(name="cashdesk.tickets_expire", acks_late=True)
def tickets_expire_daily() -> int:
    """Mark the unused tickets past their expiry date expired (README "Satellites
    and tickets"); a second run on the same day changes nothing."""
    return tickets_expire()
