"""One status per kind of error (README "API", Errors), each with a detail in
the reader's language."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_a_value_the_rules_refuse_is_a_422(api, tournament):
    path = f"/tournaments/{tournament['id']}/payouts"
    response = api.put(path, {"percentages": ["60", "30"], "rounding": "1"})
    assert response.status_code == 422 and "100" in response.json()["detail"]
    missing = api.put(path, {"percentages": ["60", "40"]})
    assert missing.status_code == 422 and missing.json()["field"] == "rounding"


def test_a_body_the_schema_refuses_is_a_422_naming_the_field_in_german(api):
    api.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    response = api.post("/tournaments", {"name": "Freitag", "table_size": 12})
    assert response.status_code == 422
    body = response.json()
    assert body["field"] == "table_size"
    assert body["detail"] == "table_size: darf höchstens 10 sein"
    assert body["errors"] == [
        {"loc": ["body", "payload", "table_size"], "msg": "darf höchstens 10 sein"}
    ]


def test_an_unknown_rule_option_is_a_422_with_its_place_in_the_body(api):
    response = api.post("/tournaments", {"name": "Friday", "options": {"halt_rule": "never"}})
    assert response.status_code == 422
    assert response.json()["field"] == "options.halt_rule"
    assert "blinds_affected" in response.json()["detail"]


def test_a_state_that_forbids_the_action_is_a_409(api, tournament):
    entry = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Anna Berg"}).json()
    assert api.post(f"/entries/{entry['id']}/bust", {}).status_code == 409  # not seated


def test_an_unknown_id_is_a_404_and_a_role_a_403(api, desk_api, tournament):
    assert api.get("/tournaments/999999").status_code == 404
    refused = desk_api.put(
        f"/tournaments/{tournament['id']}/payouts", {"percentages": ["100"], "rounding": "1"}
    )
    assert refused.status_code == 403 and refused.json()["detail"]


def test_an_id_too_large_for_any_row_is_a_404_not_a_500(api, tournament):
    too_large = 2**63
    assert api.put(f"/tournaments/{too_large}/hand-for-hand", {"on": True}).status_code == 404
    assert api.post(f"/entries/{too_large}/bust", {}).status_code == 404
    assert api.post(f"/tables/{too_large}/hands", {}).status_code == 404


def test_a_body_that_is_not_json_is_the_one_400(api):
    assert api.post("/tournaments", raw="{nope").status_code == 400
