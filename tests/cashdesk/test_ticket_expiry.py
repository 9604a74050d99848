"""Unused tickets past their date are marked expired once a day by the clock
loop's daily pass (README "Satellites and tickets")."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from cashdesk.models import Ticket
from cashdesk.tasks import tickets_expire_daily
from clock import loop
from tournament.models import Player, Tournament

pytestmark = pytest.mark.django_db


def _ticket(number: str, expires: date | None) -> Ticket:
    target = Tournament.objects.create(name=f"Target {number}")
    holder = Player.objects.create(name=f"Holder {number}")
    return Ticket.objects.create(
        number=number,
        value=Decimal("100.00"),
        target_tournament=target,
        holder=holder,
        expires=expires,
    )


def _statuses() -> dict[str, str]:
    return dict(Ticket.objects.values_list("number", "status"))


def test_the_daily_task_marks_only_unused_tickets_past_their_date_expired():
    today = timezone.localdate()
    _ticket("T-old", today - timedelta(days=1))
    _ticket("T-today", today)
    _ticket("T-open", None)
    used = _ticket("T-used", today - timedelta(days=3))
    Ticket.objects.filter(pk=used.pk).update(status=Ticket.Status.USED)

    assert tickets_expire_daily.delay().get() == 1
    assert tickets_expire_daily.delay().get() == 0
    assert _statuses() == {
        "T-old": "expired",
        "T-today": "issued",
        "T-open": "issued",
        "T-used": "used",
    }


def test_the_clock_loop_runs_the_ticket_expiry_once_a_day(monkeypatch):
    monkeypatch.setattr(loop, "_daily_sent_on", {})
    today = timezone.localdate()
    _ticket("T-old", today - timedelta(days=1))

    assert "cashdesk.tickets_expire" in loop.daily_tasks(today=today)
    assert _statuses() == {"T-old": "expired"}
    _ticket("T-later", today - timedelta(days=1))
    assert loop.daily_tasks(today=today) == []
    assert _statuses()["T-later"] == "issued"
    assert "cashdesk.tickets_expire" in loop.daily_tasks(today=today + timedelta(days=1))
    assert _statuses()["T-later"] == "expired"


def test_one_failing_daily_task_leaves_the_others_sent(monkeypatch):
    monkeypatch.setattr(loop, "_daily_sent_on", {})
    sent: list[str] = []

    def broken() -> None:
        raise RuntimeError("broker down")

    monkeypatch.setattr(loop, "_daily", {"a": broken, "b": lambda: sent.append("b")})
    assert loop.daily_tasks(today=date(2026, 11, 26)) == ["b"]
    assert sent == ["b"]
    # "a" is tried again at the next pass; "b" is not sent twice.
    assert loop.daily_tasks(today=date(2026, 11, 26)) == []
    assert sent == ["b"]
