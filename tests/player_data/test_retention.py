"""Retention (README "Player data"): the contact data of players with no activity within
the room's retention period is removed, exactly that and nothing else, and a
second run changes nothing; the clock process hands the run over once a day."""

from __future__ import annotations

import io
from datetime import date, datetime, timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from clock import loop
from tournament.models import Entry, Player, PrivacyLog, RoomSettings, Tournament
from tournament.rules.retention import months_later
from tournament.selectors import retention_overview
from tournament.services.retention import contact_retention_run, contact_without_consent_remove
from tournament.tasks import contact_retention

NOW = timezone.make_aware(datetime(2026, 11, 25, 10, 0))


def months_ago(months: int, days: int = 0) -> datetime:
    day = months_later(NOW.date(), -months) - timedelta(days=days)
    return timezone.make_aware(datetime.combine(day, NOW.time()))


def on_file(name: str, *, since: datetime, consent_at: datetime | None = None, **data) -> Player:
    data.setdefault("email", f"{name.lower()}@example.org")
    data.setdefault("phone", "+49 170 1234567")
    data.setdefault("consent_contact", True)
    player = Player.objects.create(name=name, **data)
    # created_at is set on save; a player put on file long ago is written back.
    Player.objects.filter(pk=player.pk).update(
        created_at=since, consent_at=consent_at or (since if data["consent_contact"] else None)
    )
    return player


def entered(player: Player, at: datetime) -> None:
    tournament = Tournament.objects.create(name=f"Event {at:%Y-%m-%d}")
    entry = Entry.objects.create(tournament=tournament, player=player, status="busted")
    Entry.objects.filter(pk=entry.pk).update(created_at=at)


@pytest.fixture
def room(db) -> RoomSettings:
    room = RoomSettings.current()
    room.retention_months = 24
    room.save()
    return room


@pytest.fixture
def players(room) -> dict[str, Player]:
    """Players whose last activity lies on either side of the 24 months."""
    recent_entry = on_file("Bernd", since=months_ago(40))
    entered(recent_entry, months_ago(3, days=-1))
    old_entry = on_file("Carla", since=months_ago(40))
    entered(old_entry, months_ago(30))
    return {
        "long_gone": on_file("Anton", since=months_ago(30)),
        "recent_entry": recent_entry,
        "old_entry": old_entry,
        "renewed_consent": on_file("Dora", since=months_ago(40), consent_at=months_ago(1)),
        "exactly_due": on_file("Emil", since=months_ago(24)),
        "a_day_short": on_file("Frieda", since=months_ago(24, days=-1)),
        "no_contact": on_file("Gustav", since=months_ago(60), email="", phone=""),
        "phone_only": on_file("Hanna", since=months_ago(25), email=""),
        "erased": on_file("Player 9", since=months_ago(60), erased_at=months_ago(50)),
    }


def contact(player: Player) -> tuple[str, str, bool]:
    player.refresh_from_db()
    return player.email, player.phone, player.consent_contact


def test_retention_removes_exactly_the_expired_contact_data(players):
    due = {"long_gone", "old_entry", "exactly_due", "phone_only"}
    before = {key: contact(player) for key, player in players.items()}
    names = {key: (p.name, p.notes) for key, p in players.items()}

    assert contact_retention_run(now=NOW) == len(due)

    for key, player in players.items():
        if key in due:
            assert contact(player) == ("", "", False), key
        else:
            assert contact(player) == before[key], key
        assert (player.name, player.notes) == names[key]
    logged = PrivacyLog.objects.filter(kind=PrivacyLog.Kind.RETENTION)
    assert {line.player_id for line in logged} == {players[key].pk for key in due}
    assert all("@" not in line.note and "+49" not in line.note for line in logged)
    room = RoomSettings.current()
    assert (room.retention_last_run, room.retention_last_removed) == (NOW, len(due))


def test_retention_run_twice_changes_nothing_the_second_time(players):
    contact_retention_run(now=NOW)
    after_first = {key: contact(player) for key, player in players.items()}
    lines = PrivacyLog.objects.count()

    assert contact_retention_run(now=NOW + timedelta(hours=1)) == 0

    assert {key: contact(player) for key, player in players.items()} == after_first
    assert PrivacyLog.objects.count() == lines
    assert RoomSettings.current().retention_last_removed == 0


def test_a_shorter_period_removes_more_and_the_next_day_the_next_ones(players, room):
    room.retention_months = 12
    room.save()
    assert contact_retention_run(now=NOW) == 5  # all but Bernd (entry 3 months ago) and Dora
    assert contact(players["recent_entry"])[0] == "bernd@example.org"
    # Bernd's entry was a day short of 3 months ago: with a 3-month period
    # his day comes tomorrow.
    room.retention_months = 3
    room.save()
    assert contact_retention_run(now=NOW) == 0
    assert contact_retention_run(now=NOW + timedelta(days=1)) == 1
    assert contact(players["recent_entry"]) == ("", "", False)


def test_the_overview_lists_what_goes_now_and_within_thirty_days(players):
    # Frieda's period ends tomorrow; Ida's in 20 days, Jakob's in 40.
    on_file("Ida", since=months_ago(24, days=-20))
    on_file("Jakob", since=months_ago(24, days=-40))
    overview = retention_overview(today=NOW.date())
    assert {c.name for c in overview.due} == {"Anton", "Carla", "Emil", "Hanna"}
    assert [c.name for c in overview.soon] == ["Frieda", "Ida"]
    assert overview.soon[0].removal_day == NOW.date() + timedelta(days=1)
    assert overview.soon[0].last_activity == months_ago(24, days=-1).date()
    # Gustav has no contact data, the erased player neither counts.
    assert overview.held == 9


def test_contact_data_kept_without_consent_is_listed_and_removed_on_request(players, director):
    legacy = on_file("Kurt", since=months_ago(2), consent_contact=False)
    overview = retention_overview(today=NOW.date())
    assert [c.name for c in overview.without_consent] == ["Kurt"]

    assert contact_without_consent_remove(by=director) == 1

    assert contact(legacy) == ("", "", False)
    assert contact(players["recent_entry"])[0] == "bernd@example.org"
    [line] = PrivacyLog.objects.filter(kind=PrivacyLog.Kind.CONTACT_REMOVED)
    assert (line.player_id, line.by) == (legacy.pk, director)
    assert contact_without_consent_remove(by=director) == 0


def test_the_task_and_the_command_run_the_same_removal(players):
    dry = io.StringIO()
    call_command("retention", "--dry-run", stdout=dry)
    # Against today's date, not NOW: every player of the fixture is dated from NOW,
    # so the ones due then are due today as well (today is never before NOW here).
    assert "Anton" in dry.getvalue()
    assert contact(players["long_gone"])[0] == "anton@example.org"
    assert contact_retention.delay().get() >= 4
    assert contact(players["long_gone"]) == ("", "", False)
    out = io.StringIO()
    call_command("retention", stdout=out)
    assert "0" in out.getvalue()


def test_the_clock_loop_hands_the_retention_over_once_a_day(monkeypatch):
    monkeypatch.setattr(loop, "_retention_sent_on", None)
    sent: list[int] = []
    day = date(2026, 11, 25)
    assert loop.daily_retention(today=day, dispatch=lambda: sent.append(1))
    assert not loop.daily_retention(today=day, dispatch=lambda: sent.append(1))
    assert loop.daily_retention(today=day + timedelta(days=1), dispatch=lambda: sent.append(1))
    assert len(sent) == 2
