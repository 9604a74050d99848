"""The clock through the API: time moves by patching ``now``, never by sleeping."""

from __future__ import annotations

import pytest

from tests.clock.clock_scenarios import FakeClock
from tournament.models import ActionLog

T0 = 1_700_000_000_000  # epoch ms

STRUCTURE = {
    "levels": [
        {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 0, "seconds": 600},
        {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 0, "seconds": 600},
        {"kind": "break", "seconds": 300, "color_up": [25]},
        {
            "kind": "level",
            "small_blind": 300,
            "big_blind": 600,
            "ante": 600,
            "big_blind_ante": True,
            "seconds": 600,
        },
    ]
}


@pytest.fixture
def fake_now(monkeypatch) -> FakeClock:
    return FakeClock(monkeypatch, T0)


@pytest.fixture
def with_structure(api, tournament) -> dict:
    response = api.put(f"/tournaments/{tournament['id']}/structure", STRUCTURE)
    assert response.status_code == 200, response.content
    return tournament


def clock_of(api, tournament) -> dict:
    response = api.get(f"/tournaments/{tournament['id']}/clock")
    assert response.status_code == 200, response.content
    return response.json()


def act(api, tournament, action: str, body: dict | None = None, status: int = 200) -> dict:
    response = api.post(f"/tournaments/{tournament['id']}/clock/{action}", body)
    assert response.status_code == status, response.content
    return response.json()


def test_clock_keeps_the_right_level_to_the_millisecond_across_pauses_adjustments_breaks_and_a_restart(
    api, with_structure, fake_now
):
    t = with_structure
    assert clock_of(api, t)["state"] == "stopped"
    assert clock_of(api, t)["remaining_ms"] == 600_000

    act(api, t, "start")
    fake_now.at(T0 + 123_456)
    clock = clock_of(api, t)
    assert (clock["state"], clock["level_index"], clock["remaining_ms"]) == ("running", 0, 476_544)
    assert clock["server_time"] == T0 + 123_456
    assert clock["ends_at"] == T0 + 600_000
    assert clock["level"]["big_blind"] == 200
    assert clock["next"]["big_blind"] == 400

    fake_now.at(T0 + 200_000)
    assert act(api, t, "pause")["remaining_ms"] == 400_000
    fake_now.at(T0 + 5_000_000)  # paused for over an hour: nothing moves
    clock = clock_of(api, t)
    assert (clock["state"], clock["level_index"], clock["remaining_ms"]) == ("paused", 0, 400_000)
    assert clock["ends_at"] is None

    resumed = T0 + 5_000_000
    act(api, t, "resume")
    fake_now.at(resumed + 10_000)
    assert act(api, t, "adjust", {"delta_seconds": 60})["remaining_ms"] == 450_000

    level_two_starts = resumed + 10_000 + 450_000
    fake_now.at(level_two_starts + 1)
    clock = clock_of(api, t)
    assert (clock["level_index"], clock["level_number"], clock["remaining_ms"]) == (1, 2, 599_999)
    assert clock["next"]["kind"] == "break"

    break_starts = level_two_starts + 600_000
    fake_now.at(break_starts + 250)
    clock = clock_of(api, t)
    assert (clock["level_index"], clock["is_break"], clock["remaining_ms"]) == (2, True, 299_750)
    assert clock["level"] == {"kind": "break", "seconds": 300, "color_up": [25]}
    assert clock["next"]["big_blind"] == 600

    # A restart of every process: nothing is kept in memory, a new client asks later.
    level_three_starts = break_starts + 300_000
    fake_now.at(level_three_starts + 42_042)
    clock = clock_of(api, t)
    assert (clock["level_index"], clock["level_number"], clock["remaining_ms"]) == (3, 3, 557_958)
    assert clock["level"]["big_blind_ante"] is True

    fake_now.at(level_three_starts + 100_000)
    clock = act(api, t, "adjust", {"delta_seconds": -30})
    assert (clock["level_index"], clock["remaining_ms"]) == (3, 470_000)

    fake_now.at(level_three_starts + 100_000 + 470_000)
    clock = clock_of(api, t)
    assert (clock["state"], clock["level_index"], clock["remaining_ms"]) == ("finished", 3, 0)


