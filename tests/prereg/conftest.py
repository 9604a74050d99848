from __future__ import annotations

from datetime import datetime, time, timedelta

import pytest
from django.utils import timezone


def today_late() -> datetime:
    """Late tonight, local time: a tournament that starts today whatever the hour
    the test runs (pre-registration stays open all day)."""
    return timezone.make_aware(datetime.combine(timezone.localdate(), time(23, 59)))


@pytest.fixture(autouse=True)
def fresh_prereg_counts():
    """The public forms' throttle counts start and end empty (README "Pre-registration
    and the schedule")."""
    from django.core.cache import cache

    from prereg.web.throttle import counts

    cache.clear()
    counts.reset()
    yield
    cache.clear()
    counts.reset()


def listed_tournament(api, *, capacity: int = 10, hours: float = 3, **extra) -> dict:
    """A listed tournament open for pre-registration, starting in ``hours``."""
    starts = timezone.now() + timedelta(hours=hours)
    response = api.post(
        "/tournaments",
        {
            "name": "Friday Deepstack",
            "buy_in": "50",
            "fee": "5",
            "starting_stack": 30000,
            "starts_at": starts.isoformat(),
            "listed": True,
            "pre_registration": {
                "open": True,
                "capacity": capacity,
                "check_in_deadline_minutes": 15,
            },
            **extra,
        },
    )
    assert response.status_code == 201, response.content
    return response.json()
