"""Twelve players for ten seats: the waiting list, a cancellation, the check-in at the
desk with its payment and the check-in deadline (README "Pre-registration and the
schedule")."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.utils import timezone

from cashdesk.models import LedgerRow
from prereg.models import PreRegistration
from prereg.tasks import deadline_release
from tests.prereg.conftest import listed_tournament
from tournament.models import ActionLog, Entry

NAMES = [
    f"Player {name}" for name in "Anna Ben Cara Dirk Eva Finn Gina Hugo Ida Jan Kai Lena".split()
]


@pytest.fixture
def generous_throttle(settings):
    settings.PREREG_PER_ADDRESS = 100


def _pre_register_twelve(anonymous_api, tournament_id: int) -> list[dict]:
    answers = []
    for name in NAMES:
        response = anonymous_api.post(
            f"/tournaments/{tournament_id}/pre-registrations", {"name": name}
        )
        assert response.status_code == 201, response.content
        answers.append(response.json())
    return answers


def _status(anonymous_api, token: str) -> dict:
    response = anonymous_api.get(f"/pre-registrations/{token}")
    assert response.status_code == 200, response.content
    return response.json()


def test_twelve_for_ten_seats_from_pre_registration_to_the_deadline(
    api, desk_api, anonymous_api, generous_throttle
):
    tournament = listed_tournament(api, capacity=10)
    tid = tournament["id"]
    answers = _pre_register_twelve(anonymous_api, tid)
    assert [a["status"] for a in answers] == ["registered"] * 10 + ["waiting"] * 2
    assert [a["position"] for a in answers[10:]] == [1, 2]

    # Cara cancels through her link: Kai (first waiting) moves up and his page says so.
    cancelled = anonymous_api.delete(f"/pre-registrations/{answers[2]['token']}")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    kai, lena = (
        _status(anonymous_api, answers[10]["token"]),
        _status(anonymous_api, answers[11]["token"]),
    )
    assert (kai["status"], kai["position"], kai["moved_up"]) == ("registered", None, True)
    assert (lena["status"], lena["position"]) == ("waiting", 1)
    kais_page = Client().get(f"/pre-registration/{answers[10]['token']}/?lang=en")
    assert "you moved up from the waiting list" in kais_page.content.decode()

    # The desk checks in nine by the code on their phones; Eva does not come.
    coming = [a for i, a in enumerate(answers[:11]) if i not in (2, 4)]
    assert len(coming) == 9
    for answer in coming:
        code = _status(anonymous_api, answer["token"])["code"]
        found = desk_api.get(f"/tournaments/{tid}/pre-registrations?q={code.lower()}").json()
        assert len(found) == 1 and found[0]["code"] == code
        checked = desk_api.post(f"/pre-registrations/{found[0]['id']}/check-in", {})
        assert checked.status_code == 201, checked.content
        assert checked.json()["payment"]["amount"] == "55.00"
    assert Entry.objects.filter(tournament_id=tid).count() == 9
    taken = LedgerRow.objects.filter(tournament_id=tid)
    assert taken.count() == 9 and sum(row.amount for row in taken) == Decimal("495.00")

    # The start comes within the deadline: Eva is released, Lena moves up.
    soon = (timezone.now() + timedelta(minutes=10)).isoformat()
    assert api.patch(f"/tournaments/{tid}", {"starts_at": soon}).status_code == 200
    rows = {
        row["name"]: row for row in desk_api.get(f"/tournaments/{tid}/pre-registrations").json()
    }
    assert rows["Player Eva"]["status"] == "released"
    assert rows["Player Lena"]["status"] == "registered"
    assert _status(anonymous_api, answers[11]["token"])["moved_up"] is True
    assert deadline_release.delay().get() == 0  # the task finds nothing more to do

    kinds = list(ActionLog.objects.filter(tournament_id=tid).values_list("kind", flat=True))
    assert kinds.count("pre_registered") == 12
    assert kinds.count("pre_registration_cancelled") == 1
    assert kinds.count("pre_registration_moved_up") == 2
    assert kinds.count("pre_registration_checked_in") == 9
    assert kinds.count("pre_registration_released") == 1
    orders = [
        line.data["order"]
        for line in ActionLog.objects.filter(tournament_id=tid, kind="waiting_list").order_by("id")
    ]
    lena_id = PreRegistration.objects.get(tournament_id=tid, name="Player Lena").pk
    assert orders[-2:] == [[lena_id], []]


def test_the_task_releases_on_time_without_anyone_reading(api, anonymous_api, generous_throttle):
    tournament = listed_tournament(api, capacity=1)
    tid = tournament["id"]
    first, second = (
        anonymous_api.post(f"/tournaments/{tid}/pre-registrations", {"name": n}).json()
        for n in ("Anna Berg", "Ben Cohn")
    )
    PreRegistration.objects.filter(tournament_id=tid).update(created_at=timezone.now())
    from tournament.models import Tournament

    Tournament.objects.filter(pk=tid).update(starts_at=timezone.now() + timedelta(minutes=5))
    assert deadline_release.delay().get() == 1
    assert PreRegistration.objects.get(token=first["token"]).status == "released"
    assert PreRegistration.objects.get(token=second["token"]).status == "registered"
    assert deadline_release.delay().get() == 0


def test_duplicates_are_flagged_for_the_desk_not_refused(api, desk_api, anonymous_api):
    tid = listed_tournament(api)["id"]
    url = f"/tournaments/{tid}/pre-registrations"
    first = anonymous_api.post(
        url, {"name": "Jürgen Müller", "phone": "+49 170 1234567", "consent": True}
    )
    by_name = anonymous_api.post(url, {"name": "  jurgen   MÜLLER "})
    by_phone = anonymous_api.post(url, {"name": "J. M.", "phone": "0170/1234567", "consent": True})
    assert {first.status_code, by_name.status_code, by_phone.status_code} == {201}
    rows = {row["name"]: row for row in desk_api.get(url).json()}
    original = rows["Jürgen Müller"]
    assert original["duplicate_of"] is None
    assert rows["jurgen MÜLLER"]["duplicate_of"] == original["id"]
    assert rows["J. M."]["duplicate_of"] == original["id"]


def test_names_over_the_limits_and_contact_without_consent_are_refused(api, anonymous_api):
    tid = listed_tournament(api)["id"]
    url = f"/tournaments/{tid}/pre-registrations"
    assert anonymous_api.post(url, {"name": "x" * 81}).status_code == 422
    assert anonymous_api.post(url, {"name": " A "}).status_code == 422
    assert anonymous_api.post(url, {"name": "Anna", "phone": "0170 1"}).status_code == 422
    assert (
        anonymous_api.post(url, {"name": "Anna", "email": "nope", "consent": True}).status_code
        == 422
    )
    assert not PreRegistration.objects.exists()


def test_switched_off_per_tournament_and_for_the_room(api, anonymous_api):
    tid = listed_tournament(api)["id"]
    url = f"/tournaments/{tid}/pre-registrations"
    api.patch(f"/tournaments/{tid}", {"pre_registration": {"open": False}})
    assert anonymous_api.post(url, {"name": "Anna Berg"}).status_code == 409
    api.patch(f"/tournaments/{tid}", {"pre_registration": {"open": True}})
    room = api.patch("/room", {"public_schedule": False})
    assert room.status_code == 200 and room.json()["public_schedule"] is False
    refused = anonymous_api.post(url, {"name": "Anna Berg"})
    assert refused.status_code == 409
    assert anonymous_api.get("/schedule").status_code == 404
    assert not PreRegistration.objects.exists()


def test_a_revoked_link_answers_nothing(api, desk_api, anonymous_api):
    tid = listed_tournament(api)["id"]
    token = anonymous_api.post(
        f"/tournaments/{tid}/pre-registrations", {"name": "Anna Berg"}
    ).json()["token"]
    prereg = PreRegistration.objects.get(token=token)
    assert desk_api.post(f"/pre-registrations/{prereg.pk}/revoke", {}).json()["revoked"] is True
    assert anonymous_api.get(f"/pre-registrations/{token}").status_code == 404
    assert anonymous_api.delete(f"/pre-registrations/{token}").status_code == 404
    assert PreRegistration.objects.get(pk=prereg.pk).status == "registered"


def test_the_tournament_api_carries_the_schedule_fields(api):
    tournament = listed_tournament(api, capacity=None)
    assert tournament["listed"] is True
    assert tournament["pre_registration"] == {
        "open": True,
        "capacity": 0,
        "capacity_set": False,
        "check_in_deadline_minutes": 15,
    }
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 2, "seats": 9})
    again = api.get(f"/tournaments/{tournament['id']}").json()
    assert again["pre_registration"]["capacity"] == 18


def test_more_places_move_the_waiting_list_up_when_read(api, anonymous_api):
    tid = listed_tournament(api, capacity=1)["id"]
    url = f"/tournaments/{tid}/pre-registrations"
    anonymous_api.post(url, {"name": "Anna Berg"})
    ben = anonymous_api.post(url, {"name": "Ben Cohn"}).json()
    assert ben["status"] == "waiting"
    api.patch(f"/tournaments/{tid}", {"pre_registration": {"capacity": 2}})
    row = next(r for r in anonymous_api.get("/schedule").json() if r["tournament"] == tid)
    assert (row["registered"], row["waiting"], row["seats_left"]) == (2, 0, 0)
    assert _status(anonymous_api, ben["token"])["moved_up"] is True


def test_the_clock_loop_hands_the_release_over_every_thirty_seconds(api, anonymous_api):
    from clock import loop
    from prereg import tasks

    tid = listed_tournament(api, capacity=1, hours=0.1)["id"]  # the deadline passed
    assert tasks.hand_over_release in loop.every_pass_steps()
    from prereg.services.waiting import deadline_passed
    from tournament.models import Tournament

    assert deadline_passed(Tournament.objects.get(pk=tid))
    PreRegistration.objects.create(tournament_id=tid, name="Anna Berg", name_key="anna berg")
    assert tasks.hand_over_release(now=1_000_000.0) is True
    assert PreRegistration.objects.get(tournament_id=tid).status == "released"
    assert tasks.hand_over_release(now=1_000_010.0) is False  # within thirty seconds
    assert tasks.hand_over_release(now=1_000_031.0) is True