def test_taking_more_time_than_is_left_moves_to_the_next_level_at_full_length(
    api, with_structure, fake_now
):
    act(api, with_structure, "start")
    fake_now.at(T0 + 1_000)
    clock = act(api, with_structure, "adjust", {"delta_seconds": -3600})
    assert (clock["state"], clock["level_index"], clock["remaining_ms"]) == ("running", 1, 600_000)


def test_next_and_previous_keep_the_status_and_start_the_level_afresh(
    api, with_structure, fake_now
):
    act(api, with_structure, "start")
    fake_now.at(T0 + 30_000)
    assert act(api, with_structure, "next")["level_index"] == 1
    fake_now.at(T0 + 40_000)
    clock = act(api, with_structure, "previous")
    assert (clock["state"], clock["level_index"], clock["remaining_ms"]) == ("running", 0, 600_000)


def test_every_clock_action_is_recorded_with_who_and_when(api, with_structure, fake_now):
    act(api, with_structure, "start")
    fake_now.at(T0 + 5_000)
    act(api, with_structure, "pause")
    rows = ActionLog.objects.filter(kind__startswith="clock_").order_by("id")
    assert [r.kind for r in rows] == ["clock_start", "clock_pause"]
    assert {r.by.username for r in rows} == {"dora"}
    assert rows[1].data["at_ms"] == T0 + 5_000
    assert rows[1].data["after"]["remaining_ms"] == 595_000


def test_floor_may_pause_and_resume_but_not_edit_the_structure(
    api, floor_api, with_structure, fake_now
):
    t = with_structure
    act(floor_api, t, "start")
    fake_now.at(T0 + 1_000)
    assert act(floor_api, t, "pause")["state"] == "paused"
    assert act(floor_api, t, "resume")["state"] == "running"
    response = floor_api.put(f"/tournaments/{t['id']}/structure", STRUCTURE)
    assert response.status_code == 403
    assert response.json()["detail"]


def test_the_desk_may_not_run_the_clock(desk_api, with_structure):
    response = desk_api.post(f"/tournaments/{with_structure['id']}/clock/start")
    assert response.status_code == 403


def test_anonymous_callers_must_sign_in(anonymous_api, tournament):
    assert anonymous_api.get(f"/tournaments/{tournament['id']}/clock").status_code == 401
    response = anonymous_api.post(f"/tournaments/{tournament['id']}/clock/start")
    assert response.status_code == 401
    assert anonymous_api.post("/chip-race", {"method": "round_up"}).status_code == 401


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"levels": []}, "no levels"),
        (
            {"levels": [{"kind": "level", "small_blind": 200, "big_blind": 100, "seconds": 600}]},
            "bigger than the small blind",
        ),
        ({"levels": [{"kind": "level", "small_blind": 100, "big_blind": 200}]}, "missing"),
        ({"levels": [{"kind": "level", "small_blind": 1, "big_blind": 2, "seconds": 0}]}, ""),
        ({"levels": [{"kind": "pause", "seconds": 60}]}, "level or break"),
        ({"rounds": []}, "levels"),
    ],
)
def test_bad_structures_are_refused_with_a_detail(api, tournament, body, fragment):
    response = api.put(f"/tournaments/{tournament['id']}/structure", body)
    assert response.status_code == 422, response.content
    assert fragment in response.json()["detail"] or any(
        fragment in p.get("message", "") for p in response.json().get("problems", [])
    )


def test_a_structure_that_is_not_a_json_object_is_a_422(api, tournament):
    response = api.put(f"/tournaments/{tournament['id']}/structure", [1, 2])
    assert response.status_code == 422
    assert "JSON object" in response.json()["detail"]


def test_a_body_that_is_not_json_is_a_400(api, tournament):
    response = api.put(f"/tournaments/{tournament['id']}/structure", raw="{levels")
    assert response.status_code == 400
    assert response.json()["detail"]


