"""Unregistering before play: a freeroll entry leaves the field with nothing
booked, and a player seated by the draw leaves it until the clock starts
(README "Cash desk")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.cashdesk.conftest import signed_in
from tests.clock.clock_scenarios import STRUCTURE
from tournament.models import ActionLog, Entry

pytestmark = pytest.mark.django_db


def _ok(response, status=201):
    assert response.status_code == status, response.content
    return response.json()


def _game(api, names, **fields) -> int:
    body = {"name": "Dienstag Deepstack", "buy_in": "50", "fee": "5", **fields}
    tid = _ok(api.post("/tournaments", body))["id"]
    # The clock tells when play starts; without a structure the seat draw does.
    _ok(api.put(f"/tournaments/{tid}/structure", STRUCTURE), 200)
    for name in names:
        _ok(api.post(f"/tournaments/{tid}/entries", {"name": name}))
    return tid


def _seated(api, tid: int) -> list[str]:
    tables = _ok(api.get(f"/tournaments/{tid}/tables"), 200)
    return sorted(p["name"] for t in tables for p in t["players"])


def _counts(api, tid: int) -> tuple[int, int, str]:
    tournament = _ok(api.get(f"/tournaments/{tid}"), 200)
    pool = _ok(api.get(f"/tournaments/{tid}/payouts"), 200)["prize_pool"]
    return tournament["entries"], tournament["remaining"], pool


def test_a_freeroll_entry_unregisters_with_nothing_booked(api, desk_api):
    tid = _game(api, ("Anna Keller", "Bernd Schulz", "Clara Wolf"), buy_in="0", fee="0")
    clara = Entry.objects.get(player__name="Clara Wolf")

    assert _ok(desk_api.post(f"/entries/{clara.pk}/refund", {"reason": "krank"})) == []

    assert Entry.objects.get(pk=clara.pk).status == "withdrawn"
    assert _counts(api, tid)[:2] == (2, 2)
    assert _ok(api.get(f"/tournaments/{tid}/ledger"), 200)["rows"] == []
    logged = ActionLog.objects.get(tournament_id=tid, kind="entry_unregistered")
    assert logged.data == {"entry": clara.pk, "reason": "krank"}
    again = desk_api.post(f"/entries/{clara.pk}/refund", {"reason": "krank"})
    assert again.status_code == 409


@pytest.mark.usefixtures("german_catalogue")
def test_the_desk_page_unregisters_a_freeroll_entry_in_german(api, desk_user):
    tid = _game(api, ("Anna Keller", "Bernd Schulz"), buy_in="0", fee="0")
    browser = signed_in(desk_user, "de")
    desk = reverse("registration-desk", args=[tid])
    page = browser.get(desk).content.decode()
    assert page.count(">Austragen</button>") == 2 and "Austragen und erstatten" not in page
    bernd = Entry.objects.get(player__name="Bernd Schulz")

    done = browser.post(
        reverse("cash-unregister", args=[bernd.pk]), {"reason": "muss zur Arbeit"}, follow=True
    ).content.decode()

    assert "Bernd Schulz ist ausgetragen." in done
    assert Entry.objects.get(pk=bernd.pk).status == "withdrawn"
    assert browser.get(desk).content.decode().count(">Austragen</button>") == 1


def test_a_player_seated_by_the_draw_leaves_the_field_until_the_clock_starts(api, desk_api):
    names = ("Anna Keller", "Bernd Schulz", "Clara Wolf")
    tid = _game(api, names, max_players=2)
    _ok(api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 2}))
    _ok(api.post(f"/tournaments/{tid}/draw"), 200)
    seated = _seated(api, tid)
    waiting = next(n for n in names if n not in seated)
    leaving = Entry.objects.get(player__name=seated[0])

    _ok(desk_api.post(f"/entries/{leaving.pk}/refund", {"reason": "krank"}))

    assert Entry.objects.get(pk=leaving.pk).status == "withdrawn"
    # His seat is free through the floor: the alternate takes it.
    assert _seated(api, tid) == sorted([seated[1], waiting])
    assert _counts(api, tid) == (2, 2, "100.00")


def test_once_the_clock_started_a_refunded_seated_player_stays_in(api, desk_api):
    tid = _game(api, ("Anna Keller", "Bernd Schulz", "Clara Wolf"))
    _ok(api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 9}))
    _ok(api.post(f"/tournaments/{tid}/draw"), 200)
    _ok(api.post(f"/tournaments/{tid}/clock/start"), 200)
    clara = Entry.objects.get(player__name="Clara Wolf")

    assert desk_api.post(f"/entries/{clara.pk}/refund", {"reason": "x"}).status_code == 403
    _ok(api.post(f"/entries/{clara.pk}/refund", {"reason": "Fehlbuchung"}))

    assert Entry.objects.get(pk=clara.pk).status == "seated"
    assert "Clara Wolf" in _seated(api, tid)


def test_without_a_structure_the_seat_draw_starts_play(api):
    tid = _ok(api.post("/tournaments", {"name": "Ohne Uhr", "buy_in": "50", "fee": "5"}))["id"]
    for name in ("Anna Keller", "Bernd Schulz"):
        _ok(api.post(f"/tournaments/{tid}/entries", {"name": name}))
    _ok(api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 9}))
    _ok(api.post(f"/tournaments/{tid}/draw"), 200)
    bernd = Entry.objects.get(player__name="Bernd Schulz")

    _ok(api.post(f"/entries/{bernd.pk}/refund", {"reason": "Fehlbuchung"}))

    assert Entry.objects.get(pk=bernd.pk).status == "seated"


@pytest.mark.usefixtures("german_catalogue")
def test_the_desk_page_unregisters_a_seated_player_before_the_clock_starts(api, desk_user):
    tid = _game(api, ("Anna Keller", "Bernd Schulz", "Clara Wolf"))
    _ok(api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 9}))
    _ok(api.post(f"/tournaments/{tid}/draw"), 200)
    browser = signed_in(desk_user, "de")
    desk = reverse("registration-desk", args=[tid])
    assert browser.get(desk).content.decode().count("Austragen und erstatten") == 3
    clara = Entry.objects.get(player__name="Clara Wolf")

    done = browser.post(
        reverse("cash-unregister", args=[clara.pk]), {"reason": "krank"}, follow=True
    ).content.decode()

    assert "Clara Wolf erhält 55\xa0€ zurück." in done
    assert _seated(api, tid) == ["Anna Keller", "Bernd Schulz"]
    _ok(api.post(f"/tournaments/{tid}/clock/start"), 200)
    assert "Austragen und erstatten" not in browser.get(desk).content.decode()
