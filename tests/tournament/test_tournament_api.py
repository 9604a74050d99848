from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_director_creates_a_tournament_with_the_tda2019_profile_by_default(api):
    response = api.post("/tournaments", {"name": "Main Event", "starting_stack": 30000})
    assert response.status_code == 201
    body = response.json()
    assert body["rulebook"] == "tda2019"
    assert body["table_size"] == 9
    assert body["tie_rule"] == "share"
    assert body["options"]["balancing"] == "tda"
    assert api.get(f"/tournaments/{body['id']}").json()["name"] == "Main Event"


def test_bdpv_profile_ranks_ties_by_the_button_unless_overridden(api):
    bdpv = api.post("/tournaments", {"name": "Liga", "rulebook": "bdpv"}).json()
    assert bdpv["tie_rule"] == "button"
    assert bdpv["options"]["balancing"] == "bdpv"
    overridden = api.post(
        "/tournaments", {"name": "Liga 2", "rulebook": "bdpv", "tie_rule": "share"}
    ).json()
    assert overridden["tie_rule"] == "share"


@pytest.mark.parametrize(
    "body",
    [
        {"name": "x", "table_size": 11},
        {"name": "x", "table_size": 1},
        {"name": "x", "starting_stack": 0},
        {"name": "x", "starting_stack": "lots"},
        {"name": ""},
        {},
        {"name": "x", "rulebook": "wsop"},
        {"name": "x", "tie_rule": "coin"},
        {"name": "x", "buy_in": "-5"},
        {"name": "x", "options": {"balancing": "random"}},
        {"name": "x", "options": {"no_such_option": 1}},
        [1, 2, 3],
    ],
)
def test_bad_tournament_bodies_get_a_4xx_with_detail_and_create_nothing(api, body):
    response = api.post("/tournaments", body)
    assert 400 <= response.status_code < 500
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]
    assert api.get("/tournaments").json() == []


def test_malformed_json_gets_a_4xx_with_detail(api):
    response = api.post("/tournaments", raw="{not json")
    assert 400 <= response.status_code < 500
    assert response.json()["detail"]


def test_unknown_tournament_is_404_with_detail(api):
    response = api.get("/tournaments/999999")
    assert response.status_code == 404
    assert response.json()["detail"]


def test_anonymous_writes_get_401(anonymous_api):
    response = anonymous_api.post("/tournaments", {"name": "Sneaky"})
    assert response.status_code == 401
    assert response.json()["detail"]


def test_floor_staff_may_not_create_tournaments(floor_api):
    response = floor_api.post("/tournaments", {"name": "Not mine"})
    assert response.status_code == 403
    assert response.json()["detail"]


def test_a_wrong_token_is_refused(db):
    from tests.conftest import ApiClient

    response = ApiClient("not-a-token").get("/tournaments")
    assert response.status_code == 401


def test_openapi_schema_lists_the_contract_paths(client):
    schema = client.get("/api/v1/openapi.json").json()
    for path in (
        "/api/v1/tournaments",
        "/api/v1/tournaments/{tournament_id}",
        "/api/v1/tournaments/{tournament_id}/tables",
        "/api/v1/tournaments/{tournament_id}/entries",
    ):
        assert path in schema["paths"]


def test_director_edits_a_tournament(api, tournament):
    response = api.patch(f"/tournaments/{tournament['id']}", {"name": "Friday Bounty"})
    assert response.status_code == 200
    assert api.get(f"/tournaments/{tournament['id']}").json()["name"] == "Friday Bounty"