def test_blinds_no_chip_can_pay_are_refused_once_a_chip_set_is_known(api, tournament):
    chips = {"chips": [{"value": 100, "colour": "black", "count": 100}]}
    assert api.put(f"/tournaments/{tournament['id']}/chips", chips).status_code == 200
    body = {"levels": [{"kind": "level", "small_blind": 50, "big_blind": 100, "seconds": 600}]}
    response = api.put(f"/tournaments/{tournament['id']}/structure", body)
    assert response.status_code == 422
    assert response.json()["problems"][0]["code"] == "not_payable"


def test_warnings_do_not_block_saving(api, tournament):
    body = {
        "levels": [
            {"kind": "level", "small_blind": 100, "big_blind": 200, "seconds": 600},
            {"kind": "break", "seconds": 600},
        ]
    }
    response = api.put(f"/tournaments/{tournament['id']}/structure", body)
    assert response.status_code == 200
    assert [w["code"] for w in response.json()["warnings"]] == ["break_last"]


@pytest.mark.parametrize(
    ("setup", "action", "body", "status"),
    [
        ([], "pause", None, 409),
        ([], "resume", None, 409),
        (["start"], "start", None, 409),
        (["start"], "resume", None, 409),
        ([], "previous", None, 409),
        ([], "adjust", {"delta_seconds": "soon"}, 422),
    ],
)
def test_bad_clock_actions_are_refused_with_a_detail(
    api, with_structure, fake_now, setup, action, body, status
):
    for step in setup:
        act(api, with_structure, step)
    response = api.post(f"/tournaments/{with_structure['id']}/clock/{action}", body)
    assert response.status_code == status, response.content
    assert response.json()["detail"]


def test_next_after_the_last_level_is_refused(api, with_structure, fake_now):
    act(api, with_structure, "start")
    for _ in range(3):
        act(api, with_structure, "next")
    response = api.post(f"/tournaments/{with_structure['id']}/clock/next")
    assert response.status_code == 409
    assert "no next level" in response.json()["detail"]


def test_a_clock_without_structure_cannot_start(api, tournament):
    response = api.post(f"/tournaments/{tournament['id']}/clock/start")
    assert response.status_code == 409
    assert "structure" in response.json()["detail"]


def test_a_clock_of_an_unknown_tournament_is_a_404(api):
    assert api.get("/tournaments/9999/clock").status_code == 404


def test_lengthening_the_running_level_in_the_structure_adds_the_time(
    api, with_structure, fake_now
):
    act(api, with_structure, "start")
    fake_now.at(T0 + 100_000)
    longer = {"levels": [{**STRUCTURE["levels"][0], "seconds": 900}, *STRUCTURE["levels"][1:]]}
    assert api.put(f"/tournaments/{with_structure['id']}/structure", longer).status_code == 200
    clock = clock_of(api, with_structure)
    assert (clock["state"], clock["level_index"], clock["remaining_ms"]) == ("running", 0, 800_000)


def test_structure_is_read_back_as_it_was_put(api, with_structure):
    response = api.get(f"/tournaments/{with_structure['id']}/structure")
    assert response.status_code == 200
    assert response.json()["levels"][2] == {"kind": "break", "seconds": 300, "color_up": [25]}
    assert response.json()["levels"][0]["big_blind_ante"] is False


def test_a_template_replaces_the_structure(api, tournament):
    response = api.post(
        f"/tournaments/{tournament['id']}/structure/template", {"template": "turbo"}
    )
    assert response.status_code == 200
    assert response.json()["levels"][0]["seconds"] == 600
    response = api.post(f"/tournaments/{tournament['id']}/structure/template", {"template": "x"})
    assert response.status_code == 404


def test_a_structure_problem_names_its_row_and_field_as_the_page_does(api, tournament):
    body = {"levels": [{"kind": "level", "small_blind": 200, "big_blind": 100, "seconds": 600}]}
    response = api.put(f"/tournaments/{tournament['id']}/structure", body)
    messages = [p["message"] for p in response.json().get("problems", [])]
    assert any(m.endswith("(row 1, big blind)") for m in messages), messages
    assert not any("big_blind" in m or "entry 1" in m for m in messages)
