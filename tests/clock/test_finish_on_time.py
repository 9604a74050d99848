"""A hard stop against the forecast: the warning, its proposals, applying one
(README "Finish on time: hard stop"). Time moves by patching ``now``."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.test import Client
from django.utils import timezone

from tests.clock.clock_scenarios import (
    T0,
    FakeClock,
    drawn_with_club_structure,
    late_for_its_hard_stop,
)
from tests.tournament.test_club_night_options_form import FORM
from tests.tournament.test_pages import signed_in
from tournament.models import ActionLog, Tournament


@pytest.fixture
def fake_now(monkeypatch) -> FakeClock:
    return FakeClock(monkeypatch, T0)


@pytest.fixture
def running(api, tournament, fake_now) -> dict:
    return drawn_with_club_structure(api, tournament)


def test_no_hard_stop_no_warning(api, running):
    answer = api.get(f"/tournaments/{running['id']}/forecast/proposals").json()
    assert answer == {
        "hard_stop": None,
        "hard_stop_text": None,
        "late": False,
        "forecast": None,
        "proposals": [],
    }


def test_a_hard_stop_is_set_and_cleared_through_the_tournament(api, running):
    tid = running["id"]
    response = api.patch(f"/tournaments/{tid}", {"hard_stop": "2026-11-27T23:30:00+01:00"})
    assert response.status_code == 200
    assert datetime.fromisoformat(response.json()["hard_stop"]) == datetime.fromisoformat(
        "2026-11-27T23:30:00+01:00"
    )
    assert ActionLog.objects.filter(tournament_id=tid, kind="tournament_updated").exists()
    cleared = api.patch(f"/tournaments/{tid}", {"hard_stop": None})
    assert cleared.json()["hard_stop"] is None


def test_a_forecast_past_the_stop_warns_with_proposals_that_meet_it(api, running):
    warning = late_for_its_hard_stop(api, running, minutes_short=60)
    assert warning["late"] is True
    stop = datetime.fromisoformat(warning["hard_stop"])
    assert warning["proposals"], warning
    for proposal in warning["proposals"]:
        assert datetime.fromisoformat(proposal["forecast"]["latest"]) <= stop
    ends = [datetime.fromisoformat(p["forecast"]["predicted_end"]) for p in warning["proposals"]]
    assert ends == sorted(ends, reverse=True)  # least change first


def test_applying_a_proposal_moves_the_predicted_end_before_the_stop(api, running):
    tid = running["id"]
    warning = late_for_its_hard_stop(api, running, minutes_short=60)
    stop = datetime.fromisoformat(warning["hard_stop"])
    before = api.get(f"/tournaments/{tid}/structure").json()["levels"]
    chosen = warning["proposals"][0]

    response = api.post(f"/tournaments/{tid}/forecast/proposals/apply", {"proposal": chosen["id"]})

    assert response.status_code == 200, response.content
    after = response.json()
    assert datetime.fromisoformat(after["forecast"]["predicted_end"]) < stop
    assert after["forecast"] == chosen["forecast"]
    assert after["late"] is False
    assert api.get(f"/tournaments/{tid}/structure").json()["levels"] != before
    logged = ActionLog.objects.filter(tournament_id=tid).values_list("kind", flat=True)
    assert {"finish_proposal_applied", "structure_set"} <= set(logged)


def test_a_proposal_that_names_nothing_is_refused_and_changes_nothing(api, running):
    tid = running["id"]
    late_for_its_hard_stop(api, running)
    before = api.get(f"/tournaments/{tid}/structure").json()
    for proposal, status in (("skip-99", 422), ("shorten-0", 422), ("deal-icm", 409)):
        response = api.post(f"/tournaments/{tid}/forecast/proposals/apply", {"proposal": proposal})
        assert response.status_code == status, response.content
        assert response.json()["detail"]
    assert api.get(f"/tournaments/{tid}/structure").json() == before


def test_only_a_director_applies_a_proposal(floor_api, api, running):
    late_for_its_hard_stop(api, running)
    response = floor_api.post(
        f"/tournaments/{running['id']}/forecast/proposals/apply", {"proposal": "shorten-15"}
    )
    assert response.status_code == 403


def test_the_planner_forecasts_a_structure_for_a_field_before_the_start(api, tournament):
    tid = tournament["id"]
    api.post(f"/tournaments/{tid}/structure/template", {"template": "club20"})
    api.patch(f"/tournaments/{tid}", {"starts_at": "2026-12-04T19:00:00+01:00"})
    small = api.get(f"/tournaments/{tid}/structure/forecast?players=10").json()
    big = api.get(f"/tournaments/{tid}/structure/forecast?players=80").json()
    start = datetime.fromisoformat("2026-12-04T19:00:00+01:00")
    assert datetime.fromisoformat(small["starts_at"]) == start
    for plan in (small, big):
        earliest, predicted, latest = (
            datetime.fromisoformat(plan[key]) for key in ("earliest", "predicted_end", "latest")
        )
        assert start < earliest <= predicted <= latest
    assert big["predicted_end"] > small["predicted_end"]
    assert api.get(f"/tournaments/{tid}/structure/forecast?players=1").status_code == 422


# -- the pages ---------------------------------------------------------------------


@pytest.fixture
def director_client(director) -> Client:
    client = Client()
    client.force_login(director)
    return client


def test_the_clock_page_carries_the_warning_and_its_button_applies_a_proposal(
    api, director_client, running
):
    tid = running["id"]
    warning = late_for_its_hard_stop(api, running)
    page = director_client.get(f"/tournaments/{tid}/clock/")
    assert b'id="finish-warning"' in page.content
    assert warning["proposals"][0]["id"].encode() in page.content  # the part the page draws
    chosen = warning["proposals"][0]["id"]
    response = director_client.post(
        f"/tournaments/{tid}/finish/apply/",
        {"proposal": chosen, "next": f"/tournaments/{tid}/"},
    )
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{tid}/"
    assert api.get(f"/tournaments/{tid}/forecast/proposals").json()["late"] is False


def test_the_structure_editor_forecasts_the_end_for_the_field_typed(
    api, director_client, tournament
):
    tid = tournament["id"]
    api.post(f"/tournaments/{tid}/structure/template", {"template": "club20"})
    plan = api.get(f"/tournaments/{tid}/structure/forecast?players=25").json()
    page = director_client.get(
        f"/tournaments/{tid}/structure/?players=25", HTTP_ACCEPT_LANGUAGE="de"
    )
    text = page.content.decode()
    assert "Erwartetes Ende" in text
    assert f"25 Spieler: Ende ca. {plan['predicted_end_text']}" in text
    assert f"zwischen {plan['earliest_text']} und {plan['latest_text']}" in text


def test_the_settings_page_sets_and_clears_the_hard_stop_in_german(director):
    client = signed_in(director, "de")
    page = client.get("/tournaments/new/").content.decode()
    assert "Spätestens Schluss" in page and 'name="hard_stop"' in page
    made = client.post("/tournaments/new/", {**FORM, "hard_stop": "2026-12-04T23:30"})
    assert made.status_code == 302
    tournament = Tournament.objects.get(name="Donnerstag")
    assert timezone.localtime(tournament.hard_stop).strftime("%d.%m. %H:%M") == "04.12. 23:30"
    edited = client.post(f"/tournaments/{tournament.pk}/edit/", {**FORM, "hard_stop": ""})
    assert edited.status_code == 302
    tournament.refresh_from_db()
    assert tournament.hard_stop is None
